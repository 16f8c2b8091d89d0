import { sql, type Kysely } from "kysely";
import { eventsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { inTransaction } from "./dialect.js";
import { countOf } from "./rows.js";
import type { DB } from "./schema.js";
import { checkTallies, rebuildTallies, type TallyDrift } from "./tallies/recount.js";

/** One counter that disagrees with a recount from the source rows (events, attendance). */
interface Drift {
  playerId: string;
  seasonId: string;
  /** "count:Pass TD", "yards:Catch", "eventCount", "lastEventAt", "attendanceTotal", "attendanceAttended" */
  field: string;
  stored: number | string | null;
  recounted: number | string | null;
}

/** A snap whose events are not the ones its detail implies (domain/snaps.ts eventsOfSnap). */
interface SnapMismatch {
  snapId: string;
  /** The events the detail implies, as "player type yards" (sorted); with the snap's session, play and time. */
  expected: string[];
  /** The events stored with this snap_id, written the same way. */
  stored: string[];
}

export interface IntegrityReport {
  events: number;
  players: number;
  drift: Drift[];
  /** Snaps checked against their events. */
  snaps: number;
  /**
   * Snaps whose stored events differ from what their detail implies. Not fixed by rebuildCounters (the counters
   * follow the events either way); a snap's points are not checked: they stay as the rules were when it was
   * written (db/league-rules.ts).
   */
  snapMismatches: SnapMismatch[];
  /** Tally rows (decision 0015) that disagree with a recount; fixed by rebuildCounters. */
  tallyDrift: TallyDrift[];
}

/**
 * Recounts every maintained counter from the events and attendance tables with grouped SQL (no rows are pulled
 * into memory one by one), and lists each place the stored counters disagree.
 */
export async function checkIntegrity(db: Kysely<DB>): Promise<IntegrityReport> {
  const [typeCounts, stored, perPlayer, stats, attendance] = await Promise.all([
    db
      .selectFrom("events")
      .select(["player_id", "season_id", "event_type"])
      .select((eb) => [eb.fn.countAll().as("n"), sql<number>`coalesce(sum(yards), 0)`.as("y")])
      .groupBy(["player_id", "season_id", "event_type"])
      .execute(),
    db.selectFrom("player_event_counts").selectAll().execute(),
    db
      .selectFrom("events")
      .select(["player_id", "season_id"])
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.max("occurred_at").as("last")])
      .groupBy(["player_id", "season_id"])
      .execute(),
    db.selectFrom("player_stats").selectAll().execute(),
    db
      .selectFrom("attendance as a")
      .innerJoin("team_sessions as s", "s.id", "a.session_id")
      .select(["a.player_id", "s.season_id"])
      .select((eb) => [eb.fn.countAll().as("n"), sql<number>`coalesce(sum(a.present), 0)`.as("p")])
      .groupBy(["a.player_id", "s.season_id"])
      .execute(),
  ]);

  const drift: Drift[] = [];
  const recountedTypes = new Map<string, { count: number; yards: number }>();
  // Counters are kept per (player, season): decision 0013.
  const k = (playerId: string, seasonId: string) => `${playerId}\u0000${seasonId}`;
  for (const r of typeCounts)
    recountedTypes.set(`${k(r.player_id, r.season_id)}\u0000${r.event_type}`, {
      count: countOf(r.n),
      yards: countOf(r.y),
    });
  const storedTypes = new Map<string, { count: number; yards: number }>();
  for (const r of stored)
    storedTypes.set(`${k(r.player_id, r.season_id)}\u0000${r.event_type}`, {
      count: countOf(r.count),
      yards: countOf(r.yards),
    });
  for (const key of new Set([...recountedTypes.keys(), ...storedTypes.keys()])) {
    const [playerId, seasonId, eventType] = key.split("\u0000") as [string, string, string];
    const a = storedTypes.get(key) ?? { count: 0, yards: 0 };
    const b = recountedTypes.get(key) ?? { count: 0, yards: 0 };
    if (a.count !== b.count)
      drift.push({ playerId, seasonId, field: `count:${eventType}`, stored: a.count, recounted: b.count });
    if (a.yards !== b.yards)
      drift.push({ playerId, seasonId, field: `yards:${eventType}`, stored: a.yards, recounted: b.yards });
  }

  const recountedPlayers = new Map(
    perPlayer.map((r) => [k(r.player_id, r.season_id), { n: countOf(r.n), last: (r.last as string | null) ?? null }]),
  );
  const recountedAttendance = new Map(
    attendance.map((r) => [k(r.player_id, r.season_id), { n: countOf(r.n), p: countOf(r.p) }]),
  );
  const storedStats = new Map(stats.map((s) => [k(s.player_id, s.season_id), s]));
  const keys = new Set([...recountedPlayers.keys(), ...recountedAttendance.keys(), ...storedStats.keys()]);
  const players = new Set([...keys].map((key) => key.split("\u0000")[0]));
  for (const key of keys) {
    const [playerId, seasonId] = key.split("\u0000") as [string, string];
    const s = storedStats.get(key);
    const e = recountedPlayers.get(key) ?? { n: 0, last: null };
    const a = recountedAttendance.get(key) ?? { n: 0, p: 0 };
    const check = (field: string, stored: number | string | null, recounted: number | string | null) => {
      if (stored !== recounted) drift.push({ playerId, seasonId, field, stored, recounted });
    };
    check("eventCount", countOf(s?.event_count), e.n);
    check("lastEventAt", e.n === 0 ? null : (s?.last_event_at ?? null), e.last);
    check("attendanceTotal", countOf(s?.attendance_total), a.n);
    check("attendanceAttended", countOf(s?.attendance_attended), a.p);
  }
  const events = perPlayer.reduce((sum, r) => sum + countOf(r.n), 0);
  const [snapCheck, tallyDrift] = await Promise.all([checkSnapEvents(db), checkTallies(db)]);
  return {
    events,
    players: players.size,
    drift,
    snaps: snapCheck.snaps,
    snapMismatches: snapCheck.mismatches,
    tallyDrift,
  };
}

/** Snaps read per page when checking their events: bounded memory whatever the database holds. */
const SNAP_PAGE = 1000;

const eventKey = (e: {
  playerId: string;
  eventType: string;
  yards: number | null;
  sessionId: string | null;
  playId: string | null;
  occurredAt: string;
}) => `${e.playerId} ${e.eventType} ${e.yards ?? "-"} session=${e.sessionId} play=${e.playId} at=${e.occurredAt}`;

/** The players a stored detail's events name (none when it is not a snap: that is reported below). */
function playersOfDetail(text: string): string[] {
  try {
    return eventsOfSnap(JSON.parse(text) as SnapDetail).map((e) => e.playerId);
  } catch {
    return [];
  }
}

/**
 * Every snap's events against eventsOfSnap(detail): same players, types and yards, with the snap's session, play
 * and time. Snaps are read in pages by id, each page's events in one query.
 */
async function checkSnapEvents(db: Kysely<DB>): Promise<{ snaps: number; mismatches: SnapMismatch[] }> {
  const mismatches: SnapMismatch[] = [];
  let snaps = 0;
  let after: string | null = null;
  for (;;) {
    let q = db
      .selectFrom("snaps")
      .select(["id", "team_id", "session_id", "play_id", "occurred_at", "detail"])
      .orderBy("id")
      .limit(SNAP_PAGE);
    if (after !== null) q = q.where("id", ">", after);
    const page = await q.execute();
    if (page.length === 0) break;
    after = page.at(-1)!.id;
    snaps += page.length;
    const stored = new Map<string, string[]>();
    const rows = await db
      .selectFrom("events")
      .select(["snap_id", "team_id", "player_id", "event_type", "yards", "session_id", "play_id", "occurred_at"])
      .where(
        "snap_id",
        "in",
        page.map((s) => s.id),
      )
      .execute();
    for (const e of rows) {
      const list = stored.get(e.snap_id!) ?? [];
      list.push(
        eventKey({
          playerId: e.player_id,
          eventType: e.event_type,
          yards: e.yards === null ? null : Number(e.yards),
          sessionId: e.session_id,
          playId: e.play_id,
          occurredAt: e.occurred_at,
        }) + ` team=${e.team_id}`,
      );
      stored.set(e.snap_id!, list);
    }
    // A player whose account was deleted (DELETE /api/me) took their events along; the snap stays in the game.
    const named = new Set<string>();
    for (const s of page) for (const id of playersOfDetail(s.detail)) named.add(id);
    const present = new Set(
      named.size
        ? (
            await db
              .selectFrom("profiles")
              .select("user_id")
              .where("user_id", "in", [...named])
              .execute()
          ).map((p) => p.user_id)
        : [],
    );
    for (const s of page) {
      let detail: SnapDetail;
      try {
        detail = JSON.parse(s.detail) as SnapDetail;
      } catch {
        mismatches.push({ snapId: s.id, expected: ["(detail is not JSON)"], stored: (stored.get(s.id) ?? []).sort() });
        continue;
      }
      let implied: string[];
      try {
        implied = eventsOfSnap(detail)
          .filter((e) => present.has(e.playerId))
          .map(
            (e) =>
              eventKey({ ...e, sessionId: s.session_id, playId: s.play_id, occurredAt: s.occurred_at }) +
              ` team=${s.team_id}`,
          );
      } catch {
        implied = ["(detail is not a snap)"];
      }
      const expected = implied.sort();
      const got = (stored.get(s.id) ?? []).sort();
      if (expected.length !== got.length || expected.some((k, i) => k !== got[i]))
        mismatches.push({ snapId: s.id, expected, stored: got });
    }
    if (page.length < SNAP_PAGE) break;
  }
  return { snaps, mismatches };
}

/** Rebuilds every counter from the source rows in one transaction (the fix for any drift checkIntegrity finds). */
export async function rebuildCounters(db: Kysely<DB>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("player_event_counts").execute();
    await sql`insert into player_event_counts (player_id, season_id, event_type, count, yards)
      select player_id, season_id, event_type, count(*), coalesce(sum(yards), 0)
      from events group by player_id, season_id, event_type`.execute(trx);
    // Per (player, season), as migration 007 first built them.
    await trx.deleteFrom("player_stats").execute();
    await sql`insert into player_stats
        (player_id, season_id, event_count, last_event_at, attendance_total, attendance_attended)
      select player_id, season_id, sum(n), max(last_at), sum(total), sum(attended) from (
        select player_id, season_id, count(*) as n, max(occurred_at) as last_at, 0 as total, 0 as attended
        from events group by player_id, season_id
        union all
        select a.player_id, s.season_id, 0, null, count(*), coalesce(sum(a.present), 0)
        from attendance a join team_sessions s on s.id = a.session_id group by a.player_id, s.season_id
      ) parts group by player_id, season_id`.execute(trx);
    await rebuildTallies(trx);
  });
}
