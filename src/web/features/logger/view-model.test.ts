import { describe, expect, it } from "vitest";
import type { SessionDetailResponse, SessionEvent } from "#domain/api/logger";
import type { PlayerSummaryDto } from "#domain/api/team";
import { newEventId } from "./outbox/new-id";
import type { OutboxItem } from "./outbox/outbox";
import { readPlays } from "./queries";
import {
  attendanceCounts,
  attendanceRows,
  initialSessionId,
  localDay,
  marksFromAnswers,
  parseYards,
  playersByJersey,
  positionAbbreviation,
  sessionRows,
  splitSessions,
  sessionTotals,
  withApplied,
} from "./view-model";

const base = { ownerId: "c", error: null, attempts: 0, queuedAt: "" } as const;

function serverEvent(id: string, at: string, extra: Partial<SessionEvent> = {}): SessionEvent {
  return {
    id,
    playerId: "p1",
    playerName: "Maya",
    eventType: "Flag Pull",
    yards: null,
    playId: null,
    occurredAt: at,
    points: 3.1,
    ...extra,
  };
}

function queued(
  seq: number,
  id: string,
  at: string,
  state: "pending" | "failed" = "pending",
  sessionId = "s1",
): OutboxItem {
  return {
    ...base,
    seq,
    state,
    op: "event",
    event: { id, playerId: "p2", eventType: "Catch", yards: 12, sessionId, playId: null, occurredAt: at },
    view: { playerName: "Sam", position: "wr", points: 1.6 },
  };
}

function deleting(seq: number, eventId: string): OutboxItem {
  return {
    ...base,
    seq,
    state: "pending",
    op: "delete",
    eventId,
    sessionId: "s1",
    view: { playerName: "Maya", eventType: "Flag Pull" },
  };
}

describe("sessionRows", () => {
  it("merges the server's events with the outbox, newest first, hiding events being deleted", () => {
    const rows = sessionRows(
      [serverEvent("a", "2026-10-03T10:00:00.000Z"), serverEvent("b", "2026-10-03T10:01:00.000Z")],
      [
        queued(1, "c", "2026-10-03T10:02:00.000Z"),
        queued(2, "d", "2026-10-03T09:59:00.000Z", "failed"),
        deleting(3, "a"),
        queued(4, "e", "2026-10-03T10:00:00.000Z", "pending", "other"),
      ],
      "s1",
    );
    expect(rows.map((r) => [r.id, r.status])).toEqual([
      ["c", "pending"],
      ["b", "synced"],
      ["d", "failed"],
    ]);
    expect(sessionTotals(rows)).toEqual({ events: 2, points: 4.7 });
  });

  it("shows an event once when it is both on the server and still in the outbox, or just applied", () => {
    const server = [serverEvent("a", "2026-10-03T10:00:00.000Z")];
    expect(sessionRows(server, [queued(1, "a", "2026-10-03T10:00:00.000Z")], "s1")).toHaveLength(1);
    const applied = [queued(1, "b", "2026-10-03T10:05:00.000Z"), deleting(2, "a")];
    const rows = sessionRows(server, [], "s1", applied);
    expect(rows.map((r) => [r.id, r.status, r.seq])).toEqual([["b", "synced", null]]);
  });
});

describe("withApplied", () => {
  const detail: SessionDetailResponse = {
    session: { id: "s1", kind: "game", date: "2026-10-03", opponent: null, location: null, notes: null, createdAt: "" },
    attendance: [{ playerId: "p1", present: null }],
    events: [serverEvent("a", "2026-10-03T10:00:00.000Z")],
    eventCount: 1,
  };
  it("adds sent events, drops deleted ones and sets marks", () => {
    const mark: OutboxItem = {
      ...base,
      seq: 9,
      state: "pending",
      op: "attendance",
      sessionId: "s1",
      playerId: "p1",
      present: true,
      view: { playerName: "Maya" },
    };
    const next = withApplied(detail, [queued(1, "b", "2026-10-03T10:05:00.000Z"), deleting(2, "a"), mark]);
    expect(next.events.map((e) => e.id)).toEqual(["b"]);
    expect(next.eventCount).toBe(1);
    expect(next.attendance).toEqual([{ playerId: "p1", present: true }]);
  });
  it("returns the same object when nothing applies to the session", () => {
    expect(withApplied(detail, [queued(1, "x", "2026-10-03T10:05:00.000Z", "pending", "other")])).toBe(detail);
  });
});

describe("attendance", () => {
  const player = (id: string, name: string) => ({ id, name, jerseyNumber: 1, position: "wr" }) as PlayerSummaryDto;
  const mark = (
    seq: number,
    playerId: string,
    present: boolean | null,
    state: "pending" | "failed" = "pending",
  ): OutboxItem => ({
    ...base,
    seq,
    state,
    error: state === "failed" ? "Nope." : null,
    op: "attendance",
    sessionId: "s1",
    playerId,
    present,
    view: { playerName: playerId },
  });

  it("lays waiting marks over the server's, by name, and counts them", () => {
    const rows = attendanceRows(
      [player("p2", "Sam"), player("p1", "Maya"), player("p3", "Jo")],
      [
        { playerId: "p1", present: true },
        { playerId: "p2", present: true },
      ],
      [mark(1, "p2", false), mark(2, "p3", true, "failed")],
      "s1",
    );
    expect(rows.map((r) => [r.player.name, r.present, r.pending, r.error])).toEqual([
      ["Jo", null, false, "Nope."],
      ["Maya", true, false, null],
      ["Sam", false, true, null],
    ]);
    expect(attendanceCounts(rows)).toEqual({ present: 1, marked: 2 });
  });

  it("starts from the schedule's answers: Going present, Can't go absent, the rest and any mark left alone", () => {
    const rows = attendanceRows(
      ["p1", "p2", "p3", "p4", "p5"].map((id) => player(id, id)),
      [{ playerId: "p4", present: false }],
      [],
      "s1",
    );
    const answers = new Map([
      ["p1", "going"],
      ["p2", "no"],
      ["p3", "maybe"],
      ["p4", "going"],
    ] as const);
    expect(marksFromAnswers(rows, answers).map(({ row, present }) => [row.player.id, present])).toEqual([
      ["p1", true],
      ["p2", false],
    ]);
  });
});

describe("sessions", () => {
  const sessions = [
    { id: "new", date: "2026-10-04" },
    { id: "t2", date: "2026-10-03" },
    { id: "t1", date: "2026-10-03" },
    { id: "old", date: "2026-09-01" },
  ];
  it("puts today's first and opens the asked, today's remembered or today's newest session", () => {
    expect(splitSessions(sessions, "2026-10-03")).toEqual({
      today: [sessions[1], sessions[2]],
      earlier: [sessions[0], sessions[3]],
    });
    const t1 = { id: "t1", date: "2026-10-03" };
    expect(initialSessionId(sessions, "old", t1, "2026-10-03")).toBe("old");
    expect(initialSessionId(sessions, "gone", t1, "2026-10-03")).toBe("t1");
    expect(initialSessionId(sessions, null, { id: "gone", date: "2026-10-03" }, "2026-10-03")).toBe("t2");
    expect(initialSessionId(sessions, null, null, "2026-12-25")).toBeNull();
  });
  it("never opens last week's session unless the address asks for it", () => {
    const old = { id: "old", date: "2026-09-01" };
    // Remembered from an earlier day: today's newest instead, or none (the page offers to start one).
    expect(initialSessionId(sessions, null, old, "2026-10-03")).toBe("t2");
    expect(initialSessionId(sessions, null, old, "2026-10-05")).toBeNull();
    // The day is the session's, not what was stored with it (a session moved to another day).
    expect(initialSessionId(sessions, null, { id: "old", date: "2026-10-05" }, "2026-10-05")).toBeNull();
    expect(initialSessionId(sessions, null, { id: "t1", date: null }, "2026-10-03")).toBe("t1");
    // Asked for in the address: any day.
    expect(initialSessionId(sessions, "old", old, "2026-10-05")).toBe("old");
  });
  it("with no list of sessions (offline, nothing saved): the address, else today's remembered one", () => {
    expect(initialSessionId(null, "old", null, "2026-10-03")).toBe("old");
    expect(initialSessionId(null, null, { id: "t1", date: "2026-10-03" }, "2026-10-03")).toBe("t1");
    expect(initialSessionId(null, null, { id: "old", date: "2026-09-01" }, "2026-10-03")).toBeNull();
    expect(initialSessionId(null, null, { id: "t1", date: null }, "2026-10-03")).toBeNull();
  });
  it("reads today in the local zone", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });
});

describe("small readers", () => {
  it("parses optional yards", () => {
    expect(parseYards("")).toEqual({ ok: true, yards: null });
    expect(parseYards(" 12 ")).toEqual({ ok: true, yards: 12 });
    expect(parseYards("-5")).toEqual({ ok: true, yards: -5 });
    expect(parseYards("\u22123")).toEqual({ ok: true, yards: -3 });
    expect(parseYards("-0")).toEqual({ ok: true, yards: 0 });
    for (const bad of ["151", "-100", "1.5", "ten", "-"]) expect(parseYards(bad).ok).toBe(false);
  });
  it("orders the grid by jersey number, players without one last", () => {
    const ps = [
      { name: "B", jerseyNumber: "N/A" },
      { name: "C", jerseyNumber: 12 },
      { name: "A", jerseyNumber: 7 },
      { name: "D", jerseyNumber: "3" },
    ];
    expect(playersByJersey(ps).map((p) => p.name)).toEqual(["D", "A", "C", "B"]);
  });
  it("abbreviates positions", () => {
    expect(positionAbbreviation("safety")).toBe("S");
    expect(positionAbbreviation("unknown")).toBe("—");
  });
  it("reads plays leniently", () => {
    expect(readPlays({ plays: [{ id: "1", name: "Slant" }, { id: "2", title: "Go" }, { id: 3 }, null] })).toEqual([
      { id: "1", name: "Slant" },
      { id: "2", name: "Go" },
    ]);
    expect(readPlays({})).toEqual([]);
  });
  it("makes v4 UUIDs with or without crypto.randomUUID", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newEventId()).toMatch(uuid);
    const insecure = { getRandomValues: crypto.getRandomValues.bind(crypto) } as Pick<Crypto, "getRandomValues">;
    expect(newEventId(insecure)).toMatch(uuid);
  });
});
