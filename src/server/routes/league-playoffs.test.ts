import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BracketResponse, BracketView } from "#domain/api/league-playoffs.js";
import type { LeagueGames, PublicLeague } from "#domain/api/leagues.js";
import type { TeamLeagueGames } from "#domain/api/league-results.js";
import type { ScheduleEvent } from "#domain/api/schedule.js";
import { playoffLeagueOfSession } from "#server/db/league-brackets.js";
import { createTestApp, signUpCoach, signUpPlayer, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * Playoffs (docs/product.md §17, decision 0038): a division's bracket seeded from its standings (confirmed results
 * only), the top seeds given the byes, every round planned into free fields and times after the round before it
 * plus the league's rest; winners move on when a result is confirmed, and the next game is made and put into both
 * teams' schedules. Six teams: the Hawks and the Owls (Flagline teams) top the season, four teams the admin added
 * follow. Playoff games do not count in the standings.
 */

type App = ReturnType<typeof createTestApp>["app"];
type Coach = Awaited<ReturnType<typeof signUpCoach>>;

/** Best first: the season's results follow this order (the better team wins 14–7). */
const TEAMS = ["Harbor Hawks", "Night Owls", "Cardinals", "Dolphins", "Eagles", "Falcons"];
const SEASON_DAYS = ["2027-05-01", "2027-05-02", "2027-05-03", "2027-05-04", "2027-05-05"];
const TIMES = ["09:00", "10:00", "11:00", "12:00", "13:00"].map((startTime) => ({ startTime, durationMinutes: 60 }));

describe.each(testEngines())("league playoffs on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let owner: Coach;
  let hawks: Coach;
  let owls: Coach;
  let outsider: Coach;
  let leagueId = "";
  let divisionId = "";
  let emptyDivisionId = "";

  const put = (client: TestClient, path: string, json: unknown) => client.request("PUT", path, { json });
  const bracketPath = (division = divisionId) => `/api/leagues/${leagueId}/divisions/${division}/bracket`;
  const bracket = async () => (await owner.client.get<BracketResponse>(bracketPath())).body.bracket!;
  const publicPage = async () => (await new TestClient(app).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body;
  const games = async () => (await owner.client.get<LeagueGames>(`/api/leagues/${leagueId}/games`)).body;
  const names = (b: BracketView, round: number) =>
    b.rounds[round - 1]!.games.map((g) =>
      g.state === "bye" ? `${g.home!.team} bye` : `${g.home?.team ?? "?"} v ${g.away?.team ?? "?"}`,
    );
  const when = (b: BracketView, round: number) =>
    b.rounds[round - 1]!.games.map((g) => g.place && `${g.place.date} ${g.place.startTime}`);

  /** The admin's result of a league game, the given team winning by `score`. */
  async function decide(gameId: string, winner: string | null, homeTeamId: string, score = [14, 7]) {
    const [w, l] = score as [number, number];
    const homeWins = winner === null || winner === homeTeamId;
    const res = await put(owner.client, `/api/league-games/${gameId}/result`, {
      homeScore: homeWins ? w : l,
      awayScore: homeWins ? l : w,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  /** The coach starts their team's league game at `date` `time` from its schedule and ends it on `us`–`them`. */
  async function logGame(coach: Coach, [date, time]: [string, string], us: number, them: number) {
    const events = (await coach.client.get<{ events: ScheduleEvent[] }>("/api/team/schedule")).body.events;
    const event = events.find((e) => e.date === date && e.startTime === time)!;
    const sessionId = randomUUID();
    const started = await coach.client.post("/api/team/sessions", {
      id: sessionId,
      kind: "game",
      date,
      scheduledEventId: event.id,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    expect((await coach.client.post(`/api/team/sessions/${sessionId}/final`, { us, them })).status).toBe(200);
    return sessionId;
  }

  beforeAll(async () => {
    database = await create();
    ({ app } = createTestApp(database));
    owner = await signUpCoach(app, "Organisers United");
    hawks = await signUpCoach(app, TEAMS[0]);
    owls = await signUpCoach(app, TEAMS[1]);
    outsider = await signUpCoach(app, "Elsewhere Eagles");
    await signUpPlayer(app, hawks.me.team!.code, { fullName: "Zephyrine Quillfeather" });
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    await owner.client.request("PATCH", `/api/leagues/${leagueId}`, { json: { minRestMinutes: 30 } });
    const tenU = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "10U" });
    divisionId = tenU.body.league.divisions[0].id;
    const twelveU = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "12U" });
    emptyDivisionId = twelveU.body.league.divisions.find((d: { name: string }) => d.name === "12U").id;
    for (const coach of [hawks, owls]) {
      const joined = await coach.client.post("/api/team/leagues", { code: made.body.league.joinCode, divisionId });
      expect(joined.status).toBe(201);
    }
    for (const name of TEAMS.slice(2)) await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId, name });
    await owner.client.post(`/api/leagues/${leagueId}/fields`, { name: "Riverside Park", subFields: ["A", "B", "C"] });
    await put(owner.client, `/api/leagues/${leagueId}/calendar`, { gameDays: SEASON_DAYS, timeSlots: TIMES });
    expect(
      (await owner.client.post(`/api/leagues/${leagueId}/schedule`, { doubleRoundRobin: false })).body.placed,
    ).toBe(15);
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).status).toBe(200);
    // The season's results, then the playoff days.
    const page = await publicPage();
    const teamId = new Map(page.teams.map((t) => [t.name, t.id]));
    const strength = (id: string) => TEAMS.indexOf(page.teams.find((t) => t.id === id)!.name);
    for (const g of page.games) {
      const better = strength(g.homeTeamId) < strength(g.awayTeamId) ? g.homeTeamId : g.awayTeamId;
      await decide(g.id, better, g.homeTeamId);
    }
    expect(teamId.size).toBe(6);
    await put(owner.client, `/api/leagues/${leagueId}/calendar`, {
      gameDays: [...SEASON_DAYS, "2027-05-15", "2027-05-22"],
      timeSlots: TIMES,
    });
  });
  afterAll(async () => database?.cleanup());

  it("refuses a bracket it cannot make, with the reason; outsiders and member coaches find nothing", async () => {
    const tooFew = await owner.client.post(bracketPath(emptyDivisionId), { teams: 4 });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.error.message).toMatch(/needs 4 teams in the division; it has 0/);
    expect((await owner.client.post(bracketPath(), { teams: 3 })).status).toBe(400);
    expect((await owner.client.post(bracketPath(), { teams: 7 })).body.error.message).toMatch(/it has 6/);
    const noDays = await owner.client.post(bracketPath(), { teams: 6, startDate: "2027-06-01" });
    expect(noDays.status).toBe(409);
    expect(noDays.body.error.message).toMatch(/No free field and time for the quarterfinals on or after 2027-06-01/);
    expect((await owner.client.get<BracketResponse>(bracketPath())).body).toEqual({ bracket: null });
    for (const who of [outsider, owls]) {
      expect((await who.client.get(bracketPath())).status).toBe(404);
      expect((await who.client.post(bracketPath(), { teams: 4 })).status).toBe(404);
      expect((await who.client.delete(bracketPath())).status).toBe(404);
    }
    expect((await owner.client.get(`/api/leagues/${leagueId}/divisions/nope/bracket`)).status).toBe(404);
  });

  it("seeds six teams from the standings: seeds 1 and 2 have byes, each round after the last plus the rest", async () => {
    const made = await owner.client.post<BracketResponse>(bracketPath(), { teams: 6, startDate: "2027-05-15" });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const b = made.body.bracket!;
    expect(b.seeds.map((s) => s.team)).toEqual(TEAMS);
    expect(b.rounds.map((r) => r.name)).toEqual(["Quarterfinals", "Semifinals", "Final"]);
    expect(names(b, 1)).toEqual(["Harbor Hawks bye", "Dolphins v Eagles", "Night Owls bye", "Cardinals v Falcons"]);
    expect(names(b, 2)).toEqual(["Harbor Hawks v ?", "Night Owls v ?"]);
    expect(b.rounds[1]!.games.map((g) => g.state)).toEqual(["waiting", "waiting"]);
    // Quarterfinals end at 10:00; 30 minutes' rest: the semifinals at 11:00, the final at 13:00.
    expect(when(b, 1)).toEqual([null, "2027-05-15 09:00", null, "2027-05-15 09:00"]);
    expect(when(b, 2)).toEqual(["2027-05-15 11:00", "2027-05-15 11:00"]);
    expect(when(b, 3)).toEqual(["2027-05-15 13:00"]);
    expect(new Set(b.rounds[0]!.games.filter((g) => g.place).map((g) => g.place!.subField)).size).toBe(2);
    // The quarterfinals are draft league games now, without a conflict; the public sees no bracket yet.
    const { games: list, conflicts } = await games();
    expect(conflicts).toEqual([]);
    expect(list.filter((g) => g.status === "draft")).toHaveLength(2);
    expect((await publicPage()).brackets).toEqual([]);
    const again = await owner.client.post(bracketPath(), { teams: 4 });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/has a bracket already/);
  });

  it("is deleted while none of its games is published, and made again", async () => {
    expect((await owner.client.delete<BracketResponse>(bracketPath())).body).toEqual({ bracket: null });
    expect((await games()).games.filter((g) => g.status === "draft")).toEqual([]);
    expect((await owner.client.delete(bracketPath())).status).toBe(404);
    expect((await owner.client.post(bracketPath(), { teams: 6, startDate: "2027-05-15" })).status).toBe(201);
  });

  it("published, it is on the public page with team names only, and it stays", async () => {
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).body.published).toBe(2);
    const page = await publicPage();
    expect(page.brackets).toHaveLength(1);
    expect(names(page.brackets[0]!, 1)).toEqual(names(await bracket(), 1));
    expect(page.brackets[0]!.rounds[0]!.games[1]!.published).toBe(true);
    const text = JSON.stringify(page);
    expect(text).not.toContain("Zephyrine");
    expect(text).not.toContain("Casey Coach");
    const stays = await owner.client.delete(bracketPath());
    expect(stays.status).toBe(409);
    expect(stays.body.error.message).toMatch(/in the teams' schedules/);
  });

  it("keeps a field while its bracket still plans a game there, so the game can be made when its teams are known", async () => {
    const added = await owner.client.post<{ league: { fields: { id: string; name: string }[] } }>(
      `/api/leagues/${leagueId}/fields`,
      { name: "Hilltop", subFields: [] },
    );
    const hilltop = added.body.league.fields.find((f) => f.name === "Hilltop")!.id;
    const riverside = added.body.league.fields.find((f) => f.name === "Riverside Park")!.id;
    // The final, whose teams are not known yet, planned on the new field (as the planner does when it is free).
    const finalPlace = database.db
      .updateTable("league_bracket_games")
      .where("league_game_id", "is", null)
      .where("round", "=", 3);
    await finalPlace.set({ field_id: hilltop }).execute();

    const refused = await owner.client.delete(`/api/league-fields/${hilltop}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      "Playoff games are planned on this field: delete their bracket before deleting the field.",
    );
    const kept = await database.db
      .selectFrom("league_bracket_games")
      .select("field_id")
      .where("round", "=", 3)
      .executeTakeFirstOrThrow();
    expect(kept.field_id).toBe(hilltop);

    // Planned back where it was, the field holds nothing and goes.
    await finalPlace.set({ field_id: riverside }).execute();
    const deleted = await owner.client.delete<{ league: { fields: { id: string }[] } }>(
      `/api/league-fields/${hilltop}`,
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.league.fields.map((f) => f.id)).toEqual([riverside]);
  });

  it("confirmed results move winners on; a scorebook alone or a tie does not; the final reaches both teams", async () => {
    const b = await bracket();
    const qf = b.rounds[0]!.games;
    // Eagles beat Dolphins (an upset), Cardinals beat Falcons: the semifinals are made and published at once.
    await decide(qf[1]!.gameId!, qf[1]!.away!.teamId, qf[1]!.home!.teamId);
    await decide(qf[3]!.gameId!, qf[3]!.home!.teamId, qf[3]!.home!.teamId);
    const semis = await bracket();
    expect(names(semis, 2)).toEqual(["Harbor Hawks v Eagles", "Night Owls v Cardinals"]);
    expect(semis.rounds[1]!.games.map((g) => [g.state, g.published])).toEqual([
      ["scheduled", true],
      ["scheduled", true],
    ]);
    const hawksGames = async () => (await hawks.client.get<TeamLeagueGames>("/api/team/league-games")).body.games;
    expect((await hawksGames()).map((g) => [g.date, g.opponent]).at(-1)).toEqual(["2027-05-15", "Eagles"]);

    // The Hawks' scorebook alone waits for confirmation: nobody moves on.
    const semiSession = await logGame(hawks, ["2027-05-15", "11:00"], 21, 7);
    // The game-day path finds the playoff game a logged game is (to move the bracket on when two books agree).
    expect(await playoffLeagueOfSession(database.db, hawks.me.team!.id, semiSession)).toBe(leagueId);
    const waiting = await bracket();
    expect(waiting.rounds[1]!.games[0]!.state).toBe("pending");
    expect(waiting.rounds[2]!.games[0]!).toMatchObject({ state: "waiting", gameId: null });
    await decide(
      semis.rounds[1]!.games[0]!.gameId!,
      semis.rounds[1]!.games[0]!.home!.teamId,
      semis.rounds[1]!.games[0]!.home!.teamId,
      [21, 7],
    );

    // A tie moves nobody on: the admin enters the result.
    const owlsSemi = semis.rounds[1]!.games[1]!;
    await decide(owlsSemi.gameId!, null, owlsSemi.home!.teamId, [7, 7]);
    const tied = await bracket();
    expect(tied.rounds[1]!.games[1]).toMatchObject({ state: "tied", winnerTeamId: null, score: { home: 7, away: 7 } });
    expect(names(tied, 3)).toEqual(["Harbor Hawks v ?"]);
    await decide(owlsSemi.gameId!, owlsSemi.home!.teamId, owlsSemi.home!.teamId);

    const final = (await bracket()).rounds[2]!.games[0]!;
    expect(final).toMatchObject({ state: "scheduled", published: true, home: { seed: 1, team: "Harbor Hawks" } });
    expect(final.away).toMatchObject({ seed: 2, team: "Night Owls" });
    for (const [coach, opponent, side] of [
      [hawks, "Night Owls", "home"],
      [owls, "Harbor Hawks", "away"],
    ] as const) {
      const events = (await coach.client.get<{ events: ScheduleEvent[] }>("/api/team/schedule")).body.events;
      expect(events.filter((e) => e.date === "2027-05-15" && e.startTime === "13:00")).toEqual([
        expect.objectContaining({ kind: "game", opponent, homeAway: side, placeName: "Riverside Park" }),
      ]);
    }

    // The final's result, confirmed by the Owls' coach: the Hawks are champions.
    await logGame(hawks, ["2027-05-15", "13:00"], 28, 21);
    const confirmed = await owls.client.post(`/api/team/league-games/${final.gameId}/result`, { action: "confirm" });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const done = await bracket();
    expect(done.champion).toMatchObject({ seed: 1, team: "Harbor Hawks" });
    expect(done.rounds[2]!.games[0]).toMatchObject({ state: "final", score: { home: 28, away: 21 } });
    expect((await games()).conflicts).toEqual([]);

    // The playoff games do not count in the standings: the season's records stand.
    const page = await publicPage();
    const wins = new Map(page.divisions.find((d) => d.id === divisionId)!.standings.map((s) => [s.teamId, s.wins]));
    expect(page.teams.filter((t) => t.divisionId === divisionId).map((t) => [t.name, wins.get(t.id)])).toEqual(
      expect.arrayContaining([
        ["Harbor Hawks", 5],
        ["Night Owls", 4],
        ["Eagles", 1],
      ]),
    );
    expect(page.brackets[0]!.champion?.team).toBe("Harbor Hawks");
  });
  it("a corrected semifinal takes the final off both schedules and makes the right one", async () => {
    const before = await bracket();
    const semi = before.rounds[1]!.games[0]!;
    const oldFinal = before.rounds[2]!.games[0]!.gameId!;
    await decide(semi.gameId!, semi.away!.teamId, semi.home!.teamId, [21, 7]);
    const after = await bracket();
    expect(after.champion).toBeNull();
    const final = after.rounds[2]!.games[0]!;
    expect(final).toMatchObject({ state: "scheduled", published: true, home: { team: "Night Owls" } });
    expect(final.away!.team).toBe("Eagles");
    expect(final.gameId).not.toBe(oldFinal);
    const cancelled = (await games()).games.find((g) => g.id === oldFinal)!;
    expect(cancelled.status).toBe("cancelled");
    const hawksFinal = (await hawks.client.get<{ events: ScheduleEvent[] }>("/api/team/schedule")).body.events.filter(
      (e) => e.date === "2027-05-15" && e.startTime === "13:00",
    );
    expect(hawksFinal.map((e) => e.status)).toEqual(["cancelled"]);
    const owlsFinal = (await owls.client.get<{ events: ScheduleEvent[] }>("/api/team/schedule")).body.events.filter(
      (e) => e.date === "2027-05-15" && e.startTime === "13:00",
    );
    expect(owlsFinal.map((e) => [e.opponent, e.status]).sort()).toEqual([
      ["Eagles", "scheduled"],
      ["Harbor Hawks", "cancelled"],
    ]);
  });

  it("a result moves its own bracket on and publishes nothing else: another division's draft bracket stays a draft", async () => {
    for (const name of ["Comets", "Rockets", "Meteors", "Stars"]) {
      const added = await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId: emptyDivisionId, name });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
    }
    const made = await owner.client.post<BracketResponse>(bracketPath(emptyDivisionId), {
      teams: 4,
      startDate: "2027-05-22",
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const draftIds = made.body.bracket!.rounds[0]!.games.map((g) => g.gameId);
    expect(draftIds.every((id) => id !== null)).toBe(true);

    // The 10U semifinal corrected back: the final is made again and reaches both teams at once.
    const semi = (await bracket()).rounds[1]!.games[0]!;
    await decide(semi.gameId!, semi.home!.teamId, semi.home!.teamId, [21, 7]);
    const final = (await bracket()).rounds[2]!.games[0]!;
    expect(final).toMatchObject({ state: "scheduled", published: true, home: { team: "Harbor Hawks" } });
    const hawksFinal = (await hawks.client.get<{ events: ScheduleEvent[] }>("/api/team/schedule")).body.events.filter(
      (e) => e.date === "2027-05-15" && e.startTime === "13:00",
    );
    expect(hawksFinal.map((e) => [e.opponent, e.status]).sort()).toEqual([
      ["Night Owls", "cancelled"],
      ["Night Owls", "scheduled"],
    ]);

    // The 12U bracket the admin has not published is still theirs: drafts, off the public page.
    const twelveU = (await owner.client.get<BracketResponse>(bracketPath(emptyDivisionId))).body.bracket!;
    expect(twelveU.rounds[0]!.games.map((g) => g.published)).toEqual([false, false]);
    const listed = (await games()).games.filter((g) => draftIds.includes(g.id));
    expect(listed.map((g) => g.status)).toEqual(["draft", "draft"]);
    expect((await publicPage()).brackets.map((b) => b.divisionId)).toEqual([divisionId]);
  });
});
