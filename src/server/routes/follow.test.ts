import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { FollowLinkResponse } from "#domain/api/follow.js";
import { CHILD_HEADER } from "#domain/acting.js";
import { CONSENT_VERSION } from "#domain/family.js";
import type { FollowGame } from "#domain/follow.js";
import { bornYearsAgo } from "#tests/support/birth-dates.js";
import { scaled } from "#tests/support/host-speed.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, PASSWORD, TestClient, uniqueEmail } from "#tests/server/support/test-client.js";
import { loggerTeam, openStream, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { createRouter } from "../http/context.js";
import { ApiError } from "../http/errors.js";
import { followRoutes, TOO_MANY_FOLLOWERS } from "./follow.js";

/*
 * Following a game from a link (docs/product.md §15, issue #30): a coach makes the link, anyone holding it reads
 * the game and hears it change, with players by first name and number only, and a revoked link opens nothing.
 */
const B64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

describe.each(testEngines())("a game's follow link on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let team: LoggerTeam;
  let child: LoggerTeam["players"][number];
  let adult: LoggerTeam["players"][number];
  let gameId: string;
  const visitor = () => new TestClient(app);

  let at = Date.now() - 3_600_000;
  /** A snap a second after the last one (the game's order is by time). */
  const snap = (detail: Record<string, unknown>) => ({
    id: randomUUID(),
    sessionId: gameId,
    period: 1,
    occurredAt: new Date((at += 1000)).toISOString(),
    detail,
  });
  /** Moves the game on to a period from the next snap's time. */
  const toPeriod = async (period: number) => {
    const res = await team.head.request("PUT", `/api/team/sessions/${gameId}/period`, {
      json: { period, at: new Date(at + 500).toISOString() },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const tokenOf = (url: string) => new URL(url).pathname.split("/").pop()!;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database).app;
    team = await loggerTeam(app, "Falcons", 2);
    [child, adult] = team.players as [typeof child, typeof adult];
    expect((await child.client.request("PATCH", "/api/profile", { json: { fullName: "Maya Rivera" } })).status).toBe(
      200,
    );
    expect((await adult.client.request("PATCH", "/api/profile", { json: { fullName: "Leo Park" } })).status).toBe(200);
    const born = await team.head.request("PUT", `/api/team/players/${child.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(11) },
    });
    expect(born.status, JSON.stringify(born.body)).toBe(200);
    const game = await team.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Owls" });
    gameId = game.body.session.id;
  });
  afterAll(async () => database?.cleanup());

  it("a coach makes the link, the team reads it, and a visitor sees the game with first names and numbers", async () => {
    const none = await child.client.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`);
    expect(none.body).toEqual({ link: null });
    // Players and their guardians share the link; only coaches make it.
    expect((await child.client.request("PUT", `/api/team/sessions/${gameId}/follow-link`)).status).toBe(403);

    const made = await team.head.request<FollowLinkResponse>("PUT", `/api/team/sessions/${gameId}/follow-link`);
    expect(made.status).toBe(200);
    const url = made.body.link!.url;
    expect(url).toMatch(/^http:\/\/localhost:3000\/follow\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // Made once: the same address again, for every member.
    const again = await team.assistant.request<FollowLinkResponse>("PUT", `/api/team/sessions/${gameId}/follow-link`);
    expect(again.body.link!.url).toBe(url);
    expect(
      (await adult.client.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`)).body.link!.url,
    ).toBe(url);

    const logged = await team.head.post("/api/team/snaps", {
      snaps: [
        snap({ kind: "pass", passerId: adult.me.id, targetId: child.me.id, result: "touchdown", yards: 20 }),
        snap({ kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: child.me.id }),
      ],
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    await toPeriod(2);
    expect(
      (await team.head.post("/api/team/snaps", { snaps: [snap({ kind: "opponent_score", score: "touchdown" })] }))
        .status,
    ).toBe(200);

    const read = await visitor().get<FollowGame>(`/api/follow/${tokenOf(url)}`);
    expect(read.status).toBe(200);
    const game = read.body;
    expect(game).toMatchObject({
      team: expect.stringContaining("Falcons"),
      opponent: "Owls",
      status: "live",
      score: { us: 7, them: 6 },
      lineScore: { final: { us: 7, them: 6 } },
    });
    expect(game.lineScore.periods.map((p) => [p.us, p.them])).toEqual([
      [7, 0],
      [0, 6],
    ]);
    expect(game.players).toEqual([
      { key: "p1", name: "Leo #11" },
      { key: "p2", name: "Maya #10" },
    ]);
    expect(game.plays.map((p) => [p.text, p.points, p.players, p.score])).toEqual([
      ["Leo #11 → Maya #10, 20 yds, touchdown", "+6", ["p1", "p2"], { us: 6, them: 0 }],
      ["Try for 1 (Maya #10 run): good", "+1", ["p2"], { us: 7, them: 0 }],
      ["Opponent touchdown", "Opp +6", [], { us: 7, them: 6 }],
    ]);
    // Nothing that names a child beyond the first name, and no account id.
    const text = JSON.stringify(game);
    for (const hidden of ["Rivera", "Park", child.me.id, adult.me.id, "photo"]) expect(text).not.toContain(hidden);
  });

  it("the full name shows only where a guardian consented and shares with the team", async () => {
    const link = await team.head.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`);
    const token = tokenOf(link.body.link!.url);
    const invite = await team.head.post<{ token: string }>(`/api/team/players/${child.me.id}/guardian-invites`);
    const guardian = new TestClient(app);
    const taken = await guardian.post(`/api/guardian-invites/${invite.body.token}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName: "Rosa Rivera",
      email: uniqueEmail("guardian"),
      password: PASSWORD,
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    // A guardian acting for the child reads the link to pass it on.
    const shared = await guardian.request<FollowLinkResponse>("GET", `/api/team/sessions/${gameId}/follow-link`, {
      headers: { [CHILD_HEADER]: child.me.id },
    });
    expect(shared.body.link!.url).toBe(link.body.link!.url);

    const names = async () => (await visitor().get<FollowGame>(`/api/follow/${token}`)).body.players.map((p) => p.name);
    expect(await names()).toEqual(["Leo #11", "Maya #10"]);
    const share = await guardian.request("PATCH", `/api/family/children/${child.me.id}`, {
      json: { shareWithTeam: true },
    });
    expect(share.status, JSON.stringify(share.body)).toBe(200);
    // The adult has no guardian to allow it: still the first name.
    expect(await names()).toEqual(["Leo #11", "Maya Rivera #10"]);
  });

  it("the stream sends the game at once and after each snap; revoking ends it and the address answers 404", async () => {
    const link = await team.head.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`);
    const token = tokenOf(link.body.link!.url);
    const stream = await openStream(app, null, `/api/follow/${token}/stream`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
      const first = await stream.waitFor((m) => m.event === "game", scaled(5000));
      expect((JSON.parse(first.data!) as FollowGame).plays).toHaveLength(3);

      await team.head.post("/api/team/snaps", {
        snaps: [snap({ kind: "run", runnerId: adult.me.id, yards: 8, touchdown: false })],
      });
      const next = await stream.waitFor(
        (m) => m.event === "game" && (JSON.parse(m.data!) as FollowGame).plays.length === 4,
        scaled(5000),
      );
      expect((JSON.parse(next.data!) as FollowGame).plays.at(-1)!.text).toBe("Leo #11 run, 8 yds");

      const revoked = await team.head.request<FollowLinkResponse>("DELETE", `/api/team/sessions/${gameId}/follow-link`);
      expect(revoked.body).toEqual({ link: null });
      await stream.waitFor((m) => m.event === "gone", scaled(5000));
      await stream.ended;
    } finally {
      await stream.close();
    }
    const gone = await visitor().get<{ error: { message: string } }>(`/api/follow/${token}`);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toMatch(/no longer works/);
    expect((await openStream(app, null, `/api/follow/${token}/stream`)).status).toBe(404);
    expect((await child.client.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`)).body).toEqual({
      link: null,
    });

    // Made again: a new address; the old one stays dead.
    const remade = await team.head.request<FollowLinkResponse>("PUT", `/api/team/sessions/${gameId}/follow-link`);
    expect(tokenOf(remade.body.link!.url)).not.toBe(token);
    expect((await visitor().get(`/api/follow/${tokenOf(remade.body.link!.url)}`)).status).toBe(200);
    expect((await visitor().get(`/api/follow/${token}`)).status).toBe(404);
  });

  it("a game takes so many follow pages per server; past them a page is told to try again later", async () => {
    const link = await team.head.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`);
    const token = tokenOf(link.body.link!.url);
    // The route as the app mounts it, with room for one page.
    const { services } = createTestApp(database);
    const small = createRouter();
    small.use("*", async (c, next) => {
      c.set("services", services);
      c.set("requestId", "follow-cap");
      await next();
    });
    small.route("/", followRoutes({ maxFollowersPerGame: 1 }));
    // As app.ts answers an ApiError.
    small.onError((error, c) => {
      if (!(error instanceof ApiError)) throw error;
      c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(error.toBody(c.get("requestId")), error.status);
    });
    const first = await openStream(small, null, `/api/follow/${token}/stream`);
    try {
      expect(first.status).toBe(200);
      await first.waitFor((m) => m.event === "game", scaled(5000));
      const second = await small.request(`http://localhost:3000/api/follow/${token}/stream`);
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toBe("60");
      expect(((await second.json()) as { error: { message: string } }).error.message).toBe(TOO_MANY_FOLLOWERS);
    } finally {
      await first.close();
    }
    // The first page gone, the next one gets in.
    await vi.waitFor(
      async () => {
        const next = await openStream(small, null, `/api/follow/${token}/stream`);
        const status = next.status;
        await next.close();
        expect(status).toBe(200);
      },
      { timeout: scaled(5000) },
    );
  });

  it("a token opens nothing but its game: tampered, another game's, a practice or another team's are refused", async () => {
    const link = await team.head.get<FollowLinkResponse>(`/api/team/sessions/${gameId}/follow-link`);
    const token = tokenOf(link.body.link!.url);
    const [game, mac] = token.split(".") as [string, string];
    const other = await team.head.post("/api/team/sessions", { kind: "game", date: "2026-10-10", opponent: "Crows" });
    const otherGame = Buffer.from(other.body.session.id as string).toString("base64url");
    for (const bad of [
      `${otherGame}.${mac}`,
      `${game}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`,
      // The MAC's last character with only its spare bits set: the same bytes, not the same token.
      `${game}.${mac.slice(0, -1)}${B64URL[B64URL.indexOf(mac.at(-1)!) + 1]}`,
      // The next canonical last character: other bytes.
      `${game}.${mac.slice(0, -1)}${"AEIMQUYcgkosw048"[("AEIMQUYcgkosw048".indexOf(mac.at(-1)!) + 1) % 16]}`,
      "nothing",
      `${game}.`,
    ]) {
      expect((await visitor().get(`/api/follow/${encodeURIComponent(bad)}`)).status, bad).toBe(404);
    }

    const practice = await team.head.post("/api/team/sessions", { kind: "practice", date: "2026-10-11" });
    const refused = await team.head.request("PUT", `/api/team/sessions/${practice.body.session.id}/follow-link`);
    expect(refused.status).toBe(400);
    const rival = await loggerTeam(app, "Ravens", 0);
    expect((await rival.head.request("PUT", `/api/team/sessions/${gameId}/follow-link`)).status).toBe(404);
    expect((await rival.head.request("DELETE", `/api/team/sessions/${gameId}/follow-link`)).status).toBe(404);
    expect((await visitor().get(`/api/follow/${token}`)).status).toBe(200);
  });
});
