import { sql, type Kysely } from "kysely";
import { eventsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { inTransaction } from "./engine.js";
import type { DB } from "./schema.js";

/** One counter that disagrees with a recount from the source rows (events, attendance). */
interface Drift {
  playerId: string;
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
}

const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * Recounts every maintained counter from the events and attendance tables with grouped SQL (no rows are pulled
 * into memory one by one), and lists each place the stored counters disagree.
 */
export async function checkIntegrity(db: Kysely<DB>): Promise<IntegrityReport> {
  const [typeCounts, stored, perPlayer, stats, attendance] = await Promise.all([
    db
      .selectFrom("events")
      .select(["player_id", "event_type"])
      .select((eb) => [eb.fn.countAll().as("n"), sql<number>`coalesce(sum(yards), 0)`.as("y")])
      .groupBy(["player_id", "event_type"])
      .execute(),
    db.selectFrom("player_event_counts").selectAll().execute(),
    db
      .selectFrom("events")
      .select("player_id")
      .select((eb) => [eb.fn.countAll().as("n"), eb.fn.max("occurred_at").as("last")])
      .groupBy("player_id")
      .execute(),
    db.selectFrom("player_stats").selectAll().execute(),
    db
      .selectFrom("attendance")
      .select("player_id")
      .select((eb) => [eb.fn.countAll().as("n"), sql<number>`coalesce(sum(present), 0)`.as("p")])
      .groupBy("player_id")
      .execute(),
  ]);

  const drift: Drift[] = [];
  const recountedTypes = new Map<string, { count: number; yards: number }>();
  for (const r of typeCounts)
    recountedTypes.set(`${r.player_id}\u0000${r.event_type}`, { count: num(r.n), yards: num(r.y) });
  const storedTypes = new Map<string, { count: number; yards: number }>();
  for (const r of stored)
    storedTypes.set(`${r.player_id}\u0000${r.event_type}`, { count: num(r.count), yards: num(r.yards) });
  for (const key of new Set([...recountedTypes.keys(), ...storedTypes.keys()])) {
    const [playerId, eventType] = key.split("\u0000") as [string, string];
    const a = storedTypes.get(key) ?? { count: 0, yards: 0 };
    const b = recountedTypes.get(key) ?? { count: 0, yards: 0 };
    if (a.count !== b.count) drift.push({ playerId, field: `count:${eventType}`, stored: a.count, recounted: b.count });
    if (a.yards !== b.yards) drift.push({ playerId, field: `yards:${eventType}`, stored: a.yards, recounted: b.yards });
  }

  const recountedPlayers = new Map(
    perPlayer.map((r) => [r.player_id, { n: num(r.n), last: (r.last as string | null) ?? null }]),
  );
  const recountedAttendance = new Map(attendance.map((r) => [r.player_id, { n: num(r.n), p: num(r.p) }]));
  const storedStats = new Map(stats.map((s) => [s.player_id, s]));
  const players = new Set([...recountedPlayers.keys(), ...recountedAttendance.keys(), ...storedStats.keys()]);
  for (const playerId of players) {
    const s = storedStats.get(playerId);
    const e = recountedPlayers.get(playerId) ?? { n: 0, last: null };
    const a = recountedAttendance.get(playerId) ?? { n: 0, p: 0 };
    const check = (field: string, stored: number | string | null, recounted: number | string | null) => {
      if (stored !== recounted) drift.push({ playerId, field, stored, recounted });
    };
    check("eventCount", num(s?.event_count), e.n);
    check("lastEventAt", e.n === 0 ? null : (s?.last_event_at ?? null), e.last);
    check("attendanceTotal", num(s?.attendance_total), a.n);
    check("attendanceAttended", num(s?.attendance_attended), a.p);
  }
  const events = perPlayer.reduce((sum, r) => sum + num(r.n), 0);
  const snapCheck = await checkSnapEvents(db);
  return { events, players: players.size, drift, snaps: snapCheck.snaps, snapMismatches: snapCheck.mismatches };
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
        implied = eventsOfSnap(detail).map(
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
    await sql`insert into player_event_counts (player_id, event_type, count, yards)
      select player_id, event_type, count(*), coalesce(sum(yards), 0) from events group by player_id, event_type`.execute(
      trx,
    );
    await trx
      .updateTable("player_stats")
      .set({ event_count: 0, last_event_at: null, attendance_total: 0, attendance_attended: 0 })
      .execute();
    await sql`insert into player_stats (player_id, event_count, last_event_at, attendance_total, attendance_attended)
      select p.user_id, 0, null, 0, 0 from profiles p
      where p.user_id in (select player_id from events union select player_id from attendance)
        and p.user_id not in (select player_id from player_stats)`.execute(trx);
    await sql`update player_stats set
      event_count = (select count(*) from events e where e.player_id = player_stats.player_id),
      last_event_at = (select max(occurred_at) from events e where e.player_id = player_stats.player_id),
      attendance_total = (select count(*) from attendance a where a.player_id = player_stats.player_id),
      attendance_attended = (select coalesce(sum(present), 0) from attendance a where a.player_id = player_stats.player_id)`.execute(
      trx,
    );
  });
}
