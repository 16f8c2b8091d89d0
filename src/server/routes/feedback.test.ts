import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekStartOf } from "#domain/api/player.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient, twoTeams } from "#tests/server/support/test-client.js";
import type { TeamChange } from "../realtime/hub.js";
import { anEvent } from "#tests/server/support/logger-fixtures.js";

type TestApp = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("coach feedback and the player dashboard on $engine", ({ create }) => {
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

  describe("feedback", () => {
    it("a coach gives feedback; the player sees it unread, newest first, and marks it read", async () => {
      const player = await signUpPlayer(app, a.me.team!.code);
      const before = heard.length;
      const first = await a.client.post(`/api/team/players/${player.me.id}/feedback`, {
        category: "Technique",
        body: "  Sink your hips on the cut. ",
      });
      expect(first.status).toBe(201);
      expect(first.body.feedback).toEqual({
        id: expect.any(String),
        category: "Technique",
        body: "Sink your hips on the cut.",
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        coachName: "Casey Coach",
        read: false,
      });
      expect(heard.slice(before)).toContain("feedback");
      await new Promise((r) => setTimeout(r, 5));
      const second = await a.client.post(`/api/team/players/${player.me.id}/feedback`, {
        category: "Effort",
        body: "Great hustle today.",
      });

      const mine = await player.client.get("/api/me/feedback");
      expect(mine.status).toBe(200);
      expect(mine.body.unreadCount).toBe(2);
      expect(mine.body.feedback.map((f: { id: string }) => f.id)).toEqual([
        second.body.feedback.id,
        first.body.feedback.id,
      ]);
      expect(mine.body.feedback.every((f: { read: boolean }) => !f.read)).toBe(true);

      const seen = heard.length;
      expect((await player.client.post("/api/me/feedback/read")).status).toBe(204);
      expect(heard.slice(seen)).toEqual(["feedback"]);
      const after = await player.client.get("/api/me/feedback");
      expect(after.body.unreadCount).toBe(0);
      expect(after.body.feedback.every((f: { read: boolean }) => f.read)).toBe(true);
      // Marking again changes nothing and announces nothing.
      expect((await player.client.post("/api/me/feedback/read")).status).toBe(204);
      expect(heard.length).toBe(seen + 1);

      const coachView = await a.client.get(`/api/team/players/${player.me.id}/feedback`);
      expect(coachView.status).toBe(200);
      expect(coachView.body).toEqual(after.body);
      // The coach's player detail (another module) lists the same feedback.
      const detail = await a.client.get(`/api/team/players/${player.me.id}`);
      expect(detail.body.feedback.map((f: { id: string }) => f.id)).toEqual(
        after.body.feedback.map((f: { id: string }) => f.id),
      );
    });

    it("an assistant coach's feedback carries their name", async () => {
      const assistant = new TestClient(app);
      await assistant.post("/api/signup", {
        role: "coach",
        fullName: "Alex Assistant",
        email: `assistant.${Date.now()}@example.com`,
        password: "correct-horse-battery",
        coachInviteCode: a.me.team!.coachInviteCode,
      });
      const player = await signUpPlayer(app, a.me.team!.code);
      const res = await assistant.post(`/api/team/players/${player.me.id}/feedback`, {
        category: "Game IQ",
        body: "Read the safety.",
      });
      expect(res.body.feedback.coachName).toBe("Alex Assistant");
    });

    it("feedback is checked by field", async () => {
      const player = await signUpPlayer(app, a.me.team!.code);
      const res = await a.client.post(`/api/team/players/${player.me.id}/feedback`, { category: "Vibes", body: "  " });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toEqual({
        category: "Choose one of the listed categories.",
        body: "Write your feedback.",
      });
      const long = await a.client.post(`/api/team/players/${player.me.id}/feedback`, {
        category: "Other",
        body: "x".repeat(2001),
      });
      expect(long.body.error.fields).toEqual({ body: "Feedback must be at most 2000 characters." });
      expect((await player.client.get("/api/me/feedback")).body).toEqual({ feedback: [], unreadCount: 0 });
    });

    it("another team's coach can neither give nor read a player's feedback; players cannot give any", async () => {
      const player = await signUpPlayer(app, a.me.team!.code);
      await a.client.post(`/api/team/players/${player.me.id}/feedback`, {
        category: "Leadership",
        body: "Led the huddle.",
      });
      const path = `/api/team/players/${player.me.id}/feedback`;

      const give = await b.client.post(path, { category: "Effort", body: "From a rival coach" });
      expect(give.status).toBe(404);
      const read = await b.client.get(path);
      expect(read.status).toBe(404);
      expect(read.body).toEqual({
        error: {
          code: "not_found",
          message: "That player was not found.",
          requestId: read.headers.get("x-request-id"),
        },
      });
      // The same answer as for a player that does not exist, but for the request's own id.
      const unknown = await b.client.get("/api/team/players/no-such-player/feedback");
      expect(unknown.body).toEqual({ error: { ...read.body.error, requestId: unknown.headers.get("x-request-id") } });

      // The rival's attempt stored nothing.
      const mine = await player.client.get("/api/me/feedback");
      expect(mine.body.feedback.map((f: { body: string }) => f.body)).toEqual(["Led the huddle."]);

      const teammate = await signUpPlayer(app, a.me.team!.code);
      expect((await teammate.client.post(path, { category: "Effort", body: "Peer review" })).status).toBe(403);
      expect((await teammate.client.get(path)).status).toBe(403);
      expect((await teammate.client.get("/api/me/feedback")).body.feedback).toEqual([]);
      expect((await new TestClient(app).get(path)).status).toBe(401);
      expect((await new TestClient(app).get("/api/me/feedback")).status).toBe(401);
      expect((await a.client.get("/api/me/feedback")).status).toBe(403);

      // A coach's own team's coach (not a player) is not a feedback target either.
      expect(
        (await a.client.post(`/api/team/players/${a.me.id}/feedback`, { category: "Effort", body: "Me" })).status,
      ).toBe(404);
    });

    it("a rival player reading their own feedback never sees another team's", async () => {
      const rival = await signUpPlayer(app, b.me.team!.code);
      await b.client.post(`/api/team/players/${rival.me.id}/feedback`, {
        category: "Effort",
        body: "For the rival only",
      });
      const player = await signUpPlayer(app, a.me.team!.code);
      expect((await player.client.get("/api/me/feedback")).body.feedback).toEqual([]);
      expect((await rival.client.get("/api/me/feedback")).body.feedback).toHaveLength(1);
    });
  });

  describe("player dashboard", () => {
    it("shows the player's summary exactly as the coach sees it, with history, events, feedback and this week", async () => {
      const player = await signUpPlayer(app, a.me.team!.code, { fullName: "Dash Board", primaryPosition: "wr" });
      const teammate = await signUpPlayer(app, a.me.team!.code, { fullName: "Other Guy", primaryPosition: "qb" });
      const events = [
        anEvent(player.me.id, { eventType: "TD Catch", yards: 30 }),
        anEvent(player.me.id, { eventType: "Catch", yards: 12 }),
        anEvent(player.me.id, { eventType: "Flag Pull" }),
        anEvent(teammate.me.id, { eventType: "Pass TD", yards: 30 }),
        ...Array.from({ length: 10 }, () => anEvent(player.me.id, { eventType: "Drop" })),
      ];
      const logged = await a.client.post("/api/team/events", { events });
      expect(logged.status).toBe(200);
      for (let i = 0; i < 4; i++) {
        await a.client.post(`/api/team/players/${player.me.id}/feedback`, {
          category: "Effort",
          body: `Note ${i + 1}`,
        });
        await new Promise((r) => setTimeout(r, 3));
      }
      const today = new Date().toISOString().slice(0, 10);
      await player.client.post("/api/me/training-logs", {
        date: today,
        activityType: "Conditioning",
        durationMinutes: 40,
        intensity: 8,
      });
      await player.client.post("/api/me/training-logs", {
        date: today,
        activityType: "Film study",
        durationMinutes: 20,
        intensity: 3,
      });
      await player.client.post("/api/me/training-logs", {
        date: "2024-01-01",
        activityType: "Throwing",
        durationMinutes: 99,
        intensity: 3,
      });

      const res = await player.client.get("/api/me/dashboard");
      expect(res.status).toBe(200);
      const roster = await a.client.get("/api/team/players");
      expect(res.body.summary).toEqual(roster.body.players.find((p: { id: string }) => p.id === player.me.id));
      expect(res.body.summary).toMatchObject({ name: "Dash Board", position: "wr", eventCount: 13 });
      // At wr: TD Catch 8 + Catch 1.5 + Flag Pull 2 + 10 x Drop 0.5 = 16.5, plus 0.1 for each of the 13 events.
      expect(res.body.summary.performanceScore).toBe(17.8);

      const detail = await a.client.get(`/api/team/players/${player.me.id}`);
      expect(res.body.scoreHistory).toEqual(detail.body.scoreHistory);
      expect(res.body.scoreHistory.at(-1).score).toBe(17.8);

      expect(res.body.recentEvents).toHaveLength(10);
      expect(res.body.recentEvents.every((e: { eventType: string }) => e.eventType === "Drop")).toBe(true);
      expect(res.body.recentEvents[0]).toMatchObject({ points: 0.6, sessionId: null, session: null });
      const times = res.body.recentEvents.map((e: { occurredAt: string }) => e.occurredAt);
      expect([...times].sort().reverse()).toEqual(times);

      expect(res.body.latestFeedback.map((f: { body: string }) => f.body)).toEqual(["Note 4", "Note 3", "Note 2"]);
      expect(res.body.unreadFeedback).toBe(4);

      expect(res.body.thisWeek).toMatchObject({ weekStart: weekStartOf(today), minutes: 60, sessions: 2 });
      expect(res.body.thisWeek.logs.map((l: { activityType: string }) => l.activityType).sort()).toEqual([
        "Conditioning",
        "Film study",
      ]);
    });

    it("counts days and weeks in the viewer's zone", async () => {
      const player = await signUpPlayer(app, a.me.team!.code);
      const res = await player.client.get("/api/me/dashboard?tzOffset=840");
      const localToday = new Date(Date.now() + 840 * 60_000).toISOString().slice(0, 10);
      expect(res.body.thisWeek.weekStart).toBe(weekStartOf(localToday));
      expect((await player.client.get("/api/me/dashboard?tzOffset=5000")).status).toBe(400);
    });

    it("a new player gets an empty dashboard", async () => {
      const player = await signUpPlayer(app, a.me.team!.code, { fullName: "Brand New" });
      const res = await player.client.get("/api/me/dashboard");
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        summary: { name: "Brand New", performanceScore: 0, eventCount: 0 },
        scoreHistory: [],
        recentEvents: [],
        latestFeedback: [],
        unreadFeedback: 0,
        thisWeek: { minutes: 0, sessions: 0, logs: [] },
      });
    });

    it("is for players only", async () => {
      expect((await a.client.get("/api/me/dashboard")).status).toBe(403);
      expect((await new TestClient(app).get("/api/me/dashboard")).status).toBe(401);
    });
  });
});
