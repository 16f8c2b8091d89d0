/**
 * What the logger keeps on the phone between visits (localStorage, best effort: private mode may refuse it): the
 * session last opened by each coach, and how each session is logged (snaps or single events). And how a session
 * reads in the outbox's list of refused changes.
 */
import type { OutboxSessionPayload } from "./outbox/outbox";
import type { RememberedSession } from "./view-model";

const rememberKey = (ownerId: string) => `flagline:logger:session:${ownerId}`;
const modeKey = (sessionId: string) => `flagline:logger:mode:${sessionId}`;

export function readRemembered(ownerId: string): RememberedSession | null {
  try {
    const raw = window.localStorage.getItem(rememberKey(ownerId));
    if (!raw) return null;
    // Before days were kept it held the bare id: a session of unknown day, opened only if it is today's.
    if (!raw.startsWith("{")) return { id: raw, date: null };
    const parsed = JSON.parse(raw) as Partial<RememberedSession>;
    return typeof parsed.id === "string"
      ? { id: parsed.id, date: typeof parsed.date === "string" ? parsed.date : null }
      : null;
  } catch {
    return null;
  }
}

export function remember(ownerId: string, session: RememberedSession): void {
  try {
    window.localStorage.setItem(rememberKey(ownerId), JSON.stringify(session));
  } catch {
    // Private mode without storage: the URL still holds the session.
  }
}

export type LogMode = "snaps" | "events";

export function readMode(sessionId: string): LogMode | null {
  try {
    const mode = window.localStorage.getItem(modeKey(sessionId));
    return mode === "snaps" || mode === "events" ? mode : null;
  } catch {
    return null;
  }
}

export function storeMode(sessionId: string, mode: LogMode): void {
  try {
    window.localStorage.setItem(modeKey(sessionId), mode);
  } catch {
    // The default (snaps for a game, single events for a practice) comes back next time.
  }
}

/** How a session reads in the outbox's list of refused changes. */
export function sessionWords(s: Pick<OutboxSessionPayload, "kind" | "opponent">): string {
  return s.kind === "game" ? (s.opponent ? `Game vs ${s.opponent}` : "Game") : "Practice";
}

/** The lineup mode of a session on this phone (docs/product.md §12 "Playing time"): on or off, and who is on. */
export interface LineupMemory {
  on: boolean;
  players: string[];
}

const lineupKey = (sessionId: string) => `flagline:logger:lineup:${sessionId}`;

export function readLineup(sessionId: string): LineupMemory {
  try {
    const raw = window.localStorage.getItem(lineupKey(sessionId));
    const parsed = raw ? (JSON.parse(raw) as Partial<LineupMemory>) : null;
    if (!parsed || typeof parsed !== "object") return { on: false, players: [] };
    const players = Array.isArray(parsed.players) ? parsed.players.filter((id) => typeof id === "string") : [];
    return { on: parsed.on === true, players };
  } catch {
    return { on: false, players: [] };
  }
}

export function storeLineup(sessionId: string, lineup: LineupMemory): void {
  try {
    window.localStorage.setItem(lineupKey(sessionId), JSON.stringify(lineup));
  } catch {
    // Kept for this visit only.
  }
}
