/*
 * The security suites' leagues (docs/product.md §17): leagues run by team A's head coach, made through the API. A
 * league's admin is who made it, so in the matrix headCoachA is the admin and every other caller, team A's
 * assistant and players included, is someone the league is a 404 to. Co-admins and member teams' coaches are
 * src/server/routes/leagues.test.ts's.
 */
import type { Actor } from "./endpoints.js";
import { must, uniqueName, type Req, type World } from "./fixtures.js";

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
  "GET /api/league-codes/{code}": { build: async (w) => ({ params: { code: (await leagueOfA(w)).joinCode } }) },
  "POST /api/team/leagues": {
    build: async (w) => {
      const { joinCode, divisionId } = await freshLeague(w);
      return { json: { code: joinCode, divisionId } };
    },
  },
  "GET /api/public/leagues/{id}": { build: async (w) => byId((await leagueOfA(w)).id) },
};
