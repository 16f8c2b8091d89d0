/**
 * What the logger shows, computed from the server's data and the outbox: pure functions, tested on their own.
 */
import type { SessionDetailResponse, SessionEvent } from "#domain/api/logger";
import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import type { PlayerSummaryDto } from "#domain/api/team";
import { isPositionKey, type PositionKey } from "#domain/positions";
import type { OutboxItem } from "./outbox/outbox";

/** What a pad's status line says the last tap did. */
export interface PadStatus {
  tone: "ok" | "error" | "info";
  text: string;
}

/** Today in the viewer's zone, YYYY-MM-DD (sessions are calendar days). */
export function localDay(date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface SessionLike {
  id: string;
  date: string;
}

/** Today's sessions first (as listed: newest first), then the rest. */
export function splitSessions<T extends SessionLike>(
  sessions: readonly T[],
  today: string,
): { today: T[]; earlier: T[] } {
  return { today: sessions.filter((s) => s.date === today), earlier: sessions.filter((s) => s.date !== today) };
}

/** The session last used on this phone, and its day. */
export interface RememberedSession {
  id: string;
  /** YYYY-MM-DD, or null when it was stored without one (before days were kept). */
  date: string | null;
}

/**
 * The session to open with, never silently an old one: the one asked for in the address (any day), else the
 * last one used here if it is today's, else today's newest, else none (the page offers to start one). With no
 * list of sessions (offline, nothing saved), what the address asks for or today's remembered one.
 */
export function initialSessionId(
  sessions: readonly SessionLike[] | null,
  asked: string | null,
  remembered: RememberedSession | null,
  today: string,
): string | null {
  if (sessions === null) return asked ?? (remembered?.date === today ? remembered.id : null);
  const find = (id: string | null | undefined) => (id ? sessions.find((s) => s.id === id) : undefined);
  const rememberedToday = find(remembered?.id)?.date === today ? remembered!.id : null;
  return find(asked)?.id ?? rememberedToday ?? sessions.find((s) => s.date === today)?.id ?? null;
}

/** Short position labels for the player buttons. */
const POSITION_ABBREVIATIONS: Readonly<Record<PositionKey, string>> = {
  qb: "QB",
  wr: "WR",
  slot: "SL",
  rb: "RB",
  te: "TE",
  center: "C",
  cb: "CB",
  safety: "S",
  lb: "LB",
  rusher: "PR",
};

export function positionAbbreviation(position: string): string {
  return isPositionKey(position) ? POSITION_ABBREVIATIONS[position] : "—";
}

function jerseyValue(jersey: number | string): number {
  const n = typeof jersey === "number" ? jersey : Number.parseInt(String(jersey).replace(/^#/, ""), 10);
  return Number.isFinite(n) ? n : Number.POSITIVE_INFINITY;
}

/** The grid's order: by jersey number (players without one last), then name. */
export function playersByJersey<T extends Pick<PlayerSummaryDto, "jerseyNumber" | "name">>(players: readonly T[]): T[] {
  return [...players].sort(
    (a, b) => jerseyValue(a.jerseyNumber) - jerseyValue(b.jerseyNumber) || a.name.localeCompare(b.name),
  );
}

export type YardsInput = { ok: true; yards: number | null } | { ok: false; message: string };

const YARDS_MESSAGE = `Yards must be a whole number from ${MIN_YARDS} to ${MAX_YARDS}.`;

/** The optional Yards field: blank is none. */
export function parseYards(text: string): YardsInput {
  const t = text.trim().replace(/^\u2212/, "-");
  if (t === "") return { ok: true, yards: null };
  if (!/^[+-]?\d{1,3}$/.test(t)) return { ok: false, message: YARDS_MESSAGE };
  const yards = Number(t);
  if (yards < MIN_YARDS || yards > MAX_YARDS) return { ok: false, message: YARDS_MESSAGE };
  return { ok: true, yards: yards === 0 ? 0 : yards };
}

type RowStatus = "synced" | "pending" | "failed";

export interface EventRow {
  id: string;
  playerId: string;
  playerName: string;
  eventType: string;
  yards: number | null;
  points: number;
  occurredAt: string;
  status: RowStatus;
  /** The outbox item behind a pending or failed row. */
  seq: number | null;
  error: string | null;
}

/**
 * The session's events, newest first: the server's, minus those with a delete waiting in the outbox (or just
 * applied), plus the events still in the outbox (pending or failed) and those just applied that the server's
 * list does not show yet. An event in more than one of these shows once.
 */
export function sessionRows(
  events: readonly SessionEvent[],
  items: readonly OutboxItem[],
  sessionId: string,
  applied: readonly OutboxItem[] = [],
): EventRow[] {
  const deleting = new Set<string>();
  for (const i of [...items, ...applied]) {
    if (i.op === "delete" && (i.state === "pending" || applied.includes(i))) deleting.add(i.eventId);
  }
  const rows: EventRow[] = [];
  const seen = new Set<string>();
  for (const e of events) {
    seen.add(e.id);
    if (deleting.has(e.id)) continue;
    rows.push({ ...e, status: "synced", seq: null, error: null });
  }
  const local = [...items.map((item) => ({ item, sent: false })), ...applied.map((item) => ({ item, sent: true }))];
  for (const { item: i, sent } of local) {
    if (i.op !== "event" || i.event.sessionId !== sessionId || seen.has(i.event.id) || deleting.has(i.event.id))
      continue;
    seen.add(i.event.id);
    rows.push({
      id: i.event.id,
      playerId: i.event.playerId,
      playerName: i.view.playerName,
      eventType: i.event.eventType,
      yards: i.event.yards,
      points: i.view.points,
      occurredAt: i.event.occurredAt,
      status: sent ? "synced" : i.state,
      seq: sent ? null : i.seq,
      error: sent ? null : i.error,
    });
  }
  return rows.sort((a, b) =>
    a.occurredAt < b.occurredAt ? 1 : a.occurredAt > b.occurredAt ? -1 : (b.seq ?? 0) - (a.seq ?? 0),
  );
}

/** The events that count (a refused one does not), and their points summed in tenths. */
export function sessionTotals(rows: readonly Pick<EventRow, "points" | "status">[]): {
  events: number;
  points: number;
} {
  const counted = rows.filter((r) => r.status !== "failed");
  return { events: counted.length, points: counted.reduce((sum, r) => sum + Math.round(r.points * 10), 0) / 10 };
}

/** A cached session with what the server has just applied, so the screen shows it before the refetch. */
export function withApplied(detail: SessionDetailResponse, applied: readonly OutboxItem[]): SessionDetailResponse {
  const sessionId = detail.session.id;
  let events = detail.events;
  let eventCount = detail.eventCount;
  let attendance = detail.attendance;
  for (const i of applied) {
    if (i.op === "event" && i.event.sessionId === sessionId && !events.some((e) => e.id === i.event.id)) {
      events = [
        {
          id: i.event.id,
          playerId: i.event.playerId,
          playerName: i.view.playerName,
          eventType: i.event.eventType,
          yards: i.event.yards,
          playId: i.event.playId,
          occurredAt: i.event.occurredAt,
          points: i.view.points,
        },
        ...events,
      ];
      eventCount++;
    } else if (i.op === "delete" && events.some((e) => e.id === i.eventId)) {
      events = events.filter((e) => e.id !== i.eventId);
      eventCount = Math.max(0, eventCount - 1);
    } else if (i.op === "attendance" && i.sessionId === sessionId) {
      const entry = { playerId: i.playerId, present: i.present };
      attendance = attendance.some((a) => a.playerId === i.playerId)
        ? attendance.map((a) => (a.playerId === i.playerId ? entry : a))
        : [...attendance, entry];
    }
  }
  if (events === detail.events && attendance === detail.attendance) return detail;
  events = [...events].sort((a, b) => (a.occurredAt < b.occurredAt ? 1 : a.occurredAt > b.occurredAt ? -1 : 0));
  return { ...detail, events, eventCount, attendance };
}

export interface AttendanceRow {
  player: PlayerSummaryDto;
  present: boolean | null;
  /** A mark waiting in the outbox (shown as the mark, flagged as not sent yet). */
  pending: boolean;
  error: string | null;
  seq: number | null;
}

/**
 * The marks "Start from answers" takes (docs/product.md §12): Going is present, Can't go absent, Maybe and no
 * answer left to the coach; a player already marked keeps their mark.
 */
export function marksFromAnswers(
  rows: readonly AttendanceRow[],
  answers: ReadonlyMap<string, "going" | "maybe" | "no">,
): { row: AttendanceRow; present: boolean }[] {
  const marks: { row: AttendanceRow; present: boolean }[] = [];
  for (const row of rows) {
    if (row.present !== null) continue;
    const answer = answers.get(row.player.id);
    if (answer === "going") marks.push({ row, present: true });
    else if (answer === "no") marks.push({ row, present: false });
  }
  return marks;
}

/** Every player with their mark for the session: the newest waiting mark wins over the server's. */
export function attendanceRows(
  players: readonly PlayerSummaryDto[],
  marks: readonly { playerId: string; present: boolean | null }[],
  items: readonly OutboxItem[],
  sessionId: string,
  applied: readonly OutboxItem[] = [],
): AttendanceRow[] {
  const server = new Map(marks.map((m) => [m.playerId, m.present]));
  // Marks just applied stand until a refetch brings them (they are the server's newest answer).
  for (const i of applied) if (i.op === "attendance" && i.sessionId === sessionId) server.set(i.playerId, i.present);
  const local = new Map<string, { present: boolean | null; pending: boolean; error: string | null; seq: number }>();
  for (const i of items) {
    if (i.op === "attendance" && i.sessionId === sessionId) {
      local.set(i.playerId, { present: i.present, pending: i.state === "pending", error: i.error, seq: i.seq });
    }
  }
  return [...players]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((player) => {
      const l = local.get(player.id);
      if (l && l.pending) return { player, present: l.present, pending: true, error: null, seq: l.seq };
      return {
        player,
        present: server.get(player.id) ?? null,
        pending: false,
        error: l?.error ?? null,
        seq: l?.seq ?? null,
      };
    });
}

export function attendanceCounts(rows: readonly Pick<AttendanceRow, "present">[]): { present: number; marked: number } {
  let present = 0;
  let marked = 0;
  for (const r of rows) {
    if (r.present !== null) marked++;
    if (r.present === true) present++;
  }
  return { present, marked };
}
