import { describe, expect, it } from "vitest";
import type { SnapDetail } from "#domain/snaps";
import { OutboxEngine } from "./outbox-engine";
import {
  createMemoryOutboxStore,
  type NewOutboxItem,
  type OutboxItem,
  type OutboxSessionPayload,
  type OutboxSnapEdit,
  type OutboxSnapPayload,
  type OutboxStore,
} from "./outbox";
import { decideBatch, failureOf, nextUnit, runSync, type AttendanceMark, type SyncTransport } from "./sync";

const OWNER = "coach-1";
/** src/server/routes/snaps.ts GAME_FINAL */
const GAME_FINAL = "This game is final. Reopen it to log more snaps.";
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

const pass = (targetId = "p11", yards: number | null = 12): SnapDetail => ({
  kind: "pass",
  passerId: "p7",
  targetId,
  result: "complete",
  yards,
});

function snapPayload(extra: Partial<OutboxSnapPayload> = {}): OutboxSnapPayload {
  return {
    id: uuid(),
    sessionId: "s1",
    playId: null,
    period: 1,
    firstDown: false,
    occurredAt: "2026-10-03T14:00:00.000Z",
    detail: pass(),
    ...extra,
  };
}

function snapItem(extra: Partial<OutboxSnapPayload> = {}): NewOutboxItem {
  return { op: "snap", ownerId: OWNER, snap: snapPayload(extra), view: { text: "#7 → #11, 12 yds" } };
}

function sessionItem(id: string): NewOutboxItem {
  return {
    op: "session",
    ownerId: OWNER,
    session: { id, kind: "game", date: "2026-10-03", opponent: "Eagles", location: null, homeAway: "home" },
    view: { label: "Game vs Eagles" },
  };
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
    if (this.knownSessions && !this.sessions.has(sessionId)) throw new HttpError(404, "That session was not found.");
    for (const m of marks) this.marks.set(`${sessionId}:${m.playerId}`, m.present);
  }

  // ---- Game day, as src/server/routes/snaps.ts and sessions.ts behave -----------------------------------------

  sessions = new Map<string, OutboxSessionPayload>();
  /** When set, snaps and marks must name a session the server has (as the real one checks). */
  knownSessions = false;
  snaps = new Map<string, OutboxSnapPayload>();
  finals = new Map<string, { us: number; them: number }>();

  async createSession(session: OutboxSessionPayload) {
    this.requests.push(`POST session ${session.id}`);
    this.gate();
    if (!this.sessions.has(session.id)) this.sessions.set(session.id, session);
  }

  async postSnaps(snaps: OutboxSnapPayload[]) {
    this.requests.push(`POST snaps ${snaps.length}`);
    this.gate();
    if (snaps.length > this.maxBatch) throw new HttpError(413, "The request body is too large.");
    const final: Record<string, string> = {};
    snaps.forEach((snap, i) => {
      if (this.finals.has(snap.sessionId) && !this.snaps.has(snap.id)) final[`snaps.${i}.sessionId`] = GAME_FINAL;
    });
    if (Object.keys(final).length) throw new HttpError(409, GAME_FINAL, final);
    const fields: Record<string, string> = {};
    snaps.forEach((snap, i) => {
      if (this.knownSessions && !this.sessions.has(snap.sessionId))
        fields[`snaps.${i}.sessionId`] = "This session is not your team's.";
      if (snap.detail.kind === "pass" && this.unknownPlayers.has(snap.detail.targetId ?? ""))
        fields[`snaps.${i}.detail.targetId`] = "This player is not on your team.";
    });
    if (Object.keys(fields).length) throw new HttpError(400, "Some snaps are not valid.", fields);
    const results = snaps.map((snap) => {
      const created = !this.snaps.has(snap.id);
      if (created) this.snaps.set(snap.id, snap);
      return { id: snap.id, status: created ? ("created" as const) : ("duplicate" as const) };
    });
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw new TypeError("network timeout");
    }
    return { results };
  }

  async putSnap(id: string, edit: OutboxSnapEdit) {
    this.requests.push(`PUT snap ${id}`);
    this.gate();
    const snap = this.snaps.get(id);
    if (!snap) throw new HttpError(404, "That snap was not found.");
    if (edit.detail.kind === "pass" && edit.detail.targetId === edit.detail.passerId)
      throw new HttpError(400, "Check the snap.", { "detail.targetId": "The passer cannot throw to himself." });
    this.snaps.set(id, { ...snap, ...edit });
  }

  async deleteSnap(id: string) {
    this.requests.push(`DELETE snap ${id}`);
    this.gate();
    if (!this.snaps.delete(id)) throw new HttpError(404, "That snap was not found.");
  }

  /** Each session's period changes as received: [period, at]. */
  periods = new Map<string, [number, string][]>();

  async putPeriod(sessionId: string, period: number, at: string) {
    this.requests.push(`PUT period ${period}`);
    this.gate();
    this.periods.set(sessionId, [...(this.periods.get(sessionId) ?? []), [period, at]]);
  }

  async putFinal(sessionId: string, score: { us: number; them: number } | null) {
    this.requests.push(`${score ? "POST" : "DELETE"} final ${sessionId}`);
    this.gate();
    if (!this.sessions.has(sessionId)) throw new HttpError(404, "That session was not found.");
    if (score) this.finals.set(sessionId, score);
    else if (!this.finals.delete(sessionId)) throw new HttpError(404, "This game is not final.");
  }
}

/** A transport whose every method fails the test: the cases below replace the one they use. */
function unusedTransport(): SyncTransport {
  const unused = () => {
    throw new Error("not expected");
  };
  return {
    postEvents: unused,
    deleteEvent: unused,
    putAttendance: unused,
    createSession: unused,
    postSnaps: unused,
    putSnap: unused,
    deleteSnap: unused,
    putPeriod: unused,
    putFinal: unused,
  };
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
      const sent = unit.kind === "delete" || unit.kind === "one" ? [unit.item] : unit.items;
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
      ...unusedTransport(),
      postEvents: async () => {
        throw new HttpError(401, "Sign in to continue.");
      },
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
      ...unusedTransport(),
      postEvents: async (events) => {
        during = [...inFlight];
        return { results: events.map((e) => ({ id: e.id, status: "created" as const })) };
      },
    };
    const [item] = await fill(store, [eventItem()]);
    await runSync(store, transport, OWNER, { inFlight });
    expect(during).toEqual([item!.seq]);
    expect(inFlight.size).toBe(0);
  });
});

describe("game day: sessions, snaps, edits, deletes and final scores", () => {
  it("keeps the queue's order: the session first, consecutive snaps in one request, the rest alone", async () => {
    const store = createMemoryOutboxStore();
    const s = uuid();
    const first = snapItem({ sessionId: s });
    await fill(store, [
      sessionItem(s),
      markItem("p1", true, s),
      first,
      snapItem({ sessionId: s }),
      snapItem({ sessionId: s }),
      {
        op: "snap-edit",
        ownerId: OWNER,
        snapId: "x",
        sessionId: s,
        edit: { playId: null, period: 1, firstDown: false, detail: pass() },
        view: { text: "" },
      },
      snapItem({ sessionId: s }),
      { op: "snap-delete", ownerId: OWNER, snapId: "x", sessionId: s, view: { text: "" } },
      { op: "final", ownerId: OWNER, sessionId: s, score: { us: 6, them: 0 }, view: { label: "" } },
    ]);
    const kinds: string[] = [];
    let items = await store.list(OWNER);
    for (let unit = nextUnit(items); unit; unit = nextUnit(items)) {
      const sent = unit.kind === "delete" || unit.kind === "one" ? [unit.item] : unit.items;
      kinds.push(unit.kind === "one" ? unit.item.op : `${unit.kind}:${sent.length}`);
      await store.remove(sent.map((i) => i.seq));
      items = await store.list(OWNER);
    }
    expect(kinds).toEqual(["session", "attendance:1", "snaps:3", "snap-edit", "snaps:1", "snap-delete", "final"]);
  });

  it("a game started and logged offline reaches the server in order, exactly once, even when an answer is lost", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    server.knownSessions = true;
    const s = uuid();
    const snaps = Array.from({ length: 12 }, (_, i) => snapItem({ sessionId: s, period: i < 6 ? 1 : 2 }));
    await fill(store, [sessionItem(s), markItem("p7", true, s), markItem("p11", true, s), ...snaps]);
    server.offline = true;
    expect((await runSync(store, server, OWNER)).stopped).toBe("later");
    expect(await store.list(OWNER)).toHaveLength(15);

    server.offline = false;
    server.loseNextAnswer = true; // The snaps are committed but the answer never arrives.
    expect((await runSync(store, server, OWNER)).stopped).toBe("later");
    expect(server.snaps.size).toBe(12);
    const report = await runSync(store, server, OWNER);
    expect(report.stopped).toBeNull();
    expect(server.requests).toEqual([
      `POST session ${s}`, // offline: nothing reached the server
      `POST session ${s}`,
      `PUT ${s} 2`,
      "POST snaps 12",
      "POST snaps 12", // the replay: every snap answered "duplicate", none stored twice
    ]);
    expect(server.snaps.size).toBe(12);
    expect(server.sessions.get(s)).toMatchObject({ kind: "game", opponent: "Eagles", homeAway: "home" });
    expect(await store.list(OWNER)).toEqual([]);
  });

  it("fails only the snap the server refuses, by its index, and sends the rest", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    server.unknownPlayers.add("gone");
    await fill(store, [snapItem(), snapItem({ detail: pass("gone") }), snapItem()]);
    const report = await runSync(store, server, OWNER);
    expect(report.failed.map((f) => f.message)).toEqual(["This player is not on your team."]);
    expect(server.requests).toEqual(["POST snaps 3", "POST snaps 2"]);
    expect(server.snaps.size).toBe(2);
    const left = await store.list(OWNER);
    expect(left).toMatchObject([{ op: "snap", state: "failed", error: "This player is not on your team." }]);
  });

  it("a PUT or DELETE of a snap that is gone (404) is done; a refused PUT says why in the field's words", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    const kept = snapPayload();
    server.snaps.set(kept.id, kept);
    const edit = (detail: SnapDetail): OutboxSnapEdit => ({ playId: null, period: 2, firstDown: false, detail });
    await fill(store, [
      { op: "snap-edit", ownerId: OWNER, snapId: "gone", sessionId: "s1", edit: edit(pass()), view: { text: "a" } },
      { op: "snap-delete", ownerId: OWNER, snapId: "gone", sessionId: "s1", view: { text: "b" } },
      {
        op: "snap-edit",
        ownerId: OWNER,
        snapId: kept.id,
        sessionId: "s1",
        edit: edit(pass("p7")),
        view: { text: "c" },
      },
      {
        op: "snap-edit",
        ownerId: OWNER,
        snapId: kept.id,
        sessionId: "s1",
        edit: edit(pass("p9", 30)),
        view: { text: "d" },
      },
    ]);
    const report = await runSync(store, server, OWNER);
    expect(report.applied).toHaveLength(3);
    expect(report.failed.map((f) => f.message)).toEqual(["The passer cannot throw to himself."]);
    expect(server.snaps.get(kept.id)).toMatchObject({ period: 2, detail: { targetId: "p9", yards: 30 } });
  });

  it("a final score is posted, a reopen deletes it, and a reopen of a game that is not final (404) is done", async () => {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    const s = uuid();
    const final = (score: { us: number; them: number } | null): NewOutboxItem => ({
      op: "final",
      ownerId: OWNER,
      sessionId: s,
      score,
      view: { label: "Game vs Eagles" },
    });
    await fill(store, [
      sessionItem(s),
      final({ us: 14, them: 6 }),
      final(null),
      final(null),
      final({ us: 21, them: 6 }),
    ]);
    await runSync(store, server, OWNER);
    expect(server.requests.slice(1)).toEqual([
      `POST final ${s}`,
      `DELETE final ${s}`,
      `DELETE final ${s}`,
      `POST final ${s}`,
    ]);
    expect(server.finals.get(s)).toEqual({ us: 21, them: 6 });
    expect(await store.list(OWNER)).toEqual([]);
    // A final for a session the server does not know is refused, not dropped.
    await fill(store, [{ ...final({ us: 1, them: 0 }), sessionId: "unknown" } as NewOutboxItem]);
    expect((await runSync(store, server, OWNER)).failed.map((f) => f.message)).toEqual(["That session was not found."]);
  });
});

describe("the engine: undo, edit and final score through the outbox", () => {
  function setup() {
    const store = createMemoryOutboxStore();
    const server = new FakeServer();
    let online = false;
    const engine = new OutboxEngine(store, server, OWNER, { isOnline: () => online });
    return {
      store,
      server,
      engine,
      goOnline: async () => {
        online = true;
        await engine.sync();
      },
      goOffline: () => {
        online = false;
      },
    };
  }
  const target = (snap: OutboxSnapPayload) => ({ id: snap.id, sessionId: snap.sessionId, text: "#7 → #11, 12 yds" });

  it("undo of a snap never sent just drops it: nothing reaches the server", async () => {
    const { engine, server, store, goOnline } = setup();
    const snap = snapPayload();
    await engine.logSnap(snap, "#7 → #11, 12 yds");
    expect(await engine.removeSnap(target(snap))).toBe(true);
    expect(await store.list(OWNER)).toEqual([]);
    // A second undo of the same snap (a double tap) removes nothing else and queues nothing.
    expect(await engine.removeSnap(target(snap))).toBe(false);
    expect(await store.list(OWNER)).toEqual([]);
    await goOnline();
    expect(server.requests).toEqual([]);
  });

  it("undo of a sent snap queues one DELETE; a second undo of it does nothing more", async () => {
    const { engine, server, store, goOnline } = setup();
    const snap = snapPayload();
    await engine.logSnap(snap, "#7 → #11, 12 yds");
    await goOnline();
    expect(server.snaps.has(snap.id)).toBe(true);
    expect(await engine.removeSnap(target(snap))).toBe(true);
    await engine.sync();
    expect(server.snaps.has(snap.id)).toBe(false);
    expect(server.requests.filter((r) => r.startsWith("DELETE snap"))).toHaveLength(1);
    expect(await store.list(OWNER)).toEqual([]);
  });

  it("a snap sent while offline (attempted, no answer) is deleted after it when undone", async () => {
    const { engine, store } = setup();
    const snap = snapPayload();
    await engine.logSnap(snap, "x");
    // A send started and got no answer: the server may have it.
    await store.markAttempted((await store.list(OWNER)).map((i) => i.seq));
    expect(await engine.removeSnap(target(snap))).toBe(true);
    expect(await engine.removeSnap(target(snap))).toBe(false);
    expect((await store.list(OWNER)).map((i) => i.op)).toEqual(["snap-delete"]);
  });

  it("an edit of a snap still waiting rewrites it (one POST with the new content); of a sent one queues a PUT", async () => {
    const { engine, server, store, goOnline, goOffline } = setup();
    const snap = snapPayload();
    await engine.logSnap(snap, "x");
    await engine.editSnap(snap, { playId: null, period: 2, firstDown: true, detail: pass("p11", 25) }, "y");
    const waiting = await store.list(OWNER);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({
      op: "snap",
      snap: { id: snap.id, occurredAt: snap.occurredAt, period: 2, firstDown: true, detail: { yards: 25 } },
    });
    await goOnline();
    expect(server.requests).toEqual(["POST snaps 1"]);
    expect(server.snaps.get(snap.id)).toMatchObject({ period: 2, detail: { yards: 25 } });

    goOffline();
    await engine.editSnap(snap, { playId: null, period: 2, firstDown: false, detail: pass("p11", 5) }, "z");
    await engine.editSnap(snap, { playId: null, period: 2, firstDown: false, detail: pass("p11", 8) }, "z");
    expect((await store.list(OWNER)).map((i) => i.op)).toEqual(["snap-edit"]);
    // The newer edit replaced the one still waiting: one PUT.
    await goOnline();
    expect(server.requests).toEqual(["POST snaps 1", `PUT snap ${snap.id}`]);
    expect(server.snaps.get(snap.id)).toMatchObject({ detail: { yards: 8 } });
  });

  it("a refused snap fixed by an edit is sent again", async () => {
    const { engine, server, store, goOnline } = setup();
    server.unknownPlayers.add("gone");
    const snap = snapPayload({ detail: pass("gone") });
    await engine.logSnap(snap, "x");
    await goOnline();
    expect((await store.list(OWNER))[0]).toMatchObject({ state: "failed" });
    await engine.editSnap(snap, { playId: null, period: 1, firstDown: false, detail: pass("p11") }, "y");
    await engine.sync();
    expect(server.snaps.get(snap.id)).toMatchObject({ detail: { targetId: "p11" } });
    expect(await store.list(OWNER)).toEqual([]);
  });

  it("a newer final score replaces one still waiting", async () => {
    const { engine, server, store, goOnline } = setup();
    const s = uuid();
    await engine.createSession(
      { id: s, kind: "game", date: "2026-10-03", opponent: "Eagles", location: null, homeAway: null },
      "Game vs Eagles",
    );
    await engine.setFinal(s, { us: 12, them: 6 }, "Game vs Eagles");
    await engine.setFinal(s, { us: 14, them: 6 }, "Game vs Eagles");
    expect((await store.list(OWNER)).map((i) => i.op)).toEqual(["session", "final"]);
    await goOnline();
    expect(server.requests).toEqual([`POST session ${s}`, `POST final ${s}`]);
    expect(server.finals.get(s)).toEqual({ us: 14, them: 6 });
  });

  it("a change of period goes to the server in order with the snaps, counting from when it was tapped", async () => {
    const { engine, server, goOnline } = setup();
    const before = snapPayload();
    await engine.logSnap(before, "x");
    const tapped = new Date("2026-10-03T14:30:00.000Z");
    await engine.setPeriod(before.sessionId, 2, "2nd half of Game vs Eagles", tapped);
    await engine.logSnap(snapPayload({ period: 2 }), "y");
    await goOnline();
    expect(server.requests).toEqual(["POST snaps 1", "PUT period 2", "POST snaps 1"]);
    expect(server.periods.get(before.sessionId)).toEqual([[2, tapped.toISOString()]]);
  });

  it("a snap a final game refused is kept with the reason; reopening sends it again after the reopen", async () => {
    const { engine, server, store, goOnline } = setup();
    const s = uuid();
    server.sessions.set(s, { id: s, kind: "game", date: "2026-10-03", opponent: null, location: null, homeAway: null });
    // The other coach ended the game; this phone had not heard of it.
    server.finals.set(s, { us: 6, them: 0 });
    const late = snapPayload({ sessionId: s });
    await engine.logSnap(late, "#7 → #11, 12 yds");
    await goOnline();
    expect(server.snaps.has(late.id)).toBe(false);
    expect(await store.list(OWNER)).toEqual([
      expect.objectContaining({ op: "snap", state: "failed", error: GAME_FINAL, snap: late }),
    ]);

    await engine.setFinal(s, null, "Game vs Eagles");
    await engine.sync();
    expect(server.requests.slice(-2)).toEqual([`DELETE final ${s}`, "POST snaps 1"]);
    expect(server.snaps.get(late.id)).toEqual(late);
    expect(await store.list(OWNER)).toEqual([]);
  });
});
