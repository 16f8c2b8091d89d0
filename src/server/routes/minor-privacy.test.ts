import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bornYearsAgo } from "#tests/support/birth-dates.js";
import type { GameSheetResponse } from "#domain/api/game.js";
import type { RosterListResponse } from "#domain/api/roster.js";
import { CHILD_HEADER } from "#domain/acting.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, TestClient } from "#tests/server/support/test-client.js";
import { loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { photoUrl as photoUrlAt } from "../storage/photo-links.js";
import { addGuardian } from "#tests/server/support/guardians.js";

/*
 * What other families see of a child (docs/product.md §13): without consent and the guardian's leave, the first
 * name and last initial on the game sheet and its CSV, and no photo; the coach, the child and their guardian see
 * everything; the roster's Consent column says where each player stands.
 */
describe.each(testEngines())("a minor's name and photo on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let team: LoggerTeam;
  let child: LoggerTeam["players"][number];
  let teammate: LoggerTeam["players"][number];
  let gameId: string;
  let photoUrl: string;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    team = await loggerTeam(app, "Falcons", 2);
    [child, teammate] = team.players as [typeof child, typeof teammate];
    const renamed = await child.client.request("PATCH", "/api/profile", { json: { fullName: "Maya Rivera" } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    const born = await team.head.request("PUT", `/api/team/players/${child.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(11) },
    });
    expect(born.status, JSON.stringify(born.body)).toBe(200);

    const form = new FormData();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#36c" } })
      .jpeg()
      .toBuffer();
    form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "maya.jpg");
    const photo = await child.client.request("POST", "/api/profile/photo", { body: form });
    expect(photo.status).toBe(201);
    photoUrl = photo.body.photoUrl;

    const game = await team.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Owls" });
    gameId = game.body.session.id;
    const snap = {
      id: randomUUID(),
      sessionId: gameId,
      period: 1,
      occurredAt: new Date(Date.now() - 60_000).toISOString(),
      detail: { kind: "pass", passerId: teammate.me.id, targetId: child.me.id, result: "touchdown", yards: 20 },
    };
    expect((await team.head.post("/api/team/snaps", { snaps: [snap] })).status).toBe(200);
  });
  afterAll(async () => database?.cleanup());

  async function sheetNames(client: TestClient, headers: Record<string, string> = {}) {
    const res = await client.request<GameSheetResponse>("GET", `/api/team/sessions/${gameId}/snaps`, { headers });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.body.players.map((p) => [p.id, p.name]));
  }
  const csvOf = async (client: TestClient) => {
    const res = await client.request<string>("GET", `/api/team/sessions/${gameId}/box-score.csv`);
    expect(res.status).toBe(200);
    return res.body;
  };
  const privacyOf = async (id: string) =>
    (await team.head.get<RosterListResponse>("/api/team/roster")).body.privacy.find((p) => p.playerId === id);

  it("without consent a teammate sees the short name and no photo; the coach and the child see all", async () => {
    expect(await sheetNames(teammate.client)).toEqual({
      [child.me.id]: "Maya R.",
      [teammate.me.id]: "Player B",
    });
    const teammateCsv = await csvOf(teammate.client);
    expect(teammateCsv).toContain("Maya R.");
    expect(teammateCsv).not.toContain("Rivera");
    expect((await teammate.client.request("GET", photoUrl)).status).toBe(404);

    expect((await sheetNames(team.head))[child.me.id]).toBe("Maya Rivera");
    expect((await sheetNames(team.assistant))[child.me.id]).toBe("Maya Rivera");
    expect(await csvOf(team.head)).toContain("Maya Rivera");
    expect((await team.head.request("GET", photoUrl)).status).toBe(200);
    expect((await sheetNames(child.client))[child.me.id]).toBe("Maya Rivera");
    expect((await child.client.request("GET", photoUrl)).status).toBe(200);

    // A minor's photo is served through a short-lived link only: not by its bare address, nor once expired.
    const bare = photoUrl.split("?")[0]!;
    expect((await team.head.request("GET", bare)).status).toBe(404);
    const fileId = bare.split("/").pop()!;
    const expired = photoUrlAt(fileId, Date.now() - 3 * 3600_000)!;
    expect((await team.head.request("GET", expired)).status).toBe(404);
    const served = await team.head.request("GET", photoUrl);
    expect(served.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    expect(Number(served.headers.get("cache-control")!.split("=")[1])).toBeLessThanOrEqual(3600);

    expect(await privacyOf(child.me.id)).toEqual({
      playerId: child.me.id,
      minor: true,
      consent: "none",
      shared: false,
    });
    expect(await privacyOf(teammate.me.id)).toMatchObject({ minor: false });
  });

  it("once a guardian consents and shares, teammates see the full name and photo; the guardian sees the child's view", async () => {
    const { client: guardian } = await addGuardian(app, team.head, child.me.id);
    // Consent alone is not the guardian's leave to share.
    expect((await sheetNames(teammate.client))[child.me.id]).toBe("Maya R.");
    expect(await privacyOf(child.me.id)).toMatchObject({ minor: true, consent: "given", shared: false });

    const acting = { [CHILD_HEADER]: child.me.id };
    expect(await sheetNames(guardian, acting)).toEqual({
      [child.me.id]: "Maya Rivera",
      [teammate.me.id]: "Player B",
    });

    const shared = await guardian.request("PATCH", `/api/family/children/${child.me.id}`, {
      json: { shareWithTeam: true },
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect((await sheetNames(teammate.client))[child.me.id]).toBe("Maya Rivera");
    expect(await csvOf(teammate.client)).toContain("Maya Rivera");
    expect((await teammate.client.request("GET", photoUrl)).status).toBe(200);
    expect(await privacyOf(child.me.id)).toMatchObject({ consent: "given", shared: true });

    const unshared = await guardian.request("PATCH", `/api/family/children/${child.me.id}`, {
      json: { shareWithTeam: false },
    });
    expect(unshared.status).toBe(200);
    expect((await sheetNames(teammate.client))[child.me.id]).toBe("Maya R.");
    expect((await teammate.client.request("GET", photoUrl)).status).toBe(404);
  });
});
