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
  /** Per Flagline team: how many changes of its results' sources this server heard. */
  const versions = new Map<string, number>();
  let epoch = 0;
  const held = new Map<string, Held>();
  /** The Flagline teams of each division seen (from its last read), whose versions stamp it. */
  const teamsOf = new Map<string, string[]>();

  hub.observe({
    change(teamId, change) {
      if (change.kind === "sessions" || change.kind === "schedule")
        versions.set(teamId, (versions.get(teamId) ?? 0) + 1);
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
      const revision = await leagueRevision(db);
      const stamp = stampOf(revision, divisionId, rules);
      const hit = held.get(divisionId);
      if (hit && hit.stamp === stamp && now() - hit.at < MAX_AGE_MS) return hit.value;
      const value = await divisionStandings(db, divisionId, rules);
      const teams = value.teams.flatMap((t) => (t.teamId === null ? [] : [t.teamId])).sort();
      const known = teamsOf.get(divisionId);
      // A division whose teams changed was also a league write: its revision moved, so the stamp differs anyway.
      if (!known || known.join() !== teams.join()) {
        teamsOf.set(divisionId, teams);
        return value;
      }
      if (stampOf(revision, divisionId, rules) !== stamp) return value; // changed while read
      held.delete(divisionId);
      held.set(divisionId, { stamp, at: now(), value });
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
