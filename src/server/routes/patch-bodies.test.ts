import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTHING_TO_CHANGE } from "#domain/zod.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, type TestClient } from "#tests/server/support/test-client.js";

/**
 * Every PATCH endpoint with a body of fields: a body naming none of them is a client's mistake (a 400 saying so),
 * not a 200 that changes nothing and still touches the row.
 */
describe.each(testEngines())("PATCH bodies with nothing to change on $engine", ({ create }) => {
  let database: TestDatabase;
  let coach: TestClient;
  let player: TestClient;
  const paths: Record<string, string> = {};

  beforeAll(async () => {
    database = await create();
    const { app } = createTestApp(database);
    const head = await signUpCoach(app, "Patchers");
    coach = head.client;
    player = (await signUpPlayer(app, head.me.team!.code)).client;
    const play = await coach.post("/api/team/plays", { name: "Slant Right", side: "offense" });
    const session = await coach.post("/api/team/sessions", { kind: "practice", date: "2026-10-03" });
    const log = await player.post("/api/me/training-logs", {
      date: "2026-10-03",
      activityType: "Conditioning",
      durationMinutes: 30,
      intensity: 5,
    });
    expect([play.status, session.status, log.status]).toEqual([201, 201, 201]);
    paths.play = `/api/team/plays/${play.body.play.id}`;
    paths.session = `/api/team/sessions/${session.body.session.id}`;
    paths.log = `/api/me/training-logs/${log.body.log.id}`;
  });
  afterAll(async () => database?.cleanup());

  it.each([
    ["PATCH /api/profile", () => ({ client: player, path: "/api/profile", read: "/api/profile" })],
    ["PATCH /api/team/plays/{id}", () => ({ client: coach, path: paths.play!, read: "/api/team/plays" })],
    ["PATCH /api/team/sessions/{id}", () => ({ client: coach, path: paths.session!, read: paths.session! })],
    ["PATCH /api/me/training-logs/{id}", () => ({ client: player, path: paths.log!, read: "/api/me/training-logs" })],
  ])("%s answers {} with a 400 and leaves the row as it was", async (_name, target) => {
    const { client, path, read } = target();
    const before = await client.get(read);
    expect(before.status).toBe(200);

    for (const body of [{}, { unknownField: "x" }]) {
      const res = await client.request("PATCH", path, { json: body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: "invalid_input", message: NOTHING_TO_CHANGE });
    }
    expect((await client.get(read)).body).toEqual(before.body);
  });
});
