import { randomUUID } from "node:crypto";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Season } from "#domain/api/seasons.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import type { DB, SeasonRecord } from "./schema.js";
import { createFirstSeason, removePlayerFromTeam } from "./teams.js";
import { prepared } from "./prepared.js";

/*
 * Seasons (docs/product.md §11, decision 0013). A team's current season is its newest by start day; starting a
 * new one closes the current one the day before. Sessions and events carry their season (migration 007), and the
 * counters are kept per season, so reading a season costs what reading "the season" always did.
 */

/** Which season a read covers: a season id of the team (the route's check), or absent for the current season. */
export interface SeasonOption {
  seasonId?: string;
}

/** A season id, or the team's current season as a subquery (one statement, no extra round trip). */
export function seasonOrCurrent(teamId: string, seasonId: string | undefined): string | RawBuilder<string> {
  return (
    seasonId ??
    sql<string>`(select cs.id from seasons cs where cs.team_id = ${teamId} order by cs.starts_on desc limit 1)`
  );
}

/** The day before a 'YYYY-MM-DD' day. */
function dayBefore(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** Today's UTC day, 'YYYY-MM-DD'. */
export function todayUtc(): string {
  return nowIso().slice(0, 10);
}

/** The team's current season (newest by start day), or null for a team without one. */
const currentSeasonRow = prepared((db, p: { teamId: string }) =>
  db.selectFrom("seasons").selectAll().where("team_id", "=", p.teamId).orderBy("starts_on", "desc").limit(1),
);

export async function currentSeason(db: Kysely<DB>, teamId: string): Promise<SeasonRecord | null> {
  const [row] = await currentSeasonRow(db, { teamId });
  return row ?? null;
}

/**
 * The season new sessions go to: the team's current one. A team without seasons (made before them by hand, say)
 * gets its first here.
 */
export async function seasonForNewSession(db: Kysely<DB>, teamId: string): Promise<string> {
  const season = await currentSeason(db, teamId);
  return season ? season.id : (await createFirstSeason(db, teamId)).id;
}

/** A season a stat read is about. */
export interface SeasonScope {
  id: string;
  name: string;
  current: boolean;
  startsOn: string;
  endsOn: string | null;
}

/**
 * The season a read asks for: `seasonId` when it is one of the team's (else null: answered like an unknown id),
 * or the current season when absent (null only for a team without seasons).
 */
export async function resolveSeason(
  db: Kysely<DB>,
  teamId: string,
  seasonId: string | undefined,
): Promise<SeasonScope | null> {
  const current = await currentSeason(db, teamId);
  if (!current) return null;
  let row = current;
  if (seasonId !== undefined && seasonId !== current.id) {
    const found = await db
      .selectFrom("seasons")
      .selectAll()
      .where("id", "=", seasonId)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    if (!found) return null;
    row = found;
  }
  return { id: row.id, name: row.name, current: row.id === current.id, startsOn: row.starts_on, endsOn: row.ends_on };
}

/** The team's seasons, newest first, with how many sessions each holds. */
export async function listSeasons(db: Kysely<DB>, teamId: string): Promise<Season[]> {
  const rows = await db
    .selectFrom("seasons as s")
    .selectAll("s")
    .select((eb) =>
      eb
        .selectFrom("team_sessions as t")
        .select((t) => t.fn.countAll<number | string>().as("n"))
        .whereRef("t.season_id", "=", "s.id")
        .as("session_count"),
    )
    .where("s.team_id", "=", teamId)
    .orderBy("s.starts_on", "desc")
    .execute();
  return rows.map((r, i) => ({
    id: r.id,
    name: r.name,
    startsOn: r.starts_on,
    endsOn: r.ends_on,
    current: i === 0,
    sessionCount: Number(r.session_count ?? 0),
    createdAt: r.created_at,
  }));
}

/** Why a season write was refused (the route turns each into a 409 with a message). */
export type SeasonConflict =
  | { code: "season_starts_too_early"; after: string }
  | { code: "season_name_taken" }
  | { code: "season_dates_overlap"; neighbour: string }
  | { code: "season_dates_order" }
  | { code: "season_open_end" }
  | { code: "season_leaves_out_sessions"; count: number }
  | { code: "season_leaving_unknown"; count: number };

/** Locks the team's seasons for a change (PostgreSQL; SQLite runs one writer at a time). */
async function lockedSeasons(trx: Kysely<DB>, teamId: string): Promise<SeasonRecord[]> {
  let q = trx.selectFrom("seasons").selectAll().where("team_id", "=", teamId).orderBy("starts_on", "desc");
  if (engineOf(trx) === "postgres") q = q.forUpdate();
  return q.execute();
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Starts a new season for the team: the current one closes the day before `startsOn` (which must come after the
 * current season's start). The players in `leaving` do not return: each leaves the team by the roster's own removal
 * (`removePlayerFromTeam`), in the same transaction, so their history stays in the past seasons; every id must be
 * a player of the team, or nothing changes. The rest of the roster is untouched; new sessions and events go to the
 * new season.
 */
export async function startSeason(
  db: Kysely<DB>,
  teamId: string,
  input: { name: string; startsOn: string; leaving?: readonly string[] },
): Promise<{ season: SeasonRecord; left: string[] } | SeasonConflict> {
  const leaving = [...new Set(input.leaving ?? [])];
  return inTransaction(db, async (trx) => {
    const seasons = await lockedSeasons(trx, teamId);
    const current = seasons[0];
    if (current && input.startsOn <= current.starts_on)
      return { code: "season_starts_too_early", after: current.starts_on } as const;
    if (seasons.some((s) => sameName(s.name, input.name))) return { code: "season_name_taken" } as const;
    for (const id of leaving) {
      if (!(await removePlayerFromTeam(trx, teamId, id))) {
        // Not a player of the team: refuse the whole start. Throwing rolls the removals back.
        throw new UnknownLeaving();
      }
    }
    if (current)
      await trx
        .updateTable("seasons")
        .set({ ends_on: dayBefore(input.startsOn) })
        .where("id", "=", current.id)
        .execute();
    const season = await trx
      .insertInto("seasons")
      .values({
        id: randomUUID(),
        team_id: teamId,
        name: input.name,
        starts_on: input.startsOn,
        ends_on: null,
        created_at: nowIso(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { season, left: leaving };
  }).catch((error: unknown) => {
    if (error instanceof UnknownLeaving) return { code: "season_leaving_unknown", count: leaving.length } as const;
    throw error;
  });
}

/** Thrown inside startSeason's transaction to undo it when a leaving id is not a player of the team. */
class UnknownLeaving extends Error {}

/**
 * Renames a season of the team or moves its dates. Dates stay consistent: start ≤ end, no overlap with the
 * seasons before and after, the current season stays open (it ends only when the next one starts), the newest
 * stays the current one, and no practice or game of the season dated inside its old dates falls outside the new
 * ones. Returns null when the team has no such season.
 */
export async function updateSeason(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  patch: { name?: string; startsOn?: string; endsOn?: string },
): Promise<{ season: SeasonRecord } | SeasonConflict | null> {
  return inTransaction(db, async (trx) => {
    const seasons = await lockedSeasons(trx, teamId);
    const index = seasons.findIndex((s) => s.id === id);
    if (index < 0) return null;
    const season = seasons[index]!;
    const newer = seasons[index - 1];
    const older = seasons[index + 1];
    if (patch.name !== undefined && seasons.some((s) => s.id !== id && sameName(s.name, patch.name!)))
      return { code: "season_name_taken" } as const;

    const startsOn = patch.startsOn ?? season.starts_on;
    const endsOn = patch.endsOn ?? season.ends_on;
    if (patch.endsOn !== undefined && !newer) return { code: "season_open_end" } as const;
    if (endsOn !== null && startsOn > endsOn) return { code: "season_dates_order" } as const;
    if (newer && endsOn !== null && endsOn >= newer.starts_on)
      return { code: "season_dates_overlap", neighbour: newer.name } as const;
    if (older && (startsOn <= (older.ends_on ?? older.starts_on) || startsOn <= older.starts_on))
      return { code: "season_dates_overlap", neighbour: older.name } as const;

    if (startsOn !== season.starts_on || endsOn !== season.ends_on) {
      let q = trx
        .selectFrom("team_sessions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("season_id", "=", id)
        .where("date", ">=", season.starts_on);
      if (season.ends_on !== null) q = q.where("date", "<=", season.ends_on);
      q = q.where((eb) =>
        endsOn === null ? eb("date", "<", startsOn) : eb.or([eb("date", "<", startsOn), eb("date", ">", endsOn)]),
      );
      const left = Number((await q.executeTakeFirstOrThrow()).n);
      if (left > 0) return { code: "season_leaves_out_sessions", count: left } as const;
    }

    const updated = await trx
      .updateTable("seasons")
      .set({ name: patch.name ?? season.name, starts_on: startsOn, ends_on: endsOn })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { season: updated };
  });
}
