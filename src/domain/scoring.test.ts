import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, OTHER_EVENT_TYPES } from "./event-types.js";
import { POSITION_KEYS } from "./positions.js";
import {
  attendancePercentage,
  eventPoints,
  eventWeight,
  performanceScore,
  performanceScoreTenths,
  teamRanking,
} from "./scoring.js";

// docs/product.md §9, written out again here (in tenths, so the reference never touches floats) rather than read from
// scoring.ts: a wrong weight there must make these tests fail.
const SPEC_BASE_TENTHS: Record<string, number> = {
  "Pass TD": 60,
  "TD Catch": 60,
  "Rush TD": 60,
  Interception: 60,
  Sack: 50,
  "Pass Completion": 10,
  Catch: 10,
  "Flag Pull": 20,
  "Defensive Stop": 20,
};
const SPEC_OVERRIDE_TENTHS: Record<string, Record<string, number>> = {
  qb: { "Pass Completion": 15, "Pass TD": 80 },
  wr: { Catch: 15, "TD Catch": 80 },
  slot: { Catch: 15, "TD Catch": 80 },
  rb: { "Rush TD": 80, Catch: 12 },
  cb: { Interception: 80, "Flag Pull": 30 },
  safety: { Interception: 80, "Flag Pull": 30 },
};
const SPEC_DEFAULT_TENTHS = 5;
const BONUS_TENTHS = 1;

function has(record: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(record, key);
}

function specWeightTenths(eventType: string, position: string): number {
  const overrides = has(SPEC_OVERRIDE_TENTHS, position) ? SPEC_OVERRIDE_TENTHS[position] : undefined;
  if (overrides && has(overrides, eventType)) return overrides[eventType]!;
  if (has(SPEC_BASE_TENTHS, eventType)) return SPEC_BASE_TENTHS[eventType]!;
  return SPEC_DEFAULT_TENTHS;
}

function referenceScoreTenths(counts: Record<string, number>, position: string): number {
  let tenths = 0;
  for (const [type, count] of Object.entries(counts))
    tenths += count * (specWeightTenths(type, position) + BONUS_TENTHS);
  return tenths;
}

/** Positions that have no override at all, plus values that are not position keys. */
const POSITIONS_WITHOUT_OVERRIDES = ["te", "center", "lb", "rusher", "unknown", "", "QB", "kicker"];
const ALL_POSITIONS = [...POSITION_KEYS, "unknown", "", "kicker"];
const ONE_DECIMAL = /^\d+(?:\.\d)?$/;

// Inputs that name a property of Object.prototype: unlisted types and unknown positions like any other.
const PROTOTYPE_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

const eventTypeArb = fc.oneof(
  fc.constantFrom(...EVENT_TYPES),
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.string({ maxLength: 12 }),
);
const positionArb = fc.oneof(fc.constantFrom(...ALL_POSITIONS), fc.string({ maxLength: 8 }));
const countsArb = fc.dictionary(eventTypeArb, fc.nat({ max: 5_000 }), { maxKeys: 12 });

describe("performanceScore: base weights (docs/product.md §9)", () => {
  const base: [string, number][] = [
    ["Pass TD", 6],
    ["TD Catch", 6],
    ["Rush TD", 6],
    ["Interception", 6],
    ["Sack", 5],
    ["Pass Completion", 1],
    ["Catch", 1],
    ["Flag Pull", 2],
    ["Defensive Stop", 2],
  ];

  // "te" has no overrides, so it sees every base weight.
  it.each(base)("one %s scores %d + 0.1 for a position without overrides", (type, weight) => {
    expect(performanceScore({ [type]: 1 }, "te")).toBe(Number((weight + 0.1).toFixed(1)));
    expect(eventWeight(type, "te")).toBe(weight);
  });

  it.each(base)(
    "one %s scores its base weight %d + 0.1 for every position that does not override it",
    (type, weight) => {
      for (const position of ALL_POSITIONS) {
        if (SPEC_OVERRIDE_TENTHS[position]?.[type] !== undefined) continue;
        expect(performanceScore({ [type]: 1 }, position), position).toBe(Number((weight + 0.1).toFixed(1)));
      }
    },
  );

  it("scores the base weights with no position at all", () => {
    expect(performanceScore({ "Pass TD": 1 }, null)).toBe(6.1);
    expect(performanceScore({ Catch: 1 }, undefined)).toBe(1.1);
  });
});

describe("performanceScore: default weight 0.5 for unlisted types", () => {
  const unlisted = [...OTHER_EVENT_TYPES, "Something New", "", "pass td", ...PROTOTYPE_NAMES];

  it.each(unlisted)("one %j scores 0.6 at every position", (type) => {
    for (const position of [...ALL_POSITIONS, null, undefined, ...PROTOTYPE_NAMES]) {
      expect(performanceScore({ [type]: 1 }, position), String(position)).toBe(0.6);
      expect(eventWeight(type, position), String(position)).toBe(0.5);
    }
  });

  it("event type labels are case-sensitive spec labels", () => {
    expect(performanceScore({ "PASS TD": 1 }, "qb")).toBe(0.6);
    expect(performanceScore({ "Pass TD": 1 }, "qb")).toBe(8.1);
  });
});

describe("performanceScore: position overrides (docs/product.md §9)", () => {
  const overrides: [string, string, number, number][] = [
    ["qb", "Pass Completion", 1.5, 1],
    ["qb", "Pass TD", 8, 6],
    ["wr", "Catch", 1.5, 1],
    ["wr", "TD Catch", 8, 6],
    ["slot", "Catch", 1.5, 1],
    ["slot", "TD Catch", 8, 6],
    ["rb", "Rush TD", 8, 6],
    ["rb", "Catch", 1.2, 1],
    ["cb", "Interception", 8, 6],
    ["cb", "Flag Pull", 3, 2],
    ["safety", "Interception", 8, 6],
    ["safety", "Flag Pull", 3, 2],
  ];

  it.each(overrides)("%s: one %s scores %d + 0.1", (position, type, weight) => {
    expect(performanceScore({ [type]: 1 }, position)).toBe(Number((weight + 0.1).toFixed(1)));
    expect(eventWeight(type, position)).toBe(weight);
    expect(eventPoints(type, position)).toBe(Number((weight + 0.1).toFixed(1)));
  });

  it.each(overrides)("%s's override of %s does not leak to other positions", (position, type, _weight, baseWeight) => {
    const others = ALL_POSITIONS.filter((p) => p !== position && SPEC_OVERRIDE_TENTHS[p]?.[type] === undefined);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) {
      expect(performanceScore({ [type]: 1 }, other), other).toBe(Number((baseWeight + 0.1).toFixed(1)));
    }
  });

  it("positions without overrides score every weighted type at its base weight", () => {
    for (const position of POSITIONS_WITHOUT_OVERRIDES) {
      for (const [type, tenths] of Object.entries(SPEC_BASE_TENTHS)) {
        expect(performanceScoreTenths({ [type]: 1 }, position), `${position} ${type}`).toBe(tenths + 1);
      }
    }
  });

  it("overrides apply to the position key only (lower case, as effectivePosition returns it)", () => {
    expect(performanceScore({ "Pass TD": 1 }, "QB")).toBe(6.1);
    expect(performanceScore({ "Pass TD": 1 }, "qb")).toBe(8.1);
  });

  it("each position's overrides are exactly the ones the spec lists", () => {
    for (const position of ALL_POSITIONS) {
      for (const type of EVENT_TYPES) {
        expect(performanceScoreTenths({ [type]: 1 }, position), `${position} ${type}`).toBe(
          specWeightTenths(type, position) + 1,
        );
      }
    }
  });
});

describe("performanceScore: sums", () => {
  it("worked example: a quarterback's game", () => {
    // 3 x 8.1 + 12 x 1.6 + 2 x 0.6 + 1 x 2.1 = 24.3 + 19.2 + 1.2 + 2.1 = 46.8
    const counts = { "Pass TD": 3, "Pass Completion": 12, "Pass Incompletion": 2, "Flag Pull": 1 };
    expect(performanceScore(counts, "qb")).toBe(46.8);
    // The same game at te: 3 x 6.1 + 12 x 1.1 + 1.2 + 2.1 = 18.3 + 13.2 + 1.2 + 2.1 = 34.8
    expect(performanceScore(counts, "te")).toBe(34.8);
  });

  it("has no float noise where naive float arithmetic would have it", () => {
    // 3 x 0.6 is 1.7999999999999998 in floats, 0.1 + 0.2 is 0.30000000000000004.
    expect(String(performanceScore({ Drop: 3 }, "qb"))).toBe("1.8");
    expect(String(performanceScore({ Catch: 3 }, "rb"))).toBe("3.9");
    expect(String(performanceScore({ "Pass Completion": 7 }, "qb"))).toBe("11.2");
    expect(String(performanceScore({ Penalty: 1, Drop: 1, Catch: 1 }, "te"))).toBe("2.3");
  });

  it("no events gives 0", () => {
    expect(performanceScore({}, "qb")).toBe(0);
    expect(performanceScore({}, null)).toBe(0);
    expect(Object.is(performanceScore({ "Pass TD": 0, Catch: 0 }, "wr"), 0)).toBe(true);
  });

  it("ignores counts that are not positive finite numbers", () => {
    expect(performanceScore({ Catch: -3, Sack: Number.NaN, "Pass TD": Number.POSITIVE_INFINITY }, "te")).toBe(0);
    expect(performanceScore({ Catch: -3, Sack: 1 }, "te")).toBe(5.1);
  });

  it("property: score = sum of count x weight + 0.1 per event, exactly, to one decimal", () => {
    fc.assert(
      fc.property(countsArb, positionArb, (counts, position) => {
        const expectedTenths = referenceScoreTenths(counts, position);
        const score = performanceScore(counts, position);
        expect(performanceScoreTenths(counts, position)).toBe(expectedTenths);
        expect(score).toBe(expectedTenths / 10);
        // At most one decimal, and no 0.30000000000000004-style noise in how it prints.
        expect(String(score)).toMatch(ONE_DECIMAL);
        expect(Math.round(score * 10)).toBe(expectedTenths);
      }),
      { numRuns: 500 },
    );
  });

  it("property: each event adds its weight plus 0.1", () => {
    fc.assert(
      fc.property(countsArb, eventTypeArb, positionArb, (counts, type, position) => {
        const before = performanceScoreTenths(counts, position);
        const current = has(counts, type) ? counts[type]! : 0;
        const after = performanceScoreTenths({ ...counts, [type]: current + 1 }, position);
        expect(after - before).toBe(specWeightTenths(type, position) + 1);
      }),
    );
  });

  it("property: a player with no events scores 0 whatever the position", () => {
    fc.assert(
      fc.property(fc.array(eventTypeArb, { maxLength: 6 }), positionArb, (types, position) => {
        const zeros = Object.fromEntries(types.map((t) => [t, 0]));
        expect(Object.is(performanceScore(zeros, position), 0)).toBe(true);
      }),
    );
  });
});

/** round(tenths / 100) + 1, clamped, computed on integers only (round half up, as Math.round). */
function referenceRanking(tenths: number): number {
  const q = Math.floor(tenths / 100);
  const r = tenths - q * 100; // 0..99
  const rounded = r >= 50 ? q + 1 : q;
  return Math.min(10, Math.max(1, rounded + 1));
}

describe("teamRanking (docs/product.md §9: round(score / 10) + 1, clamped to 1..10)", () => {
  it.each([
    [0, 1],
    [4.9, 1],
    [5, 2],
    [14.9, 2],
    [15, 3],
    [46.8, 6],
    [84.9, 9],
    [85, 10],
    [90, 10],
    [1000, 10],
    [-3, 1],
    [-100, 1],
  ])("score %d -> %d", (score, ranking) => {
    expect(teamRanking(score)).toBe(ranking);
  });

  it("property: matches the integer reference for every one-decimal score", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5_000, max: 5_000 }), (tenths) => {
        expect(teamRanking(tenths / 10)).toBe(referenceRanking(tenths));
      }),
      { numRuns: 1_000 },
    );
    for (let tenths = -200; tenths <= 1_200; tenths++) {
      expect(teamRanking(tenths / 10), String(tenths)).toBe(referenceRanking(tenths));
    }
  });

  it("property: ranking of a real score agrees with the reference", () => {
    fc.assert(
      fc.property(countsArb, positionArb, (counts, position) => {
        expect(teamRanking(performanceScore(counts, position))).toBe(
          referenceRanking(referenceScoreTenths(counts, position)),
        );
      }),
    );
  });

  it("property: monotone non-decreasing in score and always within 1..10", () => {
    const score = fc.double({ noNaN: true });
    fc.assert(
      fc.property(score, score, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const rLo = teamRanking(lo);
        const rHi = teamRanking(hi);
        expect(rLo).toBeLessThanOrEqual(rHi);
        for (const r of [rLo, rHi]) {
          expect(Number.isInteger(r)).toBe(true);
          expect(r).toBeGreaterThanOrEqual(1);
          expect(r).toBeLessThanOrEqual(10);
        }
      }),
      { numRuns: 1_000 },
    );
  });

  it("clamps infinities like any other out-of-range score; NaN ranks last", () => {
    expect(teamRanking(Number.POSITIVE_INFINITY)).toBe(10);
    expect(teamRanking(Number.NEGATIVE_INFINITY)).toBe(1);
    expect(teamRanking(Number.NaN)).toBe(10);
  });
});

/** Exact round(100 * attended / total), half up, on big integers. */
function referenceAttendance(attended: number, total: number): number {
  if (total === 0) return 0;
  const num = 100n * BigInt(attended);
  const den = BigInt(total);
  const q = num / den;
  const r = num % den;
  return Number(2n * r >= den ? q + 1n : q);
}

describe("attendancePercentage (docs/product.md §9: round(attended / total * 100), 0 if total is 0)", () => {
  it.each([
    [0, 0, 0],
    [5, 0, 0],
    [0, 10, 0],
    [10, 10, 100],
    [1, 3, 33],
    [2, 3, 67],
    [1, 8, 13], // 12.5 rounds up
    [3, 8, 38], // 37.5 rounds up
    [1, 200, 1], // 0.5 rounds up
    [7, 200, 4], // 3.5 rounds up
    [1, 201, 0], // 0.497...
    [3, 4, 75],
  ])("%d of %d -> %d", (attended, total, pct) => {
    expect(attendancePercentage(attended, total)).toBe(pct);
  });

  it("property: equals the exact rational result, halves rounding up", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 1_000_000 })
          .chain((total) => fc.tuple(fc.integer({ min: 0, max: total }), fc.constant(total))),
        ([attended, total]) => {
          const pct = attendancePercentage(attended, total);
          expect(pct).toBe(referenceAttendance(attended, total));
          expect(pct).toBeGreaterThanOrEqual(0);
          expect(pct).toBeLessThanOrEqual(100);
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("property: exact at every half (where float division can round the wrong way)", () => {
    // attended / total * 100 = k + 0.5 exactly when total = 2m and 100 * attended = (2k + 1) * m.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.integer({ min: 0, max: 99 }), (m, k) => {
        const total = 200 * m;
        const attended = (2 * k + 1) * m;
        expect(attendancePercentage(attended, total)).toBe(k + 1);
      }),
    );
  });

  it("property: 0 when total is 0", () => {
    fc.assert(
      fc.property(fc.nat(), (attended) => {
        expect(attendancePercentage(attended, 0)).toBe(0);
      }),
    );
  });

  it("malformed inputs give 0, never NaN or Infinity", () => {
    expect(attendancePercentage(-1, 10)).toBe(0);
    expect(attendancePercentage(Number.NaN, 10)).toBe(0);
    expect(attendancePercentage(3, Number.NaN)).toBe(0);
    expect(attendancePercentage(3, -4)).toBe(0);
    expect(attendancePercentage(3, Number.POSITIVE_INFINITY)).toBe(0);
    expect(attendancePercentage(1, 0.5)).toBe(0);
  });
});
