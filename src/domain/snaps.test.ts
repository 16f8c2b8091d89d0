import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "./league-rules.js";
import { POSITION_KEYS } from "./positions.js";
import { performanceScore } from "./scoring.js";
import {
  describeSnap,
  downLabel,
  downState,
  eventsOfSnap,
  inGameOrder,
  OPPONENT_SCORES,
  participantsOfSnap,
  PASS_RESULTS,
  PENALTY_EFFECTS,
  playersOfSnap,
  pointsOfSnap,
  recordOf,
  resultOf,
  scoreOfSnaps,
  snapProblems,
  type GameSnap,
  type ImpliedEvent,
  type PassResult,
  type SnapDetail,
} from "./snaps.js";

const RULES = DEFAULT_LEAGUE_RULES;
const QB = "qb-7";
const WR = "wr-11";
const TE = "te-88";
const RB = "rb-22";
const CB = "cb-3";

// ---- Generators --------------------------------------------------------------------------------------------------

const PLAYERS = [QB, WR, TE, RB, CB];
const playerArb = fc.constantFrom(...PLAYERS);
const maybePlayerArb = fc.option(playerArb, { nil: null });
const yardsArb = fc.option(fc.integer({ min: -99, max: 150 }), { nil: null });

/** Any snap the schema could be sent, valid or not (snapProblems is checked separately). */
const anyDetailArb: fc.Arbitrary<SnapDetail> = fc.oneof(
  fc.record({
    kind: fc.constant("pass" as const),
    passerId: playerArb,
    targetId: maybePlayerArb,
    result: fc.constantFrom(...PASS_RESULTS),
    yards: yardsArb,
  }),
  fc.record({ kind: fc.constant("run" as const), runnerId: playerArb, yards: yardsArb, touchdown: fc.boolean() }),
  fc.record({
    kind: fc.constant("try" as const),
    points: fc.constantFrom(1 as const, 2 as const),
    method: fc.constantFrom("pass" as const, "run" as const),
    good: fc.boolean(),
    passerId: maybePlayerArb,
    scorerId: maybePlayerArb,
  }),
  fc.record({
    kind: fc.constant("penalty" as const),
    on: fc.constantFrom("us" as const, "them" as const),
    yards: fc.integer({ min: 0, max: 50 }),
    effect: fc.constantFrom(...PENALTY_EFFECTS),
    playerId: maybePlayerArb,
  }),
  fc.record({ kind: fc.constant("flag_pull" as const), defenderId: playerArb, yards: yardsArb }),
  fc.record({ kind: fc.constant("sack" as const), defenderId: playerArb }),
  fc.record({
    kind: fc.constant("interception" as const),
    defenderId: playerArb,
    returnTouchdown: fc.boolean(),
    yards: yardsArb,
  }),
  fc.record({ kind: fc.constant("pass_defended" as const), defenderId: playerArb }),
  fc.record({ kind: fc.constant("stop" as const), defenderId: playerArb }),
  fc.record({ kind: fc.constant("safety" as const), defenderId: maybePlayerArb }),
  fc.record({ kind: fc.constant("opponent_score" as const), score: fc.constantFrom(...OPPONENT_SCORES) }),
);
/** A snap the API accepts. */
const detailArb = anyDetailArb.filter((d) => snapProblems(d).length === 0);

/**
 * Mistakes (and a pass defended): recorded on the snap and in stat lines, never a scored event. Not filtered by
 * snapProblems: even a snap the API would refuse must not raise a score.
 */
const mistakeArb: fc.Arbitrary<SnapDetail> = fc.oneof(
  fc.record({
    kind: fc.constant("pass" as const),
    passerId: playerArb,
    targetId: maybePlayerArb,
    result: fc.constantFrom("incomplete" as const, "drop" as const, "intercepted" as const),
    yards: fc.constant(null),
  }),
  fc.record({
    kind: fc.constant("penalty" as const),
    on: fc.constantFrom("us" as const, "them" as const),
    yards: fc.integer({ min: 0, max: 50 }),
    effect: fc.constantFrom(...PENALTY_EFFECTS),
    playerId: maybePlayerArb,
  }),
  fc.record({
    kind: fc.constant("try" as const),
    points: fc.constantFrom(1 as const, 2 as const),
    method: fc.constantFrom("pass" as const, "run" as const),
    good: fc.constant(false),
    passerId: maybePlayerArb,
    scorerId: maybePlayerArb,
  }),
  fc.record({ kind: fc.constant("pass_defended" as const), defenderId: playerArb }),
);

const rulesArb = fc.record({
  touchdownPoints: fc.integer({ min: 1, max: 9 }),
  safetyPoints: fc.integer({ min: 1, max: 9 }),
});

// ---- Event counters, as the data layer keeps them: per (player, event type), a count and a yards sum -------------

type Counters = Map<string, { count: number; yards: number }>;

function applyEvents(counters: Counters, events: readonly ImpliedEvent[], sign: 1 | -1): void {
  for (const e of events) {
    const key = `${e.playerId}\u0000${e.eventType}`;
    const row = counters.get(key) ?? { count: 0, yards: 0 };
    const next = { count: row.count + sign, yards: row.yards + sign * (e.yards ?? 0) };
    if (next.count === 0 && next.yards === 0) counters.delete(key);
    else counters.set(key, next);
  }
}

function countersOf(details: readonly SnapDetail[]): Counters {
  const counters: Counters = new Map();
  for (const d of details) applyEvents(counters, eventsOfSnap(d), 1);
  return counters;
}

const sorted = (counters: Counters) => [...counters.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** Event counts by type for one player, what performanceScore reads. */
function countsFor(playerId: string, events: readonly ImpliedEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const e of events) if (e.playerId === playerId) counts[e.eventType] = (counts[e.eventType] ?? 0) + 1;
  return counts;
}

// ---- Implied events and points -----------------------------------------------------------------------------------

describe("eventsOfSnap and pointsOfSnap: every kind of snap (decision 0010)", () => {
  const ev = (playerId: string, eventType: string, yards: number | null = null) => ({ playerId, eventType, yards });
  const cases: [string, SnapDetail, ReturnType<typeof ev>[], { us: number; them: number }][] = [
    [
      "a completion credits the passer and the receiver with the same yards",
      { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 },
      [ev(QB, "Pass Completion", 12), ev(WR, "Catch", 12)],
      { us: 0, them: 0 },
    ],
    [
      "a completion without yards",
      { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: null },
      [ev(QB, "Pass Completion"), ev(WR, "Catch")],
      { us: 0, them: 0 },
    ],
    [
      "a touchdown pass credits Pass TD and TD Catch, and scores one touchdown",
      { kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 20 },
      [ev(QB, "Pass TD", 20), ev(WR, "TD Catch", 20)],
      { us: 6, them: 0 },
    ],
    [
      "an incompletion",
      { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null },
      [],
      { us: 0, them: 0 },
    ],
    ["a drop", { kind: "pass", passerId: QB, targetId: WR, result: "drop", yards: null }, [], { us: 0, them: 0 }],
    [
      "an interception thrown",
      { kind: "pass", passerId: QB, targetId: null, result: "intercepted", yards: null },
      [],
      { us: 0, them: 0 },
    ],
    [
      "a carry",
      { kind: "run", runnerId: RB, yards: 5, touchdown: false },
      [ev(RB, "Rush Attempt", 5)],
      { us: 0, them: 0 },
    ],
    [
      "a carry for a loss",
      { kind: "run", runnerId: RB, yards: -3, touchdown: false },
      [ev(RB, "Rush Attempt", -3)],
      { us: 0, them: 0 },
    ],
    [
      "a rushing touchdown",
      { kind: "run", runnerId: RB, yards: 11, touchdown: true },
      [ev(RB, "Rush TD", 11)],
      { us: 6, them: 0 },
    ],
    [
      "a good pass try for 2 credits the passer and the receiver",
      { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: WR },
      [ev(QB, "Extra Point"), ev(WR, "Extra Point")],
      { us: 2, them: 0 },
    ],
    [
      "a good run try for 1 credits the runner",
      { kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: RB },
      [ev(RB, "Extra Point")],
      { us: 1, them: 0 },
    ],
    [
      "a good try nobody is named for",
      { kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: null },
      [],
      { us: 1, them: 0 },
    ],
    [
      "a try no good",
      { kind: "try", points: 2, method: "pass", good: false, passerId: QB, scorerId: WR },
      [],
      { us: 0, them: 0 },
    ],
    [
      "a penalty on us",
      { kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: TE },
      [],
      { us: 0, them: 0 },
    ],
    [
      "a penalty on them",
      { kind: "penalty", on: "them", yards: 10, effect: "first_down", playerId: null },
      [],
      { us: 0, them: 0 },
    ],
    ["a flag pull", { kind: "flag_pull", defenderId: CB, yards: 4 }, [ev(CB, "Flag Pull")], { us: 0, them: 0 }],
    ["a sack", { kind: "sack", defenderId: CB }, [ev(CB, "Sack")], { us: 0, them: 0 }],
    [
      "an interception",
      { kind: "interception", defenderId: CB, returnTouchdown: false, yards: 15 },
      [ev(CB, "Interception")],
      { us: 0, them: 0 },
    ],
    [
      "a pick-six: one Interception, one team touchdown",
      { kind: "interception", defenderId: CB, returnTouchdown: true, yards: 40 },
      [ev(CB, "Interception")],
      { us: 6, them: 0 },
    ],
    ["a pass defended", { kind: "pass_defended", defenderId: CB }, [], { us: 0, them: 0 }],
    ["a defensive stop", { kind: "stop", defenderId: CB }, [ev(CB, "Defensive Stop")], { us: 0, them: 0 }],
    [
      "a safety for us credits the defender a Flag Pull",
      { kind: "safety", defenderId: CB },
      [ev(CB, "Flag Pull")],
      { us: 2, them: 0 },
    ],
    ["a safety for us, nobody named", { kind: "safety", defenderId: null }, [], { us: 2, them: 0 }],
    ["an opponent touchdown", { kind: "opponent_score", score: "touchdown" }, [], { us: 0, them: 6 }],
    ["an opponent try for 1", { kind: "opponent_score", score: "try1" }, [], { us: 0, them: 1 }],
    ["an opponent try for 2", { kind: "opponent_score", score: "try2" }, [], { us: 0, them: 2 }],
    ["a safety against us", { kind: "opponent_score", score: "safety" }, [], { us: 0, them: 2 }],
  ];

  it.each(cases)("%s", (_name, detail, events, points) => {
    expect(snapProblems(detail)).toEqual([]);
    expect(eventsOfSnap(detail)).toEqual(events);
    expect(pointsOfSnap(detail, RULES)).toEqual(points);
  });

  it("the table covers every kind", () => {
    const kinds = new Set(cases.map(([, d]) => d.kind));
    expect([...kinds].sort()).toEqual(
      [
        "pass",
        "run",
        "try",
        "penalty",
        "flag_pull",
        "sack",
        "interception",
        "pass_defended",
        "stop",
        "safety",
        "opponent_score",
      ].sort(),
    );
  });

  it("points follow the league's rules", () => {
    const rules = { touchdownPoints: 7, safetyPoints: 3 };
    expect(pointsOfSnap({ kind: "run", runnerId: RB, yards: 1, touchdown: true }, rules)).toEqual({ us: 7, them: 0 });
    expect(pointsOfSnap({ kind: "safety", defenderId: null }, rules)).toEqual({ us: 3, them: 0 });
    expect(pointsOfSnap({ kind: "opponent_score", score: "touchdown" }, rules)).toEqual({ us: 0, them: 7 });
    expect(pointsOfSnap({ kind: "opponent_score", score: "safety" }, rules)).toEqual({ us: 0, them: 3 });
    // A try is worth its own points whatever the rules.
    expect(
      pointsOfSnap({ kind: "try", points: 2, method: "run", good: true, passerId: null, scorerId: RB }, rules),
    ).toEqual({ us: 2, them: 0 });
  });

  it("a snap is worth points to one side at most, never negative", () => {
    fc.assert(
      fc.property(detailArb, rulesArb, (detail, rules) => {
        const p = pointsOfSnap(detail, rules);
        expect(p.us).toBeGreaterThanOrEqual(0);
        expect(p.them).toBeGreaterThanOrEqual(0);
        expect(p.us === 0 || p.them === 0).toBe(true);
      }),
    );
  });

  it("every player an event credits took part in the snap", () => {
    fc.assert(
      fc.property(detailArb, (detail) => {
        const players = new Set(playersOfSnap(detail));
        for (const e of eventsOfSnap(detail)) expect(players.has(e.playerId)).toBe(true);
      }),
    );
  });
});

describe("participantsOfSnap", () => {
  it("names each player once per role", () => {
    expect(participantsOfSnap({ kind: "pass", passerId: QB, targetId: WR, result: "drop", yards: null })).toEqual([
      { playerId: QB, role: "passer" },
      { playerId: WR, role: "target" },
    ]);
    expect(
      participantsOfSnap({ kind: "try", points: 2, method: "pass", good: false, passerId: QB, scorerId: TE }),
    ).toEqual([
      { playerId: QB, role: "passer" },
      { playerId: TE, role: "scorer" },
    ]);
    expect(participantsOfSnap({ kind: "penalty", on: "us", yards: 5, effect: "none", playerId: TE })).toEqual([
      { playerId: TE, role: "penalized" },
    ]);
    expect(participantsOfSnap({ kind: "safety", defenderId: null })).toEqual([]);
    expect(participantsOfSnap({ kind: "opponent_score", score: "touchdown" })).toEqual([]);
  });

  it("playersOfSnap lists each player once", () => {
    expect(playersOfSnap({ kind: "pass", passerId: QB, targetId: null, result: "intercepted", yards: null })).toEqual([
      QB,
    ]);
  });
});

// ---- The score ---------------------------------------------------------------------------------------------------

describe("scoreOfSnaps", () => {
  it("is the sum of every snap's points, for any sequence and any rules", () => {
    fc.assert(
      fc.property(fc.array(detailArb, { maxLength: 40 }), rulesArb, (details, rules) => {
        const expected = { us: 0, them: 0 };
        for (const d of details) {
          const p = pointsOfSnap(d, rules);
          expected.us += p.us;
          expected.them += p.them;
        }
        expect(
          scoreOfSnaps(
            details.map((detail) => ({ detail })),
            rules,
          ),
        ).toEqual(expected);
      }),
    );
  });

  it("a touchdown pass, its try and an opponent touchdown: 8-6", () => {
    const snaps: SnapDetail[] = [
      { kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 20 },
      { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: TE },
      { kind: "opponent_score", score: "touchdown" },
      { kind: "opponent_score", score: "try1" },
    ];
    expect(
      scoreOfSnaps(
        snaps.map((detail) => ({ detail })),
        RULES,
      ),
    ).toEqual({ us: 8, them: 7 });
    expect(scoreOfSnaps([], RULES)).toEqual({ us: 0, them: 0 });
  });
});

// ---- Undo and edit -----------------------------------------------------------------------------------------------

describe("undo and edit of a snap rewrite its events exactly", () => {
  it("undo returns to the same state: logging snaps and removing one's events equals never logging it", () => {
    fc.assert(
      fc.property(fc.array(detailArb, { minLength: 1, maxLength: 30 }), fc.nat(), (details, pick) => {
        const i = pick % details.length;
        const counters = countersOf(details);
        applyEvents(counters, eventsOfSnap(details[i]!), -1);
        expect(sorted(counters)).toEqual(sorted(countersOf(details.filter((_, j) => j !== i))));
      }),
    );
  });

  it("edit returns to the same state: A → B → A restores the counters, and A → B equals logging B", () => {
    fc.assert(
      fc.property(fc.array(detailArb, { minLength: 1, maxLength: 30 }), fc.nat(), detailArb, (details, pick, b) => {
        const i = pick % details.length;
        const a = details[i]!;
        const before = sorted(countersOf(details));
        const counters = countersOf(details);
        applyEvents(counters, eventsOfSnap(a), -1);
        applyEvents(counters, eventsOfSnap(b), 1);
        expect(sorted(counters)).toEqual(sorted(countersOf(details.map((d, j) => (j === i ? b : d)))));
        applyEvents(counters, eventsOfSnap(b), -1);
        applyEvents(counters, eventsOfSnap(a), 1);
        expect(sorted(counters)).toEqual(before);
      }),
    );
  });
});

// ---- A mistake never raises a score ------------------------------------------------------------------------------

describe("a mistake never raises a player's performance score (decision 0010)", () => {
  const POSITIONS = [...POSITION_KEYS, "unknown", null];
  const countsArb = fc.dictionary(
    fc.constantFrom("Pass Completion", "Catch", "Flag Pull", "Pass TD", "Rush Attempt", "Drop", "Penalty"),
    fc.nat({ max: 50 }),
    { maxKeys: 7 },
  );

  it("a mistake implies no event, so it scores 0 at every position", () => {
    fc.assert(
      fc.property(mistakeArb, (detail) => {
        const events = eventsOfSnap(detail);
        expect(events).toEqual([]);
        for (const player of PLAYERS)
          for (const position of POSITIONS) expect(performanceScore(countsFor(player, events), position)).toBe(0);
      }),
    );
  });

  it("adding a mistake's events to any player's counts leaves the score as it was", () => {
    fc.assert(
      fc.property(mistakeArb, countsArb, playerArb, (detail, existing, player) => {
        const counts = { ...existing };
        for (const [type, n] of Object.entries(countsFor(player, eventsOfSnap(detail))))
          counts[type] = (counts[type] ?? 0) + n;
        for (const position of POSITIONS)
          expect(performanceScore(counts, position)).toBe(performanceScore(existing, position));
      }),
    );
  });
});

// ---- Words ------------------------------------------------------------------------------------------------------

describe("describeSnap", () => {
  const JERSEYS: Record<string, string> = { [QB]: "#7", [WR]: "#11", [TE]: "Jo", [RB]: "#22", [CB]: "#3" };
  const label = (id: string) => JERSEYS[id] ?? id;
  const say = (detail: SnapDetail) => describeSnap(detail, label);

  it("passes", () => {
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 })).toBe("#7 → #11, 12 yds");
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 1 })).toBe("#7 → #11, 1 yd");
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: -1 })).toBe("#7 → #11, -1 yd");
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: null })).toBe("#7 → #11");
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null })).toBe(
      "#7 → #11, incomplete",
    );
    expect(say({ kind: "pass", passerId: QB, targetId: null, result: "incomplete", yards: null })).toBe(
      "#7, incomplete",
    );
    expect(say({ kind: "pass", passerId: QB, targetId: TE, result: "drop", yards: null })).toBe("#7 → Jo, dropped");
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "intercepted", yards: null })).toBe(
      "#7 → #11, intercepted",
    );
    expect(say({ kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 20 })).toBe(
      "#7 → #11, 20 yds, touchdown",
    );
  });

  it("runs and tries", () => {
    expect(say({ kind: "run", runnerId: RB, yards: 5, touchdown: false })).toBe("#22 run, 5 yds");
    expect(say({ kind: "run", runnerId: RB, yards: 3, touchdown: true })).toBe("#22 run, 3 yds, touchdown");
    expect(say({ kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: WR })).toBe(
      "Try for 2 (#7 → #11): good",
    );
    expect(say({ kind: "try", points: 1, method: "run", good: false, passerId: null, scorerId: RB })).toBe(
      "Try for 1 (#22 run): no good",
    );
    expect(say({ kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: null })).toBe(
      "Try for 1 (run): good",
    );
  });

  it("penalties", () => {
    expect(say({ kind: "penalty", on: "them", yards: 5, effect: "none", playerId: null })).toBe(
      "Penalty on them, 5 yds",
    );
    expect(say({ kind: "penalty", on: "us", yards: 10, effect: "loss_of_down", playerId: WR })).toBe(
      "Penalty on us (#11), 10 yds, loss of down",
    );
    expect(say({ kind: "penalty", on: "them", yards: 1, effect: "first_down", playerId: null })).toBe(
      "Penalty on them, 1 yd, first down",
    );
  });

  it("defense: a pick-six, a safety", () => {
    expect(say({ kind: "interception", defenderId: CB, returnTouchdown: true, yards: 40 })).toBe(
      "Interception #3, 40 yds, pick-six",
    );
    expect(say({ kind: "interception", defenderId: CB, returnTouchdown: false, yards: null })).toBe("Interception #3");
    expect(say({ kind: "flag_pull", defenderId: CB, yards: 2 })).toBe("Flag pull #3, 2 yds");
    expect(say({ kind: "sack", defenderId: CB })).toBe("Sack #3");
    expect(say({ kind: "pass_defended", defenderId: CB })).toBe("Pass defended #3");
    expect(say({ kind: "stop", defenderId: CB })).toBe("Defensive stop #3");
    expect(say({ kind: "safety", defenderId: CB })).toBe("Safety for us (#3)");
    expect(say({ kind: "safety", defenderId: null })).toBe("Safety for us");
  });

  it("the opponent scores", () => {
    expect(say({ kind: "opponent_score", score: "touchdown" })).toBe("Opponent touchdown");
    expect(say({ kind: "opponent_score", score: "try1" })).toBe("Opponent try for 1, good");
    expect(say({ kind: "opponent_score", score: "try2" })).toBe("Opponent try for 2, good");
    expect(say({ kind: "opponent_score", score: "safety" })).toBe("Safety against us");
  });

  it("every snap has words", () => {
    fc.assert(fc.property(anyDetailArb, (detail) => void expect(say(detail)).toMatch(/\S/)));
  });
});

// ---- Order, result, record ---------------------------------------------------------------------------------------

describe("inGameOrder", () => {
  it("orders by time, then by id when two snaps share a time, and leaves its input alone", () => {
    const snaps = [
      { id: "b", occurredAt: "2026-10-03T14:05:00.000Z" },
      { id: "c", occurredAt: "2026-10-03T14:01:00.000Z" },
      { id: "a", occurredAt: "2026-10-03T14:05:00.000Z" },
      { id: "d", occurredAt: "2026-10-03T14:05:00.000Z" },
    ];
    const copy = [...snaps];
    expect(inGameOrder(snaps).map((s) => s.id)).toEqual(["c", "a", "b", "d"]);
    expect(snaps).toEqual(copy);
  });

  it("gives one order whatever order the snaps arrive in (two coaches' snaps interleave the same)", () => {
    const snapArb = fc.record({
      id: fc.constantFrom("a", "b", "c", "d", "e"),
      occurredAt: fc.constantFrom("2026-10-03T14:00:00.000Z", "2026-10-03T14:00:30.000Z", "2026-10-03T14:01:00.000Z"),
    });
    const shuffledArb = fc
      .uniqueArray(snapArb, { selector: (s) => s.id, maxLength: 5 })
      .chain((snaps) =>
        fc.tuple(fc.constant(snaps), fc.shuffledSubarray(snaps, { minLength: snaps.length, maxLength: snaps.length })),
      );
    fc.assert(
      fc.property(shuffledArb, ([snaps, shuffled]) => {
        expect(inGameOrder(shuffled)).toEqual(inGameOrder(snaps));
      }),
    );
  });
});

describe("resultOf and recordOf", () => {
  it("W, L or T from the score", () => {
    expect(resultOf({ us: 14, them: 7 })).toBe("W");
    expect(resultOf({ us: 6, them: 7 })).toBe("L");
    expect(resultOf({ us: 0, them: 0 })).toBe("T");
  });

  it('"3-1" without ties, "3-1-1" with', () => {
    expect(recordOf(["W", "L", "W", "W"])).toEqual({ wins: 3, losses: 1, ties: 0, text: "3-1" });
    expect(recordOf(["W", "T", "L", "W", "W"])).toEqual({ wins: 3, losses: 1, ties: 1, text: "3-1-1" });
    expect(recordOf([])).toEqual({ wins: 0, losses: 0, ties: 0, text: "0-0" });
  });
});

// ---- Downs ------------------------------------------------------------------------------------------------------

describe("downState (league tracks downs)", () => {
  const TRACKING: LeagueRules = { ...RULES, noRunZones: [...RULES.noRunZones], trackDowns: true };
  let clock = 0;
  const snap = (detail: SnapDetail, extra: Partial<GameSnap> = {}): GameSnap => {
    clock++;
    return {
      id: `s${String(clock).padStart(4, "0")}`,
      detail,
      period: 1,
      occurredAt: new Date(Date.UTC(2026, 9, 3, 14, 0, clock)).toISOString(),
      ...extra,
    };
  };
  const run = (extra: Partial<GameSnap> = {}) => snap({ kind: "run", runnerId: RB, yards: 3, touchdown: false }, extra);
  const pass = (result: PassResult, extra: Partial<GameSnap> = {}) =>
    snap({ kind: "pass", passerId: QB, targetId: WR, result, yards: result === "complete" ? 8 : null }, extra);
  const penalty = (on: "us" | "them", effect: "none" | "loss_of_down" | "first_down", extra: Partial<GameSnap> = {}) =>
    snap({ kind: "penalty", on, yards: 5, effect, playerId: null }, extra);
  const flagPull = () => snap({ kind: "flag_pull", defenderId: CB, yards: null });
  const label = (snaps: GameSnap[], rules: LeagueRules = TRACKING) => {
    const state = downState(snaps, rules);
    return state && downLabel(state);
  };

  it("is null when the league does not track downs (the default)", () => {
    expect(RULES.trackDowns).toBe(false);
    expect(downState([run(), run()], RULES)).toBeNull();
  });

  it("is null before our offense has the ball", () => {
    expect(downState([], TRACKING)).toBeNull();
    expect(label([flagPull()])).toBeNull();
  });

  it("counts a series to midfield, then starts again to score when a snap crosses it", () => {
    expect(downState([run()], TRACKING)).toEqual({ down: 2, toGain: "midfield", of: 4 });
    expect(label([run(), pass("incomplete")])).toBe("3rd & midfield");
    expect(label([run(), pass("complete", { firstDown: true })])).toBe("1st & goal");
    expect(downState([run(), pass("complete", { firstDown: true }), run()], TRACKING)).toEqual({
      down: 2,
      toGain: "goal",
      of: 4,
    });
  });

  it("uses the league's numbers of downs", () => {
    const rules = { ...TRACKING, downsToMidfield: 3, downsToScore: 2 };
    expect(downState([run()], rules)).toEqual({ down: 2, toGain: "midfield", of: 3 });
    expect(downState([run({ firstDown: true })], rules)).toEqual({ down: 1, toGain: "goal", of: 2 });
    // Out of downs to score: the ball goes over.
    expect(downState([run({ firstDown: true }), run(), run()], rules)).toBeNull();
  });

  it("out of downs to cross midfield, the ball goes over; the next offensive snap starts a new series", () => {
    expect(label([run(), run(), run()])).toBe("4th & midfield");
    expect(label([run(), run(), run(), run()])).toBeNull();
    expect(label([run(), run(), run(), run(), run()])).toBe("2nd & midfield");
  });

  it("a score, a turnover or a defensive snap ends the series", () => {
    expect(label([run(), pass("touchdown")])).toBeNull();
    expect(label([run(), snap({ kind: "run", runnerId: RB, yards: 9, touchdown: true })])).toBeNull();
    expect(label([run(), run(), pass("intercepted")])).toBeNull();
    expect(label([run(), run(), pass("intercepted"), run()])).toBe("2nd & midfield");
    expect(label([run({ firstDown: true }), flagPull()])).toBeNull();
    expect(label([run({ firstDown: true }), flagPull(), run()])).toBe("2nd & midfield");
    expect(
      label([
        pass("touchdown"),
        snap({ kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: RB }),
      ]),
    ).toBeNull();
  });

  it("penalties: a loss of down uses one, no effect replays it, an automatic first down starts the count again", () => {
    expect(label([run(), penalty("us", "loss_of_down")])).toBe("3rd & midfield");
    expect(label([run(), penalty("us", "none")])).toBe("2nd & midfield");
    expect(label([run(), penalty("them", "none")])).toBe("2nd & midfield");
    expect(label([run(), run(), penalty("them", "first_down")])).toBe("1st & midfield");
    expect(label([run({ firstDown: true }), run(), penalty("them", "first_down")])).toBe("1st & goal");
    expect(label([run(), penalty("them", "none", { firstDown: true })])).toBe("1st & goal");
    // A loss of down on the last down: the ball goes over.
    expect(label([run(), run(), run(), penalty("us", "loss_of_down")])).toBeNull();
  });

  it("a penalty whose effect shows the opponent has the ball is not ours to count", () => {
    // A first down for them, a loss of down for them: our defense is on the field.
    expect(label([run(), penalty("us", "first_down")])).toBeNull();
    expect(label([run(), penalty("them", "loss_of_down")])).toBeNull();
    // Between two defensive snaps, a penalty that could be either side's opens no series...
    expect(label([flagPull(), penalty("them", "none")])).toBeNull();
    expect(label([penalty("us", "none")])).toBeNull();
    // ...but one that can only be ours does.
    expect(label([flagPull(), penalty("them", "first_down")])).toBe("1st & midfield");
    expect(label([flagPull(), penalty("us", "loss_of_down")])).toBe("2nd & midfield");
  });

  it("a new half ends the series", () => {
    expect(label([run(), run(), run({ period: 2 })])).toBe("2nd & midfield");
    const quarters = { ...TRACKING, periodKind: "quarter" as const };
    // Possession carries over from the 1st to the 2nd quarter, not into the 3rd.
    expect(label([run(), run({ period: 2 })], quarters)).toBe("3rd & midfield");
    expect(label([run(), run({ period: 2 }), run({ period: 3 })], quarters)).toBe("2nd & midfield");
  });

  it("reads the snaps in game order, whatever order they are given in", () => {
    const snaps = [run(), run({ firstDown: true }), run()];
    expect(downState([...snaps].reverse(), TRACKING)).toEqual(downState(snaps, TRACKING));
  });

  it("never goes past the last down, for any sequence", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(detailArb, fc.boolean()), { maxLength: 40 }), (seq) => {
        clock = 0;
        const state = downState(
          seq.map(([detail, firstDown]) => snap(detail, { firstDown })),
          TRACKING,
        );
        if (state) {
          expect(state.down).toBeGreaterThanOrEqual(1);
          expect(state.down).toBeLessThanOrEqual(state.of);
        }
      }),
    );
  });
});

describe("downLabel", () => {
  it("ordinal and what is to gain", () => {
    expect(downLabel({ down: 2, toGain: "midfield", of: 4 })).toBe("2nd & midfield");
    expect(downLabel({ down: 1, toGain: "goal", of: 4 })).toBe("1st & goal");
    expect(downLabel({ down: 3, toGain: "goal", of: 4 })).toBe("3rd & goal");
    expect(downLabel({ down: 4, toGain: "midfield", of: 4 })).toBe("4th & midfield");
    expect(downLabel({ down: 6, toGain: "goal", of: 6 })).toBe("6th & goal");
  });
});

// ---- What makes a snap impossible --------------------------------------------------------------------------------

describe("snapProblems", () => {
  const cases: [string, SnapDetail, [string, string][]][] = [
    [
      "a completion without a receiver",
      { kind: "pass", passerId: QB, targetId: null, result: "complete", yards: 5 },
      [["targetId", "Choose the receiver."]],
    ],
    [
      "a touchdown pass without a receiver",
      { kind: "pass", passerId: QB, targetId: null, result: "touchdown", yards: 5 },
      [["targetId", "Choose the receiver."]],
    ],
    [
      "a drop without a receiver",
      { kind: "pass", passerId: QB, targetId: null, result: "drop", yards: null },
      [["targetId", "Choose the receiver."]],
    ],
    [
      "a passer throwing to himself",
      { kind: "pass", passerId: QB, targetId: QB, result: "complete", yards: 5 },
      [["targetId", "The passer cannot throw to himself."]],
    ],
    [
      "an incompletion with yards",
      { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: 5 },
      [["yards", "An incomplete pass gains no yards."]],
    ],
    [
      "a drop with yards",
      { kind: "pass", passerId: QB, targetId: WR, result: "drop", yards: 0 },
      [["yards", "An incomplete pass gains no yards."]],
    ],
    [
      "an interception thrown with yards (they would be credited to no one)",
      { kind: "pass", passerId: QB, targetId: WR, result: "intercepted", yards: 12 },
      [["yards", "An intercepted pass gains no yards."]],
    ],
    [
      "a run try with a passer",
      { kind: "try", points: 1, method: "run", good: true, passerId: QB, scorerId: RB },
      [["passerId", "A run try has no passer."]],
    ],
    [
      "a pass try thrown to the passer",
      { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: QB },
      [["scorerId", "The passer cannot throw to himself."]],
    ],
    [
      "a penalty on them that names one of our players",
      { kind: "penalty", on: "them", yards: 5, effect: "none", playerId: WR },
      [["playerId", "A penalty on them names none of our players."]],
    ],
  ];
  it.each(cases)("refuses %s", (_name, detail, problems) => {
    expect(snapProblems(detail)).toEqual(problems);
  });

  it("accepts what is possible", () => {
    const fine: SnapDetail[] = [
      { kind: "pass", passerId: QB, targetId: null, result: "incomplete", yards: null },
      { kind: "pass", passerId: QB, targetId: null, result: "intercepted", yards: null },
      { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: -4 },
      { kind: "try", points: 2, method: "pass", good: true, passerId: null, scorerId: WR },
      { kind: "try", points: 1, method: "run", good: false, passerId: null, scorerId: null },
      { kind: "penalty", on: "us", yards: 0, effect: "loss_of_down", playerId: TE },
      { kind: "penalty", on: "them", yards: 10, effect: "first_down", playerId: null },
    ];
    for (const detail of fine) expect(snapProblems(detail)).toEqual([]);
  });

  it("names every problem at once", () => {
    expect(snapProblems({ kind: "pass", passerId: QB, targetId: QB, result: "drop", yards: 3 })).toEqual([
      ["targetId", "The passer cannot throw to himself."],
      ["yards", "An incomplete pass gains no yards."],
    ]);
  });
});
