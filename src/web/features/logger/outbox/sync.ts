/**
 * Sends the outbox to the server, oldest first. The rules live in small pure functions (what to send next, what
 * an answer means for the items sent); `runSync` applies them to an OutboxStore through an injected transport,
 * so the whole algorithm runs in a unit test with an in-memory store and a fake server.
 *
 * - Consecutive events go in one POST /api/team/events (at most `maxBatch`); consecutive snaps in one POST
 *   /api/team/snaps; consecutive attendance marks of one session in one PUT; a session create, a delete, a snap's
 *   edit or delete, a change of the game's period and a final score go alone. Failed items are skipped. The order
 *   is the queue's: a session is created before the snaps and marks made in it (and a change of period before the
 *   snaps logged after it).
 * - A 2xx removes what was sent ("created" and "duplicate" alike: the server has the event either way).
 * - No answer, a 5xx, 408 or 429: nothing changes, the pass stops and a later pass sends the same items again
 *   (the server ignores event ids it already has, and a mark or a delete is the same when repeated).
 * - 401 or 403: the coach's session is the problem, not the items; they stay pending and the pass stops.
 * - Any other 4xx fails the items it names (`fields` "events.3.playerId") with the server's message; the rest of
 *   the batch was not stored (a batch is all or nothing) and is sent again at once. A 4xx naming no item is
 *   narrowed down by sending one item at a time; 413 halves the batch.
 * - A delete answered 404 is done: the event is already gone. So is a snap's PUT or DELETE answered 404 (the snap
 *   is gone: whoever deleted it won), and a reopen of a game that is not final.
 */
import type {
  OutboxAttendanceItem,
  OutboxDeleteItem,
  OutboxEventItem,
  OutboxEventPayload,
  OutboxFinalItem,
  OutboxItem,
  OutboxPeriodItem,
  OutboxSessionItem,
  OutboxSessionPayload,
  OutboxSnapDeleteItem,
  OutboxSnapEdit,
  OutboxSnapEditItem,
  OutboxSnapItem,
  OutboxSnapPayload,
  OutboxStore,
} from "./outbox";
import { MAX_SNAPS_PER_REQUEST } from "#domain/limits";

/** The brief's batch size: well under the server's limit of events and of body size. */
const DEFAULT_MAX_BATCH = 100;

interface EventResult {
  id: string;
  status: "created" | "duplicate";
}

export interface AttendanceMark {
  playerId: string;
  present: boolean | null;
}

/** The server, as the sync loop needs it. Implementations throw on anything but a 2xx (see failureOf). */
export interface SyncTransport {
  postEvents(events: OutboxEventPayload[]): Promise<{ results: EventResult[] }>;
  deleteEvent(id: string): Promise<void>;
  putAttendance(sessionId: string, marks: AttendanceMark[]): Promise<void>;
  /** POST /api/team/sessions with the client's id (a replay answers with the session already made). */
  createSession(session: OutboxSessionPayload): Promise<void>;
  /** POST /api/team/snaps: all or nothing, one result per snap. */
  postSnaps(snaps: OutboxSnapPayload[]): Promise<{ results: EventResult[] }>;
  /** PUT /api/team/snaps/{id} */
  putSnap(id: string, edit: OutboxSnapEdit): Promise<void>;
  /** DELETE /api/team/snaps/{id} */
  deleteSnap(id: string): Promise<void>;
  /** PUT /api/team/sessions/{id}/period: the game's period from `at`. */
  putPeriod(sessionId: string, period: number, at: string): Promise<void>;
  /** POST /api/team/sessions/{id}/final with the score, or DELETE it (reopen) when the score is null. */
  putFinal(sessionId: string, score: { us: number; them: number } | null): Promise<void>;
}

/** A failed send: status 0 when no answer came. */
export interface SendFailure {
  status: number;
  message: string;
  fields: Record<string, string>;
}

/** Reads a thrown error (ApiError or anything else) as a SendFailure; anything without a status is "no answer". */
export function failureOf(error: unknown): SendFailure {
  if (typeof error === "object" && error !== null && "status" in error && typeof error.status === "number") {
    const e = error as { status: number; message?: unknown; fields?: unknown };
    const fields: Record<string, string> = {};
    if (typeof e.fields === "object" && e.fields !== null) {
      for (const [k, v] of Object.entries(e.fields)) if (typeof v === "string") fields[k] = v;
    }
    return {
      status: e.status,
      message: typeof e.message === "string" && e.message ? e.message : `Error ${e.status}`,
      fields,
    };
  }
  return { status: 0, message: "No connection.", fields: {} };
}

/** Items that always go alone, one request each. */
type SingleItem =
  OutboxDeleteItem | OutboxSessionItem | OutboxSnapEditItem | OutboxSnapDeleteItem | OutboxPeriodItem | OutboxFinalItem;

export type SendUnit =
  | { kind: "events"; items: OutboxEventItem[] }
  | { kind: "snaps"; items: OutboxSnapItem[] }
  | { kind: "attendance"; sessionId: string; items: OutboxAttendanceItem[] }
  | { kind: "delete"; item: OutboxDeleteItem }
  | { kind: "one"; item: Exclude<SingleItem, OutboxDeleteItem> };

/** The next thing to send: the oldest pending item, with the pending items after it that can share its request. */
export function nextUnit(items: readonly OutboxItem[], maxBatch: number = DEFAULT_MAX_BATCH): SendUnit | null {
  const pending = items.filter((i) => i.state === "pending").sort((a, b) => a.seq - b.seq);
  const first = pending[0];
  if (!first) return null;
  const limit = Math.max(1, Math.floor(maxBatch));
  if (first.op === "delete") return { kind: "delete", item: first };
  if (first.op === "event") {
    const batch: OutboxEventItem[] = [];
    for (const i of pending) {
      if (i.op !== "event" || batch.length >= limit) break;
      batch.push(i);
    }
    return { kind: "events", items: batch };
  }
  if (first.op === "snap") {
    const batch: OutboxSnapItem[] = [];
    for (const i of pending) {
      if (i.op !== "snap" || batch.length >= Math.min(limit, MAX_SNAPS_PER_REQUEST)) break;
      batch.push(i);
    }
    return { kind: "snaps", items: batch };
  }
  if (first.op !== "attendance") return { kind: "one", item: first };
  const batch: OutboxAttendanceItem[] = [];
  const players = new Set<string>();
  for (const i of pending) {
    // A player may be marked once per request; a second mark waits for the next one (and wins).
    if (i.op !== "attendance" || i.sessionId !== first.sessionId || players.has(i.playerId) || batch.length >= limit)
      break;
    players.add(i.playerId);
    batch.push(i);
  }
  return { kind: "attendance", sessionId: first.sessionId, items: batch };
}

function unitItems(unit: SendUnit): OutboxItem[] {
  return unit.kind === "delete" || unit.kind === "one" ? [unit.item] : unit.items;
}

/** What one answer means for the items sent. */
export interface Decision {
  /** Items the server has applied: remove them. */
  done: OutboxItem[];
  /** Items the server refused, with its reason. */
  failed: { item: OutboxItem; message: string }[];
  /** now: send the next unit; later: stop this pass, try again later; auth: stop, the session needs attention. */
  next: "now" | "later" | "auth";
  /** The batch limit from here on (smaller after a 413 or to find which item a 4xx was about). */
  maxBatch: number;
  /**
   * For "auth": why. For "later": the server's own word when it answered (a 503: its disk is full, its database is
   * out of reach), null when nothing answered.
   */
  reason: string | null;
}

function isTransient(status: number): boolean {
  return status === 0 || status === 408 || status === 429 || status >= 500;
}

/** The messages of `fields` keyed `<prefix>.<index>.<field>`, by index. */
function messagesByIndex(fields: Record<string, string>, prefix: string): Map<number, string> {
  const out = new Map<number, string>();
  const re = new RegExp(`^${prefix}\\.(\\d+)(?:\\.|$)`);
  for (const [key, message] of Object.entries(fields)) {
    const m = re.exec(key);
    if (!m) continue;
    const index = Number(m[1]);
    const before = out.get(index);
    out.set(index, before && !before.includes(message) ? `${before} ${message}` : message);
  }
  return out;
}

/**
 * The answer to a batch (events or attendance marks): all or nothing on the server, so a refusal stores none of
 * it. `fieldPrefix` is the body's list name ("events", "marks").
 */
export function decideBatch<T extends OutboxItem>(
  items: readonly T[],
  outcome: { ok: true } | { ok: false; failure: SendFailure },
  maxBatch: number,
  fieldPrefix: string,
): Decision {
  if (outcome.ok) return { done: [...items], failed: [], next: "now", maxBatch, reason: null };
  const { status, message, fields } = outcome.failure;
  if (isTransient(status)) {
    return { done: [], failed: [], next: "later", maxBatch, reason: status === 0 ? null : message };
  }
  if (status === 401 || status === 403) return { done: [], failed: [], next: "auth", maxBatch, reason: message };
  if (status === 413 && items.length > 1) {
    return { done: [], failed: [], next: "now", maxBatch: Math.max(1, Math.ceil(items.length / 2)), reason: null };
  }
  const named = messagesByIndex(fields, fieldPrefix);
  const failed: Decision["failed"] = [];
  named.forEach((msg, index) => {
    const item = items[index];
    if (item) failed.push({ item, message: msg });
  });
  if (failed.length > 0) return { done: [], failed, next: "now", maxBatch, reason: null };
  const only = items[0];
  if (items.length === 1 && only)
    return { done: [], failed: [{ item: only, message }], next: "now", maxBatch, reason: null };
  // The server did not say which item it refused: send them one at a time to find out.
  return { done: [], failed: [], next: "now", maxBatch: 1, reason: null };
}

/** Whether a 404 is the answer the item wanted: the thing it removes or changes is already gone. */
function goneIsDone(item: SingleItem): boolean {
  switch (item.op) {
    case "delete":
    case "snap-delete":
    case "snap-edit":
      return true;
    case "final":
      // Reopening a game that is not final (another coach reopened it) leaves it as asked.
      return item.score === null;
    case "session":
    case "period":
      return false;
  }
}

/**
 * The answer to a request made for one item (a delete, a session, a snap's edit or delete, a final score). A
 * refusal that names fields ("detail.targetId") says what was wrong in their words.
 */
function decideOne(
  item: SingleItem,
  outcome: { ok: true } | { ok: false; failure: SendFailure },
  maxBatch: number,
): Decision {
  if (outcome.ok || (outcome.failure.status === 404 && goneIsDone(item)))
    return { done: [item], failed: [], next: "now", maxBatch, reason: null };
  const fieldMessages = [...new Set(Object.values(outcome.failure.fields))];
  const failure = fieldMessages.length > 0 ? { ...outcome.failure, message: fieldMessages.join(" ") } : outcome.failure;
  return decideBatch([item], { ok: false, failure }, maxBatch, "_");
}

export interface SyncOptions {
  maxBatch?: number;
  /** Seqs being sent right now; runSync adds and removes its own (undo reads it: see planUndo). */
  inFlight?: Set<number>;
  /** Called with what the server has applied, before it leaves the outbox (to show it at once in the list). */
  onApplied?: (items: OutboxItem[]) => void;
}

export interface SyncReport {
  /** Requests made. */
  requests: number;
  applied: OutboxItem[];
  failed: { item: OutboxItem; message: string }[];
  /** Why the pass stopped early: null when the outbox is empty (of pending items). */
  stopped: null | "later" | "auth";
  reason: string | null;
}

async function sendOne(transport: SyncTransport, item: Exclude<SingleItem, OutboxDeleteItem>): Promise<void> {
  switch (item.op) {
    case "session":
      return transport.createSession(item.session);
    case "snap-edit":
      return transport.putSnap(item.snapId, item.edit);
    case "snap-delete":
      return transport.deleteSnap(item.snapId);
    case "period":
      return transport.putPeriod(item.sessionId, item.period, item.at);
    case "final":
      return transport.putFinal(item.sessionId, item.score);
  }
}

async function send(
  transport: SyncTransport,
  unit: SendUnit,
): Promise<{ ok: true; results?: EventResult[] } | { ok: false; failure: SendFailure }> {
  try {
    if (unit.kind === "events") {
      const { results } = await transport.postEvents(unit.items.map((i) => i.event));
      return { ok: true, results };
    }
    if (unit.kind === "snaps") {
      const { results } = await transport.postSnaps(unit.items.map((i) => i.snap));
      return { ok: true, results };
    }
    if (unit.kind === "one") {
      await sendOne(transport, unit.item);
      return { ok: true };
    }
    if (unit.kind === "attendance") {
      await transport.putAttendance(
        unit.sessionId,
        unit.items.map((i) => ({ playerId: i.playerId, present: i.present })),
      );
      return { ok: true };
    }
    await transport.deleteEvent(unit.item.eventId);
    return { ok: true };
  } catch (error) {
    return { ok: false, failure: failureOf(error) };
  }
}

/** A batch answered with one result per id: only what the server answered for is done. */
function decideResults<T extends OutboxItem>(
  items: readonly T[],
  idOf: (item: T) => string,
  results: readonly EventResult[],
  maxBatch: number,
  what: string,
): Decision {
  // Anything the server left out (it never does) is sent again later.
  const answered = new Set(results.map((r) => r.id));
  const done = items.filter((i) => answered.has(idOf(i)));
  const missing = done.length < items.length;
  return {
    done,
    failed: [],
    next: missing ? "later" : "now",
    maxBatch,
    reason: missing ? `The server skipped some ${what}.` : null,
  };
}

function decide(unit: SendUnit, outcome: Awaited<ReturnType<typeof send>>, maxBatch: number): Decision {
  if (unit.kind === "delete" || unit.kind === "one") return decideOne(unit.item, outcome, maxBatch);
  if (unit.kind === "attendance") return decideBatch(unit.items, outcome, maxBatch, "marks");
  if (unit.kind === "snaps") {
    if (outcome.ok && outcome.results)
      return decideResults(unit.items, (i) => i.snap.id, outcome.results, maxBatch, "snaps");
    return decideBatch(unit.items, outcome, maxBatch, "snaps");
  }
  if (outcome.ok && outcome.results)
    return decideResults(unit.items, (i) => i.event.id, outcome.results, maxBatch, "events");
  return decideBatch(unit.items, outcome, maxBatch, "events");
}

/** Sends the owner's pending items until none is left, or the network or the session stops it. */
export async function runSync(
  store: OutboxStore,
  transport: SyncTransport,
  ownerId: string,
  options: SyncOptions = {},
): Promise<SyncReport> {
  const inFlight = options.inFlight ?? new Set<number>();
  let maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const report: SyncReport = { requests: 0, applied: [], failed: [], stopped: null, reason: null };
  // Every request settles at least one item or stops the pass, except a batch being split; this bounds a pass
  // even if the store misbehaved.
  let budget = (await store.list(ownerId)).length * 3 + 10;

  while (budget-- > 0) {
    const unit = nextUnit(await store.list(ownerId), maxBatch);
    if (!unit) break;
    const items = unitItems(unit);
    const seqs = items.map((i) => i.seq);
    await store.markAttempted(seqs);
    for (const s of seqs) inFlight.add(s);
    let decision: Decision;
    try {
      report.requests++;
      decision = decide(unit, await send(transport, unit), maxBatch);
      if (decision.done.length) {
        options.onApplied?.(decision.done);
        await store.remove(decision.done.map((i) => i.seq));
        report.applied.push(...decision.done);
      }
      for (const f of decision.failed) {
        await store.update(f.item.seq, { state: "failed", error: f.message });
        report.failed.push(f);
      }
    } finally {
      for (const s of seqs) inFlight.delete(s);
    }
    maxBatch = decision.maxBatch;
    if (decision.next !== "now") {
      report.stopped = decision.next;
      report.reason = decision.reason;
      break;
    }
  }
  return report;
}
