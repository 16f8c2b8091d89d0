/*
 * The security suites' leagues (docs/product.md §17): leagues run by team A's head coach, made through the API. A
 * league's admin is who made it, so in the matrix headCoachA is the admin and every other caller, team A's
 * assistant and players included, is someone the league is a 404 to. Co-admins and member teams' coaches are
 * src/server/routes/leagues.test.ts's.
 */
import type { Actor } from "./endpoints.js";
import { randomUUID } from "node:crypto";
import { must, signUp, uniqueName, type Account, type Req, type World } from "./fixtures.js";

interface LeagueMade {
  id: string;
  joinCode: string;
  divisionId: string;
}

async function makeLeague(w: World, opts: { teams: number; generated: boolean; bare?: boolean }): Promise<LeagueMade> {
  const admin = w.accounts.headCoachA;
  const made = await must(w.app, admin, 201, "POST", "/api/leagues", {
    json: { name: uniqueName("Aldermoor League"), timeZone: "Europe/London" },
  });
  const id = (made.body as { league: { id: string; joinCode: string } }).league.id;
  const joinCode = (made.body as { league: { joinCode: string } }).league.joinCode;
  const division = await must(w.app, admin, 201, "POST", "/api/leagues/{id}/divisions", {
    params: { id },
    json: { name: "10U" },
  });
  const divisionId = (division.body as { league: { divisions: { id: string }[] } }).league.divisions[0]!.id;
  if (opts.bare) return { id, joinCode, divisionId };
  for (let i = 0; i < opts.teams; i++) {
    await must(w.app, admin, 201, "POST", "/api/leagues/{id}/teams", {
      params: { id },
      json: { divisionId, name: uniqueName("Comets") },
    });
  }
  await must(w.app, admin, 201, "POST", "/api/leagues/{id}/fields", {
    params: { id },
    json: { name: "Riverside Park", subFields: ["A"] },
  });
  await must(w.app, admin, 200, "PUT", "/api/leagues/{id}/calendar", {
    params: { id },
    json: { gameDays: ["2027-05-01"], timeSlots: [{ startTime: "09:00", durationMinutes: 60 }] },
  });
  if (opts.generated) {
    await must(w.app, admin, 201, "POST", "/api/leagues/{id}/schedule", {
      params: { id },
      json: { doubleRoundRobin: false },
    });
  }
  return { id, joinCode, divisionId };
}

const standing = new WeakMap<World, Promise<LeagueMade>>();

/** Team A's head coach's league: one division with two teams, a field and a game day. Never changed by a cell. */
export function leagueOfA(w: World): Promise<LeagueMade> {
  let made = standing.get(w);
  if (!made) {
    made = makeLeague(w, { teams: 2, generated: false });
    standing.set(w, made);
  }
  return made;
}

/** A new league of team A's head coach, ready to generate (or, `generated`, to publish). */
export function freshLeague(w: World, generated = false): Promise<LeagueMade> {
  return makeLeague(w, { teams: 2, generated });
}

/**
 * A new league of team A's head coach with one division and nothing else. The fresh divisions, teams and fields
 * are made in one each, so the cells never fill a league up to its limits.
 */
const bareLeague = (w: World) => makeLeague(w, { teams: 0, generated: false, bare: true });

/** A new division, with no team. */
export async function freshDivision(w: World): Promise<string> {
  const { id } = await bareLeague(w);
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/leagues/{id}/divisions", {
    params: { id },
    json: { name: uniqueName("U") },
  });
  const divisions = (res.body as { league: { divisions: { id: string; name: string }[] } }).league.divisions;
  return divisions.find((d) => d.name.startsWith("U "))!.id;
}

/** A new team, with no games. */
export async function freshLeagueTeam(w: World): Promise<string> {
  const { id, divisionId } = await bareLeague(w);
  const name = uniqueName("Rockets");
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/leagues/{id}/teams", {
    params: { id },
    json: { divisionId, name },
  });
  return (res.body as { league: { teams: { id: string; name: string }[] } }).league.teams.find((t) => t.name === name)!
    .id;
}

/** A new field, with no games. */
export async function freshLeagueField(w: World): Promise<string> {
  const { id } = await bareLeague(w);
  const name = uniqueName("Meadow");
  const res = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/leagues/{id}/fields", {
    params: { id },
    json: { name },
  });
  return (res.body as { league: { fields: { id: string; name: string }[] } }).league.fields.find(
    (f) => f.name === name,
  )!.id;
}

const byId = (id: string): Req => ({ params: { id } });

const rivals = new WeakMap<World, Promise<Account>>();
/**
 * The head coach of a team of its own that plays team A in the results' leagues. Not team C: a league game puts
 * each team's name and the field into the other's schedule, and team C's calendar feed and claim pages are read by
 * outsiders in the matrix, where team A's schedule is a secret.
 */
function rivalCoach(w: World): Promise<Account> {
  let made = rivals.get(w);
  if (!made) {
    made = signUp(w.app, { role: "coach", fullName: "Riley Rival", teamName: uniqueName("Rivals") }).then(
      (made) => made.account,
    );
    rivals.set(w, made);
  }
  return made;
}

/**
 * A published league game between team A and a rival team, in a new league of team A's head coach (who runs it and
 * coaches team A). `loggedByC`: the rival team started it from its schedule and ended it 6-0, so it waits for team A's
 * coaches to confirm; `adminResult`: the admin then entered a result.
 */
async function gameOfAAndRival(w: World, opts: { loggedByC: boolean; adminResult?: boolean }): Promise<string> {
  const admin = w.accounts.headCoachA;
  const made = await must(w.app, admin, 201, "POST", "/api/leagues", {
    json: { name: uniqueName("Aldermoor Results"), timeZone: "UTC" },
  });
  const { id, joinCode } = (made.body as { league: { id: string; joinCode: string } }).league;
  const division = await must(w.app, admin, 201, "POST", "/api/leagues/{id}/divisions", {
    params: { id },
    json: { name: "10U" },
  });
  const divisionId = (division.body as { league: { divisions: { id: string }[] } }).league.divisions[0]!.id;
  const rival = await rivalCoach(w);
  for (const coach of [admin, rival]) {
    await must(w.app, coach, 201, "POST", "/api/team/leagues", { json: { code: joinCode, divisionId } });
  }
  await must(w.app, admin, 201, "POST", "/api/leagues/{id}/fields", {
    params: { id },
    json: { name: uniqueName("Park") },
  });
  await must(w.app, admin, 200, "PUT", "/api/leagues/{id}/calendar", {
    params: { id },
    json: { gameDays: ["2026-11-28"], timeSlots: [{ startTime: "09:00", durationMinutes: 60 }] },
  });
  await must(w.app, admin, 201, "POST", "/api/leagues/{id}/schedule", {
    params: { id },
    json: { doubleRoundRobin: false },
  });
  await must(w.app, admin, 200, "POST", "/api/leagues/{id}/schedule/publish", { params: { id } });
  const game = await w.database.db
    .selectFrom("league_games")
    .select("id")
    .where("league_id", "=", id)
    .executeTakeFirstOrThrow();
  if (opts.loggedByC) {
    const event = await w.database.db
      .selectFrom("schedule_events")
      .select(["id", "local_date"])
      .where("league_game_id", "=", game.id)
      .where("team_id", "=", rival.teamId)
      .executeTakeFirstOrThrow();
    const sessionId = randomUUID();
    await must(w.app, rival, 201, "POST", "/api/team/sessions", {
      json: { id: sessionId, kind: "game", date: event.local_date, scheduledEventId: event.id },
    });
    await must(w.app, rival, 200, "POST", "/api/team/sessions/{id}/final", {
      params: { id: sessionId },
      json: { us: 6, them: 0 },
    });
  }
  if (opts.adminResult) {
    await must(w.app, admin, 200, "PUT", "/api/league-games/{id}/result", {
      params: { id: game.id },
      json: { homeScore: 6, awayScore: 0 },
    });
  }
  return game.id;
}

/**
 * A fresh co-admin link to a league of the rival coach (not team A's: whoever holds a link sees who made it, and
 * the matrix's outsiders take it).
 */
async function rivalsInvite(w: World): Promise<string> {
  const rival = await rivalCoach(w);
  const made = await must(w.app, rival, 201, "POST", "/api/leagues", {
    json: { name: uniqueName("Rival League"), timeZone: "UTC" },
  });
  const id = (made.body as { league: { id: string } }).league.id;
  const invite = await must(w.app, rival, 201, "POST", "/api/leagues/{id}/admin-invites", { params: { id } });
  return (invite.body as { path: string }).path.split("/").pop()!;
}

/** A fresh coach link to a place the rival coach's new league added by name (outsiders take it in the matrix). */
async function rivalsCoachLink(w: World): Promise<string> {
  const rival = await rivalCoach(w);
  const made = await must(w.app, rival, 201, "POST", "/api/leagues", {
    json: { name: uniqueName("Rival Coaches League"), timeZone: "UTC" },
  });
  const id = (made.body as { league: { id: string } }).league.id;
  const division = await must(w.app, rival, 201, "POST", "/api/leagues/{id}/divisions", {
    params: { id },
    json: { name: "10U" },
  });
  const divisionId = (division.body as { league: { divisions: { id: string }[] } }).league.divisions[0]!.id;
  const team = await must(w.app, rival, 201, "POST", "/api/leagues/{id}/teams", {
    params: { id },
    json: { divisionId, name: "Comets" },
  });
  const placeId = (team.body as { league: { teams: { id: string }[] } }).league.teams[0]!.id;
  const link = await must(w.app, rival, 201, "POST", "/api/league-teams/{id}/coach-invites", {
    params: { id: placeId },
  });
  return (link.body as { path: string }).path.split("/").pop()!;
}

const resultGames = new WeakMap<World, Promise<string>>();
/** The standing game of A and the rival that the rival logged: read and decided by the cells, never waited on. */
function resultGameOfA(w: World): Promise<string> {
  let made = resultGames.get(w);
  if (!made) {
    made = gameOfAAndRival(w, { loggedByC: true });
    resultGames.set(w, made);
  }
  return made;
}

const lockedLeagues = new WeakMap<World, Promise<{ id: string; leagueTeamId: string }>>();
/**
 * A league of team A's head coach that team A plays in, whose division's rosters locked in 2020: every player of A
 * joined after the lock, so each waits for the league's decision. Decided (again) by the cells, never waited on.
 */
function lockedLeagueOfA(w: World): Promise<{ id: string; leagueTeamId: string }> {
  let made = lockedLeagues.get(w);
  if (!made) {
    made = (async () => {
      const admin = w.accounts.headCoachA;
      const league = await must(w.app, admin, 201, "POST", "/api/leagues", {
        json: { name: uniqueName("Aldermoor Locked"), timeZone: "UTC" },
      });
      const { id, joinCode } = (league.body as { league: { id: string; joinCode: string } }).league;
      const division = await must(w.app, admin, 201, "POST", "/api/leagues/{id}/divisions", {
        params: { id },
        json: { name: "10U", rosterLock: "2020-01-01" },
      });
      const divisionId = (division.body as { league: { divisions: { id: string }[] } }).league.divisions[0]!.id;
      await must(w.app, admin, 201, "POST", "/api/team/leagues", { json: { code: joinCode, divisionId } });
      const read = await must(w.app, admin, 200, "GET", "/api/leagues/{id}", { params: { id } });
      const leagueTeamId = (read.body as { league: { teams: { id: string }[] } }).league.teams[0]!.id;
      return { id, leagueTeamId };
    })();
    lockedLeagues.set(w, made);
  }
  return made;
}

/**
 * A new league of team A's head coach with four teams in its division and room for their bracket (two game days of
 * three start times); `bracket`: the bracket made (not published).
 */
async function bracketLeague(w: World, bracket: boolean): Promise<{ id: string; divisionId: string }> {
  const { id, divisionId } = await makeLeague(w, { teams: 4, generated: false });
  const times = ["09:00", "10:00", "11:00"].map((startTime) => ({ startTime, durationMinutes: 60 }));
  await must(w.app, w.accounts.headCoachA, 200, "PUT", "/api/leagues/{id}/calendar", {
    params: { id },
    json: { gameDays: ["2027-05-01", "2027-05-08"], timeSlots: times },
  });
  if (bracket) {
    await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/leagues/{id}/divisions/{divisionId}/bracket", {
      params: { id, divisionId },
      json: { teams: 4, startDate: "2027-05-01" },
    });
  }
  return { id, divisionId };
}

/** The valid requests of the league endpoints, spread into fixtures.ts's VALID_REQUESTS. */
export const LEAGUE_REQUESTS: Readonly<Record<string, { build(w: World, actor: Actor): Promise<Req> }>> = {
  "GET /api/leagues": { build: async () => ({}) },
  "POST /api/leagues": {
    build: async () => ({ json: { name: uniqueName("Aldermoor League"), timeZone: "America/Chicago" } }),
  },
  "GET /api/leagues/{id}": { build: async (w) => byId((await leagueOfA(w)).id) },
  "PATCH /api/leagues/{id}": {
    build: async (w) => ({ ...byId((await leagueOfA(w)).id), json: { minRestMinutes: 30, pointDifferenceCap: 14 } }),
  },
  "POST /api/leagues/{id}/divisions": {
    build: async (w) => ({
      ...byId((await bareLeague(w)).id),
      json: { name: uniqueName("U"), ageCutoff: "2016-09-01" },
    }),
  },
  "PATCH /api/league-divisions/{id}": {
    build: async (w) => ({ ...byId(await freshDivision(w)), json: { rosterLock: "2027-04-01" } }),
  },
  "DELETE /api/league-divisions/{id}": { build: async (w) => byId(await freshDivision(w)) },
  "POST /api/leagues/{id}/teams": {
    build: async (w) => {
      const { id, divisionId } = await bareLeague(w);
      return { ...byId(id), json: { divisionId, name: uniqueName("Rockets") } };
    },
  },
  "PATCH /api/league-teams/{id}": {
    build: async (w) => ({ ...byId(await freshLeagueTeam(w)), json: { blackoutDates: ["2027-05-08"] } }),
  },
  "DELETE /api/league-teams/{id}": { build: async (w) => byId(await freshLeagueTeam(w)) },
  "POST /api/leagues/{id}/fields": {
    build: async (w) => ({
      ...byId((await bareLeague(w)).id),
      json: { name: uniqueName("Meadow"), subFields: ["A", "B"] },
    }),
  },
  "DELETE /api/league-fields/{id}": { build: async (w) => byId(await freshLeagueField(w)) },
  "PUT /api/leagues/{id}/calendar": {
    build: async (w) => ({
      ...byId((await leagueOfA(w)).id),
      json: { gameDays: ["2027-05-01", "2027-05-08"], timeSlots: [{ startTime: "09:00", durationMinutes: 60 }] },
    }),
  },
  "POST /api/leagues/{id}/schedule": {
    build: async (w) => ({ ...byId((await freshLeague(w)).id), json: { doubleRoundRobin: true } }),
  },
  "GET /api/leagues/{id}/games": { build: async (w) => byId((await leagueOfA(w)).id) },
  "POST /api/leagues/{id}/schedule/publish": { build: async (w) => byId((await freshLeague(w, true)).id) },
  "POST /api/leagues/{id}/schedule/edits": {
    build: async (w) => {
      const { id } = await freshLeague(w, true);
      const game = await w.database.db
        .selectFrom("league_games")
        .select("id")
        .where("league_id", "=", id)
        .executeTakeFirstOrThrow();
      return { ...byId(id), json: { edits: [{ kind: "flip", gameId: game.id }] } };
    },
  },
  "GET /api/league-codes/{code}": { build: async (w) => ({ params: { code: (await leagueOfA(w)).joinCode } }) },
  "POST /api/team/leagues": {
    build: async (w) => {
      const { joinCode, divisionId } = await freshLeague(w);
      return { json: { code: joinCode, divisionId } };
    },
  },
  "GET /api/public/leagues/{id}": { build: async (w) => byId((await leagueOfA(w)).id) },
  "GET /api/public/leagues/{id}/calendar.ics": { build: async (w) => byId((await leagueOfA(w)).id) },
  "GET /api/public/leagues/{id}/teams/{teamId}": {
    build: async (w) => {
      const { id } = await leagueOfA(w);
      const team = await w.database.db
        .selectFrom("league_teams")
        .select("id")
        .where("league_id", "=", id)
        .executeTakeFirstOrThrow();
      return { params: { id, teamId: team.id } };
    },
  },
  "POST /api/leagues/{id}/admin-invites": { build: async (w) => byId((await leagueOfA(w)).id) },
  "GET /api/league-admin-invites/{token}": { build: async (w) => ({ params: { token: await rivalsInvite(w) } }) },
  "POST /api/league-admin-invites/{token}": { build: async (w) => ({ params: { token: await rivalsInvite(w) } }) },
  "POST /api/league-teams/{id}/coach-invites": { build: async (w) => byId(await freshLeagueTeam(w)) },
  "GET /api/league-coach-invites/{token}": { build: async (w) => ({ params: { token: await rivalsCoachLink(w) } }) },
  "POST /api/league-coach-invites/{token}": {
    build: async (w) => ({ params: { token: await rivalsCoachLink(w) } }),
  },
  "DELETE /api/leagues/{id}/admins/{userId}": {
    build: async (w) => {
      const { id } = await bareLeague(w);
      const rival = await rivalCoach(w);
      const made = await must(w.app, w.accounts.headCoachA, 201, "POST", "/api/leagues/{id}/admin-invites", {
        params: { id },
      });
      const token = (made.body as { path: string }).path.split("/").pop()!;
      await must(w.app, rival, 200, "POST", "/api/league-admin-invites/{token}", { params: { token } });
      return { params: { id, userId: rival.userId } };
    },
  },
  "GET /api/team/league-games": { build: async () => ({}) },
  "POST /api/team/league-games/{id}/result": {
    build: async (w) => ({ ...byId(await gameOfAAndRival(w, { loggedByC: true })), json: { action: "confirm" } }),
  },
  "GET /api/league-games/{id}/result": { build: async (w) => byId(await resultGameOfA(w)) },
  "PUT /api/league-games/{id}/result": {
    build: async (w) => ({
      ...byId(await resultGameOfA(w)),
      json: { homeScore: 7, awayScore: 6, note: "Referee's card" },
    }),
  },
  "DELETE /api/league-games/{id}/result": {
    build: async (w) => byId(await gameOfAAndRival(w, { loggedByC: false, adminResult: true })),
  },
  "GET /api/leagues/{id}/eligibility": { build: async (w) => byId((await lockedLeagueOfA(w)).id) },
  "POST /api/leagues/{id}/roster-approvals": {
    build: async (w) => {
      const { id, leagueTeamId } = await lockedLeagueOfA(w);
      const playerId = w.accounts.playerA.userId;
      return { ...byId(id), json: { leagueTeamId, playerId, decision: "approved", note: "Moved up from the Comets" } };
    },
  },
  "GET /api/team/league-eligibility": { build: async () => ({}) },
  "POST /api/leagues/{id}/divisions/{divisionId}/bracket": {
    build: async (w) => ({ params: await bracketLeague(w, false), json: { teams: 4, startDate: "2027-05-01" } }),
  },
  "GET /api/leagues/{id}/divisions/{divisionId}/bracket": {
    build: async (w) => {
      const { id, divisionId } = await leagueOfA(w);
      return { params: { id, divisionId } };
    },
  },
  "DELETE /api/leagues/{id}/divisions/{divisionId}/bracket": {
    build: async (w) => ({ params: await bracketLeague(w, true) }),
  },
};
