import { describe, expect, it } from "vitest";
import {
  countByState,
  createMemoryOutboxStore,
  planUndo,
  supersededMarks,
  type NewOutboxItem,
  type OutboxItem,
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
