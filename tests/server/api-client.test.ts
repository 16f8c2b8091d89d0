import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountExportSchema } from "#domain/api/recovery.js";
import { apiClient } from "./api-client/client.js";
import { createTestApp, PASSWORD, signUpCoach, signUpPlayer } from "./support/test-client.js";
import { testEngines, type TestDatabase } from "./support/test-database.js";

/*
 * A third party's program, written only from /api/openapi.json: the client and its types are generated from the
 * document (tests/server/api-client/), so this compiles only while the document describes these calls, and
 * passes only while the server answers as the document says.
 */

const today = () => new Date().toISOString().slice(0, 10);

describe.each(testEngines())("a client generated from the API document ($engine)", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let coachEmail: string;
  let playerEmail: string;
  let playerId: string;

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    const coach = await signUpCoach(app, "Falcons");
    coachEmail = coach.me.email;
    const player = await signUpPlayer(app, coach.me.team!.code, { fullName: "Riley Runner" });
    playerEmail = player.me.email;
    playerId = player.me.id;
  });
  afterAll(() => database.cleanup());

  it("signs in with the cookie, reads the games, logs a snap and gets a typed 400 for a bad body", async () => {
    const { client, cookies } = apiClient(app);

    const signedOut = await client.GET("/api/team/games");
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error?.error.code).toBe("unauthenticated");

    const signIn = await client.POST("/api/session", { body: { email: coachEmail, password: PASSWORD } });
    expect(signIn.response.status).toBe(200);
    expect(signIn.data?.user.email).toBe(coachEmail);
    expect([...cookies.keys()]).toContain("flagline.session_token");

    const created = await client.POST("/api/team/sessions", {
      body: { kind: "game", date: today(), opponent: "Eagles" },
    });
    expect(created.error).toBeUndefined();
    const gameId = created.data!.session.id;

    const games = await client.GET("/api/team/games");
    expect(games.response.status).toBe(200);
    expect(games.data!.games.map((g) => g.sessionId)).toContain(gameId);

    const snapId = randomUUID();
    const logged = await client.POST("/api/team/snaps", {
      body: {
        snaps: [
          {
            id: snapId,
            sessionId: gameId,
            period: 1,
            occurredAt: new Date().toISOString(),
            detail: { kind: "run", runnerId: playerId, yards: 12, touchdown: true },
          },
        ],
      },
    });
    expect(logged.response.status).toBe(200);
    expect(logged.data?.results).toEqual([{ id: snapId, status: "created" }]);

    const snaps = await client.GET("/api/team/sessions/{id}/snaps", { params: { path: { id: gameId } } });
    expect(snaps.data?.snaps.map((s) => s.id)).toEqual([snapId]);

    // A body the types accept and the server refuses (no snaps): the error is typed as the document's Error.
    const bad = await client.POST("/api/team/snaps", { body: { snaps: [] } });
    expect(bad.response.status).toBe(400);
    expect(bad.data).toBeUndefined();
    expect(bad.error?.error.code).toBe("invalid_input");
    expect(bad.error?.error.fields?.snaps).toBe("Send at least one snap.");
  });

  it("with personal API tokens: reads with a read-only one, logs a snap with a read-write one, typed refusals", async () => {
    const coach = apiClient(app).client;
    await coach.POST("/api/session", { body: { email: coachEmail, password: PASSWORD } });
    const game = await coach.POST("/api/team/sessions", { body: { kind: "game", date: today(), opponent: "Owls" } });
    const gameId = game.data!.session.id;
    // A player of their own, so the export test below still finds Riley in one snap.
    const runner = await signUpPlayer(app, (await coach.GET("/api/me")).data!.user.team!.code, {
      fullName: "Toby Token",
      jerseyNumber: 23,
    });
    const make = async (scope: "read" | "write") => {
      const made = await coach.POST("/api/team/api-tokens", { body: { name: `Club site (${scope})`, scope } });
      expect(made.response.status).toBe(201);
      return made.data!.secret;
    };
    const reader = apiClient(app, { Authorization: `Bearer ${await make("read")}` }).client;
    const writer = apiClient(app, { Authorization: `Bearer ${await make("write")}` }).client;

    const games = await reader.GET("/api/team/games");
    expect(games.response.status).toBe(200);
    expect(games.data!.games.map((g) => g.sessionId)).toContain(gameId);

    const snap = {
      id: randomUUID(),
      sessionId: gameId,
      period: 1,
      occurredAt: new Date().toISOString(),
      detail: { kind: "run" as const, runnerId: runner.me.id, yards: 4, touchdown: false },
    };
    const refused = await reader.POST("/api/team/snaps", { body: { snaps: [snap] } });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.error.code).toBe("token_read_only");

    const logged = await writer.POST("/api/team/snaps", { body: { snaps: [snap] } });
    expect(logged.response.status).toBe(200);
    expect(logged.data?.results).toEqual([{ id: snap.id, status: "created" }]);
    const bad = await writer.POST("/api/team/snaps", { body: { snaps: [] } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.error.code).toBe("invalid_input");

    // Never valid for managing tokens or the account, whatever its scope.
    const manage = await writer.GET("/api/team/api-tokens");
    expect(manage.response.status).toBe(403);
    expect(manage.error?.error.code).toBe("token_not_allowed");
  });

  it("gets the account export in the shape the document gives it", async () => {
    const coach = apiClient(app).client;
    await coach.POST("/api/session", { body: { email: coachEmail, password: PASSWORD } });
    const practice = await coach.POST("/api/team/sessions", { body: { kind: "practice", date: today() } });
    const practiceId = practice.data!.session.id;
    const marked = await coach.PUT("/api/team/sessions/{id}/attendance", {
      params: { path: { id: practiceId } },
      body: { marks: [{ playerId, present: true }] },
    });
    expect(marked.response.status).toBe(200);
    const feedback = await coach.POST("/api/team/players/{id}/feedback", {
      params: { path: { id: playerId } },
      body: { category: "Effort", body: "Sharp cuts today." },
    });
    expect(feedback.response.status).toBe(201);

    const { client } = apiClient(app);
    await client.POST("/api/session", { body: { email: playerEmail, password: PASSWORD } });
    const logged = await client.POST("/api/me/training-logs", {
      body: { date: today(), activityType: "Route running", durationMinutes: 45, intensity: 3 },
    });
    expect(logged.response.status).toBe(201);

    const exported = await client.GET("/api/me/export");
    expect(exported.response.status).toBe(200);
    // The document's schema is the domain's accountExportSchema: every row kind, as each engine stores it.
    const data = accountExportSchema.parse(exported.data);
    expect(data.account.email).toBe(playerEmail);
    expect(data.snaps).toHaveLength(1);
    expect(data.events.length).toBeGreaterThan(0);
    expect(data.attendance).toEqual([expect.objectContaining({ session_id: practiceId, present: true })]);
    expect(data.feedbackReceived).toEqual([expect.objectContaining({ body: "Sharp cuts today." })]);
    expect(data.trainingLogs).toEqual([expect.objectContaining({ activity_type: "Route running" })]);
    expect(data.apiTokens).toEqual([]);

    // The coach's export lists the two tokens made above, used once each: metadata, typed by the document.
    const coachExport = await coach.GET("/api/me/export");
    expect(coachExport.response.status).toBe(200);
    const tokens = accountExportSchema.parse(coachExport.data).apiTokens;
    // Both made within a millisecond or two: compared by name, not by order.
    expect(tokens.map((t) => [t.name, t.scope, typeof t.last_used_at]).sort()).toEqual([
      ["Club site (read)", "read", "string"],
      ["Club site (write)", "write", "string"],
    ]);
    expect(JSON.stringify(coachExport.data)).not.toMatch(/flt_|hash/);
  });
});
