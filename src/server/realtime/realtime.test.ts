import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCoalescer } from "./coalesce.js";
import { createMemoryHub, type TeamChange } from "./hub.js";

const change = (kind: TeamChange["kind"], at = new Date().toISOString()): TeamChange => ({ kind, at });

describe("the in-process team hub", () => {
  it("delivers a team's changes to that team's subscribers only, until they unsubscribe", () => {
    const hub = createMemoryHub();
    const a1: TeamChange[] = [];
    const a2: TeamChange[] = [];
    const b: TeamChange[] = [];
    const offA1 = hub.subscribe("A", (c) => a1.push(c));
    hub.subscribe("A", (c) => a2.push(c));
    hub.subscribe("B", (c) => b.push(c));
    hub.publish("A", change("events"));
    expect(a1).toHaveLength(1);
    expect(a2).toHaveLength(1);
    expect(b).toHaveLength(0);
    offA1();
    offA1();
    hub.publish("A", change("attendance"));
    expect(a1).toHaveLength(1);
    expect(a2.map((c) => c.kind)).toEqual(["events", "attendance"]);
    expect(hub.subscriberCount("A")).toBe(1);
    expect(hub.subscriberCount()).toBe(2);
  });

  it("one throwing listener does not keep the change from the others", () => {
    const errors: unknown[] = [];
    const hub = createMemoryHub({ onListenerError: (e) => errors.push(e) });
    const got: TeamChange[] = [];
    hub.subscribe("A", () => {
      throw new Error("broken pipe");
    });
    hub.subscribe("A", (c) => got.push(c));
    hub.publish("A", change("sessions"));
    expect(got).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it("close() ends every subscription; later subscribers are closed at once", async () => {
    const hub = createMemoryHub();
    const closed: string[] = [];
    const got: TeamChange[] = [];
    hub.subscribe(
      "A",
      (c) => got.push(c),
      () => closed.push("a"),
    );
    hub.subscribe(
      "B",
      (c) => got.push(c),
      () => closed.push("b"),
    );
    await hub.close();
    expect(closed.sort()).toEqual(["a", "b"]);
    hub.publish("A", change("events"));
    expect(got).toEqual([]);
    hub.subscribe(
      "A",
      () => {},
      () => closed.push("late"),
    );
    expect(closed).toContain("late");
    expect(hub.subscriberCount()).toBe(0);
    await hub.close();
  });
});

describe("revocations on the in-process hub", () => {
  it("reach the user's listeners only, until they stop listening; close() drops them", async () => {
    const hub = createMemoryHub();
    const heard: string[] = [];
    const stop = hub.onRevoke("u1", (r) => heard.push(`u1:${r.sessionId ?? "all"}`));
    hub.onRevoke("u2", (r) => heard.push(`u2:${r.sessionId ?? "all"}`));
    hub.revoke({ userId: "u1", sessionId: "s1" });
    hub.revoke({ userId: "u2" });
    hub.revoke({ userId: "nobody" });
    expect(heard).toEqual(["u1:s1", "u2:all"]);
    stop();
    stop();
    hub.revoke({ userId: "u1" });
    expect(heard).toHaveLength(2);
    await hub.close();
    hub.revoke({ userId: "u2" });
    expect(heard).toHaveLength(2);
  });
});

describe("per-connection coalescing", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends a lone change at once and folds a burst into one more message per kind per window", () => {
    const sent: TeamChange[] = [];
    const c = createCoalescer<TeamChange>((x) => sent.push(x), 250);
    c.push(change("events", "t0"));
    expect(sent.map((x) => x.at)).toEqual(["t0"]);
    for (let i = 1; i <= 50; i++) c.push(change("events", `t${i}`));
    c.push(change("attendance", "a1"));
    // Another kind is not held back by the first.
    expect(sent.map((x) => x.at)).toEqual(["t0", "a1"]);
    vi.advanceTimersByTime(249);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    // The burst arrives as one message carrying the latest time.
    expect(sent.map((x) => x.at)).toEqual(["t0", "a1", "t50"]);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(3);
    // After a quiet window, the next change goes out at once again.
    c.push(change("events", "later"));
    expect(sent.at(-1)!.at).toBe("later");
  });

  it("never sends more than one message per kind in any 250 ms", () => {
    const sentAt: number[] = [];
    const c = createCoalescer(() => sentAt.push(Date.now()), 250);
    for (let t = 0; t < 3000; t += 7) {
      c.push(change("events"));
      vi.advanceTimersByTime(7);
    }
    vi.advanceTimersByTime(500);
    for (let i = 1; i < sentAt.length; i++) expect(sentAt[i]! - sentAt[i - 1]!).toBeGreaterThanOrEqual(250);
    expect(sentAt.length).toBeGreaterThanOrEqual(11);
  });

  it("stop() drops what is waiting", () => {
    const sent: TeamChange[] = [];
    const c = createCoalescer<TeamChange>((x) => sent.push(x), 250);
    c.push(change("events"));
    c.push(change("events"));
    c.stop();
    vi.advanceTimersByTime(1000);
    c.push(change("events"));
    expect(sent).toHaveLength(1);
  });
});
