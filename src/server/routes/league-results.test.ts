import { randomUUID } from "node:crypto";
import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeagueGameResultDetail, TeamLeagueGames } from "#domain/api/league-results.js";
import type { PublicLeague, PublicLeagueTeam } from "#domain/api/leagues.js";
import { createTestApp, PASSWORD, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * One result from two scorebooks (docs/product.md §17): both teams log their own game of a published league game.
 * One scorebook alone waits for the other coach; two that agree confirm it; two that differ are a dispute, shown
 * with the first scoring play where they part, which a coach settles by accepting the other version or the admin
 * by entering the result (a forfeit too). Every decision is logged; standings count confirmed results only.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>> & { playerId: string };

describe.each(testEngines())("league results on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];
  let owner: Awaited<ReturnType<typeof signUpCoach>>;
  let hawks: Coach;
  let owls: Coach;
  let outsider: Awaited<ReturnType<typeof signUpCoach>>;
  let leagueId = "";
  let gameId = "";
  let tick = 0;

  async function coachWithPlayer(name: string, player: string): Promise<Coach> {
    const coach = await signUpCoach(app, name);
    const added = await coach.client.post("/api/team/roster", {
      fullName: player,
      jerseyNumber: 3,
      primaryPosition: "qb",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    return { ...coach, playerId: added.body.player.id };
  }

  /** The coach starts the league game from their schedule, logs its scoring plays and ends it on `final`. */
  async function logGame(coach: Coach, plays: Array<"we score" | "they score">, final: { us: number; them: number }) {
    const events = (await coach.client.get("/api/team/schedule")).body.events as Array<{ id: string; date: string }>;
    const sessionId = randomUUID();
    const started = await coach.client.post("/api/team/sessions", {
      id: sessionId,
      kind: "game",
      date: events[0]!.date,
      scheduledEventId: events[0]!.id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const snaps = plays.map((play) => {
      tick += 1;
      return {
        id: randomUUID(),
        sessionId,
        period: 1,
        occurredAt: new Date(Date.now() - 60 * 60_000 + tick * 1_000).toISOString(),
        detail:
          play === "we score"
            ? { kind: "run", runnerId: coach.playerId, yards: 10, touchdown: true }
            : { kind: "opponent_score", score: "touchdown" },
      };
    });
    const logged = await coach.client.post("/api/team/snaps", { snaps });
    expect(logged.status, JSON.stringify(logged.body)).toBe(200);
    const ended = await coach.client.post(`/api/team/sessions/${sessionId}/final`, final);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  }

  /**
   * Makes the Hawks' final equal to the Owls' (their sides swapped) in the database, behind every server's back (no
   * league write, nothing the hub hears). Their game's session, and how to put their final back the same way.
   */
  const agreeHawksFinalBehindBack = async () => {
    const sessions = database.db.selectFrom("team_sessions").select(["id", "final_us", "final_them"]);
    const session = await sessions.where("team_id", "=", hawks.me.team!.id).executeTakeFirstOrThrow();
    const owlsSession = await sessions.where("team_id", "=", owls.me.team!.id).executeTakeFirstOrThrow();
    const setFinal = async (final: { final_us: number | null; final_them: number | null }) => {
      await database.db.updateTable("team_sessions").set(final).where("id", "=", session.id).execute();
    };
    await setFinal({ final_us: owlsSession.final_them, final_them: owlsSession.final_us });
    return {
      sessionId: session.id,
      putBack: () => setFinal({ final_us: session.final_us, final_them: session.final_them }),
    };
  };

  const teamGames = async (coach: Coach) =>
    (await coach.client.get<TeamLeagueGames>("/api/team/league-games")).body.games;
  const standings = async () => {
    const page = (await new TestClient(app).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body;
    const name = new Map(page.teams.map((t) => [t.id, t.name]));
    // Each team's page reads its division alone: the same standings and results as the league's page, every step.
    for (const team of page.teams) {
      const own = (await new TestClient(app).get<PublicLeagueTeam>(`/api/public/leagues/${leagueId}/teams/${team.id}`))
        .body;
      expect(own.division.standings).toEqual(page.divisions[0]!.standings);
      expect(own.games.map((g) => g.result)).toEqual(page.games.map((g) => g.result));
    }
    return {
      rows: page.divisions[0]!.standings.map((s) => [
        name.get(s.teamId),
        s.wins,
        s.losses,
        s.pointsFor,
        s.pointsAgainst,
      ]),
      game: page.games[0]!.result,
    };
  };

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await coachWithPlayer("Harbor Hawks", "Hana Hawk");
    owls = await coachWithPlayer("Night Owls", "Olu Owl");
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    const code = made.body.league.joinCode;
    const division = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "10U" });
    const divisionId = division.body.league.divisions[0].id;
    for (const coach of [hawks, owls]) {
      expect((await coach.client.post("/api/team/leagues", { code, divisionId })).status).toBe(201);
    }
    await owner.client.post(`/api/leagues/${leagueId}/fields`, { name: "Riverside Park" });
    await owner.client.request("PUT", `/api/leagues/${leagueId}/calendar`, {
      json: { gameDays: ["2026-11-28"], timeSlots: [{ startTime: "09:00", durationMinutes: 60 }] },
    });
    expect(
      (await owner.client.post(`/api/leagues/${leagueId}/schedule`, { doubleRoundRobin: false })).body.placed,
    ).toBe(1);
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).status).toBe(200);
    gameId = (await teamGames(hawks))[0]!.id;
  });
  afterAll(async () => database?.cleanup());

  it("one scorebook waits for the other team's coach; standings count nothing yet", async () => {
    expect((await teamGames(hawks))[0]).toMatchObject({
      opponent: "Night Owls",
      result: { state: "scheduled" },
      actions: [],
    });
    await logGame(hawks, ["we score", "they score"], { us: 6, them: 6 });
    const [forOwls] = await teamGames(owls);
    expect(forOwls).toMatchObject({
      result: { state: "awaiting_confirmation", home: expect.any(Number) },
      actions: ["confirm"],
    });
    expect((await teamGames(hawks))[0]!.actions).toEqual([]);
    // The Hawks cannot confirm their own scorebook.
    expect((await hawks.client.post(`/api/team/league-games/${gameId}/result`, { action: "confirm" })).status).toBe(
      409,
    );
    const now = await standings();
    expect(now.game.state).toBe("pending");
    expect(now.rows.every((r) => r[1] === 0 && r[2] === 0)).toBe(true);
  });

  it("two scorebooks that differ are a dispute, shown play by play with where they part", async () => {
    await logGame(owls, ["they score", "we score", "we score"], { us: 12, them: 6 });
    for (const coach of [hawks, owls]) {
      expect((await teamGames(coach))[0]).toMatchObject({
        result: { state: "disputed" },
        actions: ["accept", "dispute"],
      });
    }
    const detail = await owner.client.get<LeagueGameResultDetail>(`/api/league-games/${gameId}/result`);
    expect(detail.status).toBe(200);
    const { homeBook, awayBook, firstDivergence, canDecide, game } = detail.body;
    expect(canDecide).toBe(true);
    expect(homeBook!.plays).toHaveLength(game.homeTeam === "Harbor Hawks" ? 2 : 3);
    expect(awayBook!.plays).toHaveLength(game.homeTeam === "Harbor Hawks" ? 3 : 2);
    // The first two scoring plays agree (a Hawks touchdown, an Owls touchdown); the Owls' book has one more.
    expect(firstDivergence).toBe(2);
    // The coaches of both teams see it too (not the admin's powers); nobody else finds it.
    const forHawks = await hawks.client.get<LeagueGameResultDetail>(`/api/league-games/${gameId}/result`);
    expect(forHawks.body.canDecide).toBe(false);
    expect((await outsider.client.get(`/api/league-games/${gameId}/result`)).status).toBe(404);
    expect((await outsider.client.post(`/api/team/league-games/${gameId}/result`, { action: "dispute" })).status).toBe(
      404,
    );
    expect(
      (
        await hawks.client.request("PUT", `/api/league-games/${gameId}/result`, {
          json: { homeScore: 6, awayScore: 6 },
        })
      ).status,
    ).toBe(404);
    const disputed = await hawks.client.post(`/api/team/league-games/${gameId}/result`, {
      action: "dispute",
      note: "Their second touchdown was called back.",
    });
    expect(disputed.status).toBe(200);
    expect(disputed.body.games[0].result.state).toBe("disputed");
  });

  it("the admin decides a dispute, and can take the decision back; a coach accepting the other version settles it", async () => {
    const hawksHome = (await teamGames(hawks))[0]!.homeAway === "home";
    const [homeScore, awayScore] = hawksHome ? [6, 0] : [0, 6];
    const badForfeit = await owner.client.request("PUT", `/api/league-games/${gameId}/result`, {
      json: { homeScore: 7, awayScore: 0, forfeit: "home" },
    });
    expect(badForfeit.status).toBe(400);
    const entered = await owner.client.request("PUT", `/api/league-games/${gameId}/result`, {
      json: { homeScore, awayScore, note: "Referee's card" },
    });
    expect(entered.status, JSON.stringify(entered.body)).toBe(200);
    expect(entered.body.result).toMatchObject({
      state: "confirmed",
      source: "admin",
      home: homeScore,
      away: awayScore,
    });
    expect((await standings()).rows).toContainEqual(["Harbor Hawks", 1, 0, 6, 0]);

    const cleared = await owner.client.delete(`/api/league-games/${gameId}/result`);
    expect(cleared.body.result.state).toBe("disputed");
    expect((await owner.client.delete(`/api/league-games/${gameId}/result`)).status).toBe(409);

    const accepted = await hawks.client.post(`/api/team/league-games/${gameId}/result`, { action: "accept" });
    expect(accepted.status).toBe(200);
    expect(accepted.body.games[0].result).toMatchObject({ state: "confirmed", source: "accepted" });
    const after = await standings();
    expect(after.game).toMatchObject({ state: "confirmed" });
    expect(after.rows).toContainEqual(["Night Owls", 1, 0, 12, 6]);
    expect(after.rows).toContainEqual(["Harbor Hawks", 0, 1, 6, 12]);

    const log = (await owner.client.get<LeagueGameResultDetail>(`/api/league-games/${gameId}/result`)).body.log;
    expect(log.map((l) => [l.action, l.by])).toEqual([
      ["disputed", hawks.me.fullName],
      ["entered", owner.me.fullName],
      ["cleared", owner.me.fullName],
      ["accepted", hawks.me.fullName],
    ]);
    expect(log[0]!.note).toBe("Their second touchdown was called back.");
  });

  it("a forfeit counts as a loss for the side that forfeited, whatever the scorebooks say", async () => {
    const hawksHome = (await teamGames(hawks))[0]!.homeAway === "home";
    const forfeit = await owner.client.request("PUT", `/api/league-games/${gameId}/result`, {
      json: { homeScore: 0, awayScore: 0, forfeit: hawksHome ? "away" : "home" },
    });
    expect(forfeit.body.result).toMatchObject({ state: "confirmed", forfeit: hawksHome ? "away" : "home" });
    expect((await standings()).rows).toContainEqual(["Harbor Hawks", 1, 0, 0, 0]);
  });

  it("the standings a server holds follow a final score heard from the hub and any league write, not a snap", async () => {
    // Clear the forfeit: the two scorebooks (6–6 and the Owls' differing one) speak again; the Hawks accept theirs.
    expect((await owner.client.delete(`/api/league-games/${gameId}/result`)).status).toBe(200);
    const hawksTeam = hawks.me.team!.id;
    const before = await standings();
    expect(before.game.state).toBe("pending");
    expect(await standings()).toEqual(before);
    // The Hawks' final made equal to the Owls' behind the server's back: what it holds stays.
    const { sessionId, putBack } = await agreeHawksFinalBehindBack();
    expect(await standings()).toEqual(before);
    // A snap's change is not one of the results' sources.
    services.hub.publish(hawksTeam, { kind: "events", at: new Date().toISOString(), sessionId });
    expect(await standings()).toEqual(before);
    // A change of the team's game sessions is: the two scorebooks agree now, and the result is confirmed.
    services.hub.publish(hawksTeam, { kind: "sessions", at: new Date().toISOString(), sessionId });
    const agreed = await standings();
    expect(agreed.game.state).toBe("confirmed");
    // Put back behind its back, then any league write: read again.
    await putBack();
    expect(await standings()).toEqual(agreed);
    const patched = await owner.client.request("PATCH", `/api/leagues/${leagueId}`, { json: { minRestMinutes: 45 } });
    expect(patched.status).toBe(200);
    expect((await standings()).game.state).toBe("pending");
  });

  it("another server holds a division's standings from its first read on", async () => {
    const resultOn = async (server: App) =>
      (await new TestClient(server).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body.games[0]!.result.state;
    // A second app server on the same database, which has read nothing yet: one read of the league's page.
    const other = createTestApp(database).app;
    expect(await resultOn(other)).toBe("pending");
    // The Hawks' final made equal to the Owls' behind its back.
    const { putBack } = await agreeHawksFinalBehindBack();
    // A third server, reading the database afresh, sees the scorebooks agree; the second still serves its first read.
    expect(await resultOn(createTestApp(database).app)).toBe("confirmed");
    expect(await resultOn(other)).toBe("pending");
    await putBack();
  });

  it("a server does not hold a division's standings that changed while it read them", async () => {
    const hawksTeam = hawks.me.team!.id;
    const { id: sessionId } = await database.db
      .selectFrom("team_sessions")
      .select("id")
      .where("team_id", "=", hawksTeam)
      .executeTakeFirstOrThrow();
    // A server whose first read of a division's games, its rows read, meets a change of the Hawks' final: written
    // (queued behind the read, as SQLite has one connection) and heard from the hub before the read ends.
    const change: { made?: ReturnType<typeof agreeHawksFinalBehindBack> } = {};
    const meetsChange: KyselyPlugin = {
      transformQuery: (args) => args.node,
      async transformResult(args) {
        const row: unknown = args.result.rows[0];
        if (!change.made && typeof row === "object" && row !== null && "home_us" in row) {
          change.made = agreeHawksFinalBehindBack();
          other.services.hub.publish(hawksTeam, { kind: "sessions", at: new Date().toISOString(), sessionId });
        }
        return args.result;
      },
    };
    const other = createTestApp({ ...database, db: database.db.withPlugin(meetsChange) });
    const resultOnOther = async () =>
      (await new TestClient(other.app).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body.games[0]!.result
        .state;
    expect(await resultOnOther()).toBe("pending");
    expect(change.made).toBeDefined();
    const { putBack } = await change.made!;
    // The next read is not the one from before the change, held.
    expect(await resultOnOther()).toBe("confirmed");
    await putBack();
  });
  it("a division's held standings are read again when one of its teams is deleted with its games", async () => {
    const result = async (server: App) =>
      (await new TestClient(server).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body.games[0]!.result;
    // The two scorebooks agree (the Hawks' final made equal to the Owls', and heard): confirmed, and held.
    const { sessionId } = await agreeHawksFinalBehindBack();
    services.hub.publish(hawks.me.team!.id, { kind: "sessions", at: new Date().toISOString(), sessionId });
    expect((await result(app)).state).toBe("confirmed");
    expect((await result(app)).state).toBe("confirmed");
    // The Owls' coach, alone on the team, deletes the account, and the team and its scorebook with it: nothing the
    // hub carries.
    const gone = await owls.client.request("DELETE", "/api/me", { json: { password: PASSWORD } });
    expect(gone.status, JSON.stringify(gone.body)).toBe(204);
    // One scorebook is left, so nothing is confirmed: this server says so at once, as a server reading afresh does,
    // not a minute later (the public pages' cache time).
    const fresh = await result(createTestApp(database).app);
    expect(fresh.state).not.toBe("confirmed");
    expect(await result(app)).toEqual(fresh);
  });
});
