import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeagueGames } from "#domain/api/leagues.js";
import { createTestApp, signUpCoach, signUpPlayer } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * A coach for a team the league added by name (docs/product.md §17): the admin makes a link for that place, and the
 * head coach who takes it puts their Flagline team there: the league's name for it, its division and its games,
 * already published, arrive in the team's schedule. A link works once; a place with a team cannot be taken again.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>>;

describe.each(testEngines())("league coach links on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let owner: Coach;
  let hawks: Coach;
  let comets: Coach;
  let outsider: Coach;
  let leagueId = "";
  let cometsPlace = "";
  let token = "";

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await signUpCoach(app, "Harbor Hawks");
    comets = await signUpCoach(app, "Comets Flag Club");
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    const division = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "10U" });
    const divisionId = division.body.league.divisions[0].id;
    expect((await hawks.client.post("/api/team/leagues", { code: made.body.league.joinCode, divisionId })).status).toBe(
      201,
    );
    const added = await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId, name: "Comets" });
    cometsPlace = (added.body.league.teams as Array<{ id: string; name: string }>).find((t) => t.name === "Comets")!.id;
    await owner.client.post(`/api/leagues/${leagueId}/fields`, { name: "Riverside Park" });
    await owner.client.request("PUT", `/api/leagues/${leagueId}/calendar`, {
      json: { gameDays: ["2027-05-01"], timeSlots: [{ startTime: "09:00", durationMinutes: 60 }] },
    });
    expect(
      (await owner.client.post(`/api/leagues/${leagueId}/schedule`, { doubleRoundRobin: false })).body.placed,
    ).toBe(1);
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).body.teamEvents).toBe(1);
  });
  afterAll(async () => database?.cleanup());

  it("only the league's admins make a coach link, and only for a place with no team", async () => {
    for (const client of [hawks.client, outsider.client]) {
      expect((await client.post(`/api/league-teams/${cometsPlace}/coach-invites`)).status).toBe(404);
    }
    const hawksPlace = (await owner.client.get(`/api/leagues/${leagueId}`)).body.league.teams.find(
      (t: { name: string }) => t.name === "Harbor Hawks",
    ).id;
    const joined = await owner.client.post(`/api/league-teams/${hawksPlace}/coach-invites`);
    expect(joined.status).toBe(409);
    const made = await owner.client.post(`/api/league-teams/${cometsPlace}/coach-invites`);
    expect(made.status).toBe(201);
    expect(made.body.path).toMatch(/^\/league-coach\/[\w-]+$/);
    token = (made.body.path as string).replace("/league-coach/", "");
  });

  it("shows the place before it is taken, with team-level words only", async () => {
    const info = await comets.client.get(`/api/league-coach-invites/${token}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      leagueName: "Metro Flag",
      teamName: "Comets",
      divisionName: "10U",
      invitedBy: owner.me.fullName,
      taken: false,
    });
    expect((await comets.client.get(`/api/league-coach-invites/not-a-link`)).status).toBe(404);
  });

  it("a player cannot take it; a team already in the league cannot; the head coach takes it once", async () => {
    const player = await signUpPlayer(app, comets.me.team!.code, { fullName: "Cora Comet" });
    expect((await player.client.post(`/api/league-coach-invites/${token}`)).status).toBe(403);
    const twice = await hawks.client.post(`/api/league-coach-invites/${token}`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe("Your team is already in this league.");

    expect((await comets.client.get("/api/team/schedule")).body.events).toEqual([]);
    const taken = await comets.client.post(`/api/league-coach-invites/${token}`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.leagues).toEqual([{ id: leagueId, name: "Metro Flag", role: "member", teams: 2 }]);
    // The game published before they came is in their schedule now, against the Hawks.
    const events = (await comets.client.get("/api/team/schedule")).body.events as Array<Record<string, unknown>>;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "game", opponent: "Harbor Hawks", date: "2027-05-01", startTime: "09:00" });
    // The Hawks' event is the same one as before, unchanged, and no draft of the league went out with it.
    expect((await hawks.client.get("/api/team/schedule")).body.events).toHaveLength(1);
    const games = (await owner.client.get<LeagueGames>(`/api/leagues/${leagueId}/games`)).body.games;
    expect(games.every((g) => g.status === "published" && !g.changedSincePublished)).toBe(true);
    const place = (await owner.client.get(`/api/leagues/${leagueId}`)).body.league.teams.find(
      (t: { id: string }) => t.id === cometsPlace,
    );
    expect(place).toMatchObject({ name: "Comets", joined: true });

    expect((await outsider.client.post(`/api/league-coach-invites/${token}`)).status).toBe(404);
    expect((await comets.client.get(`/api/league-coach-invites/${token}`)).status).toBe(404);
  });
});
