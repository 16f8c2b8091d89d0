import { describe, expect, it } from "vitest";
import { createMemoryOutboxStore, type NewOutboxItem, type OutboxItem, type OutboxStore } from "./outbox";
import { decideBatch, failureOf, nextUnit, runSync, type AttendanceMark, type SyncTransport } from "./sync";

const OWNER = "coach-1";
let n = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;

function eventItem(playerId = "p1", extra: Partial<{ id: string; sessionId: string | null }> = {}): NewOutboxItem {
  return {
    op: "event",
    ownerId: OWNER,
    event: {
      id: extra.id ?? uuid(),
      playerId,
      eventType: "Flag Pull",
      yards: null,
      sessionId: extra.sessionId ?? "s1",
      playId: null,
      occurredAt: "2026-10-03T14:00:00.000Z",
    },
    view: { playerName: playerId, position: "cb", points: 3.1 },
  };
}

function deleteItem(eventId: string): NewOutboxItem {
  return { op: "delete", ownerId: OWNER, eventId, sessionId: "s1", view: { playerName: "p1", eventType: "Flag Pull" } };
}

function markItem(playerId: string, present: boolean | null, sessionId = "s1"): NewOutboxItem {
  return { op: "attendance", ownerId: OWNER, sessionId, playerId, present, view: { playerName: playerId } };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** A server that behaves like src/server/routes/events.ts: ids are idempotent, a bad player fails the whole batch. */
class FakeServer implements SyncTransport {
  events = new Map<string, { playerId: string }>();
  marks = new Map<string, boolean | null>();
  requests: string[] = [];
  offline = false;
  status5xx = false;
  /** Players that are not on the team. */
  unknownPlayers = new Set<string>();
  maxBatch = Infinity;
  /** Drop the answer after storing (a timeout after the commit). */
  loseNextAnswer = false;

  private gate(): void {
    if (this.offline) throw new TypeError("Failed to fetch");
    if (this.status5xx) throw new HttpError(503, "Try again.");
  }

  async postEvents(events: Parameters<SyncTransport["postEvents"]>[0]) {
    this.requests.push(`POST ${events.length}`);
    this.gate();
    if (events.length > this.maxBatch) throw new HttpError(413, "The request body is too large.");
    const fields: Record<string, string> = {};
    events.forEach((e, i) => {
      if (this.unknownPlayers.has(e.playerId)) fields[`events.${i}.playerId`] = "This player is not on your team.";
    });
    if (Object.keys(fields).length)
      throw new HttpError(400, "Some events name a player that is not your team's.", fields);
    const results = events.map((e) => {
      const created = !this.events.has(e.id);
      this.events.set(e.id, { playerId: e.playerId });
      return { id: e.id, status: created ? ("created" as const) : ("duplicate" as const) };
    });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError("network timeout");
    }
    return { results };
  }

  async deleteEvent(id: string) {
    this.requests.push(`DELETE ${id}`);
    this.gate();
    if (!this.events.delete(id)) throw new HttpError(404, "That event was not found.");
  }

  async putAttendance(sessionId: string, marks: AttendanceMark[]) {
    this.requests.push(`PUT ${sessionId} ${marks.length}`);
    this.gate();
    for (const m of marks) this.marks.set(`${sessionId}:${m.playerId}`, m.present);
  }
}

async function fill(store: OutboxStore, items: NewOutboxItem[]): Promise<OutboxItem[]> {
  const out: OutboxItem[] = [];
  for (const i of items) out.push(await store.add(i));
  return out;
}

describe("nextUnit", () => {
  it("batches consecutive events up to the limit, oldest first, skipping failed ones", async () => {
    const store = createMemoryOutboxStore();
    const items = await fill(
      store,
      Array.from({ length: 5 }, () => eventItem()),
    );
    await store.update(items[1]!.seq, { state: "failed", error: "no" });
    const unit = nextUnit(await store.list(OWNER), 3);
    expect(unit?.kind).toBe("events");
    expect(unit?.kind === "events" && unit.items.map((i) => i.seq)).toEqual([
      items[0]!.seq,
      items[2]!.seq,
      items[3]!.seq,
    ]);
  });

  it("keeps the order of events, deletes and marks", async () => {
    const store = createMemoryOutboxStore();
    await fill(store, [
      eventItem(),
      deleteItem("x"),
      eventItem(),
      markItem("p1", true),
      markItem("p2", false),
      markItem("p3", true, "s2"),
    ]);
    const kinds: string[] = [];
    let items = await store.list(OWNER);
    for (let unit = nextUnit(items); unit; unit = nextUnit(items)) {
      const sent = unit.kind === "delete" ? [unit.item] : unit.items;
      kinds.push(`${unit.kind}:${sent.length}`);
      await store.remove(sent.map((i) => i.seq));
      items = await store.list(OWNER);
    }
    expect(kinds).toEqual(["events:1", "delete:1", "events:1", "attendance:2", "attendance:1"]);
  });

  it("sends a player's second mark in a later request", async () => {
    const store = createMemoryOutboxStore();
    await fill(store, [markItem("p1", true), markItem("p1", false)]);
    const unit = nextUnit(await store.list(OWNER));
    expect(unit?.kind === "attendance" && unit.items.length).toBe(1);
  });

  it("returns null when nothing is pending", async () => {
    const store = createMemoryOutboxStore();
    const [only] = await fill(store, [eventItem()]);
    await store.update(only!.seq, { state: "failed", error: "no" });
    expect(nextUnit(await store.list(OWNER))).toBeNull();
  });
});

describe("decideBatch", () => {
  const items = [1, 2, 3].map((seq) => ({ seq }) as OutboxItem);
  it("retries later on no answer, 5xx, 408 and 429, and stops on 401/403", () => {
    for (const status of [0, 500, 503, 408, 429]) {
      expect(decideBatch(items, { ok: false, failure: { status, message: "x", fields: {} } }, 100, "events").next).toBe(
        "later",
      );
    }
    for (const status of [401, 403]) {
      expect(decideBatch(items, { ok: false, failure: { status, message: "x", fields: {} } }, 100, "events").next).toBe(
        "auth",
      );
    }
  });
  it("fails the items a 4xx names and goes on with the rest", () => {
    const d = decideBatch(
      items,
      { ok: false, failure: { status: 400, message: "x", fields: { "events.1.playerId": "Gone." } } },
      100,
      "events",
    );
    expect(d.failed.map((f) => [f.item.seq, f.message])).toEqual([[2, "Gone."]]);
    expect(d.next).toBe("now");
  });
  it("sends one at a time when a 4xx names no item, and halves on 413", () => {
    expect(
      decideBatch(items, { ok: false, failure: { status: 400, message: "x", fields: {} } }, 100, "events").maxBatch,
    ).toBe(1);
    expect(
      decideBatch(items, { ok: false, failure: { status: 413, message: "x", fields: {} } }, 100, "events").maxBatch,
    ).toBe(2);
  });
});

describe("failureOf", () => {
  it("reads an ApiError-like error and treats anything else as no answer", () => {
    expect(failureOf(new HttpError(400, "Bad.", { a: "b" }))).toEqual({
      status: 400,
      message: "Bad.",
      fields: { a: "b" },
    });
    expect(failureOf(new TypeError("Failed to fetch")).status).toBe(0);
  });
});

describe("runSync", () => {
  it("sends everything in batches of at most 100 and empties the outbox", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    await fill(
      store,
      Array.from({ length: 250 }, () => eventItem()),
    );
    const report = await runSync(store, server, OWNER);
    expect(server.requests).toEqual(["POST 100", "POST 100", "POST 50"]);
    expect(report.applied).toHaveLength(250);
    expect(report.stopped).toBeNull();
    expect(await store.list(OWNER)).toEqual([]);
    expect(server.events.size).toBe(250);
  });

  it("keeps everything pending while offline or on a 5xx, then sends it once back", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    await fill(
      store,
      Array.from({ length: 10 }, () => eventItem()),
    );
    server.offline = true;
    expect((await runSync(store, server, OWNER)).stopped).toBe("later");
    server.offline = false;
    server.status5xx = true;
    expect((await runSync(store, server, OWNER)).stopped).toBe("later");
    const left = await store.list(OWNER);
    expect(left).toHaveLength(10);
    expect(left.every((i) => i.state === "pending" && i.attempts === 2)).toBe(true);
    server.status5xx = false;
    await runSync(store, server, OWNER);
    expect(await store.list(OWNER)).toEqual([]);
    expect(server.events.size).toBe(10);
  });

  it("never stores an event twice when an answer is lost after the commit", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    await fill(
      store,
      Array.from({ length: 3 }, () => eventItem()),
    );
    server.loseNextAnswer = true;
    expect((await runSync(store, server, OWNER)).stopped).toBe("later");
    expect(server.events.size).toBe(3);
    const report = await runSync(store, server, OWNER);
    expect(report.applied).toHaveLength(3);
    expect(server.events.size).toBe(3);
    expect(await store.list(OWNER)).toEqual([]);
  });

  it("fails only the event the server refuses and sends the others", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    server.unknownPlayers.add("gone");
    await fill(store, [eventItem("p1"), eventItem("gone"), eventItem("p2")]);
    const report = await runSync(store, server, OWNER);
    expect(report.failed.map((f) => f.message)).toEqual(["This player is not on your team."]);
    expect(server.requests).toEqual(["POST 3", "POST 2"]);
    const left = await store.list(OWNER);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: "failed", error: "This player is not on your team." });
    expect(server.events.size).toBe(2);
    // A failed item is not sent again.
    server.requests = [];
    await runSync(store, server, OWNER);
    expect(server.requests).toEqual([]);
  });

  it("halves the batch when the server says the body is too large", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    server.maxBatch = 30;
    await fill(
      store,
      Array.from({ length: 100 }, () => eventItem()),
    );
    await runSync(store, server, OWNER);
    expect(server.requests.slice(0, 3)).toEqual(["POST 100", "POST 50", "POST 25"]);
    expect(server.events.size).toBe(100);
  });

  it("treats a delete of an event the server does not have as done, and sends deletes in order", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    const [created] = await fill(store, [eventItem()]);
    const id = created!.op === "event" ? created!.event.id : "";
    await fill(store, [deleteItem(id), deleteItem("never-sent")]);
    await runSync(store, server, OWNER);
    expect(server.requests).toEqual(["POST 1", `DELETE ${id}`, "DELETE never-sent"]);
    expect(server.events.size).toBe(0);
    expect(await store.list(OWNER)).toEqual([]);
  });

  it("stops on 401 and keeps the items pending", async () => {
    const store = createMemoryOutboxStore();
    const auth: SyncTransport = {
      postEvents: async () => {
        throw new HttpError(401, "Sign in to continue.");
      },
      deleteEvent: async () => undefined,
      putAttendance: async () => undefined,
    };
    await fill(store, [eventItem()]);
    const report = await runSync(store, auth, OWNER);
    expect(report).toMatchObject({ stopped: "auth", reason: "Sign in to continue." });
    expect((await store.list(OWNER))[0]?.state).toBe("pending");
  });

  it("sends marks per session and tells the caller what was applied before removing it", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    await fill(store, [markItem("p1", true), markItem("p2", false)]);
    const seen: number[] = [];
    await runSync(store, server, OWNER, { onApplied: (items) => seen.push(...items.map((i) => i.seq)) });
    expect(server.marks.get("s1:p1")).toBe(true);
    expect(server.marks.get("s1:p2")).toBe(false);
    expect(seen).toHaveLength(2);
  });

  it("only sends the owner's items", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    await fill(store, [eventItem(), { ...eventItem(), ownerId: "someone-else" } as NewOutboxItem]);
    await runSync(store, server, OWNER);
    expect(server.events.size).toBe(1);
    expect(await store.list("someone-else")).toHaveLength(1);
  });

  it("marks items in flight while they are being sent", async () => {
    const store = createMemoryOutboxStore();
    const inFlight = new Set<number>();
    let during: number[] = [];
    const transport: SyncTransport = {
      postEvents: async (events) => {
        during = [...inFlight];
        return { results: events.map((e) => ({ id: e.id, status: "created" as const })) };
      },
      deleteEvent: async () => undefined,
      putAttendance: async () => undefined,
    };
    const [item] = await fill(store, [eventItem()]);
    await runSync(store, transport, OWNER, { inFlight });
    expect(during).toEqual([item!.seq]);
    expect(inFlight.size).toBe(0);
  });
});
