/**
 * What the snap logger shows, computed from the server's game sheet and the outbox: pure functions, tested on
 * their own (snap-model.test.ts). The server's snaps are the truth; the outbox's waiting creates, edits, deletes
 * and final scores are laid over them, so the score and the play-by-play are right with no connection.
 */
import type { GameSheetResponse, SheetPlayer, SnapDto } from "#domain/api/game";
import type { TeamSessionSummary } from "#domain/api/team";
import { periodLabel, type LeagueRules } from "#domain/league-rules";
import { positionGroup } from "#domain/positions";
import {
  downLabel,
  downState,
  inGameOrder,
  playerLabeler as labelPlayers,
  pointsOfSnap,
  type PlayerLabel,
  type SnapDetail,
  type SnapPoints,
} from "#domain/snaps";
import type { OutboxItem, OutboxSnapEdit, OutboxSnapEditItem, SnapRemoval } from "../outbox/outbox";

type PointRules = Pick<LeagueRules, "touchdownPoints" | "safetyPoints">;

export interface SnapRow {
  id: string;
  sessionId: string;
  detail: SnapDetail;
  period: number;
  firstDown: boolean;
  playId: string | null;
  occurredAt: string;
  points: SnapPoints;
  /** Who logged it; null for a snap logged on this phone that the server's list does not show yet. */
  loggedBy: { id: string; name: string } | null;
  /** Edited after it was logged (on the server, or by an edit waiting here). */
  edited: boolean;
  /** pending: a create or an edit is waiting in the outbox; failed: the server refused the snap. */
  status: "synced" | "pending" | "failed";
  /** The outbox item behind a snap not sent yet or refused. */
  seq: number | null;
  error: string | null;
  /** An edit of this snap the server refused: the item (to dismiss) and why. */
  editProblem: { seq: number; message: string } | null;
  /** Who was on the field (lineup mode); null or absent: logged without a lineup. */
  lineup?: string[] | null;
}

const isSnapEdit = (i: OutboxItem, sessionId: string): i is OutboxSnapEditItem =>
  i.op === "snap-edit" && i.sessionId === sessionId;

/**
 * The game's snaps in game order: the server's, minus those with a DELETE waiting (or just applied), with the
 * newest waiting edit of each laid over it, plus the snaps still in the outbox (pending or refused) and those just
 * applied that the server's list does not show yet. Points of the server's unedited snaps are the server's (a
 * change of rules does not rewrite them); the others are worked out with today's rules.
 */
export function snapRows(
  server: readonly SnapDto[],
  items: readonly OutboxItem[],
  sessionId: string,
  rules: PointRules,
  applied: readonly OutboxItem[] = [],
): SnapRow[] {
  // A snap is gone when the newest of its creates and deletes (those applied, then those waiting) is a delete: Undo
  // after a delete creates the snap again, after its DELETE.
  const deleting = new Set<string>();
  const waiting = [...items].sort((a, b) => a.seq - b.seq);
  for (const i of [...applied, ...waiting]) {
    if (i.op === "snap-delete" && (i.state === "pending" || applied.includes(i))) deleting.add(i.snapId);
    else if (i.op === "snap") deleting.delete(i.snap.id);
  }
  const edits = new Map<string, OutboxSnapEditItem>();
  const refusedEdits = new Map<string, OutboxSnapEditItem>();
  for (const i of items) {
    if (!isSnapEdit(i, sessionId)) continue;
    if (i.state === "pending") edits.set(i.snapId, i);
    else refusedEdits.set(i.snapId, i);
  }
  const withEdit = (row: SnapRow): SnapRow => {
    const refused = refusedEdits.get(row.id);
    const out = refused ? { ...row, editProblem: { seq: refused.seq, message: refused.error ?? "Not saved." } } : row;
    const edit = edits.get(row.id);
    if (!edit) return out;
    return {
      ...out,
      ...edit.edit,
      points: pointsOfSnap(edit.edit.detail, rules),
      edited: true,
      status: out.status === "failed" ? "failed" : "pending",
    };
  };

  const rows: SnapRow[] = [];
  const seen = new Set<string>();
  for (const s of server) {
    seen.add(s.id);
    if (deleting.has(s.id) || s.sessionId !== sessionId) continue;
    rows.push(
      withEdit({
        id: s.id,
        sessionId: s.sessionId,
        detail: s.detail as SnapDetail,
        period: s.period,
        firstDown: s.firstDown,
        playId: s.playId,
        occurredAt: s.occurredAt,
        points: s.points,
        loggedBy: s.loggedBy,
        edited: s.editedAt !== null,
        lineup: s.lineup,
        status: "synced",
        seq: null,
        error: null,
        editProblem: null,
      }),
    );
  }
  const local = [...items.map((item) => ({ item, sent: false })), ...applied.map((item) => ({ item, sent: true }))];
  for (const { item: i, sent } of local) {
    if (i.op !== "snap" || i.snap.sessionId !== sessionId || seen.has(i.snap.id) || deleting.has(i.snap.id)) continue;
    seen.add(i.snap.id);
    rows.push(
      withEdit({
        ...i.snap,
        points: pointsOfSnap(i.snap.detail, rules),
        loggedBy: null,
        edited: false,
        status: sent ? "synced" : i.state,
        seq: sent ? null : i.seq,
        error: sent ? null : i.error,
        editProblem: null,
      }),
    );
  }
  return inGameOrder(rows);
}

export interface GameScore {
  us: number;
  them: number;
  /** The official score once the game is ended (waiting here or on the server); null while it is being played. */
  final: { us: number; them: number } | null;
  /** An end (or reopen) of the game is waiting in the outbox. */
  finalPending: boolean;
  /** "2nd & midfield" when the league tracks downs and our offense is on the field. */
  down: string | null;
  /** The latest snap's period (1 before any snap). */
  period: number;
}

/**
 * The scoreboard from the snaps on screen (server + outbox): refused snaps do not count. The final score is the
 * newest one waiting in the outbox, else one just applied, else the server's.
 */
export function gameScore(
  rows: readonly SnapRow[],
  rules: LeagueRules,
  serverFinal: { us: number; them: number } | null,
  items: readonly OutboxItem[],
  sessionId: string,
  applied: readonly OutboxItem[] = [],
): GameScore {
  const counted = rows.filter((r) => r.status !== "failed");
  let us = 0;
  let them = 0;
  for (const r of counted) {
    us += r.points.us;
    them += r.points.them;
  }
  const finalOf = (list: readonly OutboxItem[]) =>
    list.filter((i) => i.op === "final" && i.sessionId === sessionId && i.state === "pending").at(-1);
  const waiting = finalOf(items);
  const sent = finalOf(applied);
  const latest = waiting ?? sent;
  const final = latest?.op === "final" ? latest.score : serverFinal;
  const down = downState(counted, rules);
  return {
    us,
    them,
    final: final ? { us: final.us, them: final.them } : null,
    finalPending: waiting !== undefined,
    down: down ? downLabel(down) : null,
    period: counted.at(-1)?.period ?? 1,
  };
}

/** A cached game sheet with what the server has just applied, so the screen shows it before the refetch. */
export function withAppliedSnaps(
  sheet: GameSheetResponse,
  applied: readonly OutboxItem[],
  me: { id: string; name: string },
  now: string = new Date().toISOString(),
): GameSheetResponse {
  const sessionId = sheet.scoreboard.sessionId;
  let snaps = sheet.snaps;
  let scoreboard = sheet.scoreboard;
  for (const i of applied) {
    if (i.op === "snap" && i.snap.sessionId === sessionId && !snaps.some((s) => s.id === i.snap.id)) {
      snaps = [
        ...snaps,
        {
          ...i.snap,
          points: pointsOfSnap(i.snap.detail, sheet.rules),
          loggedBy: me,
          editedAt: null,
          lineup: i.snap.lineup ?? null,
        },
      ];
    } else if (i.op === "snap-edit" && i.sessionId === sessionId) {
      snaps = snaps.map((s) =>
        s.id === i.snapId
          ? {
              ...s,
              ...i.edit,
              points: pointsOfSnap(i.edit.detail, sheet.rules),
              editedAt: now,
              lineup: i.edit.lineup ?? s.lineup,
            }
          : s,
      );
    } else if (i.op === "snap-delete" && i.sessionId === sessionId) {
      snaps = snaps.filter((s) => s.id !== i.snapId);
    } else if (i.op === "final" && i.sessionId === sessionId) {
      const score = i.score;
      scoreboard = {
        ...scoreboard,
        final: score
          ? {
              ...score,
              corrected: score.us !== scoreboard.score.us || score.them !== scoreboard.score.them,
              endedAt: now,
              endedBy: me.name,
            }
          : null,
        result: score ? (score.us > score.them ? "W" : score.us < score.them ? "L" : "T") : null,
      };
    }
  }
  if (snaps === sheet.snaps && scoreboard === sheet.scoreboard) return sheet;
  return { ...sheet, scoreboard, snaps: inGameOrder(snaps), players: sheet.players };
}

export interface LineupPlayer {
  id: string;
  name: string;
  position: string;
  jerseyNumber: number | string;
}

export interface Lineups<T> {
  /** Who may be on the field: the players marked present, else everyone not marked absent. */
  available: T[];
  offense: T[];
  defense: T[];
}

/**
 * The lineups of a game from its attendance: the players marked present (if nobody is marked present yet, every
 * player not marked absent), split by the group of their position; a player with no position (or one outside
 * offense and defense) is in both. The roster's order is kept.
 */
export function lineups<T extends LineupPlayer>(
  roster: readonly T[],
  marks: readonly { playerId: string; present: boolean | null }[],
): Lineups<T> {
  const mark = new Map(marks.map((m) => [m.playerId, m.present]));
  const anyPresent = roster.some((p) => mark.get(p.id) === true);
  const available = roster.filter((p) => (anyPresent ? mark.get(p.id) === true : mark.get(p.id) !== false));
  const group = (p: T) => positionGroup(p.position);
  return {
    available,
    offense: available.filter((p) => group(p) !== "defense"),
    defense: available.filter((p) => group(p) !== "offense"),
  };
}

/** The passer to offer: whoever threw last in this game, else the first QB on the field, else the team's. */
export function rememberedPasser(
  rows: readonly SnapRow[],
  available: readonly LineupPlayer[],
  roster: readonly LineupPlayer[],
): string | null {
  const onTeam = new Set(roster.map((p) => p.id));
  for (let i = rows.length - 1; i >= 0; i--) {
    const d = rows[i]!.detail;
    const passer = d.kind === "pass" ? d.passerId : d.kind === "try" && d.method === "pass" ? d.passerId : null;
    if (passer && onTeam.has(passer)) return passer;
  }
  return (available.find((p) => p.position === "qb") ?? roster.find((p) => p.position === "qb"))?.id ?? null;
}

/** The runner to offer: whoever ran last in this game, if still on the team. */
export function rememberedRunner(rows: readonly SnapRow[], roster: readonly LineupPlayer[]): string | null {
  const onTeam = new Set(roster.map((p) => p.id));
  for (let i = rows.length - 1; i >= 0; i--) {
    const d = rows[i]!.detail;
    if (d.kind === "run" && onTeam.has(d.runnerId)) return d.runnerId;
  }
  return null;
}

/** A try as the pad offers it: its method, passer and scorer (receiver or runner). */
export interface TryPreset {
  method: "pass" | "run";
  passerId: string | null;
  scorerId: string | null;
}

/** This game's latest try (naming only players still on the team), else null. */
export function rememberedTry(rows: readonly SnapRow[], roster: readonly LineupPlayer[]): TryPreset | null {
  const onTeam = (id: string | null) => (id && roster.some((p) => p.id === id) ? id : null);
  for (let i = rows.length - 1; i >= 0; i--) {
    const d = rows[i]!.detail;
    if (d.kind === "try") return { method: d.method, passerId: onTeam(d.passerId), scorerId: onTeam(d.scorerId) };
  }
  return null;
}

/**
 * The try to offer after our touchdown `td`: the method of this game's last try (a team runs its try play again),
 * else a run after a run touchdown and a pass otherwise; the touchdown's passer, else the remembered one; and the
 * likeliest scorer: whom the last try of that method went to, else the touchdown's scorer (none after a pick-six),
 * never the passer.
 */
export function tryPreset(td: SnapDetail, passerId: string | null, last: TryPreset | null): TryPreset {
  const tdMethod = td.kind === "run" ? "run" : "pass";
  const method = last?.method ?? tdMethod;
  const passer = td.kind === "pass" ? td.passerId : passerId;
  const tdScorer = td.kind === "pass" ? td.targetId : td.kind === "run" ? td.runnerId : null;
  const scorer = last?.method === method && last.scorerId ? last.scorerId : tdMethod === method ? tdScorer : null;
  return { method, passerId: passer, scorerId: method === "pass" && scorer === passer ? null : scorer };
}

/** How a player is named in snaps: "#7", the name when there is no number, "Former player" when unknown. */
export function playerLabeler(
  roster: readonly Pick<LineupPlayer, "id" | "name" | "jerseyNumber">[],
  sheetPlayers: readonly SheetPlayer[] = [],
): PlayerLabel {
  // The roster is read after the sheet's players: today's number wins over the one the sheet knew.
  return labelPlayers([...sheetPlayers, ...roster], "Former player");
}

/** What the pad's Undo can take back: the coach's actions on this page, oldest first. */
export type PadAction =
  | { kind: "log"; snapId: string }
  | { kind: "delete"; row: SnapRow; removal: SnapRemoval }
  | { kind: "edit"; snapId: string; before: OutboxSnapEdit };

/** What Undo takes back now; `index` is its action's place in the history (-1: no action of this page). */
export type UndoStep =
  | { kind: "log"; row: SnapRow; index: number }
  | { kind: "delete"; row: SnapRow; removal: SnapRemoval; index: number }
  | { kind: "edit"; row: SnapRow; before: OutboxSnapEdit; index: number };

/**
 * What Undo takes back: the coach's newest action on this page that still can be (a snap logged or edited that is
 * still in the game, a deleted one still gone), so a delete is undone before the snap logged before it; with no
 * such action (a page just opened), the newest snap this coach logged.
 */
export function undoStep(history: readonly PadAction[], rows: readonly SnapRow[], meId: string): UndoStep | null {
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (let index = history.length - 1; index >= 0; index--) {
    const action = history[index]!;
    if (action.kind === "delete") {
      if (!byId.has(action.row.id)) return { kind: "delete", row: action.row, removal: action.removal, index };
      continue;
    }
    const row = byId.get(action.snapId);
    if (!row) continue;
    return action.kind === "log" ? { kind: "log", row, index } : { kind: "edit", row, before: action.before, index };
  }
  const row = undoTarget(rows, meId);
  return row ? { kind: "log", row, index: -1 } : null;
}

/** The snap the coach's Undo takes back: the newest one this coach logged (here, or on the server). */
export function undoTarget(rows: readonly SnapRow[], meId: string): SnapRow | null {
  for (let i = rows.length - 1; i >= 0; i--) {
    const r = rows[i]!;
    if (r.loggedBy === null || r.loggedBy.id === meId) return r;
  }
  return null;
}

export interface PeriodGroup {
  period: number;
  label: string;
  /** Newest first. */
  rows: SnapRow[];
}

/** The play-by-play: newest first, grouped by period (the latest period first). */
export function byPeriod(rows: readonly SnapRow[], rules: Pick<LeagueRules, "periodKind">): PeriodGroup[] {
  const groups = new Map<number, SnapRow[]>();
  for (const r of [...rows].reverse()) {
    const list = groups.get(r.period) ?? [];
    list.push(r);
    groups.set(r.period, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([period, list]) => ({ period, label: periodLabel(period, rules), rows: list }));
}

/**
 * The sessions to choose from: the server's list with the sessions started on this phone that it does not show
 * yet (their start is waiting in the outbox), newest day first.
 */
export function withQueuedSessions(
  sessions: readonly TeamSessionSummary[],
  items: readonly OutboxItem[],
): TeamSessionSummary[] {
  const known = new Set(sessions.map((s) => s.id));
  const queued: TeamSessionSummary[] = [];
  for (const i of items) {
    if (i.op !== "session" || known.has(i.session.id)) continue;
    known.add(i.session.id);
    const { id, kind, date, opponent, location } = i.session;
    queued.push({ id, kind, date, opponent, location, eventCount: 0, presentCount: 0, attendanceCount: 0 });
  }
  if (queued.length === 0) return [...sessions];
  // Stable: a day's sessions keep their order, this phone's newest start first.
  return [...queued.reverse(), ...sessions].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** Sessions whose start is still in the outbox: the server does not know them yet, so nothing is read for them. */
export function queuedSessionIds(items: readonly OutboxItem[]): Set<string> {
  return new Set(items.filter((i) => i.op === "session").map((i) => (i.op === "session" ? i.session.id : "")));
}
