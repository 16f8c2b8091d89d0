import { describe, expect, it } from "vitest";
import type { SnapDetail } from "#domain/snaps";
import {
  countByState,
  createMemoryOutboxStore,
  planSnapEdit,
  planSnapRemoval,
  planUndo,
  sessionOfItem,
  supersededFinals,
  supersededMarks,
  waitingWords,
  type NewOutboxItem,
  type OutboxItem,
  type OutboxSnapEdit,
} from "./outbox";

const OWNER = "coach-1";

function eventItem(id: string): NewOutboxItem {
  return {
    op: "event",
    ownerId: OWNER,
    event: {
      id,
      playerId: "p1",
      eventType: "Catch",
      yards: 12,
      sessionId: "s1",
      playId: null,
      occurredAt: "2026-10-03T14:00:00.000Z",
    },
    view: { playerName: "Maya", position: "wr", points: 1.6 },
  };
}

describe("memory outbox store", () => {
  it("keeps items in queue order with increasing seq and tells subscribers about changes", async () => {
    const store = createMemoryOutboxStore();
    const seen: number[] = [];
    const stop = store.subscribe(OWNER, (items) => seen.push(items.length));
    const a = await store.add(eventItem("a"));
    const b = await store.add(eventItem("b"));
    expect(b.seq).toBeGreaterThan(a.seq);
    expect(a).toMatchObject({ state: "pending", attempts: 0, error: null });
    await store.markAttempted([a.seq]);
    await store.update(b.seq, { state: "failed", error: "Nope." });
    expect((await store.list(OWNER)).map((i) => [i.attempts, i.state])).toEqual([
      [1, "pending"],
      [0, "failed"],
    ]);
    await store.remove([a.seq, 999]);
    stop();
    await store.remove([b.seq]);
    expect(seen).toEqual([0, 1, 2, 2, 2, 1]);
  });
});

describe("planUndo", () => {
  const base = { seq: 1, state: "pending", error: null, attempts: 0, queuedAt: "" } as const;
  const pending = { ...eventItem("e1"), ...base } as OutboxItem;

  it("drops an event no send has started", () => {
    expect(planUndo("e1", [pending], new Set())).toEqual({ kind: "drop", seq: 1 });
  });
  it("queues a delete when the event is on the wire, or may have reached the server", () => {
    expect(planUndo("e1", [pending], new Set([1]))).toEqual({ kind: "delete", dropSeq: null });
    expect(planUndo("e1", [{ ...pending, attempts: 1 }], new Set())).toEqual({ kind: "delete", dropSeq: 1 });
  });
  it("drops a failed event, deletes a synced one, and does nothing twice", () => {
    expect(planUndo("e1", [{ ...pending, state: "failed" }], new Set())).toEqual({ kind: "drop", seq: 1 });
    expect(planUndo("e2", [pending], new Set())).toEqual({ kind: "delete", dropSeq: null });
    const del = {
      ...base,
      seq: 2,
      op: "delete",
      ownerId: OWNER,
      eventId: "e2",
      sessionId: "s1",
      view: { playerName: "", eventType: "" },
    } as OutboxItem;
    expect(planUndo("e2", [pending, del], new Set())).toEqual({ kind: "nothing" });
  });
});

describe("supersededMarks and countByState", () => {
  it("replaces a waiting mark of the same player and session, not one on the wire", () => {
    const mark = (seq: number, playerId: string, sessionId = "s1") =>
      ({
        seq,
        state: "pending",
        error: null,
        attempts: 0,
        queuedAt: "",
        op: "attendance",
        ownerId: OWNER,
        sessionId,
        playerId,
        present: true,
        view: { playerName: playerId },
      }) as OutboxItem;
    const items = [mark(1, "p1"), mark(2, "p2"), mark(3, "p1", "s2"), mark(4, "p1")];
    expect(supersededMarks("s1", "p1", items, new Set([4]))).toEqual([1]);
    expect(countByState([...items, { ...mark(5, "p9"), state: "failed" } as OutboxItem])).toEqual({
      pending: 4,
      failed: 1,
    });
  });
});

describe("snaps: planSnapRemoval, planSnapEdit, supersededFinals", () => {
  const stored = { state: "pending", error: null, attempts: 0, queuedAt: "", ownerId: OWNER } as const;
  const detail: SnapDetail = { kind: "pass", passerId: "p7", targetId: "p11", result: "complete", yards: 12 };
  const snap = (seq: number, id: string, extra: Partial<OutboxItem> = {}) =>
    ({
      ...stored,
      seq,
      op: "snap",
      snap: { id, sessionId: "s1", playId: null, period: 1, firstDown: false, occurredAt: "t", detail },
      view: { text: "" },
      ...extra,
    }) as OutboxItem;
  const edit = (seq: number, snapId: string, extra: Partial<OutboxItem> = {}) =>
    ({
      ...stored,
      seq,
      op: "snap-edit",
      snapId,
      sessionId: "s1",
      edit: { playId: null, period: 1, firstDown: false, detail },
      view: { text: "" },
      ...extra,
    }) as OutboxItem;
  const del = (seq: number, snapId: string) =>
    ({ ...stored, seq, op: "snap-delete", snapId, sessionId: "s1", view: { text: "" } }) as OutboxItem;
  const none = new Set<number>();

  it("drops a snap no send has started, or one the server refused, with its edits", () => {
    expect(planSnapRemoval("a", [snap(1, "a")], none)).toEqual({ drop: [1], queueDelete: false });
    expect(planSnapRemoval("a", [snap(1, "a", { state: "failed", attempts: 2 }), edit(2, "a")], none)).toEqual({
      drop: [1, 2],
      queueDelete: false,
    });
  });

  it("queues a DELETE for a snap the server may have, dropping what is not on the wire", () => {
    expect(planSnapRemoval("a", [snap(1, "a")], new Set([1]))).toEqual({ drop: [], queueDelete: true });
    expect(planSnapRemoval("a", [snap(1, "a", { attempts: 1 }), edit(2, "a")], none)).toEqual({
      drop: [1, 2],
      queueDelete: true,
    });
    // The server's snap (nothing here) with an edit on the wire: the edit goes, then the DELETE.
    expect(planSnapRemoval("a", [edit(2, "a"), edit(3, "a")], new Set([2]))).toEqual({
      drop: [3],
      queueDelete: true,
    });
    expect(planSnapRemoval("b", [snap(1, "a")], none)).toEqual({ drop: [], queueDelete: true });
  });

  it("does nothing twice: a DELETE already waiting is enough", () => {
    expect(planSnapRemoval("a", [del(4, "a")], none)).toEqual({ drop: [], queueDelete: false });
  });

  it("an edit rewrites a snap the server cannot have, and is a PUT otherwise, replacing a waiting edit", () => {
    const next: OutboxSnapEdit = { playId: "play-1", period: 2, firstDown: true, detail: { ...detail, yards: 30 } };
    const replaced = planSnapEdit("a", next, [snap(1, "a")], none);
    expect(replaced).toMatchObject({ kind: "replace", drop: [1], create: { id: "a", occurredAt: "t", period: 2 } });
    expect(planSnapEdit("a", next, [snap(1, "a", { state: "failed", attempts: 1 })], none).kind).toBe("replace");
    expect(planSnapEdit("a", next, [snap(1, "a")], new Set([1]))).toEqual({ kind: "put", drop: [] });
    expect(planSnapEdit("a", next, [snap(1, "a", { attempts: 1 }), edit(2, "a"), edit(3, "b")], none)).toEqual({
      kind: "put",
      drop: [2],
    });
    expect(planSnapEdit("a", next, [del(5, "a")], none)).toEqual({ kind: "nothing" });
  });

  it("a newer final score replaces the waiting one of the same game, not one on the wire", () => {
    const final = (seq: number, sessionId: string) =>
      ({ ...stored, seq, op: "final", sessionId, score: { us: 6, them: 0 }, view: { label: "" } }) as OutboxItem;
    expect(supersededFinals("s1", [final(1, "s1"), final(2, "s2"), final(3, "s1")], new Set([3]))).toEqual([1]);
    expect([final(1, "s1"), snap(2, "a"), edit(3, "a"), del(4, "a")].map(sessionOfItem)).toEqual([
      "s1",
      "s1",
      "s1",
      "s1",
    ]);
  });
});

describe("waitingWords", () => {
  const stored = { state: "pending", error: null, attempts: 0, queuedAt: "", ownerId: OWNER } as const;
  const game = {
    ...stored,
    seq: 1,
    op: "session",
    session: { id: "s1", kind: "game", date: "2026-10-03", opponent: "Eagles", location: null, homeAway: null },
    view: { label: "Game vs Eagles" },
  } as OutboxItem;
  const mark = (seq: number) =>
    ({
      ...stored,
      seq,
      op: "attendance",
      sessionId: "s1",
      playerId: `p${seq}`,
      present: true,
      view: { playerName: "" },
    }) as OutboxItem;
  const snap = (seq: number) =>
    ({
      ...stored,
      seq,
      op: "snap",
      snap: {
        id: `snap${seq}`,
        sessionId: "s1",
        playId: null,
        period: 1,
        firstDown: false,
        occurredAt: "t",
        detail: { kind: "stop", defenderId: "p1" },
      },
      view: { text: "" },
    }) as OutboxItem;

  it("says what waits in a coach's words: a game, 8 marks and 3 snaps are not '12 pending'", () => {
    const marks = Array.from({ length: 8 }, (_, i) => mark(2 + i));
    expect(waitingWords([game, ...marks, snap(10), snap(11), snap(12)])).toBe("3 snaps, attendance, new game");
    expect(waitingWords([snap(1)])).toBe("1 snap");
    expect(waitingWords([mark(1)])).toBe("attendance");
  });

  it("names edits, deletions, events and final scores; refused items and an empty outbox say nothing", () => {
    const del = {
      ...stored,
      seq: 3,
      op: "snap-delete",
      snapId: "x",
      sessionId: "s1",
      view: { text: "" },
    } as OutboxItem;
    const final = {
      ...stored,
      seq: 4,
      op: "final",
      sessionId: "s1",
      score: { us: 6, them: 0 },
      view: { label: "" },
    } as OutboxItem;
    const event = { ...eventItem("e1"), ...stored, seq: 5 } as OutboxItem;
    const edit = {
      ...stored,
      seq: 6,
      op: "snap-edit",
      snapId: "x",
      sessionId: "s1",
      edit: { playId: null, period: 1, firstDown: false, detail: { kind: "stop", defenderId: "p1" } },
      view: { text: "" },
    } as OutboxItem;
    expect(waitingWords([del, final, event, edit, { ...event, seq: 7 }])).toBe(
      "2 events, 1 edit, 1 deletion, final score",
    );
    expect(waitingWords([{ ...snap(1), state: "failed" } as OutboxItem])).toBeNull();
    expect(waitingWords([])).toBeNull();
  });
});
