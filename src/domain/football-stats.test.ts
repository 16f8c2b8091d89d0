import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addLines,
  creditOfEvent,
  creditsOfSnap,
  emptyStatLine,
  linesBySnapPlayer,
  passerRating,
  playerStatLine,
  statFigures,
  statGroupsFor,
  teamLine,
  type LooseEventCount,
  type StatLine,
} from "./football-stats.js";
import { EVENT_TYPES } from "./event-types.js";
import { OPPONENT_SCORES, PASS_RESULTS, PENALTY_EFFECTS, snapProblems, type SnapDetail } from "./snaps.js";

const QB = "qb-7";
const WR = "wr-11";
const SLOT = "slot-4";
const RB = "rb-22";
const CB = "cb-3";

const line = (fields: Partial<StatLine>): StatLine => ({ ...emptyStatLine(), ...fields });
const snapsOf = (details: SnapDetail[]) => details.map((detail) => ({ detail }));

// ---- Passer rating -----------------------------------------------------------------------------------------------

describe("passerRating (NFL formula, each part clamped to 0..2.375)", () => {
  it("20 of 30, 250 yards, 2 TD, 1 INT: 100.7", () => {
    // a = (20/30 - 0.3) × 5       = (0.66667 - 0.3) × 5   = 1.83333
    // b = (250/30 - 3) × 0.25     = (8.33333 - 3) × 0.25  = 1.33333
    // c = (2/30) × 20             = 0.06667 × 20          = 1.33333
    // d = 2.375 - (1/30) × 25     = 2.375 - 0.83333       = 1.54167
    // (1.83333 + 1.33333 + 1.33333 + 1.54167) / 6 × 100 = 6.04167 / 6 × 100 = 100.694 → 100.7
    expect(passerRating({ attempts: 30, completions: 20, yards: 250, touchdowns: 2, interceptions: 1 })).toBe(100.7);
  });

  it("a perfect game: 158.3", () => {
    // 10/10, 150 yds, 2 TD, 0 INT: a = 3.5, b = 3, c = 4, d = 2.375, each clamped to 2.375: 9.5 / 6 × 100 = 158.33
    expect(passerRating({ attempts: 10, completions: 10, yards: 150, touchdowns: 2, interceptions: 0 })).toBe(158.3);
  });

  it("the worst game: 0", () => {
    // 0/10, 0 yds, 0 TD, 3 INT: a = -1.5, b = -0.75, c = 0, d = 2.375 - 7.5, each clamped to 0.
    expect(passerRating({ attempts: 10, completions: 0, yards: 0, touchdowns: 0, interceptions: 3 })).toBe(0);
  });

  it("0 of 5 without an interception: only the interception part, 2.375 / 6 × 100 = 39.6", () => {
    expect(passerRating({ attempts: 5, completions: 0, yards: 0, touchdowns: 0, interceptions: 0 })).toBe(39.6);
  });

  it("2 of 3, 32 yards, 1 TD: (1.8333 + 1.9167 + 2.375 + 2.375) / 6 × 100 = 141.7", () => {
    expect(passerRating({ attempts: 3, completions: 2, yards: 32, touchdowns: 1, interceptions: 0 })).toBe(141.7);
  });

  it("null with no attempts", () => {
    expect(passerRating({ attempts: 0, completions: 0, yards: 0, touchdowns: 0, interceptions: 0 })).toBeNull();
  });

  it("always between 0 and 158.3, with one decimal", () => {
    const statArb = fc
      .record({
        attempts: fc.integer({ min: 1, max: 60 }),
        c: fc.nat(),
        t: fc.nat(),
        i: fc.nat(),
        yards: fc.integer({ min: -200, max: 1000 }),
      })
      .map(({ attempts, c, t, i, yards }) => {
        const completions = c % (attempts + 1);
        return {
          attempts,
          completions,
          yards,
          touchdowns: t % (completions + 1),
          interceptions: i % (attempts - completions + 1),
        };
      });
    fc.assert(
      fc.property(statArb, (p) => {
        const r = passerRating(p)!;
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(158.3);
        expect(Math.round(r * 10) / 10).toBe(r);
      }),
    );
  });
});

// ---- Lines from snaps --------------------------------------------------------------------------------------------

/**
 * A hand-worked drive: 12 and 8 yard completions, a 20-yard TD pass, an incompletion, a drop by the slot, an
 * interception thrown; runs of 5, -2 and an 11-yard TD; a flag pull, a sack, a pick-six, a pass defended, a stop
 * and a safety by the corner; a penalty on the slot.
 */
const GAME: SnapDetail[] = [
  { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 },
  { kind: "pass", passerId: QB, targetId: SLOT, result: "complete", yards: 8 },
  { kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 20 },
  { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: WR },
  { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null },
  { kind: "pass", passerId: QB, targetId: SLOT, result: "drop", yards: null },
  { kind: "pass", passerId: QB, targetId: WR, result: "intercepted", yards: null },
  { kind: "run", runnerId: RB, yards: 5, touchdown: false },
  { kind: "run", runnerId: RB, yards: -2, touchdown: false },
  { kind: "run", runnerId: RB, yards: 11, touchdown: true },
  { kind: "try", points: 1, method: "run", good: false, passerId: null, scorerId: RB },
  { kind: "flag_pull", defenderId: CB, yards: 3 },
  { kind: "sack", defenderId: CB },
  { kind: "interception", defenderId: CB, returnTouchdown: true, yards: 35 },
  { kind: "pass_defended", defenderId: CB },
  { kind: "stop", defenderId: CB },
  { kind: "safety", defenderId: CB },
  { kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: SLOT },
  { kind: "penalty", on: "them", yards: 10, effect: "first_down", playerId: null },
  { kind: "opponent_score", score: "touchdown" },
];

describe("a player's line from snaps", () => {
  const lines = linesBySnapPlayer(snapsOf(GAME));

  it("the quarterback: 3 of 6 (the TD pass is a completion), 40 yards, 1 TD, 1 INT, rating 71.5", () => {
    const qb = playerStatLine(QB, [], snapsOf(GAME));
    expect(qb).toEqual(lines.get(QB));
    expect(qb).toMatchObject({
      passAttempts: 6,
      completions: 3,
      passYards: 40,
      passYardsKnown: 3,
      passTouchdowns: 1,
      interceptionsThrown: 1,
      tryAttempts: 1,
      tryGood: 1,
      targets: 0,
    });
    // a = (3/6 - 0.3) × 5 = 1; b = (40/6 - 3) × 0.25 = 0.91667; c = (1/6) × 20 = 3.33 → 2.375;
    // d = 2.375 - (1/6) × 25 = -1.79 → 0. (1 + 0.91667 + 2.375 + 0) / 6 × 100 = 71.53 → 71.5
    expect(statFigures(qb)).toMatchObject({
      completionPct: 50,
      passYards: 40,
      yardsPerAttempt: 6.7,
      passerRating: 71.5,
    });
  });

  it("the receivers: targets include incompletions and interceptions, a drop is a target without a catch", () => {
    expect(lines.get(WR)).toMatchObject({
      targets: 4,
      catches: 2,
      receivingYards: 32,
      receivingYardsKnown: 2,
      receivingTouchdowns: 1,
      drops: 0,
      tryAttempts: 1,
      tryGood: 1,
    });
    expect(statFigures(lines.get(WR)!)).toMatchObject({ receivingYards: 32, yardsPerCatch: 16 });
    expect(lines.get(SLOT)).toMatchObject({ targets: 2, catches: 1, receivingYards: 8, drops: 1 });
  });

  it("the runner: 3 carries, 14 yards, average 4.7, 1 TD", () => {
    const rb = lines.get(RB)!;
    expect(rb).toMatchObject({
      carries: 3,
      rushingYards: 14,
      rushingYardsKnown: 3,
      rushingTouchdowns: 1,
      tryAttempts: 1,
      tryGood: 0,
    });
    expect(statFigures(rb)).toMatchObject({ rushingYards: 14, yardsPerCarry: 4.7 });
  });

  it("the defender: a safety is also a flag pull, a pick-six an interception and a defensive touchdown", () => {
    expect(lines.get(CB)).toEqual(
      line({
        flagPulls: 2,
        sacks: 1,
        interceptions: 1,
        defensiveTouchdowns: 1,
        passesDefended: 1,
        stops: 1,
        safeties: 1,
      }),
    );
  });

  it("a penalty on us is charged to the player named", () => {
    expect(lines.get(SLOT)).toMatchObject({ penalties: 1, penaltyYards: 5 });
  });

  it("the opponent's score and a penalty on them credit no one", () => {
    expect(creditsOfSnap({ kind: "opponent_score", score: "touchdown" })).toEqual([]);
    expect(creditsOfSnap({ kind: "penalty", on: "them", yards: 10, effect: "first_down", playerId: null })).toEqual([]);
    expect([...lines.keys()].sort()).toEqual([CB, QB, RB, SLOT, WR].sort());
  });

  it("a player's line counts only the snaps they took part in", () => {
    expect(playerStatLine("nobody", [], snapsOf(GAME))).toEqual(emptyStatLine());
  });
});

describe("yards-based figures show only when every play had its yards", () => {
  it("one completion without yards: passing and receiving yards, Y/A, Y/C and rating are unknown", () => {
    const details: SnapDetail[] = [
      { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 },
      { kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: null },
      { kind: "run", runnerId: RB, yards: null, touchdown: false },
    ];
    const lines = linesBySnapPlayer(snapsOf(details));
    expect(statFigures(lines.get(QB)!)).toEqual({
      completionPct: 100,
      passYards: null,
      yardsPerAttempt: null,
      passerRating: null,
      receivingYards: null,
      yardsPerCatch: null,
      rushingYards: null,
      yardsPerCarry: null,
    });
    expect(statFigures(lines.get(WR)!)).toMatchObject({ receivingYards: null, yardsPerCatch: null });
    expect(statFigures(lines.get(RB)!)).toMatchObject({ rushingYards: null, yardsPerCarry: null });
  });

  it("a passer with no completion gained 0 yards, known: 0 of 4 with an INT rates 0, 0 of 2 rates 39.6", () => {
    const qb = playerStatLine(
      QB,
      [],
      snapsOf([
        { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null },
        { kind: "pass", passerId: QB, targetId: WR, result: "drop", yards: null },
        { kind: "pass", passerId: QB, targetId: null, result: "incomplete", yards: null },
        { kind: "pass", passerId: QB, targetId: WR, result: "intercepted", yards: null },
      ]),
    );
    // a = (0 - 0.3) × 5 → 0, b = (0 - 3) × 0.25 → 0, c = 0, d = 2.375 - (1/4) × 25 = -3.875 → 0: rating 0.
    expect(statFigures(qb)).toMatchObject({ completionPct: 0, passYards: 0, yardsPerAttempt: 0, passerRating: 0 });
    const noPick = playerStatLine(
      QB,
      [],
      snapsOf([
        { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null },
        { kind: "pass", passerId: QB, targetId: WR, result: "incomplete", yards: null },
      ]),
    );
    // Only d = 2.375 is left: 2.375 / 6 × 100 = 39.58 → 39.6
    expect(statFigures(noPick)).toMatchObject({ passYards: 0, passerRating: 39.6 });
  });

  it("no attempts, catches or carries: every figure is null", () => {
    expect(statFigures(emptyStatLine())).toEqual({
      completionPct: null,
      passYards: null,
      yardsPerAttempt: null,
      passerRating: null,
      receivingYards: null,
      yardsPerCatch: null,
      rushingYards: null,
      yardsPerCarry: null,
    });
  });
});

// ---- Loose events ------------------------------------------------------------------------------------------------

describe("events logged on their own (before snaps, or from Single events)", () => {
  it("each legacy event type credits what its snap would", () => {
    expect(creditOfEvent("Pass Completion", 12)).toEqual({
      passAttempts: 1,
      completions: 1,
      passYards: 12,
      passYardsKnown: 1,
    });
    expect(creditOfEvent("Pass Completion", null)).toEqual({ passAttempts: 1, completions: 1 });
    expect(creditOfEvent("Pass Incompletion", null)).toEqual({ passAttempts: 1 });
    expect(creditOfEvent("Pass TD", 20)).toMatchObject({ passAttempts: 1, completions: 1, passTouchdowns: 1 });
    expect(creditOfEvent("Interception Thrown", null)).toEqual({ passAttempts: 1, interceptionsThrown: 1 });
    expect(creditOfEvent("Catch", 8)).toEqual({ targets: 1, catches: 1, receivingYards: 8, receivingYardsKnown: 1 });
    expect(creditOfEvent("TD Catch", null)).toEqual({ targets: 1, catches: 1, receivingTouchdowns: 1 });
    expect(creditOfEvent("Drop", null)).toEqual({ targets: 1, drops: 1 });
    expect(creditOfEvent("Rush Attempt", 4)).toEqual({ carries: 1, rushingYards: 4, rushingYardsKnown: 1 });
    expect(creditOfEvent("Rush TD", null)).toEqual({ carries: 1, rushingTouchdowns: 1 });
    expect(creditOfEvent("Flag Pull", null)).toEqual({ flagPulls: 1 });
    expect(creditOfEvent("Sack", null)).toEqual({ sacks: 1 });
    expect(creditOfEvent("Interception", null)).toEqual({ interceptions: 1 });
    expect(creditOfEvent("Defensive Stop", null)).toEqual({ stops: 1 });
    expect(creditOfEvent("Penalty", null)).toEqual({ penalties: 1 });
    expect(creditOfEvent("Extra Point", null)).toEqual({ tryAttempts: 1, tryGood: 1 });
    expect(creditOfEvent("Punt", 30)).toEqual({});
    expect(creditOfEvent("constructor", null)).toEqual({});
  });

  it("every known event type credits something", () => {
    for (const type of EVENT_TYPES) expect(Object.keys(creditOfEvent(type, null)).length).toBeGreaterThan(0);
  });

  it("loose rows add to the snaps: their yards once, their known counters by how many carried yards", () => {
    const loose: LooseEventCount[] = [
      { eventType: "Pass Completion", count: 3, yards: 30, withYards: 3 },
      { eventType: "Pass Incompletion", count: 2, yards: 0, withYards: 0 },
      { eventType: "Pass TD", count: 1, yards: 15, withYards: 1 },
    ];
    const qb = playerStatLine(
      QB,
      loose,
      snapsOf([{ kind: "pass", passerId: QB, targetId: WR, result: "complete", yards: 12 }]),
    );
    expect(qb).toMatchObject({
      passAttempts: 7,
      completions: 5,
      passYards: 57,
      passYardsKnown: 5,
      passTouchdowns: 1,
    });
    expect(statFigures(qb).passYards).toBe(57);
  });

  it("a loose row with some events lacking yards leaves the yards figures unknown", () => {
    const wr = playerStatLine(
      WR,
      [
        { eventType: "Catch", count: 4, yards: 40, withYards: 3 },
        { eventType: "Drop", count: 1, yards: 0, withYards: 0 },
      ],
      [],
    );
    expect(wr).toMatchObject({ targets: 5, catches: 4, receivingYards: 40, receivingYardsKnown: 3, drops: 1 });
    expect(statFigures(wr)).toMatchObject({ receivingYards: null, yardsPerCatch: null });
  });

  it("a loose penalty counts, a loose unknown type adds nothing", () => {
    expect(
      playerStatLine(
        CB,
        [
          { eventType: "Penalty", count: 2, yards: 0, withYards: 0 },
          { eventType: "Hurdle", count: 9, yards: 90, withYards: 9 },
        ],
        [],
      ),
    ).toEqual(line({ penalties: 2 }));
  });
});

// ---- The team's line ---------------------------------------------------------------------------------------------

const PLAYERS = [QB, WR, SLOT, RB, CB];
const playerArb = fc.constantFrom(...PLAYERS);
const maybePlayerArb = fc.option(playerArb, { nil: null });
const yardsArb = fc.option(fc.integer({ min: -99, max: 150 }), { nil: null });
const detailArb: fc.Arbitrary<SnapDetail> = fc
  .oneof(
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
  )
  .filter((d) => snapProblems(d).length === 0);

const isTouchdown = (d: SnapDetail) =>
  (d.kind === "pass" && d.result === "touchdown") ||
  (d.kind === "run" && d.touchdown) ||
  (d.kind === "interception" && d.returnTouchdown);

describe("teamLine", () => {
  it("the hand-worked game: one touchdown each for the TD pass, the run and the pick-six", () => {
    const team = teamLine(snapsOf(GAME));
    expect(team.touchdowns).toBe(3);
    expect(team.line).toMatchObject({
      passAttempts: 6,
      completions: 3,
      passYards: 40,
      catches: 3,
      receivingYards: 40,
      passTouchdowns: 1,
      receivingTouchdowns: 1,
      carries: 3,
      rushingYards: 14,
      rushingTouchdowns: 1,
      defensiveTouchdowns: 1,
      // The pass try for 2 (good, two players credited) and the run try for 1 (no good): two tries, one good.
      tryAttempts: 2,
      tryGood: 1,
      safeties: 1,
    });
    // Passing + rushing; the receiving yards are the passing yards seen from the catch.
    expect(team.totalYards).toBe(40 + 14);
    expect(team.turnovers).toBe(1);
  });

  it("a TD pass, a rushing TD and a pick-six are three touchdowns, not four", () => {
    const team = teamLine(
      snapsOf([
        { kind: "pass", passerId: QB, targetId: WR, result: "touchdown", yards: 20 },
        { kind: "run", runnerId: RB, yards: 3, touchdown: true },
        { kind: "interception", defenderId: CB, returnTouchdown: true, yards: 40 },
      ]),
    );
    expect(team.touchdowns).toBe(3);
    expect(team.totalYards).toBe(23);
  });

  it("penalties both ways: named or not on us, and on them", () => {
    const team = teamLine(
      snapsOf([
        { kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: SLOT },
        { kind: "penalty", on: "us", yards: 10, effect: "none", playerId: null },
        { kind: "penalty", on: "them", yards: 5, effect: "first_down", playerId: null },
        { kind: "penalty", on: "them", yards: 10, effect: "none", playerId: null },
      ]),
      [{ eventType: "Penalty", count: 2, yards: 0, withYards: 0 }],
    );
    expect(team).toMatchObject({
      penaltiesOnUs: 4,
      penaltyYardsOnUs: 15,
      penaltiesOnThem: 2,
      penaltyYardsOnThem: 15,
    });
    expect(team.line).toMatchObject({ penalties: 4, penaltyYards: 15 });
  });

  it("a try counts once for the team, however many players it credits, and even when no one is named", () => {
    const team = teamLine(
      snapsOf([
        { kind: "try", points: 2, method: "pass", good: true, passerId: QB, scorerId: WR },
        { kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: null },
        { kind: "try", points: 1, method: "pass", good: false, passerId: QB, scorerId: null },
      ]),
    );
    expect(team.line).toMatchObject({ tryAttempts: 3, tryGood: 2 });
  });

  it("a safety with no defender named is still the team's", () => {
    const named = teamLine(snapsOf([{ kind: "safety", defenderId: CB }]));
    const unnamed = teamLine(snapsOf([{ kind: "safety", defenderId: null }]));
    expect(unnamed.line).toEqual(named.line);
    expect(unnamed.line).toMatchObject({ safeties: 1, flagPulls: 1 });
  });

  it("total yards are unknown when a completion or a carry lacks yards, and with no yards at all", () => {
    expect(
      teamLine(snapsOf([{ kind: "run", runnerId: RB, yards: null, touchdown: false }, GAME[0]!])).totalYards,
    ).toBeNull();
    expect(teamLine([]).totalYards).toBeNull();
    expect(teamLine(snapsOf([{ kind: "flag_pull", defenderId: CB, yards: 4 }])).totalYards).toBeNull();
  });

  it("loose events count in the team line, a TD pass logged as Pass TD and TD Catch once", () => {
    const team = teamLine(
      [],
      [
        { eventType: "Pass TD", count: 1, yards: 10, withYards: 1 },
        { eventType: "TD Catch", count: 1, yards: 10, withYards: 1 },
        { eventType: "Interception Thrown", count: 2, yards: 0, withYards: 0 },
      ],
    );
    expect(team.touchdowns).toBe(1);
    expect(team.totalYards).toBe(10);
    expect(team.turnovers).toBe(2);
  });

  it("for any snaps: passing yards equal receiving yards, completions equal catches, each touchdown once", () => {
    fc.assert(
      fc.property(fc.array(detailArb, { maxLength: 40 }), (details) => {
        const team = teamLine(snapsOf(details));
        expect(team.line.passYards).toBe(team.line.receivingYards);
        expect(team.line.passYardsKnown).toBe(team.line.receivingYardsKnown);
        expect(team.line.completions).toBe(team.line.catches);
        expect(team.line.passTouchdowns).toBe(team.line.receivingTouchdowns);
        expect(team.touchdowns).toBe(details.filter(isTouchdown).length);
        expect(team.line.tryAttempts).toBe(details.filter((d) => d.kind === "try").length);
        if (team.totalYards !== null) expect(team.totalYards).toBe(team.line.passYards + team.line.rushingYards);
        const on = (side: "us" | "them") =>
          details.filter((d) => d.kind === "penalty" && d.on === side).map((d) => (d as { yards: number }).yards);
        expect(team.penaltiesOnUs).toBe(on("us").length);
        expect(team.penaltyYardsOnThem).toBe(on("them").reduce((a, b) => a + b, 0));
      }),
    );
  });

  it("for any snaps: the team's passing, rushing and defense figures are the sum of the players'", () => {
    const families: (keyof StatLine)[] = [
      "passAttempts",
      "completions",
      "passYards",
      "passTouchdowns",
      "interceptionsThrown",
      "targets",
      "catches",
      "receivingYards",
      "drops",
      "carries",
      "rushingYards",
      "rushingTouchdowns",
      "sacks",
      "interceptions",
      "defensiveTouchdowns",
      "passesDefended",
      "stops",
    ];
    fc.assert(
      fc.property(fc.array(detailArb, { maxLength: 40 }), (details) => {
        const sum = [...linesBySnapPlayer(snapsOf(details)).values()].reduce(addLines, emptyStatLine());
        const team = teamLine(snapsOf(details)).line;
        for (const key of families) expect([key, team[key]]).toEqual([key, sum[key]]);
      }),
    );
  });
});

// ---- Stat groups -------------------------------------------------------------------------------------------------

describe("statGroupsFor", () => {
  const everything = line({ passAttempts: 1, targets: 1, carries: 1, flagPulls: 1 });

  it("leads with the position's group, then the others in a fixed order", () => {
    expect(statGroupsFor("qb", everything)).toEqual(["passing", "receiving", "rushing", "defense"]);
    expect(statGroupsFor("wr", everything)).toEqual(["receiving", "passing", "rushing", "defense"]);
    expect(statGroupsFor("slot", everything)[0]).toBe("receiving");
    expect(statGroupsFor("rb", everything)).toEqual(["rushing", "passing", "receiving", "defense"]);
    expect(statGroupsFor("cb", everything)).toEqual(["defense", "passing", "receiving", "rushing"]);
    expect(statGroupsFor("rusher", everything)[0]).toBe("defense");
  });

  it("shows the position's group even when empty, and other groups only when they have numbers", () => {
    expect(statGroupsFor("qb", emptyStatLine())).toEqual(["passing"]);
    expect(statGroupsFor("qb", line({ carries: 2 }))).toEqual(["passing", "rushing"]);
    expect(statGroupsFor("cb", line({ passesDefended: 1, targets: 1 }))).toEqual(["defense", "receiving"]);
    // A safety alone is a defensive number.
    expect(statGroupsFor("wr", line({ safeties: 1 }))).toEqual(["receiving", "defense"]);
  });

  it("an unknown or missing position leads with nothing", () => {
    expect(statGroupsFor("unknown", everything)).toEqual(["passing", "receiving", "rushing", "defense"]);
    expect(statGroupsFor(null, line({ carries: 1, stops: 1 }))).toEqual(["rushing", "defense"]);
    expect(statGroupsFor(undefined, emptyStatLine())).toEqual([]);
    expect(statGroupsFor("kicker", line({ targets: 1 }))).toEqual(["receiving"]);
  });

  it("a position named like a property of Object.prototype is an unknown position", () => {
    for (const position of ["constructor", "toString", "__proto__", "hasOwnProperty"])
      expect(statGroupsFor(position, line({ carries: 1 }))).toEqual(["rushing"]);
  });
});
