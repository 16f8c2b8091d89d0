/**
 * Runs the outbox for one signed-in coach in one tab: queues the coach's changes, and sends them (sync.ts) when
 * the page loads, right after each change, when the browser comes back online, and every few seconds while
 * anything is pending. One pass at a time per tab; across tabs, a Web Lock lets one tab send while the others
 * wait (they would only resend what the server ignores anyway).
 */
import {
  planSnapEdit,
  planSnapRemoval,
  planUndo,
  supersededFinals,
  supersededMarks,
  type NewOutboxItem,
  type OutboxEventItem,
  type OutboxEventPayload,
  type OutboxItem,
  type OutboxSessionPayload,
  type OutboxSnapEdit,
  type OutboxSnapItem,
  type OutboxSnapPayload,
  type OutboxStore,
  type SnapRemoval,
} from "./outbox";
import { runSync, type SyncReport, type SyncTransport } from "./sync";

/** How often a pass runs while something is pending. */
const RETRY_INTERVAL_MS = 5_000;

export interface EngineSnapshot {
  /** The coach's outbox, oldest first; empty until the store has answered. */
  items: OutboxItem[];
  loaded: boolean;
  syncing: boolean;
  /** Why the last pass stopped early when it was not just the network (a signed-out session), else null. */
  problem: string | null;
  /** Whether the last pass got no answer. */
  offline: boolean;
  /**
   * Why the server answered "not now" to the last pass, in its words (a 503: its disk is full, its database is out
   * of reach), else null. What waits stays here and goes on a later pass.
   */
  held: string | null;
  /**
   * What the server applied in the last minute. Shown over the server's lists until a refetch includes it, so a
   * slow refetch (or the worker's cached answer on a bad connection) never makes a sent event blink out.
   */
  recent: OutboxItem[];
}

/** How long an applied change is laid over the server's lists. */
const RECENT_MS = 60_000;

export interface EngineHooks {
  /** Before sent items leave the outbox: put them in the on-screen data so the list does not blink. */
  onApplied?: (items: OutboxItem[]) => void;
  /** After a pass that changed something on the server. */
  onSynced?: (report: SyncReport) => void;
  isOnline?: () => boolean;
}

export class OutboxEngine {
  private snapshot: EngineSnapshot = {
    items: [],
    loaded: false,
    syncing: false,
    problem: null,
    offline: false,
    held: null,
    recent: [],
  };
  private recentApplied: { item: OutboxItem; at: number }[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly inFlight = new Set<number>();
  private readonly droppedSnaps = new Set<string>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly store: OutboxStore,
    private readonly transport: SyncTransport,
    readonly ownerId: string,
    private readonly hooks: EngineHooks = {},
  ) {}

  getSnapshot = (): EngineSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<EngineSnapshot>): void {
    const now = Date.now();
    const fresh = this.recentApplied.filter((r) => now - r.at < RECENT_MS);
    if (fresh.length !== this.recentApplied.length) {
      this.recentApplied = fresh;
      patch = { ...patch, recent: fresh.map((r) => r.item) };
    }
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }

  private online(): boolean {
    return this.hooks.isOnline ? this.hooks.isOnline() : typeof navigator === "undefined" || navigator.onLine !== false;
  }

  /** Starts watching the store, the network and the clock; returns the stop function. */
  start(): () => void {
    const unsubscribe = this.store.subscribe(
      this.ownerId,
      (items) => {
        this.set({ items, loaded: true });
        this.updateTimer();
      },
      () => this.set({ loaded: true }),
    );
    const onOnline = () => void this.sync();
    window.addEventListener("online", onOnline);
    void this.sync();
    return () => {
      unsubscribe();
      window.removeEventListener("online", onOnline);
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }

  private updateTimer(): void {
    const pending = this.snapshot.items.some((i) => i.state === "pending");
    if (pending && !this.timer) this.timer = setInterval(() => void this.sync(), RETRY_INTERVAL_MS);
    if (!pending && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** One pass now (or right after the running one). Resolves when the outbox has been tried. */
  sync(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        if (!this.online()) {
          this.set({ offline: true });
          break;
        }
        await this.withLock(() => this.pass());
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async withLock(run: () => Promise<void>): Promise<void> {
    const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
    if (!locks) return run();
    await locks.request(`flagline-outbox:${this.ownerId}`, { ifAvailable: true }, async (lock) => {
      // Another tab is sending this coach's outbox; this one's timer tries again shortly.
      if (lock) await run();
    });
  }

  private async pass(): Promise<void> {
    this.set({ syncing: true });
    try {
      const report = await runSync(this.store, this.transport, this.ownerId, {
        inFlight: this.inFlight,
        onApplied: (items) => {
          const at = Date.now();
          this.recentApplied = [...this.recentApplied, ...items.map((item) => ({ item, at }))];
          this.set({ recent: this.recentApplied.map((r) => r.item) });
          this.hooks.onApplied?.(items);
        },
      });
      this.set({
        offline: report.stopped === "later" && report.applied.length === 0 && report.reason === null,
        held: report.stopped === "later" ? report.reason : null,
        problem: report.stopped === "auth" ? report.reason : null,
      });
      if (report.applied.length > 0 || report.failed.length > 0) this.hooks.onSynced?.(report);
    } catch {
      // The store failed (IndexedDB closed by the browser); the next pass tries again.
    } finally {
      this.set({ syncing: false });
    }
  }

  private async add(item: NewOutboxItem): Promise<OutboxItem> {
    const stored = await this.store.add(item);
    void this.sync();
    return stored;
  }

  /** Queues a new event (the caller made its id) and sends it when it can. */
  logEvent(event: OutboxEventPayload, view: OutboxEventItem["view"]): Promise<OutboxItem> {
    return this.add({ op: "event", ownerId: this.ownerId, event, view });
  }

  /** Undo or delete: drops an event still waiting here, or queues its delete (planUndo). */
  async removeEvent(target: {
    id: string;
    sessionId: string | null;
    playerName: string;
    eventType: string;
  }): Promise<void> {
    const items = await this.store.list(this.ownerId);
    const plan = planUndo(target.id, items, this.inFlight);
    if (plan.kind === "nothing") return;
    if (plan.kind === "drop") {
      await this.store.remove([plan.seq]);
      return;
    }
    if (plan.dropSeq !== null) await this.store.remove([plan.dropSeq]);
    await this.add({
      op: "delete",
      ownerId: this.ownerId,
      eventId: target.id,
      sessionId: target.sessionId,
      view: { playerName: target.playerName, eventType: target.eventType },
    });
  }

  /** Queues attendance marks; a newer mark for a player replaces one still waiting. */
  async setMarks(
    sessionId: string,
    marks: { playerId: string; playerName: string; present: boolean | null }[],
  ): Promise<void> {
    const items = await this.store.list(this.ownerId);
    const superseded = marks.flatMap((m) => supersededMarks(sessionId, m.playerId, items, this.inFlight));
    if (superseded.length) await this.store.remove(superseded);
    await this.store.addMany(
      marks.map((m) => ({
        op: "attendance" as const,
        ownerId: this.ownerId,
        sessionId,
        playerId: m.playerId,
        present: m.present,
        view: { playerName: m.playerName },
      })),
    );
    void this.sync();
  }

  /** Queues the start of a session (its id made here, so snaps and marks can be queued for it at once). */
  createSession(session: OutboxSessionPayload, label: string): Promise<OutboxItem> {
    return this.add({ op: "session", ownerId: this.ownerId, session, view: { label } });
  }

  /** Queues a new snap (the caller made its id); consecutive snaps go in one request. */
  logSnap(snap: OutboxSnapPayload, text: string): Promise<OutboxItem> {
    return this.add({ op: "snap", ownerId: this.ownerId, snap, view: { text } });
  }

  /**
   * Undo or delete of a snap (planSnapRemoval): drops what the server cannot have, queues a DELETE for what it may
   * have. Returns false when there was nothing left to do (a DELETE of it is already waiting).
   */
  async removeSnap(target: { id: string; sessionId: string; text: string }): Promise<boolean> {
    return (await this.removeSnapUndoably(target)) !== null;
  }

  /** removeSnap, answering what it did so that restoreSnap can take it back; null when it did nothing. */
  async removeSnapUndoably(target: { id: string; sessionId: string; text: string }): Promise<SnapRemoval | null> {
    // A snap this tab dropped before it was ever sent is gone everywhere: a second undo of it (a double tap) is
    // not a DELETE to queue.
    if (this.droppedSnaps.has(target.id)) return null;
    const items = await this.store.list(this.ownerId);
    const plan = planSnapRemoval(target.id, items, this.inFlight);
    if (plan.drop.length === 0 && !plan.queueDelete) return null;
    if (!plan.queueDelete) this.droppedSnaps.add(target.id);
    const dropped = items.filter((i) => plan.drop.includes(i.seq));
    if (plan.drop.length) await this.store.remove(plan.drop);
    const queued = plan.queueDelete
      ? await this.add({
          op: "snap-delete",
          ownerId: this.ownerId,
          snapId: target.id,
          sessionId: target.sessionId,
          view: { text: target.text },
        })
      : null;
    return { dropped, deleteSeq: queued?.seq ?? null };
  }

  /**
   * Takes back a removeSnap (Undo after a delete): the snap comes back with its id, time and content. If its
   * DELETE has not left this phone (or was refused), that DELETE is dropped and what the delete dropped is put back
   * as it was; once the DELETE may have reached the server, the snap is created again after it (the server takes a
   * deleted snap's id again).
   */
  async restoreSnap(snap: OutboxSnapPayload, text: string, removal: SnapRemoval): Promise<void> {
    this.droppedSnaps.delete(snap.id);
    const items = await this.store.list(this.ownerId);
    const del = removal.deleteSeq === null ? undefined : items.find((i) => i.seq === removal.deleteSeq);
    if (removal.deleteSeq !== null && (!del || this.inFlight.has(del.seq))) {
      await this.logSnap(snap, text);
      return;
    }
    if (del) await this.store.remove([del.seq]);
    for (const item of removal.dropped) {
      const { seq: _seq, state, error, attempts, queuedAt: _queuedAt, ...queued } = item;
      const back = await this.store.add(queued as NewOutboxItem);
      if (state !== "pending" || attempts > 0) await this.store.update(back.seq, { state, error, attempts });
    }
    void this.sync();
  }

  /** Edits a snap (planSnapEdit): rewrites one still waiting here, or queues a PUT. */
  async editSnap(target: { id: string; sessionId: string }, edit: OutboxSnapEdit, text: string): Promise<boolean> {
    const items = await this.store.list(this.ownerId);
    const plan = planSnapEdit(target.id, edit, items, this.inFlight);
    if (plan.kind === "nothing") return false;
    if (plan.drop.length) await this.store.remove(plan.drop);
    if (plan.kind === "replace") await this.logSnap(plan.create, text);
    else
      await this.add({
        op: "snap-edit",
        ownerId: this.ownerId,
        snapId: target.id,
        sessionId: target.sessionId,
        edit,
        view: { text },
      });
    return true;
  }

  /**
   * Moves the game on to `period` (or back), as of now: the period is the game's (decision 0022), so the change is
   * sent (in order, after what is queued before it) and every open screen hears it. `label` names it ("2nd half of
   * Game vs Eagles") in the list of refused changes.
   */
  setPeriod(sessionId: string, period: number, label: string, at: Date = new Date()): Promise<OutboxItem> {
    return this.add({ op: "period", ownerId: this.ownerId, sessionId, period, at: at.toISOString(), view: { label } });
  }

  /**
   * Ends a game with a final score, or reopens it (score null); a newer one replaces one still waiting. Reopening
   * also sends again, after the reopen, the game's snaps the server refused (a final game takes no snaps: they were
   * kept here, each with the server's reason).
   */
  async setFinal(sessionId: string, score: { us: number; them: number } | null, label: string): Promise<void> {
    const items = await this.store.list(this.ownerId);
    const superseded = supersededFinals(sessionId, items, this.inFlight);
    const refused =
      score === null
        ? items.filter(
            (i): i is OutboxSnapItem => i.op === "snap" && i.snap.sessionId === sessionId && i.state === "failed",
          )
        : [];
    const drop = [...superseded, ...refused.map((i) => i.seq)];
    if (drop.length) await this.store.remove(drop);
    await this.store.add({ op: "final", ownerId: this.ownerId, sessionId, score, view: { label } });
    if (refused.length)
      await this.store.addMany(refused.map((i) => ({ op: "snap", ownerId: this.ownerId, snap: i.snap, view: i.view })));
    void this.sync();
  }

  /** Forgets an item the server refused. */
  async discard(seq: number): Promise<void> {
    await this.store.remove([seq]);
  }
}
