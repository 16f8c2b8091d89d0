import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, weekStartOf } from "#domain/api/player.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient, twoTeams } from "#tests/server/support/test-client.js";
import type { TeamChange } from "../realtime/hub.js";

type TestApp = ReturnType<typeof createTestApp>["app"];

const log = (over: Record<string, unknown> = {}) => ({
  date: "2024-01-03",
  activityType: "Route running",
  durationMinutes: 45,
  intensity: 6,
  notes: "Slants and outs",
  ...over,
});

describe.each(testEngines())("training logs on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: TestApp;
  let heard: TeamChange["kind"][];
  let a: Awaited<ReturnType<typeof signUpCoach>>;
  let b: Awaited<ReturnType<typeof signUpCoach>>;

  beforeAll(async () => {
    database = await create();
    ({ app, a, b, heard } = await twoTeams(database));
  });
  afterAll(async () => database?.cleanup());

  it("a player logs, lists, edits and removes their own training", async () => {
    const { client } = await signUpPlayer(app, a.me.team!.code);
    const before = heard.length;
    const created = await client.post("/api/me/training-logs", log({ notes: "  Slants and outs  " }));
    expect(created.status).toBe(201);
    expect(created.body.log).toEqual({
      id: expect.any(String),
      date: "2024-01-03",
      activityType: "Route running",
      durationMinutes: 45,
      intensity: 6,
      notes: "Slants and outs",
    });
    expect(heard.slice(before)).toContain("logs");
    const id = created.body.log.id;

    const noNotes = await client.post("/api/me/training-logs", log({ notes: undefined, date: "2024-01-04" }));
    expect(noNotes.body.log.notes).toBe("");

    const list = await client.get("/api/me/training-logs");
    expect(list.status).toBe(200);
    expect(list.body.logs.map((l: { date: string }) => l.date)).toEqual(["2024-01-04", "2024-01-03"]);
    expect(list.body.weeklyTotals).toEqual([{ weekStart: "2024-01-01", minutes: 90, sessions: 2 }]);

    const edited = await client.request("PATCH", `/api/me/training-logs/${id}`, { json: { intensity: 9, notes: "" } });
    expect(edited.status).toBe(200);
    expect(edited.body.log).toMatchObject({
      id,
      intensity: 9,
      notes: "",
      durationMinutes: 45,
      activityType: "Route running",
    });

    const removed = await client.delete(`/api/me/training-logs/${id}`);
    expect(removed.status).toBe(204);
    expect((await client.get("/api/me/training-logs")).body.logs).toHaveLength(1);
    expect((await client.delete(`/api/me/training-logs/${id}`)).status).toBe(404);
    expect((await client.request("PATCH", `/api/me/training-logs/${id}`, { json: { intensity: 2 } })).status).toBe(404);
  });

  it("filters by activity type and by inclusive dates; weekly totals are Monday-to-Sunday weeks", async () => {
    const { client } = await signUpPlayer(app, a.me.team!.code);
    const entries = [
      log({ date: "2023-12-31", activityType: "Throwing", durationMinutes: 20 }), // Sunday: week of Mon 2023-12-25
      log({ date: "2024-01-01", activityType: "Throwing", durationMinutes: 30 }), // Monday
      log({ date: "2024-01-03", activityType: "Strength", durationMinutes: 60 }),
      log({ date: "2024-01-07", activityType: "Throwing", durationMinutes: 40 }), // Sunday: same week as the Monday
      log({ date: "2024-01-08", activityType: "Conditioning", durationMinutes: 25 }), // next Monday
    ];
    for (const e of entries) expect((await client.post("/api/me/training-logs", e)).status).toBe(201);

    const all = await client.get("/api/me/training-logs");
    expect(all.body.logs.map((l: { date: string }) => l.date)).toEqual([
      "2024-01-08",
      "2024-01-07",
      "2024-01-03",
      "2024-01-01",
      "2023-12-31",
    ]);
    expect(all.body.weeklyTotals).toEqual([
      { weekStart: "2023-12-25", minutes: 20, sessions: 1 },
      { weekStart: "2024-01-01", minutes: 130, sessions: 3 },
      { weekStart: "2024-01-08", minutes: 25, sessions: 1 },
    ]);

    const throwing = await client.get("/api/me/training-logs?type=Throwing");
    expect(throwing.body.logs.map((l: { date: string }) => l.date)).toEqual(["2024-01-07", "2024-01-01", "2023-12-31"]);
    expect(throwing.body.weeklyTotals).toEqual([
      { weekStart: "2023-12-25", minutes: 20, sessions: 1 },
      { weekStart: "2024-01-01", minutes: 70, sessions: 2 },
    ]);

    const range = await client.get("/api/me/training-logs?from=2024-01-01&to=2024-01-07");
    expect(range.body.logs.map((l: { date: string }) => l.date)).toEqual(["2024-01-07", "2024-01-03", "2024-01-01"]);
    const both = await client.get(`/api/me/training-logs?type=${encodeURIComponent("Throwing")}&from=2024-01-02`);
    expect(both.body.logs.map((l: { date: string }) => l.date)).toEqual(["2024-01-07"]);
    const none = await client.get(`/api/me/training-logs?type=${encodeURIComponent("Film study")}`);
    expect(none.body).toEqual({ logs: [], weeklyTotals: [] });
  });

  it("filters are checked", async () => {
    const { client } = await signUpPlayer(app, a.me.team!.code);
    const backwards = await client.get("/api/me/training-logs?from=2024-02-01&to=2024-01-01");
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields).toEqual({ to: "The end date is before the start date." });
    expect((await client.get("/api/me/training-logs?type=Napping")).status).toBe(400);
    expect((await client.get("/api/me/training-logs?from=yesterday")).status).toBe(400);
  });

  it("every field of a log is checked by name", async () => {
    const { client } = await signUpPlayer(app, a.me.team!.code);
    const res = await client.post("/api/me/training-logs", {
      date: "2024-02-30",
      activityType: "Napping",
      durationMinutes: 0,
      intensity: 11,
      notes: "x".repeat(2001),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({
      date: "That date does not exist.",
      activityType: "Choose one of the listed activities.",
      durationMinutes: "Duration must be between 1 and 600.",
      intensity: "Intensity must be between 1 and 10.",
      notes: "Notes must be at most 2000 characters.",
    });
    const tooLong = await client.post("/api/me/training-logs", log({ durationMinutes: 601, intensity: 7.5 }));
    expect(tooLong.body.error.fields).toEqual({
      durationMinutes: "Duration must be between 1 and 600.",
      intensity: "Intensity must be a whole number.",
    });
    const future = await client.post(
      "/api/me/training-logs",
      log({ date: addDays(new Date().toISOString().slice(0, 10), 5) }),
    );
    expect(future.body.error.fields).toEqual({ date: "That date is in the future." });
    const missing = await client.post("/api/me/training-logs", {});
    expect(Object.keys(missing.body.error.fields).sort()).toEqual([
      "activityType",
      "date",
      "durationMinutes",
      "intensity",
    ]);
    const created = await client.post("/api/me/training-logs", log());
    const badPatch = await client.request("PATCH", `/api/me/training-logs/${created.body.log.id}`, {
      json: { durationMinutes: -5 },
    });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.error.fields).toEqual({ durationMinutes: "Duration must be between 1 and 600." });
    expect((await client.get("/api/me/training-logs")).body.logs).toHaveLength(1);
  });

  it("a player cannot read, change or remove another player's log, even a teammate's", async () => {
    const owner = await signUpPlayer(app, a.me.team!.code);
    const teammate = await signUpPlayer(app, a.me.team!.code);
    const rival = await signUpPlayer(app, b.me.team!.code);
    const id = (await owner.client.post("/api/me/training-logs", log())).body.log.id;
    for (const other of [teammate, rival]) {
      const patch = await other.client.request("PATCH", `/api/me/training-logs/${id}`, { json: { intensity: 1 } });
      expect(patch.status).toBe(404);
      expect(patch.body.error).toEqual({
        code: "not_found",
        message: "That training log was not found.",
        requestId: patch.headers.get("x-request-id"),
      });
      expect((await other.client.delete(`/api/me/training-logs/${id}`)).status).toBe(404);
      expect((await other.client.get("/api/me/training-logs")).body.logs).toEqual([]);
    }
    expect((await owner.client.get("/api/me/training-logs")).body.logs).toEqual([
      expect.objectContaining({ id, intensity: 6 }),
    ]);
  });

  it("a coach reads the logs of their own team's players, with the same shape and filters", async () => {
    const player = await signUpPlayer(app, a.me.team!.code);
    await player.client.post("/api/me/training-logs", log({ date: "2024-01-01", activityType: "Throwing" }));
    await player.client.post("/api/me/training-logs", log({ date: "2024-01-09", activityType: "Strength" }));
    const own = await player.client.get("/api/me/training-logs");
    const coach = await a.client.get(`/api/team/players/${player.me.id}/training-logs`);
    expect(coach.status).toBe(200);
    expect(coach.body).toEqual(own.body);
    const filtered = await a.client.get(`/api/team/players/${player.me.id}/training-logs?type=Strength`);
    expect(filtered.body.logs.map((l: { activityType: string }) => l.activityType)).toEqual(["Strength"]);
    expect(filtered.body.weeklyTotals).toEqual([{ weekStart: weekStartOf("2024-01-09"), minutes: 45, sessions: 1 }]);
    // The coach's player detail (another module) lists the same logs.
    const detail = await a.client.get(`/api/team/players/${player.me.id}`);
    expect(detail.body.trainingLogs).toEqual(own.body.logs);
  });

  it("another team's coach, a player and a signed-out visitor cannot read a player's logs", async () => {
    const player = await signUpPlayer(app, a.me.team!.code);
    await player.client.post("/api/me/training-logs", log());
    const path = `/api/team/players/${player.me.id}/training-logs`;
    const otherCoach = await b.client.get(path);
    expect(otherCoach.status).toBe(404);
    expect(otherCoach.body.error.code).toBe("not_found");
    expect(otherCoach.body).not.toHaveProperty("logs");
    const unknown = await b.client.get(`/api/team/players/not-a-player/training-logs`);
    // The same answer but for the request's own id.
    expect(unknown.body).toEqual({
      error: { ...otherCoach.body.error, requestId: unknown.headers.get("x-request-id") },
    });
    expect((await player.client.get(path)).status).toBe(403);
    expect((await new TestClient(app).get(path)).status).toBe(401);
  });

  it("coaches and signed-out visitors have no training logs of their own", async () => {
    expect((await a.client.get("/api/me/training-logs")).status).toBe(403);
    expect((await a.client.post("/api/me/training-logs", log())).status).toBe(403);
    const anon = new TestClient(app);
    expect((await anon.get("/api/me/training-logs")).status).toBe(401);
    // Refused before the body is looked at: no field errors for a caller who may not write here.
    const invalid = await anon.post("/api/me/training-logs", { date: "nope" });
    expect(invalid.status).toBe(401);
    expect(invalid.body.error.fields).toBeUndefined();
  });
});
