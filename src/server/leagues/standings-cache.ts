import type { Kysely } from "kysely";
import type { StandingsRules } from "#domain/leagues/standings.js";
import { leagueRevision } from "../db/league-division.js";
import type { DB } from "../db/schema.js";
import type { TeamHub } from "../realtime/hub.js";
import { divisionStandings } from "./division-standings.js";

/*
 * A division's standings held in memory (docs/product.md §17, issue #31): a Saturday of parents reads them far more
 * often than they change. Held while nothing they are made of changed:
 * - the league side (games, decisions, teams, tiebreakers): every league route's write counts one in the
 *   database (league_revision, http/league-revision.ts), which every server process reads;
 * - the teams' side (the final scores of their games, the schedule events that link them to league games): a
 *   change of a game session or of the schedule of one of the division's Flagline teams, as the hub delivers it on
 *   this server (its own writes and every other server's), before the write is answered. A snap is not one.
 * A read that began before a change keeps its answer to itself. The minute's limit is a safety net for a change
 * the hub cannot hear (a team deleted with its games): the public pages promise no fresher (Cache-Control 60 s).
 */

const MAX_AGE_MS = 60_000;
const MAX_DIVISIONS = 2_000;

type Standings = Awaited<ReturnType<typeof divisionStandings>>;

interface Held {
  stamp: string;
  at: number;
  value: Standings;
}

interface StandingsCache {
  get(db: Kysely<DB>, divisionId: string, rules: StandingsRules): Promise<Standings>;
}

function createStandingsCache(hub: TeamHub, now: () => number): StandingsCache {
  /** How many changes of results' sources (any team's) this server heard. */
  let heard = 0;
  /** Per Flagline team: the count `heard` had at its last change of its results' sources. */
  const versions = new Map<string, number>();
  let epoch = 0;
  const held = new Map<string, Held>();
  /** The Flagline teams of each division seen (from its last read), whose versions stamp it. */
  const teamsOf = new Map<string, string[]>();

  hub.observe({
    change(teamId, change) {
      if (change.kind === "sessions" || change.kind === "schedule") versions.set(teamId, (heard += 1));
    },
    reset() {
      epoch += 1;
    },
  });

  const stampOf = (revision: number, divisionId: string, rules: StandingsRules) =>
    [
      epoch,
      revision,
      JSON.stringify(rules),
      ...(teamsOf.get(divisionId) ?? []).map((t) => `${t}:${versions.get(t) ?? 0}`),
    ].join("|");

  return {
    async get(db, divisionId, rules) {
      // What the answer is made of, as it stands before the read.
      const [epochBefore, heardBefore] = [epoch, heard];
      const revision = await leagueRevision(db);
      const hit = held.get(divisionId);
      if (hit && hit.stamp === stampOf(revision, divisionId, rules) && now() - hit.at < MAX_AGE_MS) return hit.value;
      const value = await divisionStandings(db, divisionId, rules);
      const teams = value.teams.flatMap((t) => (t.teamId === null ? [] : [t.teamId])).sort();
      // A change of its teams' results heard while read (or the hub reset): kept to itself. A league write while read
      // needs no check here: it moved the revision past the one read above, which the stamp holds.
      if (epoch !== epochBefore || teams.some((t) => (versions.get(t) ?? 0) > heardBefore)) return value;
      // Its teams' versions are still those from before the read, so the stamp is the one the read began under.
      // A division whose teams changed was also a league write: its revision moved, so an older stamp differs.
      teamsOf.set(divisionId, teams);
      held.delete(divisionId);
      held.set(divisionId, { stamp: stampOf(revision, divisionId, rules), at: now(), value });
      if (held.size > MAX_DIVISIONS) held.delete(held.keys().next().value!);
      return value;
    },
  };
}

const caches = new WeakMap<TeamHub, StandingsCache>();

/** The standings cache of the app server whose hub this is (one per hub, made on first use). */
export function standingsCacheOf(hub: TeamHub, now: () => number = Date.now): StandingsCache {
  let cache = caches.get(hub);
  if (!cache) caches.set(hub, (cache = createStandingsCache(hub, now)));
  return cache;
}
