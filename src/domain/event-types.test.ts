import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EVENT_TYPES,
  OTHER_EVENT_TYPES,
  WEIGHTED_EVENT_TYPES,
  emptyStatsCounters,
  isEventType,
  statsFromCounters,
  takesYards,
  type EventTypeCounter,
  type PlayerStatsCounters,
} from "./event-types.js";
import { BASE_WEIGHTS } from "./scoring.js";

describe("event types", () => {
  it("the weighted types are exactly the nine of docs/product.md §9", () => {
    expect([...WEIGHTED_EVENT_TYPES].sort()).toEqual(
      [
        "Pass TD",
        "TD Catch",
        "Rush TD",
        "Interception",
        "Sack",
        "Pass Completion",
        "Catch",
        "Flag Pull",
        "Defensive Stop",
      ].sort(),
    );
    expect(Object.keys(BASE_WEIGHTS).sort()).toEqual([...WEIGHTED_EVENT_TYPES].sort());
  });

  it("the other types carry no base weight and do not repeat a weighted one", () => {
    for (const type of OTHER_EVENT_TYPES) {
      expect(Object.hasOwn(BASE_WEIGHTS, type), type).toBe(false);
      expect(WEIGHTED_EVENT_TYPES).not.toContain(type);
    }
    expect(new Set(EVENT_TYPES).size).toBe(EVENT_TYPES.length);
    expect(EVENT_TYPES).toEqual([...WEIGHTED_EVENT_TYPES, ...OTHER_EVENT_TYPES]);
  });

  it("isEventType accepts the listed labels only, case-sensitively", () => {
    for (const type of EVENT_TYPES) expect(isEventType(type)).toBe(true);
    for (const value of ["pass td", "PASS TD", "", "Touchdown", "constructor", "__proto__", 1, null, undefined, {}]) {
      expect(isEventType(value), String(value)).toBe(false);
    }
  });

  it("takesYards: the passing, receiving and rushing plays", () => {
    const withYards = EVENT_TYPES.filter((t) => takesYards(t));
    expect(withYards.sort()).toEqual(
      ["Catch", "Pass Completion", "Pass TD", "Rush Attempt", "Rush TD", "TD Catch"].sort(),
    );
    expect(takesYards("Something else")).toBe(false);
    expect(takesYards("constructor")).toBe(false);
  });
});

describe("statsFromCounters", () => {
  it("starts from zero counters, a fresh object each time", () => {
    const a = emptyStatsCounters();
    expect(Object.values(a).every((v) => v === 0)).toBe(true);
    a.flagPulls = 5;
    expect(emptyStatsCounters().flagPulls).toBe(0);
    expect(statsFromCounters([])).toEqual(emptyStatsCounters());
  });

  it.each<[string, Partial<PlayerStatsCounters>]>([
    ["Pass Completion", { passingYards: 30 }],
    ["Pass TD", { passingTouchdowns: 3, passingYards: 30 }],
    ["Catch", { receivingYards: 30 }],
    ["TD Catch", { receivingTouchdowns: 3, receivingYards: 30 }],
    ["Rush Attempt", { rushingYards: 30 }],
    ["Rush TD", { rushingTouchdowns: 3, rushingYards: 30 }],
    ["Flag Pull", { flagPulls: 3 }],
    ["Interception", { interceptions: 3 }],
    ["Sack", {}],
    ["Defensive Stop", {}],
    ["Drop", {}],
    ["Penalty", {}],
    ["constructor", {}],
    ["__proto__", {}],
    ["not a type", {}],
  ])("3 x %s with 30 yards feeds %j", (eventType, expected) => {
    expect(statsFromCounters([{ eventType, count: 3, yards: 30 }])).toEqual({ ...emptyStatsCounters(), ...expected });
  });

  it("adds up several counters", () => {
    const counters: EventTypeCounter[] = [
      { eventType: "Pass TD", count: 2, yards: 45 },
      { eventType: "Pass Completion", count: 9, yards: 88 },
      { eventType: "Rush TD", count: 1, yards: 12 },
      { eventType: "Rush Attempt", count: 4, yards: -3 },
      { eventType: "Flag Pull", count: 6, yards: 0 },
      { eventType: "Flag Pull", count: 1, yards: 0 },
    ];
    expect(statsFromCounters(counters)).toEqual({
      passingYards: 133,
      receivingYards: 0,
      rushingYards: 9,
      passingTouchdowns: 2,
      receivingTouchdowns: 0,
      rushingTouchdowns: 1,
      flagPulls: 7,
      interceptions: 0,
    });
  });

  it("property: is additive over the list of counters", () => {
    const counter = fc.record({
      eventType: fc.oneof(fc.constantFrom(...EVENT_TYPES), fc.string({ maxLength: 6 })),
      count: fc.nat({ max: 1_000 }),
      yards: fc.integer({ min: -500, max: 5_000 }),
    });
    fc.assert(
      fc.property(fc.array(counter, { maxLength: 10 }), fc.array(counter, { maxLength: 10 }), (xs, ys) => {
        const a = statsFromCounters(xs);
        const b = statsFromCounters(ys);
        const both = statsFromCounters([...xs, ...ys]);
        for (const key of Object.keys(both) as (keyof PlayerStatsCounters)[]) {
          expect(both[key]).toBe(a[key] + b[key]);
        }
      }),
    );
  });
});
