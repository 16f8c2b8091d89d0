import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { EVENT_TYPES, type EventTypeCounter } from "./event-types.js";
import {
  blankPlayerSummary,
  buildPlayerSummary,
  safePlayerSummary,
  type PlayerAggregate,
  type PlayerProfile,
  type PlayerSummary,
} from "./player-summary.js";
import { performanceScore } from "./scoring.js";

const LAST = "2025-10-04T18:30:00.000Z";

function aggregate(
  counters: EventTypeCounter[],
  attended = 0,
  total = 0,
  lastEventAt: string | null = LAST,
): PlayerAggregate {
  return { counters, attendance: { attended, total }, lastEventAt };
}

/** docs/product.md §8: the blank summary, for a player with this id, name and jersey. */
function blank(id: string, name = "Unknown Player", jerseyNumber: number | string = "N/A"): PlayerSummary {
  return {
    id,
    name,
    position: "unknown",
    positionGroup: "other",
    jerseyNumber,
    performanceScore: 0,
    eventCount: 0,
    attendancePercentage: 0,
    attendanceMarked: 0,
    teamRanking: 10,
    lastActive: null,
    stats: {
      totalEvents: 0,
      passingYards: 0,
      receivingYards: 0,
      rushingYards: 0,
      touchdowns: 0,
      touchdownPasses: 0,
      returnTouchdowns: 0,
      touchdownsScored: 0,
      flagPulls: 0,
      interceptions: 0,
    },
    photoUrl: null,
  };
}

describe("buildPlayerSummary (docs/product.md §3)", () => {
  it("a pick-six is the defender's touchdown scored, and leaves the spec's three-counter sum alone", () => {
    const counters: EventTypeCounter[] = [
      { eventType: "Interception", count: 2, yards: 0 },
      { eventType: "TD Catch", count: 1, yards: 10 },
    ];
    const summary = buildPlayerSummary(
      { id: "d1", fullName: "Dee Fender", primaryPosition: "cb" },
      { ...aggregate(counters, 0, 0), returnTouchdowns: 1 },
    );
    expect(summary.stats).toMatchObject({
      touchdowns: 1,
      touchdownPasses: 0,
      returnTouchdowns: 1,
      touchdownsScored: 2,
      interceptions: 2,
    });
    // The return touchdown is not an event: the count and the score are the interception's alone.
    expect(summary.eventCount).toBe(3);
    expect(() => buildPlayerSummary({ id: "d1" }, { ...aggregate(counters, 0, 0), returnTouchdowns: -1 })).toThrow(
      /return touchdowns/,
    );
  });

  it("worked example: every field", () => {
    const profile: PlayerProfile = {
      id: "p1",
      fullName: "Alex Rivera",
      name: "alex",
      jerseyNumber: 7,
      primaryPosition: "QB",
      positions: ["wr"],
      photoUrl: "/api/files/p1.webp",
    };
    const counters: EventTypeCounter[] = [
      { eventType: "Pass TD", count: 2, yards: 40 }, // qb 8.1 -> 16.2
      { eventType: "Pass Completion", count: 10, yards: 120 }, // qb 1.6 -> 16.0
      { eventType: "TD Catch", count: 1, yards: 15 }, // 6.1
      { eventType: "Rush TD", count: 1, yards: 5 }, // 6.1
      { eventType: "Rush Attempt", count: 3, yards: 12 }, // 0.6 -> 1.8
      { eventType: "Catch", count: 2, yards: 20 }, // 1.1 -> 2.2
      { eventType: "Flag Pull", count: 4, yards: 0 }, // 2.1 -> 8.4
      { eventType: "Interception", count: 1, yards: 0 }, // 6.1
      { eventType: "Drop", count: 1, yards: 0 }, // 0.6
    ];
    expect(buildPlayerSummary(profile, aggregate(counters, 3, 4))).toEqual({
      id: "p1",
      name: "Alex Rivera",
      position: "qb",
      positionGroup: "offense",
      jerseyNumber: 7,
      performanceScore: 63.5,
      eventCount: 25,
      attendancePercentage: 75,
      attendanceMarked: 4,
      teamRanking: 7, // round(6.35) + 1
      lastActive: LAST,
      stats: {
        totalEvents: 25,
        passingYards: 160,
        receivingYards: 35,
        rushingYards: 17,
        touchdowns: 4,
        touchdownPasses: 2,
        returnTouchdowns: 0,
        // The catch and the run: the two touchdown passes were his throws, not his scores.
        touchdownsScored: 2,
        flagPulls: 4,
        interceptions: 1,
      },
      photoUrl: "/api/files/p1.webp",
    } satisfies PlayerSummary);
  });

  it.each<[string, Partial<PlayerProfile>, string]>([
    ["fullName first", { fullName: "Jordan Lee", name: "jlee" }, "Jordan Lee"],
    ["then name", { name: "jlee" }, "jlee"],
    ["blank fullName falls back to name", { fullName: "   ", name: "jlee" }, "jlee"],
    ["null fullName falls back to name", { fullName: null, name: "jlee" }, "jlee"],
    ["names are trimmed", { fullName: "  Sam Park " }, "Sam Park"],
    ["no name at all", {}, "Unknown Player"],
    ["empty names", { fullName: "", name: "" }, "Unknown Player"],
    ["blank names", { fullName: " ", name: "  " }, "Unknown Player"],
  ])("name: %s", (_label, fields, expected) => {
    expect(buildPlayerSummary({ id: "p", ...fields }, aggregate([])).name).toBe(expected);
  });

  it.each<[PlayerProfile["jerseyNumber"], number | string]>([
    [undefined, "N/A"],
    [null, "N/A"],
    ["", "N/A"],
    [0, 0],
    [23, 23],
    ["08", "08"],
  ])("jersey %j -> %j", (jerseyNumber, expected) => {
    expect(buildPlayerSummary({ id: "p", jerseyNumber }, aggregate([])).jerseyNumber).toBe(expected);
  });

  it("position comes from effectivePosition, group from positionGroup", () => {
    const s = (fields: Partial<PlayerProfile>) => buildPlayerSummary({ id: "p", ...fields }, aggregate([]));
    expect([
      s({ primaryPosition: "", positions: ["CB"] }).position,
      s({ primaryPosition: "", positions: ["CB"] }).positionGroup,
    ]).toEqual(["cb", "defense"]);
    expect([s({ position: "Kicker" }).position, s({ position: "Kicker" }).positionGroup]).toEqual(["kicker", "other"]);
    expect([s({}).position, s({}).positionGroup]).toEqual(["unknown", "other"]);
  });

  it("scores with the effective position's overrides", () => {
    const counters = [{ eventType: "Interception", count: 2, yards: 0 }];
    expect(buildPlayerSummary({ id: "p", position: "Safety" }, aggregate(counters)).performanceScore).toBe(16.2);
    expect(buildPlayerSummary({ id: "p", position: "lb" }, aggregate(counters)).performanceScore).toBe(12.2);
  });

  it("a player with no events: score 0, ranking 1, lastActive null, attendance still counted", () => {
    const summary = buildPlayerSummary({ id: "p", fullName: "New Kid" }, aggregate([], 2, 5, LAST));
    expect(summary.performanceScore).toBe(0);
    expect(summary.eventCount).toBe(0);
    expect(summary.teamRanking).toBe(1);
    expect(summary.lastActive).toBeNull();
    expect(summary.attendancePercentage).toBe(40);
    expect(summary.stats).toEqual(blank("p").stats);
  });

  it("counters with a zero count are no events", () => {
    const summary = buildPlayerSummary(
      { id: "p" },
      aggregate([{ eventType: "Catch", count: 0, yards: 0 }], 0, 0, LAST),
    );
    expect(summary.eventCount).toBe(0);
    expect(summary.lastActive).toBeNull();
  });

  it("attendance is 0 when there were no sessions", () => {
    expect(buildPlayerSummary({ id: "p" }, aggregate([], 0, 0)).attendancePercentage).toBe(0);
  });

  it("sums counters of the same type", () => {
    const summary = buildPlayerSummary(
      { id: "p", position: "wr" },
      aggregate([
        { eventType: "Catch", count: 2, yards: 10 },
        { eventType: "Catch", count: 3, yards: 25 },
      ]),
    );
    expect(summary.eventCount).toBe(5);
    expect(summary.performanceScore).toBe(8); // 5 x 1.6
    expect(summary.stats.receivingYards).toBe(35);
  });

  it.each(["constructor", "toString", "__proto__", "hasOwnProperty"])(
    "an event type named %j is an unlisted type like any other",
    (eventType) => {
      const summary = buildPlayerSummary(
        { id: "p", position: "qb" },
        aggregate([
          { eventType, count: 2, yards: 0 },
          { eventType: "Pass TD", count: 1, yards: 0 },
        ]),
      );
      expect(summary.eventCount).toBe(3);
      expect(summary.performanceScore).toBe(9.3); // 2 x 0.6 + 8.1
    },
  );

  const counterArb = fc.record({
    eventType: fc.oneof(fc.constantFrom(...EVENT_TYPES), fc.string({ maxLength: 6 })),
    count: fc.nat({ max: 2_000 }),
    yards: fc.integer({ min: -200, max: 20_000 }),
  });
  const positionArb = fc.constantFrom(
    "qb",
    "wr",
    "slot",
    "rb",
    "te",
    "center",
    "cb",
    "safety",
    "lb",
    "rusher",
    "",
    "QB",
    "kicker",
  );

  it("property: touchdowns, yards and totals are the sums of the counters", () => {
    fc.assert(
      fc.property(fc.array(counterArb, { maxLength: 12 }), positionArb, (counters, position) => {
        const summary = buildPlayerSummary({ id: "p", position }, aggregate(counters));
        const sum = (types: string[], field: "count" | "yards") =>
          counters.filter((c) => types.includes(c.eventType)).reduce((acc, c) => acc + c[field], 0);
        const eventCount = counters.reduce((acc, c) => acc + c.count, 0);
        expect(summary.eventCount).toBe(eventCount);
        expect(summary.stats.totalEvents).toBe(eventCount);
        expect(summary.stats.touchdowns).toBe(sum(["Pass TD", "TD Catch", "Rush TD"], "count"));
        expect(summary.stats.passingYards).toBe(sum(["Pass Completion", "Pass TD"], "yards"));
        expect(summary.stats.receivingYards).toBe(sum(["Catch", "TD Catch"], "yards"));
        expect(summary.stats.rushingYards).toBe(sum(["Rush Attempt", "Rush TD"], "yards"));
        expect(summary.stats.flagPulls).toBe(sum(["Flag Pull"], "count"));
        expect(summary.stats.interceptions).toBe(sum(["Interception"], "count"));
        expect(summary.lastActive).toBe(eventCount > 0 ? LAST : null);
      }),
    );
  });

  it("property: score and ranking agree with scoring.ts on the merged counts", () => {
    fc.assert(
      fc.property(fc.array(counterArb, { maxLength: 12 }), positionArb, (counters, position) => {
        const summary = buildPlayerSummary({ id: "p", position }, aggregate(counters));
        const merged = new Map<string, number>();
        for (const c of counters) merged.set(c.eventType, (merged.get(c.eventType) ?? 0) + c.count);
        expect(summary.performanceScore).toBe(performanceScore(Object.fromEntries(merged), position.toLowerCase()));
        expect(String(summary.performanceScore)).toMatch(/^\d+(?:\.\d)?$/);
        expect(summary.teamRanking).toBe(Math.min(10, Math.max(1, Math.round(summary.performanceScore / 10) + 1)));
      }),
    );
  });
});

describe("safePlayerSummary and the blank summary (docs/product.md §8)", () => {
  const profile: PlayerProfile = { id: "p9", fullName: "Casey Moore", jerseyNumber: 12, primaryPosition: "cb" };
  const good: EventTypeCounter = { eventType: "Interception", count: 1, yards: 0 };

  it("returns the built summary when the data is sound", () => {
    const agg = aggregate([good], 1, 2);
    const onError = vi.fn();
    expect(safePlayerSummary(profile, agg, onError)).toEqual(buildPlayerSummary(profile, agg));
    expect(onError).not.toHaveBeenCalled();
  });

  it.each<[string, EventTypeCounter]>([
    ["a negative count", { eventType: "Catch", count: -1, yards: 0 }],
    ["a fractional count", { eventType: "Catch", count: 1.5, yards: 0 }],
    ["a NaN count", { eventType: "Catch", count: Number.NaN, yards: 0 }],
    ["an infinite count", { eventType: "Catch", count: Number.POSITIVE_INFINITY, yards: 0 }],
    ["a count that is a string", { eventType: "Catch", count: "3" as unknown as number, yards: 0 }],
    ["NaN yards", { eventType: "Catch", count: 1, yards: Number.NaN }],
    ["infinite yards", { eventType: "Catch", count: 1, yards: Number.NEGATIVE_INFINITY }],
  ])("falls back to the blank summary on %s", (_label, bad) => {
    const onError = vi.fn();
    const agg = aggregate([good, bad], 4, 4);
    expect(() => buildPlayerSummary(profile, agg)).toThrow();
    expect(safePlayerSummary(profile, agg, onError)).toEqual(blank("p9", "Casey Moore", 12));
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });

  it("works without an onError callback", () => {
    const agg = aggregate([{ eventType: "Catch", count: -2, yards: 0 }]);
    expect(safePlayerSummary(profile, agg)).toEqual(blank("p9", "Casey Moore", 12));
  });

  it("a malformed profile falls back to the blank summary with the default name", () => {
    const broken = { id: "p3", fullName: 42, jerseyNumber: null } as unknown as PlayerProfile;
    expect(safePlayerSummary(broken, aggregate([good], 1, 1))).toEqual(blank("p3"));
  });

  it("blankPlayerSummary has exactly the §8 values, and defaults for name and jersey", () => {
    expect(blankPlayerSummary({ id: "x" })).toEqual(blank("x"));
    expect(blankPlayerSummary({ id: "x", name: "Robin", jerseyNumber: 0, primaryPosition: "qb" })).toEqual(
      blank("x", "Robin", 0),
    );
  });

  it("each blank summary has its own stats object", () => {
    const a = blankPlayerSummary({ id: "a" });
    a.stats.touchdowns = 3;
    expect(blankPlayerSummary({ id: "b" }).stats.touchdowns).toBe(0);
  });
});
