import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LeagueDetail, LeagueGames, PublicLeague, PublicLeagueTeam } from "#domain/api/leagues.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * A league from the organiser's first step to the teams' schedules (docs/product.md §17, issue #31): the owner
 * makes the league and its divisions, a head coach joins with the code, the owner adds a team with no coach yet,
 * fields and a calendar; the generator's drafts are checked, published into both Flagline teams' schedules (in each
 * team's zone), and shown on the public page with team names only. Who may do what is the security suites'.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>>;

describe.each(testEngines())("leagues on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let owner: Coach;
  let hawks: Coach;
  let owls: Coach;
  let outsider: Coach;
  let league: LeagueDetail;

  const patch = (client: TestClient, path: string, json: unknown) => client.request("PATCH", path, { json });
  const put = (client: TestClient, path: string, json: unknown) => client.request("PUT", path, { json });

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await signUpCoach(app, "Harbor Hawks");
    owls = await signUpCoach(app, "Night Owls");
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    await signUpPlayer(app, hawks.me.team!.code, { fullName: "Zephyrine Quillfeather" });
  });
  afterAll(async () => database?.cleanup());

  it("an account makes a league and owns it; its divisions are named once", async () => {
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "America/Chicago" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    league = made.body.league;
    expect(league).toMatchObject({ name: "Metro Flag", timeZone: "America/Chicago", role: "owner", divisions: [] });
    expect(league.joinCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(league.admins).toEqual([{ id: owner.me.id, name: owner.me.fullName, role: "owner" }]);

    for (const name of ["8U", "10U"]) {
      const res = await owner.client.post(`/api/leagues/${league.id}/divisions`, { name, ageCutoff: "2016-09-01" });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      league = res.body.league;
    }
    const again = await owner.client.post(`/api/leagues/${league.id}/divisions`, { name: "10U" });
    expect(again.status).toBe(409);
    expect(again.body.error.fields).toEqual({ name: "This league already has a division of that name." });
    expect(league.divisions.map((d) => d.name)).toEqual(["10U", "8U"]);
  });

  it("head coaches join a division with the code; a wrong code and a second join are refused", async () => {
    const tenU = league.divisions.find((d) => d.name === "10U")!;
    const lookup = await hawks.client.get(`/api/league-codes/${league.joinCode.toLowerCase()}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({
      id: league.id,
      name: "Metro Flag",
      divisions: league.divisions.map((d) => ({ id: d.id, name: d.name, ageCutoff: "2016-09-01" })),
    });
    const wrong = await hawks.client.post("/api/team/leagues", { code: "ZZZZZZZZ", divisionId: tenU.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.code).toMatch(/No league has that code/);

    for (const coach of [hawks, owls]) {
      const joined = await coach.client.post("/api/team/leagues", { code: league.joinCode, divisionId: tenU.id });
      expect(joined.status, JSON.stringify(joined.body)).toBe(201);
      expect(joined.body.leagues).toEqual([
        { id: league.id, name: "Metro Flag", role: "member", teams: expect.any(Number) },
      ]);
    }
    const twice = await hawks.client.post("/api/team/leagues", { code: league.joinCode, divisionId: tenU.id });
    expect(twice.status).toBe(409);

    // The owner adds a team that has no coach on Flagline yet: three teams, so each round has a bye.
    const added = await owner.client.post(`/api/leagues/${league.id}/teams`, { divisionId: tenU.id, name: "Comets" });
    expect(added.status).toBe(201);
    league = added.body.league;
    expect(league.teams.map((t) => [t.name, t.joined])).toEqual([
      ["Comets", false],
      ["Harbor Hawks", true],
      ["Night Owls", true],
    ]);
  });

  it("only the league's admins see or change it: to a member team's coach and anyone else it is a 404", async () => {
    for (const client of [hawks.client, outsider.client]) {
      expect((await client.get(`/api/leagues/${league.id}`)).status).toBe(404);
      expect((await patch(client, `/api/leagues/${league.id}`, { name: "Taken over" })).status).toBe(404);
      expect((await client.get(`/api/leagues/${league.id}/games`)).status).toBe(404);
      expect((await client.post(`/api/leagues/${league.id}/schedule/publish`)).status).toBe(404);
    }
    expect((await new TestClient(app).get(`/api/leagues/${league.id}`)).status).toBe(401);
    expect((await owner.client.get(`/api/leagues/${league.id}`)).body.league.name).toBe("Metro Flag");
  });

  it("a game's times may not overlap on one field, and the schedule needs fields and a calendar first", async () => {
    const early = await owner.client.post(`/api/leagues/${league.id}/schedule`, { doubleRoundRobin: false });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe("Add a field first.");
    const field = await owner.client.post(`/api/leagues/${league.id}/fields`, {
      name: "Riverside Park",
      address: "1 River Rd",
      subFields: ["A", "B"],
    });
    expect(field.status).toBe(201);
    const overlapping = await put(owner.client, `/api/leagues/${league.id}/calendar`, {
      gameDays: ["2027-04-03"],
      timeSlots: [
        { startTime: "09:00", durationMinutes: 60 },
        { startTime: "09:30", durationMinutes: 60 },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(JSON.stringify(overlapping.body)).toContain("A game must end before the next start time on the same field.");
    const calendar = await put(owner.client, `/api/leagues/${league.id}/calendar`, {
      gameDays: ["2027-04-10", "2027-04-03"],
      timeSlots: [
        { startTime: "09:00", durationMinutes: 60 },
        { startTime: "10:30", durationMinutes: 60 },
      ],
    });
    expect(calendar.status, JSON.stringify(calendar.body)).toBe(200);
    expect(calendar.body.league.gameDays).toEqual(["2027-04-03", "2027-04-10"]);
  });

  it("generates drafts without conflicts; publishing puts each game in both Flagline teams' schedules", async () => {
    const generated = await owner.client.post(`/api/leagues/${league.id}/schedule`, { doubleRoundRobin: false });
    expect(generated.status, JSON.stringify(generated.body)).toBe(201);
    expect(generated.body).toEqual({ placed: 3, unplaced: [], byes: 3 });

    const drafts = await owner.client.get<LeagueGames>(`/api/leagues/${league.id}/games`);
    expect(drafts.body.conflicts).toEqual([]);
    expect(drafts.body.games).toHaveLength(3);
    expect(drafts.body.games.every((g) => g.status === "draft")).toBe(true);
    // Nothing is public, and no team has it, before publishing.
    const before = await new TestClient(app).get<PublicLeague>(`/api/public/leagues/${league.id}`);
    expect(before.body.games).toEqual([]);
    expect((await hawks.client.get("/api/team/schedule")).body.events).toEqual([]);

    // Hawks keep their schedule in Berlin: the league's 09:00 in Chicago is 16:00 there (CDT is UTC-5, CEST UTC+2).
    expect((await patch(hawks.client, "/api/team/schedule-settings", { timeZone: "Europe/Berlin" })).status).toBe(200);
    const published = await owner.client.post(`/api/leagues/${league.id}/schedule/publish`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(published.body).toEqual({ published: 3, teamEvents: 4 });

    const games = (await owner.client.get<LeagueGames>(`/api/leagues/${league.id}/games`)).body.games;
    const byId = new Map(league.teams.map((t) => [t.id, t.name]));
    const hawksId = league.teams.find((t) => t.name === "Harbor Hawks")!.id;
    const hawksGames = games.filter((g) => g.homeTeamId === hawksId || g.awayTeamId === hawksId);
    expect(hawksGames).toHaveLength(2);
    const hawksEvents = (await hawks.client.get("/api/team/schedule")).body.events as Array<Record<string, unknown>>;
    expect(hawksEvents).toHaveLength(2);
    for (const game of hawksGames) {
      const home = game.homeTeamId === hawksId;
      const opponent = byId.get(home ? game.awayTeamId : game.homeTeamId);
      const event = hawksEvents.find((e) => e.opponent === opponent)!;
      expect(event).toMatchObject({
        kind: "game",
        status: "scheduled",
        date: game.date,
        startTime: game.startTime === "09:00" ? "16:00" : "17:30",
        durationMinutes: 60,
        placeName: "Riverside Park",
        address: "1 River Rd",
        field: `Field ${game.subField}`,
        homeAway: home ? "home" : "away",
        notes: "Metro Flag game",
      });
    }
    // Comets have no Flagline team: only the two joined teams got events (2 + 2 of the 3 games' 6 sides).
    const owlsEvents = (await owls.client.get("/api/team/schedule")).body.events as Array<Record<string, unknown>>;
    expect(owlsEvents.map((e) => e.opponent).sort()).toEqual(["Comets", "Harbor Hawks"]);

    // Publishing again writes nothing; generating again would throw the teams' schedules away, so it is refused.
    expect((await owner.client.post(`/api/leagues/${league.id}/schedule/publish`)).body).toEqual({
      published: 0,
      teamEvents: 0,
    });
    const regenerate = await owner.client.post(`/api/leagues/${league.id}/schedule`, { doubleRoundRobin: true });
    expect(regenerate.status).toBe(409);
    // A team with games stays in the league.
    expect((await owner.client.delete(`/api/league-teams/${hawksId}`)).status).toBe(409);
  });

  it("the public page shows the published schedule and standings by team name, and no player", async () => {
    const res = await new TestClient(app).get<PublicLeague>(`/api/public/leagues/${league.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.body.games).toHaveLength(3);
    const tenU = res.body.divisions.find((d) => d.name === "10U")!;
    expect(tenU.standings.map((s) => [s.played, s.wins, s.losses, s.rank])).toEqual([
      [0, 0, 0, 1],
      [0, 0, 0, 1],
      [0, 0, 0, 1],
    ]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("Zephyrine");
    expect(text).not.toContain(hawks.me.fullName);
    expect(text).not.toContain(league.joinCode);
    expect((await new TestClient(app).get(`/api/public/leagues/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("a team's public page shows its division's standings and its own games, no player, and 404s elsewhere", async () => {
    const anonymous = new TestClient(app);
    const hawksId = league.teams.find((t) => t.name === "Harbor Hawks")!.id;
    const res = await anonymous.get<PublicLeagueTeam>(`/api/public/leagues/${league.id}/teams/${hawksId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    expect(res.body.team).toEqual({ id: hawksId, name: "Harbor Hawks" });
    expect(res.body.division.name).toBe("10U");
    expect(res.body.games).toHaveLength(2);
    expect(res.body.games.every((g) => g.homeTeamId === hawksId || g.awayTeamId === hawksId)).toBe(true);
    expect(res.body.fields.map((f) => f.name)).toEqual(["Riverside Park"]);
    // The same standings as the league's page.
    const page = (await anonymous.get<PublicLeague>(`/api/public/leagues/${league.id}`)).body;
    expect(res.body.division.standings).toEqual(page.divisions.find((d) => d.name === "10U")!.standings);
    expect(res.body.teams.map((t) => t.name).sort()).toEqual(["Comets", "Harbor Hawks", "Night Owls"]);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain("Zephyrine");
    expect(text).not.toContain(hawks.me.fullName);
    expect(text).not.toContain(league.joinCode);
    expect((await anonymous.get(`/api/public/leagues/${league.id}/teams/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await anonymous.get(`/api/public/leagues/${crypto.randomUUID()}/teams/${hawksId}`)).status).toBe(404);
  });

  it("parents subscribe to a team's or a field's games as a calendar, in the league's zone", async () => {
    const anonymous = new TestClient(app);
    const hawksId = league.teams.find((t) => t.name === "Harbor Hawks")!.id;
    const fieldId = (await owner.client.get(`/api/leagues/${league.id}`)).body.league.fields[0].id as string;
    const feed = await anonymous.get<string>(`/api/public/leagues/${league.id}/calendar.ics?team=${hawksId}`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = feed.body.replace(/\r\n /g, "");
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(text).toContain("X-WR-CALNAME:Harbor Hawks · Metro Flag");
    expect(text).toMatch(/SUMMARY:(Harbor Hawks v (Comets|Night Owls)|(Comets|Night Owls) v Harbor Hawks)/);
    expect(text).toMatch(/DTSTART;TZID=America\/Chicago:202704(03|10)T(0900|1030)00/);
    expect(text).toMatch(/LOCATION:Riverside Park\\, field [AB]\\, 1 River Rd/);
    expect(text).not.toContain("Zephyrine");
    const byField = await anonymous.get<string>(`/api/public/leagues/${league.id}/calendar.ics?field=${fieldId}`);
    expect(byField.body.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(
      (await anonymous.get(`/api/public/leagues/${league.id}/calendar.ics?team=${crypto.randomUUID()}`)).status,
    ).toBe(404);
  });

  it("a co-admin link makes whoever takes it a co-admin, once; the owner takes co-admins off", async () => {
    const made = await owner.client.post(`/api/leagues/${league.id}/admin-invites`);
    expect(made.status).toBe(201);
    const token = (made.body.path as string).replace("/league-admin/", "");
    expect(made.body.path).toBe(`/league-admin/${token}`);
    expect((await outsider.client.get(`/api/league-admin-invites/${token}`)).body).toEqual({
      leagueName: "Metro Flag",
      invitedBy: owner.me.fullName,
    });
    const taken = await outsider.client.post(`/api/league-admin-invites/${token}`);
    expect(taken.status).toBe(200);
    expect(taken.body.league.role).toBe("co_admin");
    expect((await outsider.client.get(`/api/leagues/${league.id}`)).status).toBe(200);
    expect((await hawks.client.post(`/api/league-admin-invites/${token}`)).status).toBe(404);
    // A co-admin does not take the owner off; the owner takes the co-admin off, and the league is a 404 to them again.
    expect((await outsider.client.delete(`/api/leagues/${league.id}/admins/${owner.me.id}`)).status).toBe(403);
    expect((await owner.client.delete(`/api/leagues/${league.id}/admins/${owner.me.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/api/leagues/${league.id}/admins/${outsider.me.id}`)).status).toBe(204);
    expect((await outsider.client.get(`/api/leagues/${league.id}`)).status).toBe(404);
  });

  it("the caller's leagues: the ones they run and the ones their team plays in", async () => {
    expect((await owner.client.get("/api/leagues")).body.leagues).toEqual([
      { id: league.id, name: "Metro Flag", role: "owner", teams: 3 },
    ]);
    expect((await hawks.client.get("/api/leagues")).body.leagues).toEqual([
      { id: league.id, name: "Metro Flag", role: "member", teams: 3 },
    ]);
    expect((await outsider.client.get("/api/leagues")).body.leagues).toEqual([]);
  });
});
