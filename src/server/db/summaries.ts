/*
 * The docs/product.md §3 player summary read model: the one base query for "the team's players with their profile
 * columns", and the summary built from such a row and its aggregate (counters, attendance, last activity).
 */
import type { Kysely, RawBuilder } from "kysely";
import type { EventTypeCounter } from "#domain/event-types.js";
import { photoUrl } from "../storage/photo-links.js";
import { sortPlayers } from "#domain/player-search.js";
import {
  blankPlayerSummary,
  safePlayerSummary,
  type PlayerAggregate,
  type PlayerProfile,
  type PlayerSummary,
} from "#domain/player-summary.js";
import { prepared } from "./prepared.js";
import { parseStringList } from "./rows.js";
import type { DB } from "./schema.js";
import { seasonOrCurrent, type SeasonOption } from "./seasons.js";

export interface SummaryErrorHandler {
  /** Called with the player's id and the error when one player's data cannot be processed (docs/product.md §8). */
  onPlayerError?: (playerId: string, error: unknown) => void;
}

/** The profile columns a summary is built from. */
export interface ProfileColumns {
  user_id: string;
  full_name: string;
  jersey_number: number | null;
  primary_position: string | null;
  positions: string;
  photo_file_id: string | null;
}

/**
 * The team's players (role 'player', current members) with the profile columns a summary is built from. Every
 * query that lists or finds a team's players starts here and joins what else it needs. A player who joined with
 * the team code and waits for the coach (docs/product.md §11) is left out of the lists, leaderboards and lineups
 * until confirmed; `includeWaiting` finds them too (the player's own reads).
 */
export function teamPlayersQuery(db: Kysely<DB>, teamId: string, opts: { includeWaiting?: boolean } = {}) {
  const q = db
    .selectFrom("profiles as p")
    .select(["p.user_id", "p.full_name", "p.jersey_number", "p.primary_position", "p.positions", "p.photo_file_id"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player");
  return opts.includeWaiting ? q : q.where("p.confirmed", "=", 1);
}

/**
 * teamPlayersQuery with the players' counters of one season: one row per (player, event type), profiles LEFT JOIN
 * player_stats LEFT JOIN player_event_counts. Never reads the events table.
 */
export function teamPlayersWithCounters(
  db: Kysely<DB>,
  teamId: string,
  season?: string,
  opts: { includeWaiting?: boolean } = {},
) {
  // The counters are kept per season (decision 0013): a season's summaries read only its rows.
  const seasonId = seasonOrCurrent(teamId, season);
  return teamPlayersQuery(db, teamId, opts)
    .leftJoin("player_stats as s", (j) => j.onRef("s.player_id", "=", "p.user_id").on("s.season_id", "=", seasonId))
    .leftJoin("player_event_counts as c", (j) =>
      j.onRef("c.player_id", "=", "p.user_id").on("c.season_id", "=", seasonId),
    )
    .select(["s.last_event_at", "s.attendance_total", "s.attendance_attended", "c.event_type", "c.count", "c.yards"]);
}

interface CounterRow extends ProfileColumns {
  last_event_at: string | null;
  attendance_total: number | string | null;
  attendance_attended: number | string | null;
  event_type: string | null;
  count: number | string | null;
  yards: number | string | null;
}

/**
 * Where a count of return touchdowns looks: a season (an id or the current-season subquery), a season's snaps since
 * a time, or one session's snaps.
 */
export type ReturnTouchdownScope = { seasonId: string | RawBuilder<string>; since?: string } | { sessionId: string };

/**
 * Each defender's interceptions returned for a touchdown (pick-sixes) in a scope: the snaps of kind interception
 * that scored for us, through their defender (snap_players). A pick-six is one Interception event, so the counters
 * cannot tell it (docs/product.md §10 "Touchdowns and safeties"); index snaps_team_kind_idx keeps this to the
 * team's interception snaps. One query; `playerId` narrows it to one player.
 */
export async function returnTouchdownsByPlayer(
  db: Kysely<DB>,
  teamId: string,
  scope: ReturnTouchdownScope,
  playerId?: string,
): Promise<Map<string, number>> {
  let q = returnTouchdownsQuery(db, teamId, scope);
  if (playerId !== undefined) q = q.where("sp.player_id", "=", playerId);
  return byPlayer(await q.execute());
}

function returnTouchdownsQuery(db: Kysely<DB>, teamId: string, scope: ReturnTouchdownScope) {
  let q = db
    .selectFrom("snaps as n")
    .innerJoin("snap_players as sp", "sp.snap_id", "n.id")
    .select((eb) => ["sp.player_id", eb.fn.countAll<number | string>().as("n")])
    .where("n.team_id", "=", teamId)
    .where("n.kind", "=", "interception")
    .where("n.our_points", ">", 0)
    .where("sp.role", "=", "defender");
  if ("sessionId" in scope) q = q.where("n.session_id", "=", scope.sessionId);
  else {
    const season = scope.seasonId;
    q = q.where("n.session_id", "in", (eb) =>
      eb
        .selectFrom("team_sessions as ts")
        .select("ts.id")
        .where("ts.team_id", "=", teamId)
        .where("ts.season_id", "=", season),
    );
    if (scope.since !== undefined) q = q.where("n.occurred_at", ">=", scope.since);
  }
  return q.groupBy("sp.player_id");
}

const byPlayer = (rows: ReadonlyArray<{ player_id: string; n: number | string }>) =>
  new Map(rows.map((r) => [r.player_id, Number(r.n)]));

/*
 * The leaderboard's two reads for a season named by id, prepared (db/prepared.ts): the live stream reads them for
 * every change a team's coaches are shown.
 */
const seasonPlayersWithCounters = prepared((db, p: { teamId: string; seasonId: string }) =>
  teamPlayersWithCounters(db, p.teamId, p.seasonId),
);
const seasonReturnTouchdowns = prepared((db, p: { teamId: string; seasonId: string }) =>
  returnTouchdownsQuery(db, p.teamId, { seasonId: p.seasonId }),
);

/**
 * Rows of teamPlayersWithCounters grouped per player (in first-seen order): the player's first row and aggregate,
 * with their return touchdowns from `returns` (returnTouchdownsByPlayer of the same season).
 */
export function groupCounterRows<R extends CounterRow>(
  rows: readonly R[],
  returns: ReadonlyMap<string, number>,
): { row: R; aggregate: PlayerAggregate }[] {
  const groups = new Map<string, { row: R; aggregate: PlayerAggregate & { counters: EventTypeCounter[] } }>();
  for (const r of rows) {
    let g = groups.get(r.user_id);
    if (!g) {
      g = {
        row: r,
        aggregate: {
          counters: [],
          attendance: { attended: Number(r.attendance_attended ?? 0), total: Number(r.attendance_total ?? 0) },
          lastEventAt: r.last_event_at ?? null,
          returnTouchdowns: returns.get(r.user_id) ?? 0,
        },
      };
      groups.set(r.user_id, g);
    }
    if (r.event_type !== null) {
      g.aggregate.counters.push({ eventType: r.event_type, count: Number(r.count ?? 0), yards: Number(r.yards ?? 0) });
    }
  }
  return [...groups.values()];
}

/**
 * The docs/product.md §3 summary from a profile row and its aggregate: a malformed positions column or counter gives the
 * blank summary (docs/product.md §8).
 */
export function summarizeRow(
  r: ProfileColumns,
  aggregate: PlayerAggregate,
  opts: SummaryErrorHandler = {},
): PlayerSummary {
  const onError = (error: unknown) => opts.onPlayerError?.(r.user_id, error);
  let profile: PlayerProfile;
  try {
    profile = {
      id: r.user_id,
      fullName: r.full_name,
      jerseyNumber: r.jersey_number,
      primaryPosition: r.primary_position,
      positions: parseStringList(r.positions),
      photoUrl: photoUrl(r.photo_file_id),
    };
  } catch (error) {
    onError(error);
    return blankPlayerSummary({ id: r.user_id, fullName: r.full_name, jerseyNumber: r.jersey_number });
  }
  return safePlayerSummary(profile, aggregate, onError);
}

/**
 * The docs/product.md §3 summary of every player of a team, best score first. One SQL query whatever the team size
 * (teamPlayersWithCounters), grouped here. A player whose data cannot be processed gets the blank summary.
 */
export async function teamPlayerSummaries(
  db: Kysely<DB>,
  teamId: string,
  opts: SummaryErrorHandler & SeasonOption = {},
): Promise<PlayerSummary[]> {
  const seasonId = opts.seasonId;
  const [rows, returns] = await Promise.all([
    seasonId === undefined
      ? teamPlayersWithCounters(db, teamId).execute()
      : seasonPlayersWithCounters(db, { teamId, seasonId }),
    seasonId === undefined
      ? returnTouchdownsByPlayer(db, teamId, { seasonId: seasonOrCurrent(teamId, undefined) })
      : seasonReturnTouchdowns(db, { teamId, seasonId }).then(byPlayer),
  ]);
  const summaries = groupCounterRows(rows, returns).map(({ row, aggregate }) => summarizeRow(row, aggregate, opts));
  return sortPlayers(summaries, "performanceScore", "desc");
}

/**
 * One player's own summary on their team, found also while they wait for the coach to confirm them
 * (docs/product.md §11), with whether they are confirmed: the same summary the coach's roster shows once they are.
 * Null when the user is not a player of the team.
 */
export async function ownPlayerSummary(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SummaryErrorHandler & SeasonOption = {},
): Promise<{ summary: PlayerSummary; confirmed: boolean } | null> {
  const [rows, returns] = await Promise.all([
    teamPlayersWithCounters(db, teamId, opts.seasonId, { includeWaiting: true })
      .select("p.confirmed")
      .where("p.user_id", "=", playerId)
      .execute(),
    returnTouchdownsByPlayer(db, teamId, { seasonId: seasonOrCurrent(teamId, opts.seasonId) }, playerId),
  ]);
  const [own] = groupCounterRows(rows, returns);
  if (!own) return null;
  return { summary: summarizeRow(own.row, own.aggregate, opts), confirmed: Number(own.row.confirmed) === 1 };
}
