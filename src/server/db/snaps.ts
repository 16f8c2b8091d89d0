import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { SnapDto } from "#domain/api/game.js";
import type { LeagueRules } from "#domain/league-rules.js";
import { snapPeriod, type PeriodStart } from "#domain/periods.js";
import { parseLineup } from "#domain/playing-time.js";
import { eventsOfSnap, participantsOfSnap, pointsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import {
  applyCounterChanges,
  counted as countedEvent,
  assertIsoTimestamp,
  deleteEventRowsOfSnaps,
  insertNewEventRows,
  type NewEvent,
} from "./events.js";
import { createGroupCommit } from "./group-commit.js";
import { getLeagueRules } from "./league-rules.js";
import { retryOnDeadlock } from "./retry.js";
import type { DB, SnapRecord } from "./schema.js";
import { sessionPeriods } from "./team-sessions.js";
import { prepared } from "./prepared.js";

/*
 * Snaps (docs/product.md §10, decision 0010): one row per down, written in ONE transaction with what it implies:
 * the per-player events of domain/snaps.ts eventsOfSnap (fresh server-made ids, snap_id set, the snap's session,
 * play and time), the counters those events feed (db/events.ts applyCounterChanges: the same atomic x = x + d
 * statements as every event write), and its participants (snap_players). Editing or deleting a snap rewrites or
 * removes all of that in one transaction too, so a snap's events and the counters never disagree with it.
 *
 * A snap's points are computed once, under the team's rules when it is written (or edited), and stored: changing
 * the rules later does not rewrite past snaps (db/league-rules.ts).
 *
 * The player, session and play references are the route's check (db/team-references.ts) before anything is
 * written; the foreign keys catch one removed in between, which rolls the whole write back.
 */

/** A snap to write, as the API sends it (validated). */
export interface NewSnapRow {
  /** Made by the client: writing the same id again is a no-op. */
  id: string;
  sessionId: string;
  playId: string | null;
  /** The period the phone logged it in: the server files it in the game's (domain/periods.ts snapPeriod). */
  period: number;
  firstDown: boolean;
  /** ISO-8601 UTC with milliseconds. */
  occurredAt: string;
  detail: SnapDetail;
  /** The players on the field (lineup mode); null: none given, the snap counts for nobody's playing time. */
  lineup?: readonly string[] | null;
}

export type SnapWriteStatus = "created" | "duplicate";

/** Some of the snap ids belong to another team's snaps: nothing was written. */
export class SnapIdTakenError extends Error {
  constructor(readonly ids: ReadonlySet<string>) {
    super("snap id taken by another team");
  }
}

/** Some of the snaps are of a game that is final: nothing was written (a final game takes no snaps until reopened). */
export class GameFinalError extends Error {
  constructor(readonly ids: ReadonlySet<string>) {
    super("snaps of a final game");
  }
}

/** The snap's fields a snap row and its events take from the detail and the rules. */
function snapColumns(detail: SnapDetail, rules: LeagueRules) {
  const points = pointsOfSnap(detail, rules);
  return { kind: detail.kind, detail: JSON.stringify(detail), our_points: points.us, their_points: points.them };
}

/** A lineup as the `snaps.lineup` column holds it: JSON text, null for none. */
function lineupColumn(lineup: readonly string[] | null | undefined): string | null {
  return lineup ? JSON.stringify(lineup) : null;
}

/** The events a snap implies, as rows to insert (new ids: an edit replaces them, it never updates them). */
function impliedEvents(
  teamId: string,
  createdBy: string,
  snap: { id: string; sessionId: string; playId: string | null; occurredAt: string; detail: SnapDetail },
  seasonId: string,
): NewEvent[] {
  return eventsOfSnap(snap.detail).map((e) => ({
    id: randomUUID(),
    teamId,
    playerId: e.playerId,
    eventType: e.eventType,
    yards: e.yards,
    sessionId: snap.sessionId,
    playId: snap.playId,
    occurredAt: snap.occurredAt,
    createdBy,
    snapId: snap.id,
    seasonId,
  }));
}

/** The season of each of these sessions of the team (a snap's events are in its session's season). */
async function seasonsOfSessions(
  trx: Kysely<DB>,
  teamId: string,
  sessionIds: readonly string[],
): Promise<Map<string, string>> {
  return (await sessionsOfSnaps(trx, teamId, sessionIds)).seasons;
}

/** These sessions of the team: their seasons, and which are final games. */
async function sessionsOfSnaps(
  trx: Kysely<DB>,
  teamId: string,
  sessionIds: readonly string[],
): Promise<{ seasons: Map<string, string>; final: Set<string> }> {
  const ids = [...new Set(sessionIds)];
  if (ids.length === 0) return { seasons: new Map(), final: new Set() };
  const rows = await trx
    .selectFrom("team_sessions")
    .select(["id", "season_id", "ended_at"])
    .where("team_id", "=", teamId)
    .where("id", "in", ids)
    .execute();
  return {
    seasons: new Map(rows.map((r) => [r.id, r.season_id])),
    final: new Set(rows.filter((r) => r.ended_at !== null).map((r) => r.id)),
  };
}

function seasonOfSession(seasons: Map<string, string>, sessionId: string): string {
  const season = seasons.get(sessionId);
  // The route checked the session is the team's; one deleted since is the foreign key's to refuse.
  if (season === undefined) throw new Error(`session ${sessionId} is not the team's`);
  return season;
}

async function insertParticipants(trx: Kysely<DB>, snaps: readonly { id: string; detail: SnapDetail }[]) {
  const rows = snaps.flatMap((s) =>
    participantsOfSnap(s.detail).map((p) => ({ snap_id: s.id, player_id: p.playerId, role: p.role })),
  );
  for (let i = 0; i < rows.length; i += 500) await insertSnapPlayers(trx, { rows: rows.slice(i, i + 500) });
}

/* The writes of every snap, prepared (db/prepared.ts, decision 0032): their rows go in as they are. */
const insertSnapPlayers = prepared((db, p: { rows: readonly { snap_id: string; player_id: string; role: string }[] }) =>
  db.insertInto("snap_players").values(p.rows),
);

const insertSnapRows = prepared((db, p: { rows: readonly ReturnType<typeof snapRow>[] }) =>
  db
    .insertInto("snaps")
    .values(p.rows)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id"),
);

/** A new snap's row. */
function snapRow(
  s: NewSnapRow,
  at: { teamId: string; createdBy: string; createdAt: string; rules: LeagueRules; timeline: readonly PeriodStart[] },
) {
  return {
    id: s.id,
    team_id: at.teamId,
    session_id: s.sessionId,
    play_id: s.playId,
    ...snapColumns(s.detail, at.rules),
    period: snapPeriod(at.timeline, s.occurredAt, s.period),
    first_down: s.firstDown ? (1 as const) : (0 as const),
    occurred_at: s.occurredAt,
    created_by: at.createdBy,
    created_at: at.createdAt,
    lineup: lineupColumn(s.lineup),
  };
}

/**
 * Writes snaps of a team, all or nothing, in one transaction (or the caller's). Returns one status per snap, in
 * order: "duplicate" for an id the team already has (or one sent earlier in the same call), which changes nothing.
 * A new snap is filed in its game's period at its time (decision 0022), not simply the one its phone sent.
 * Throws SnapIdTakenError, writing nothing, when an id is another team's snap, and GameFinalError when a new snap
 * is of a final game (a snap the team already has is still answered "duplicate").
 */
export async function insertSnaps(
  db: Kysely<DB>,
  teamId: string,
  createdBy: string,
  snaps: readonly NewSnapRow[],
): Promise<SnapWriteStatus[]> {
  snaps.forEach((s) => assertIsoTimestamp(s.occurredAt));
  if (snaps.length === 0) return [];
  return inTransaction(db, async (trx) => {
    const rules = await getLeagueRules(trx, teamId);
    const firstIndex = new Map<string, number>();
    snaps.forEach((s, i) => {
      if (!firstIndex.has(s.id)) firstIndex.set(s.id, i);
    });
    const unique = snaps.filter((s, i) => firstIndex.get(s.id) === i);
    const createdAt = nowIso();
    const timelines = await sessionPeriods(
      trx,
      unique.map((s) => s.sessionId),
    );

    const inserted = new Set<string>();
    // 16 values a row: 200 rows stay far below both engines' limits on bound parameters.
    for (let i = 0; i < unique.length; i += 200) {
      const rows = await insertSnapRows(trx, {
        rows: unique
          .slice(i, i + 200)
          .map((s) => snapRow(s, { teamId, createdBy, createdAt, rules, timeline: timelines.get(s.sessionId) ?? [] })),
      });
      for (const r of rows) inserted.add(r.id);
    }

    const existing = unique.filter((s) => !inserted.has(s.id)).map((s) => s.id);
    if (existing.length > 0) {
      const foreign = await trx
        .selectFrom("snaps")
        .select("id")
        .where("id", "in", existing)
        .where("team_id", "<>", teamId)
        .execute();
      if (foreign.length > 0) throw new SnapIdTakenError(new Set(foreign.map((r) => r.id)));
    }

    const fresh = unique.filter((s) => inserted.has(s.id));
    const { seasons, final } = await sessionsOfSnaps(
      trx,
      teamId,
      fresh.map((s) => s.sessionId),
    );
    const intoFinal = fresh.filter((s) => final.has(s.sessionId)).map((s) => s.id);
    if (intoFinal.length > 0) throw new GameFinalError(new Set(intoFinal));
    const events = fresh.flatMap((s) => impliedEvents(teamId, createdBy, s, seasonOfSession(seasons, s.sessionId)));
    await insertNewEventRows(trx, events);
    await applyCounterChanges(trx, [], events.map(counted));
    await insertParticipants(trx, fresh);

    return snaps.map((s, i) => (firstIndex.get(s.id) === i && inserted.has(s.id) ? "created" : "duplicate"));
  });
}

/**
 * Group commit for snap writes, as db/event-writer.ts does for events: the requests that arrive while a batch is
 * being written go together in the next transaction (on SQLite with synchronous=FULL each commit is an fsync),
 * each still all or nothing, each answered only once its batch has committed. When a batch fails (one request
 * names a snap id of another team, or a player removed meanwhile), its requests are written again one
 * transaction each, so only the bad one fails.
 */
/** What the live stream sends of a team's snap change (realtime/team-feed.ts), to be read after the commit. */
export interface LiveReadWish {
  /** The game whose scoreboard the change carries (the snaps' one session). */
  sessionId?: string;
  /** The coaches' leaderboard too. */
  leaderboard: boolean;
}

/** The live stream's payloads of a change, serialized: a scoreboard undefined is a practice's (none to send). */
export interface LiveReads {
  /** The wished game's scoreboard (a change names at most one). */
  scoreboard?: { sessionId: string; body: string | undefined };
  leaderboard?: string;
}

export interface SnapWriter {
  write(teamId: string, createdBy: string, snaps: readonly NewSnapRow[]): Promise<SnapWriteStatus[]>;
  /**
   * Writes like `write`, then reads what the live stream sends of the change on the writer's own connection, right
   * after its commit (decision 0043). Only the snap writer's thread has it. The statuses come as soon as the write
   * is committed; `reads` resolves after them (undefined when they could not be read), and is left out when nothing
   * was created or the thread could not be used.
   */
  writeAndRead?(
    teamId: string,
    createdBy: string,
    snaps: readonly NewSnapRow[],
    wish: LiveReadWish,
  ): Promise<{ statuses: SnapWriteStatus[]; reads?: Promise<LiveReads | undefined> }>;
  /** Resolves when everything queued so far is written. */
  flush(): Promise<void>;
  /** Writes what is queued, then takes no more (a writer thread ends: db/snap-writer-thread.ts). */
  close(): Promise<void>;
}

interface SnapWrite {
  teamId: string;
  createdBy: string;
  snaps: readonly NewSnapRow[];
}

/**
 * The least time between two snap commits on a busy server (decision 0030): on game day each commit cost about 2 ms
 * of a slow host's CPU (the WAL's frames and fsync, the transaction's own statements), and at 100 snaps a second
 * from 1,000 games almost every snap had a commit of its own. At most 50 commits a second, the snaps of several
 * games share one. A snap that arrives when no commit started in the last 20 ms is written at once.
 */
const SNAP_COMMIT_SPACING_MS = 20;

export function createSnapWriter(
  db: Kysely<DB>,
  opts: { maxSnapsPerBatch?: number; commitSpacingMs?: number } = {},
): SnapWriter {
  const writeOne = (w: SnapWrite) => retryOnDeadlock(() => insertSnaps(db, w.teamId, w.createdBy, w.snaps));
  const group = createGroupCommit<SnapWrite, SnapWriteStatus[]>({
    writeBatch: (writes) =>
      retryOnDeadlock(() =>
        inTransaction(db, async (trx) => {
          const out: SnapWriteStatus[][] = [];
          for (const w of writes) out.push(await insertSnaps(trx, w.teamId, w.createdBy, w.snaps));
          return out;
        }),
      ),
    writeOne,
    weight: (w) => w.snaps.length,
    maxBatch: opts.maxSnapsPerBatch ?? 1000,
    spacingMs: opts.commitSpacingMs ?? SNAP_COMMIT_SPACING_MS,
  });
  return {
    write: (teamId, createdBy, snaps) => group.submit({ teamId, createdBy, snaps }),
    flush: () => group.flush(),
    close: () => group.flush(),
  };
}

const counted = (e: NewEvent) => countedEvent(e, e.seasonId!);

/** The snap row of the team, locked against concurrent edits and deletes on PostgreSQL (SQLite: one writer). */
async function lockSnap(trx: Kysely<DB>, key: { id: string; teamId: string }): Promise<SnapRecord | undefined> {
  let q = trx.selectFrom("snaps").selectAll().where("id", "=", key.id).where("team_id", "=", key.teamId);
  if (engineOf(trx) === "postgres") q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * What an edit sends: the snap as it should now be. An omitted play, first-down mark or lineup keeps the stored one.
 */
export interface SnapEdit {
  playId?: string | null;
  period: number;
  firstDown?: boolean;
  detail: SnapDetail;
  lineup?: readonly string[];
}

/** JSON with keys in one order, so two equal details compare equal whatever order their keys came in. */
function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}

/**
 * Rewrites a snap of the team: detail, period, first down, play, its points under the current rules, its
 * participants and its events (the old ones removed from the counters, the new ones added), in one transaction.
 * An edit that changes nothing writes nothing (a replay of the same edit is a no-op). Returns null when the team
 * has no such snap, else whether it changed.
 */
export async function editSnap(
  db: Kysely<DB>,
  key: { id: string; teamId: string },
  editedBy: string,
  edit: SnapEdit,
): Promise<{ changed: boolean } | null> {
  return inTransaction(db, async (trx) => {
    const row = await lockSnap(trx, key);
    if (!row) return null;
    const playId = edit.playId === undefined ? row.play_id : edit.playId;
    const firstDown = edit.firstDown === undefined ? row.first_down === 1 : edit.firstDown;
    const lineup = edit.lineup === undefined ? row.lineup : lineupColumn(edit.lineup);
    const detailSame =
      edit.period === row.period && canonicalJson(edit.detail) === canonicalJson(JSON.parse(row.detail));
    const same = lineup === row.lineup && playId === row.play_id && firstDown === (row.first_down === 1) && detailSame;
    if (same) return { changed: false };

    const rules = await getLeagueRules(trx, key.teamId);
    const removed = await deleteEventRowsOfSnaps(trx, key.teamId, [key.id]);
    // The new events keep the snap's time and session, and name the coach who first logged it: who edited is on
    // the snap (edited_by).
    const seasons = await seasonsOfSessions(trx, key.teamId, [row.session_id]);
    const added = impliedEvents(
      key.teamId,
      row.created_by,
      { id: key.id, sessionId: row.session_id, playId, occurredAt: row.occurred_at, detail: edit.detail },
      seasonOfSession(seasons, row.session_id),
    );
    await insertNewEventRows(trx, added);
    await applyCounterChanges(trx, removed, added.map(counted));

    await trx.deleteFrom("snap_players").where("snap_id", "=", key.id).execute();
    await insertParticipants(trx, [{ id: key.id, detail: edit.detail }]);
    await trx
      .updateTable("snaps")
      .set({
        ...snapColumns(edit.detail, rules),
        play_id: playId,
        period: edit.period,
        first_down: firstDown ? 1 : 0,
        lineup,
        edited_at: nowIso(),
        edited_by: editedBy,
      })
      .where("id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .execute();
    return { changed: true };
  });
}

/**
 * Deletes a snap of the team with its events (taken out of the counters, last event times recomputed as
 * removeEvent does) and its participants, in one transaction. Returns false when the team has no such snap.
 */
export async function deleteSnap(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    if (!(await lockSnap(trx, key))) return false;
    const removed = await deleteEventRowsOfSnaps(trx, key.teamId, [key.id]);
    await applyCounterChanges(trx, removed, []);
    // snap_players go with it (on delete cascade).
    await trx.deleteFrom("snaps").where("id", "=", key.id).where("team_id", "=", key.teamId).execute();
    return true;
  });
}

/** The players a snap of the team names now (an edit may keep naming one who has since left the team). */
export async function snapPlayerIds(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<Set<string>> {
  const rows = await db
    .selectFrom("snap_players as sp")
    .innerJoin("snaps as s", "s.id", "sp.snap_id")
    .select("sp.player_id")
    .where("s.id", "=", key.id)
    .where("s.team_id", "=", key.teamId)
    .execute();
  return new Set(rows.map((r) => r.player_id));
}

/** Who logged a snap when their profile is gone. */
const UNKNOWN_LOGGER = "Unknown";

function snapQuery(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom("snaps as s")
    .leftJoin("profiles as p", "p.user_id", "s.created_by")
    .select([
      "s.id",
      "s.session_id",
      "s.play_id",
      "s.period",
      "s.first_down",
      "s.occurred_at",
      "s.detail",
      "s.our_points",
      "s.their_points",
      "s.created_by",
      "s.edited_at",
      "s.lineup",
      "p.full_name",
    ])
    .where("s.team_id", "=", teamId);
}

type SnapQueryRow = Awaited<ReturnType<ReturnType<typeof snapQuery>["execute"]>>[number];

function toSnapDto(r: SnapQueryRow): SnapDto {
  return {
    id: r.id,
    sessionId: r.session_id,
    playId: r.play_id,
    period: Number(r.period),
    firstDown: Number(r.first_down) === 1,
    occurredAt: r.occurred_at,
    detail: JSON.parse(r.detail) as SnapDetail,
    points: { us: Number(r.our_points), them: Number(r.their_points) },
    loggedBy: { id: r.created_by, name: r.full_name ?? UNKNOWN_LOGGER },
    editedAt: r.edited_at,
    lineup: parseLineup(r.lineup),
  };
}

/** One snap of the team as the API shows it, or null. */
export async function getSnap(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<SnapDto | null> {
  const row = await snapQuery(db, key.teamId).where("s.id", "=", key.id).executeTakeFirst();
  return row ? toSnapDto(row) : null;
}

/** A session's snaps in game order (time, then id), as the API shows them. */
export async function listSessionSnaps(db: Kysely<DB>, teamId: string, sessionId: string): Promise<SnapDto[]> {
  const rows = await snapQuery(db, teamId)
    .where("s.session_id", "=", sessionId)
    .orderBy("s.occurred_at")
    .orderBy("s.id")
    .execute();
  return rows.map(toSnapDto);
}
