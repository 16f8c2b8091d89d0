/**
 * The sideline logger's outbox: every change the coach makes (starting a session, an event, the delete of an
 * event, an attendance mark, a snap, its edit or delete, the game's period, a final score) is written here first
 * and sent from here, so a phone with no signal loses nothing. Plain TypeScript:
 * the production store is IndexedDB (outbox-dexie.ts), the tests use the in-memory store below, and the sync
 * algorithm (sync.ts) only sees the OutboxStore interface.
 *
 * Items are identified by `seq` (increasing, the send order). An item is never edited except for its delivery
 * state, so the sync loop can remove exactly what it sent even if the coach queued a newer change meanwhile.
 */
import type { SessionKind } from "#domain/api/common";
import type { HomeAway } from "#domain/api/game";
import type { EventType } from "#domain/event-types";
import type { SnapDetail } from "#domain/snaps";

/** What POST /api/team/events receives for one event (domain/api/logger.ts newEventSchema). */
export interface OutboxEventPayload {
  /** crypto.randomUUID(): the server ignores an id it already has, so a resend is a no-op. */
  id: string;
  playerId: string;
  eventType: EventType;
  yards: number | null;
  sessionId: string | null;
  playId: string | null;
  /** ISO-8601 UTC, when the coach tapped. */
  occurredAt: string;
}

/** pending: waiting to be sent (or resent); failed: the server refused it and said why. */
type OutboxState = "pending" | "failed";

interface OutboxItemBase {
  seq: number;
  /** The signed-in user who queued it: a phone shared by two coaches sends each one's items as that coach. */
  ownerId: string;
  state: OutboxState;
  /** The server's message when it refused the item. */
  error: string | null;
  /** Times a send was started: above 0 the server may have the change even if no answer came back. */
  attempts: number;
  /** When it was queued (ISO). */
  queuedAt: string;
}

export interface OutboxEventItem extends OutboxItemBase {
  op: "event";
  event: OutboxEventPayload;
  /** How the list shows it before the server has it. */
  view: { playerName: string; position: string; points: number };
}

export interface OutboxDeleteItem extends OutboxItemBase {
  op: "delete";
  eventId: string;
  sessionId: string | null;
  view: { playerName: string; eventType: string };
}

export interface OutboxAttendanceItem extends OutboxItemBase {
  op: "attendance";
  sessionId: string;
  playerId: string;
  /** true present, false absent, null clears the mark. */
  present: boolean | null;
  view: { playerName: string };
}

/** What POST /api/team/sessions receives when the logger starts a session (the id is made here: replay-safe). */
export interface OutboxSessionPayload {
  id: string;
  kind: SessionKind;
  date: string;
  opponent: string | null;
  location: string | null;
  homeAway: HomeAway | null;
  /** The scheduled event this session is (docs/product.md §12): the server links the two. */
  scheduledEventId?: string;
}

export interface OutboxSessionItem extends OutboxItemBase {
  op: "session";
  session: OutboxSessionPayload;
  /** How the list of refused changes names it ("Game vs Eagles"). */
  view: { label: string };
}

/** What POST /api/team/snaps receives for one snap (domain/api/game.ts newSnapSchema). */
export interface OutboxSnapPayload {
  /** crypto.randomUUID(): a resend is answered "duplicate". */
  id: string;
  sessionId: string;
  playId: string | null;
  period: number;
  firstDown: boolean;
  /** ISO-8601 UTC, when the coach tapped: the game's order. */
  occurredAt: string;
  detail: SnapDetail;
  /** Who was on the field (lineup mode on); left out: the snap counts for nobody's playing time. */
  lineup?: string[];
}

/** PUT /api/team/snaps/{id} (domain/api/game.ts editSnapSchema): the snap as it should now be. */
export interface OutboxSnapEdit {
  playId: string | null;
  period: number;
  firstDown: boolean;
  detail: SnapDetail;
  /** Left out: the snap keeps its lineup. */
  lineup?: string[];
}

export interface OutboxSnapItem extends OutboxItemBase {
  op: "snap";
  snap: OutboxSnapPayload;
  /** The snap in words when it was logged ("#7 → #11, 12 yds"), for the list of refused changes. */
  view: { text: string };
}

export interface OutboxSnapEditItem extends OutboxItemBase {
  op: "snap-edit";
  snapId: string;
  sessionId: string;
  edit: OutboxSnapEdit;
  view: { text: string };
}

export interface OutboxSnapDeleteItem extends OutboxItemBase {
  op: "snap-delete";
  snapId: string;
  sessionId: string;
  view: { text: string };
}

export interface OutboxFinalItem extends OutboxItemBase {
  op: "final";
  sessionId: string;
  /** The final score to record (POST …/final), or null to reopen the game (DELETE …/final). */
  score: { us: number; them: number } | null;
  view: { label: string };
}

/** PUT /api/team/sessions/{id}/period: the game's period from `at` (when the coach tapped; decision 0022). */
export interface OutboxPeriodItem extends OutboxItemBase {
  op: "period";
  sessionId: string;
  period: number;
  /** ISO-8601 UTC, when the coach tapped: a change sent later still counts from then. */
  at: string;
  /** The period in words ("2nd half"), for the list of refused changes. */
  view: { label: string };
}

export type OutboxItem =
  | OutboxEventItem
  | OutboxDeleteItem
  | OutboxAttendanceItem
  | OutboxSessionItem
  | OutboxSnapItem
  | OutboxSnapEditItem
  | OutboxSnapDeleteItem
  | OutboxPeriodItem
  | OutboxFinalItem;

/** The session an item belongs to (null for an event logged outside a session). */
export function sessionOfItem(item: OutboxItem): string | null {
  switch (item.op) {
    case "event":
      return item.event.sessionId;
    case "session":
      return item.session.id;
    case "snap":
      return item.snap.sessionId;
    default:
      return item.sessionId;
  }
}

type WithoutStored<T> = T extends unknown ? Omit<T, "seq" | "state" | "error" | "attempts" | "queuedAt"> : never;
/** An item as queued: the store fills in seq, state, error, attempts and queuedAt. */
export type NewOutboxItem = WithoutStored<OutboxItem>;

type OutboxPatch = Partial<Pick<OutboxItem, "state" | "error" | "attempts">>;

export interface OutboxStore {
  /** The owner's items in send order. */
  list(ownerId: string): Promise<OutboxItem[]>;
  add(item: NewOutboxItem): Promise<OutboxItem>;
  /** Adds several items at once, in order (one change for subscribers). */
  addMany(items: readonly NewOutboxItem[]): Promise<void>;
  /** Removes items by seq; unknown seqs are ignored. */
  remove(seqs: readonly number[]): Promise<void>;
  update(seq: number, patch: OutboxPatch): Promise<void>;
  /** Adds one to `attempts` of each item (a send of them is starting). */
  markAttempted(seqs: readonly number[]): Promise<void>;
  /** Calls back with the owner's items now and after every change (from this tab or another); returns unsubscribe. */
  subscribe(ownerId: string, listener: (items: OutboxItem[]) => void, onError?: (error: unknown) => void): () => void;
}

/** Fills in what the store keeps about a new item. */
export function storedItem(item: NewOutboxItem, seq: number, now: Date = new Date()): OutboxItem {
  return { ...item, seq, state: "pending", error: null, attempts: 0, queuedAt: now.toISOString() } as OutboxItem;
}

/**
 * An outbox in memory: the tests' store, and the fallback when the browser refuses IndexedDB (then nothing
 * survives a reload, which the page says).
 */
export function createMemoryOutboxStore(): OutboxStore {
  let items: OutboxItem[] = [];
  let nextSeq = 1;
  const listeners = new Set<{ ownerId: string; listener: (items: OutboxItem[]) => void }>();
  const of = (ownerId: string) => items.filter((i) => i.ownerId === ownerId).map((i) => ({ ...i }));
  const notify = () => {
    for (const l of listeners) l.listener(of(l.ownerId));
  };
  return {
    async list(ownerId) {
      return of(ownerId);
    },
    async add(item) {
      const stored = storedItem(item, nextSeq++);
      items.push(stored);
      notify();
      return { ...stored };
    },
    async addMany(newItems) {
      for (const item of newItems) items.push(storedItem(item, nextSeq++));
      if (newItems.length) notify();
    },
    async remove(seqs) {
      const drop = new Set(seqs);
      const before = items.length;
      items = items.filter((i) => !drop.has(i.seq));
      if (items.length !== before) notify();
    },
    async update(seq, patch) {
      let changed = false;
      items = items.map((i) => {
        if (i.seq !== seq) return i;
        changed = true;
        return { ...i, ...patch } as OutboxItem;
      });
      if (changed) notify();
    },
    async markAttempted(seqs) {
      const bump = new Set(seqs);
      items = items.map((i) => (bump.has(i.seq) ? { ...i, attempts: i.attempts + 1 } : i));
      notify();
    },
    subscribe(ownerId, listener) {
      const entry = { ownerId, listener };
      listeners.add(entry);
      listener(of(ownerId));
      return () => {
        listeners.delete(entry);
      };
    },
  };
}

/** Pending items count toward "N pending"; failed ones are shown apart, each with its reason. */
export function countByState(items: readonly OutboxItem[]): { pending: number; failed: number } {
  let pending = 0;
  let failed = 0;
  for (const i of items) {
    if (i.state === "pending") pending++;
    else failed++;
  }
  return { pending, failed };
}

/**
 * What waits to be sent, in a coach's words: "3 snaps, attendance, new game". Marks count as one thing
 * (attendance), and so does the start of a session: a count of outbox items ("12 pending") means nothing on the
 * sideline. Null when nothing is pending (refused items are listed apart).
 */
export function waitingWords(items: readonly OutboxItem[]): string | null {
  const count = new Map<string, number>();
  for (const i of items) {
    if (i.state !== "pending") continue;
    const key =
      i.op === "session"
        ? i.session.kind
        : i.op === "snap-delete"
          ? "delete"
          : i.op === "final" && !i.score
            ? "reopen"
            : i.op;
    count.set(key, (count.get(key) ?? 0) + 1);
  }
  /** Each kind in words, for one and for n: counted things say how many, the others only that they wait. */
  const WORDS: [key: string, one: string, many: (n: number) => string][] = [
    ["snap", "1 snap", (n) => `${n} snaps`],
    ["event", "1 event", (n) => `${n} events`],
    ["snap-edit", "1 edit", (n) => `${n} edits`],
    ["delete", "1 deletion", (n) => `${n} deletions`],
    ["attendance", "attendance", () => "attendance"],
    ["game", "new game", (n) => `${n} new games`],
    ["practice", "new practice", (n) => `${n} new practices`],
    ["period", "next period", () => "period changes"],
    ["final", "final score", (n) => `${n} final scores`],
    ["reopen", "reopened game", (n) => `${n} reopened games`],
  ];
  const parts: string[] = [];
  for (const [key, one, many] of WORDS) {
    const n = count.get(key) ?? 0;
    if (n > 0) parts.push(n === 1 ? one : many(n));
    count.delete(key);
  }
  // A kind of change not named above still says that something waits.
  const others = [...count.values()].reduce((a, b) => a + b, 0);
  if (others > 0) parts.push(others === 1 ? "1 other change" : `${others} other changes`);
  return parts.length ? parts.join(", ") : null;
}

/**
 * What undoing or deleting an event means for the outbox.
 * - An event still waiting here that no send has started: just drop it (the server never saw it).
 * - One a send has started (now or before, with no answer): the server may have it, so drop the create if it is
 *   not on the wire right now and queue a delete after it (a delete of an unknown event is a no-op).
 * - A failed one: drop it (the server refused it).
 * - One the server has (no outbox item): queue a delete.
 */
export type UndoPlan = { kind: "drop"; seq: number } | { kind: "delete"; dropSeq: number | null } | { kind: "nothing" };

export function planUndo(eventId: string, items: readonly OutboxItem[], inFlight: ReadonlySet<number>): UndoPlan {
  if (items.some((i) => i.op === "delete" && i.eventId === eventId && i.state === "pending"))
    return { kind: "nothing" };
  const create = items.find((i): i is OutboxEventItem => i.op === "event" && i.event.id === eventId);
  if (!create) return { kind: "delete", dropSeq: null };
  if (create.state === "failed") return { kind: "drop", seq: create.seq };
  if (inFlight.has(create.seq)) return { kind: "delete", dropSeq: null };
  if (create.attempts === 0) return { kind: "drop", seq: create.seq };
  return { kind: "delete", dropSeq: create.seq };
}

/**
 * Setting a player's mark again replaces the one still waiting (the newest wins; one waiting mark per player and
 * session). The seqs of the marks it replaces, unless one is on the wire (then it is sent and the new one after).
 */
export function supersededMarks(
  sessionId: string,
  playerId: string,
  items: readonly OutboxItem[],
  inFlight: ReadonlySet<number>,
): number[] {
  return items
    .filter(
      (i) => i.op === "attendance" && i.sessionId === sessionId && i.playerId === playerId && !inFlight.has(i.seq),
    )
    .map((i) => i.seq);
}

/**
 * What undoing or deleting a snap means for the outbox (planUndo's rules, for snaps and their edits):
 * - a snap still waiting here that no send has started, or one the server refused: drop it and its edits;
 * - one a send has started: the server may have it, so drop what is not on the wire and queue a DELETE after
 *   it (a DELETE of a snap the server never got answers 404, which is done);
 * - one the server has (no create here): drop its waiting edits and queue a DELETE;
 * - one with a DELETE already waiting: nothing more.
 */
export interface SnapRemovalPlan {
  /** Outbox items to remove. */
  drop: number[];
  /** Whether to queue DELETE /api/team/snaps/{id}. */
  queueDelete: boolean;
}

/** What a snap's undo or delete did to the outbox, so that it can be taken back (outbox-engine.ts restoreSnap). */
export interface SnapRemoval {
  /** The items it removed (the snap's create and edits still waiting), as they were. */
  dropped: OutboxItem[];
  /** The DELETE it queued; null when the server never had the snap (it was only dropped here). */
  deleteSeq: number | null;
}

export function planSnapRemoval(
  snapId: string,
  items: readonly OutboxItem[],
  inFlight: ReadonlySet<number>,
): SnapRemovalPlan {
  if (items.some((i) => i.op === "snap-delete" && i.snapId === snapId && i.state === "pending"))
    return { drop: [], queueDelete: false };
  const edits = items.filter((i) => i.op === "snap-edit" && i.snapId === snapId);
  const idleEdits = edits.filter((i) => !inFlight.has(i.seq)).map((i) => i.seq);
  const editOnWire = edits.some((i) => inFlight.has(i.seq));
  const create = items.find((i): i is OutboxSnapItem => i.op === "snap" && i.snap.id === snapId);
  if (!create) return { drop: idleEdits, queueDelete: true };
  if (inFlight.has(create.seq)) return { drop: idleEdits, queueDelete: true };
  if (create.state === "failed" || (create.attempts === 0 && !editOnWire))
    return { drop: [create.seq, ...idleEdits], queueDelete: false };
  return { drop: [create.seq, ...idleEdits], queueDelete: true };
}

/**
 * What editing a snap means for the outbox.
 * - A snap still waiting here that the server cannot have (no send started, or refused): its create is replaced
 *   by one with the new content (same id and time), so one request carries the snap as it now is; a refused snap
 *   fixed this way is sent again.
 * - Otherwise a PUT is queued after whatever is waiting; an older edit still waiting is replaced by it.
 * - A snap with a DELETE waiting: nothing (it is going away).
 */
export type SnapEditPlan =
  | { kind: "replace"; drop: number[]; create: OutboxSnapPayload }
  | { kind: "put"; drop: number[] }
  | { kind: "nothing" };

export function planSnapEdit(
  snapId: string,
  edit: OutboxSnapEdit,
  items: readonly OutboxItem[],
  inFlight: ReadonlySet<number>,
): SnapEditPlan {
  if (items.some((i) => i.op === "snap-delete" && i.snapId === snapId && i.state === "pending"))
    return { kind: "nothing" };
  const olderEdits = items
    .filter((i) => i.op === "snap-edit" && i.snapId === snapId && !inFlight.has(i.seq))
    .map((i) => i.seq);
  const create = items.find((i): i is OutboxSnapItem => i.op === "snap" && i.snap.id === snapId);
  if (create && !inFlight.has(create.seq) && (create.state === "failed" || create.attempts === 0)) {
    return {
      kind: "replace",
      drop: [create.seq, ...olderEdits],
      create: { ...create.snap, ...edit },
    };
  }
  return { kind: "put", drop: olderEdits };
}

/** A newer final score (or reopen) of a session replaces one still waiting, unless that one is on the wire. */
export function supersededFinals(
  sessionId: string,
  items: readonly OutboxItem[],
  inFlight: ReadonlySet<number>,
): number[] {
  return items.filter((i) => i.op === "final" && i.sessionId === sessionId && !inFlight.has(i.seq)).map((i) => i.seq);
}
