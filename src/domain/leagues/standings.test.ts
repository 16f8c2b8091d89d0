import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  computeStandings,
  DEFAULT_STANDINGS_RULES,
  TIEBREAKERS,
  type LeagueResult,
  type StandingRow,
  type StandingsRules,
} from "./standings.js";

let clock = 0;
/** A result; each one is played a day after the one before unless `playedAt` says otherwise. */
function result(
  homeTeamId: string,
  homeScore: number,
  awayTeamId: string,
  awayScore: number,
  extra: Partial<LeagueResult> = {},
): LeagueResult {
  clock += 1;
  return {
    gameId: `g${String(clock).padStart(4, "0")}`,
    homeTeamId,
    awayTeamId,
    homeScore,
    awayScore,
    forfeit: null,
    playedAt: new Date(Date.UTC(2027, 2, 1) + clock * 86_400_000).toISOString(),
    ...extra,
  };
}
const rules = (overrides: Partial<StandingsRules> = {}): StandingsRules => ({
  ...DEFAULT_STANDINGS_RULES,
  ...overrides,
});
const table = (rows: StandingRow[]) => rows.map((r) => [r.teamId, r.rank, r.decidedBy]);

describe("computeStandings: records", () => {
  it("counts wins, losses, ties, points and win percentage (3 decimals)", () => {
    const rows = computeStandings(
      ["a", "b", "c", "idle"],
      [result("a", 21, "b", 14), result("b", 7, "c", 7), result("c", 0, "a", 28), result("a", 6, "b", 12)],
      DEFAULT_STANDINGS_RULES,
    );
    expect(rows.map((r) => r.teamId)).toEqual(["a", "b", "c", "idle"]);
    expect(rows[0]).toMatchObject({
      teamId: "a",
      rank: 1,
      played: 3,
      wins: 2,
      losses: 1,
      ties: 0,
      winPct: 0.667,
      pointsFor: 55,
      pointsAgainst: 26,
      difference: 29,
    });
    expect(rows[1]).toMatchObject({ teamId: "b", wins: 1, losses: 1, ties: 1, winPct: 0.5, difference: -1 });
    expect(rows[2]).toMatchObject({ teamId: "c", wins: 0, losses: 1, ties: 1, winPct: 0.25, difference: -28 });
    expect(rows[3]).toEqual({
      teamId: "idle",
      rank: 4,
      played: 0,
      wins: 0,
      losses: 0,
      ties: 0,
      winPct: 0,
      pointsFor: 0,
      pointsAgainst: 0,
      difference: 0,
      streak: "",
      last5: [],
      decidedBy: null,
    });
  });

  it("a forfeit is a loss for the side that forfeited and a win for the other, with the recorded score", () => {
    const rows = computeStandings(
      ["a", "b", "c"],
      [
        result("a", 0, "b", 0, { forfeit: "home" }),
        result("c", 1, "a", 0, { forfeit: "away" }),
        result("b", 3, "c", 6, { forfeit: "away" }),
      ],
      DEFAULT_STANDINGS_RULES,
    );
    const by = new Map(rows.map((r) => [r.teamId, r]));
    expect(by.get("a")).toMatchObject({ wins: 0, losses: 2, pointsFor: 0, pointsAgainst: 1 });
    expect(by.get("b")).toMatchObject({ wins: 2, losses: 0, pointsFor: 3, pointsAgainst: 6 });
    expect(by.get("c")).toMatchObject({ wins: 1, losses: 1, pointsFor: 7, pointsAgainst: 3 });
  });

  it("ignores results of teams not listed, and a team against itself", () => {
    const rows = computeStandings(
      ["a", "b"],
      [result("a", 7, "b", 0), result("a", 7, "other", 0), result("other", 7, "b", 0), result("b", 3, "b", 0)],
      DEFAULT_STANDINGS_RULES,
    );
    expect(rows.map((r) => [r.teamId, r.played, r.pointsFor])).toEqual([
      ["a", 1, 7],
      ["b", 1, 0],
    ]);
  });

  it("keeps the streak and the last five, newest first, by when they were played", () => {
    const at = (day: number) => new Date(Date.UTC(2027, 3, day, 15)).toISOString();
    const results = [
      result("a", 7, "b", 0, { playedAt: at(1) }), // W
      result("a", 0, "b", 7, { playedAt: at(2) }), // L
      result("a", 7, "b", 7, { playedAt: at(3) }), // T
      result("b", 0, "a", 7, { playedAt: at(4) }), // W
      result("a", 14, "b", 7, { playedAt: at(5) }), // W
      result("b", 0, "a", 1, { playedAt: at(6), forfeit: "home" }), // W
    ];
    // Given in any order, read by playedAt.
    const rows = computeStandings(["a", "b"], [...results].reverse(), DEFAULT_STANDINGS_RULES);
    const a = rows.find((r) => r.teamId === "a")!;
    const b = rows.find((r) => r.teamId === "b")!;
    expect(a.streak).toBe("W3");
    expect(a.last5).toEqual(["W", "W", "W", "T", "L"]);
    expect(b.streak).toBe("L3");
    expect(b.last5).toEqual(["L", "L", "L", "T", "W"]);
    const tie = computeStandings(["a", "b"], [result("a", 3, "b", 3)], DEFAULT_STANDINGS_RULES);
    expect(tie.map((r) => r.streak)).toEqual(["T1", "T1"]);
  });

  it("rejects a team listed twice", () => {
    expect(() => computeStandings(["a", "a"], [], DEFAULT_STANDINGS_RULES)).toThrow(RangeError);
  });

  it("DEFAULT_STANDINGS_RULES: every tiebreaker in order, no cap, no coin toss; frozen", () => {
    expect(DEFAULT_STANDINGS_RULES).toEqual({ tiebreakers: [...TIEBREAKERS], pointDifferenceCap: null, coinToss: [] });
    expect(Object.isFrozen(DEFAULT_STANDINGS_RULES)).toBe(true);
    expect(Object.isFrozen(DEFAULT_STANDINGS_RULES.tiebreakers)).toBe(true);
  });
});

describe("computeStandings: tiebreakers", () => {
  const TEAMS = ["a", "b", "c", "d"];

  it("head to head between two tied teams", () => {
    // a and b are 2–1 and a beat b, though b has the far better point difference; c and d are 1–2 and d beat c.
    const results = [
      result("a", 7, "b", 6),
      result("b", 40, "c", 0),
      result("b", 40, "d", 0),
      result("c", 14, "a", 0),
      result("a", 7, "d", 0),
      result("d", 1, "c", 0),
    ];
    const rows = computeStandings(TEAMS, results, DEFAULT_STANDINGS_RULES);
    expect(rows.map((r) => [r.teamId, r.wins, r.losses, r.difference])).toEqual([
      ["a", 2, 1, -6],
      ["b", 2, 1, 79],
      ["d", 1, 2, -46],
      ["c", 1, 2, -27],
    ]);
    expect(table(rows)).toEqual([
      ["a", 1, "head_to_head"],
      ["b", 2, null],
      ["d", 3, "head_to_head"],
      ["c", 4, null],
    ]);
    // Without head to head, point difference puts b first.
    expect(table(computeStandings(TEAMS, results, rules({ tiebreakers: ["point_difference"] }))).slice(0, 2)).toEqual([
      ["b", 1, "point_difference"],
      ["a", 2, null],
    ]);
  });

  it("a three-way circular tie falls to point difference", () => {
    // a beat b, b beat c, c beat a (1–1 each among them: no split); all beat d, by 21, 14 and 7.
    const results = [
      result("a", 10, "b", 7),
      result("b", 10, "c", 7),
      result("c", 10, "a", 7),
      result("a", 21, "d", 0),
      result("b", 14, "d", 0),
      result("c", 7, "d", 0),
    ];
    const rows = computeStandings(["d", "c", "b", "a"], results, DEFAULT_STANDINGS_RULES);
    expect(rows.map((r) => [r.teamId, r.winPct, r.difference])).toEqual([
      ["a", 0.667, 21],
      ["b", 0.667, 14],
      ["c", 0.667, 7],
      ["d", 0, -42],
    ]);
    expect(table(rows)).toEqual([
      ["a", 1, "point_difference"],
      ["b", 2, "point_difference"],
      ["c", 3, null],
      ["d", 4, null],
    ]);
  });

  it("when point difference splits a three-way tie partly, the two still tied start again from head to head", () => {
    // As above, but a and b both beat d by 21: point difference puts c third and leaves a and b, whom head to head
    // then separates (a beat b). Carrying on down the list instead would leave them tied (both allowed 17 points).
    const results = [
      result("a", 10, "b", 7),
      result("b", 10, "c", 7),
      result("c", 10, "a", 7),
      result("a", 21, "d", 0),
      result("b", 21, "d", 0),
      result("c", 7, "d", 0),
    ];
    const rows = computeStandings(TEAMS, results, DEFAULT_STANDINGS_RULES);
    expect(rows.map((r) => [r.teamId, r.difference, r.pointsAgainst])).toEqual([
      ["a", 21, 17],
      ["b", 21, 17],
      ["c", 7, 17],
      ["d", -49, 49],
    ]);
    expect(table(rows)).toEqual([
      ["a", 1, "head_to_head"],
      ["b", 2, "point_difference"],
      ["c", 3, null],
      ["d", 4, null],
    ]);
  });

  it("head to head is skipped when the tied teams did not all meet equally often", () => {
    // a and b, both 1–1, never met: point difference decides.
    const results = [result("a", 7, "c", 0), result("d", 7, "a", 6), result("b", 20, "c", 0), result("d", 7, "b", 0)];
    expect(table(computeStandings(TEAMS, results, DEFAULT_STANDINGS_RULES))).toEqual([
      ["d", 1, null],
      ["b", 2, "point_difference"],
      ["a", 3, null],
      ["c", 4, null],
    ]);
    // a, b and c are 2–1; a beat b, but c met neither: head to head is skipped for all three. Point difference puts
    // b first and leaves a and c (+7 each), who never met; nothing else in these rules splits them.
    const three = [
      result("a", 7, "b", 0),
      result("a", 1, "x", 0),
      result("y", 1, "a", 0),
      result("b", 30, "x", 0),
      result("b", 1, "y", 0),
      result("c", 7, "x", 0),
      result("c", 1, "y", 0),
      result("x", 1, "c", 0),
    ];
    const rows = computeStandings(
      ["a", "b", "c", "x", "y"],
      three,
      rules({ tiebreakers: ["head_to_head", "point_difference"] }),
    );
    expect(rows.slice(0, 3).map((r) => [r.teamId, r.wins, r.losses, r.difference, r.rank, r.decidedBy])).toEqual([
      ["b", 2, 1, 24, 1, "point_difference"],
      ["a", 2, 1, 7, 2, null],
      ["c", 2, 1, 7, 2, null],
    ]);
  });

  it("caps the margin each game counts toward point difference", () => {
    // a: +35 and −10 (capped at 7: +7 −7 = 0); b: +8 and −1 (capped: +7 −1 = 6). Both 1–1, never met.
    const results = [result("a", 35, "c", 0), result("d", 10, "a", 0), result("b", 8, "c", 0), result("d", 1, "b", 0)];
    const only = (cap: number | null) =>
      table(computeStandings(TEAMS, results, rules({ tiebreakers: ["point_difference"], pointDifferenceCap: cap })));
    expect(only(null).slice(1, 3)).toEqual([
      ["a", 2, "point_difference"],
      ["b", 3, null],
    ]);
    expect(only(7).slice(1, 3)).toEqual([
      ["b", 2, "point_difference"],
      ["a", 3, null],
    ]);
    // A cap both reach ties them again.
    expect(only(1).slice(1, 3)).toEqual([
      ["a", 2, null],
      ["b", 2, null],
    ]);
    // The row's difference stays uncapped.
    const capped = computeStandings(TEAMS, results, rules({ pointDifferenceCap: 7 }));
    expect(capped.find((r) => r.teamId === "a")!.difference).toBe(25);
  });

  it("points allowed: fewer is better", () => {
    // a and b both 1–1 with point difference 0; a allowed 14, b allowed 20.
    const results = [
      result("a", 14, "c", 7),
      result("d", 7, "a", 0),
      result("b", 20, "c", 10),
      result("d", 10, "b", 0),
    ];
    expect(table(computeStandings(TEAMS, results, DEFAULT_STANDINGS_RULES)).slice(1, 3)).toEqual([
      ["a", 2, "points_allowed"],
      ["b", 3, null],
    ]);
    // The rules' order counts: points allowed before point difference.
    const first = [result("a", 30, "c", 0), result("d", 7, "a", 6), result("b", 1, "c", 0), result("d", 1, "b", 0)];
    expect(table(computeStandings(TEAMS, first, DEFAULT_STANDINGS_RULES)).slice(1, 3)).toEqual([
      ["a", 2, "point_difference"],
      ["b", 3, null],
    ]);
    expect(
      table(computeStandings(TEAMS, first, rules({ tiebreakers: ["points_allowed", "point_difference"] }))).slice(1, 3),
    ).toEqual([
      ["b", 2, "points_allowed"],
      ["a", 3, null],
    ]);
  });

  it("the coin toss settles what nothing else does; without it the tied teams share a rank, by team id", () => {
    const results = [result("c", 7, "x", 0), result("a", 7, "x", 0), result("b", 7, "x", 0), result("x", 0, "d", 7)];
    const teams = ["x", "d", "c", "b", "a"];
    expect(table(computeStandings(teams, results, rules({ coinToss: ["c", "a"] })))).toEqual([
      ["c", 1, "coin_toss"],
      ["a", 2, "coin_toss"],
      ["b", 3, null],
      ["d", 3, null],
      ["x", 5, null],
    ]);
    expect(table(computeStandings(teams, results, DEFAULT_STANDINGS_RULES))).toEqual([
      ["a", 1, null],
      ["b", 1, null],
      ["c", 1, null],
      ["d", 1, null],
      ["x", 5, null],
    ]);
    // No tiebreakers at all: the coin toss is not one of them.
    expect(table(computeStandings(teams, results, rules({ tiebreakers: [], coinToss: ["d"] }))).slice(0, 2)).toEqual([
      ["a", 1, null],
      ["b", 1, null],
    ]);
  });

  it("win percentage is compared exactly, not as the rounded figure", () => {
    // b: 2,001 of 3,000 (0.667 exactly) is ahead of a: 2 of 3 (0.6667), though both show 0.667.
    const many: LeagueResult[] = [];
    for (let i = 0; i < 3000; i += 1) many.push(i < 2001 ? result("b", 1, "z", 0) : result("z", 1, "b", 0));
    const few = [result("a", 1, "y", 0), result("a", 1, "y", 0), result("y", 1, "a", 0)];
    const rows = computeStandings(["a", "b", "y", "z"], [...many, ...few], rules({ coinToss: ["a"] }));
    expect(rows.slice(0, 2).map((r) => [r.teamId, r.winPct, r.rank, r.decidedBy])).toEqual([
      ["b", 0.667, 1, null],
      ["a", 0.667, 2, null],
    ]);
  });
});

describe("computeStandings on random results", () => {
  const arb = fc.record({
    teams: fc.integer({ min: 2, max: 8 }),
    games: fc.array(
      fc.record({
        home: fc.nat(7),
        away: fc.nat(7),
        hs: fc.integer({ min: 0, max: 5 }).map((n) => n * 7),
        as: fc.integer({ min: 0, max: 5 }).map((n) => n * 7),
        forfeit: fc.constantFrom(null, null, null, "home" as const, "away" as const),
        day: fc.integer({ min: 0, max: 40 }),
      }),
      { maxLength: 40 },
    ),
    tiebreakers: fc.shuffledSubarray([...TIEBREAKERS]),
    cap: fc.constantFrom(null, 7, 14),
    coinToss: fc.shuffledSubarray(["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]),
  });

  it("is a ranking of every team, consistent with its records, whatever the order of the results", () => {
    fc.assert(
      fc.property(arb, fc.nat(), (l, seed) => {
        const teamIds = Array.from({ length: l.teams }, (_, i) => `t${i}`);
        const results = l.games.map((g, i) => ({
          gameId: `g${i}`,
          homeTeamId: `t${g.home % l.teams}`,
          awayTeamId: `t${g.away % l.teams}`,
          homeScore: g.hs,
          awayScore: g.as,
          forfeit: g.forfeit,
          playedAt: new Date(Date.UTC(2027, 0, 1 + g.day)).toISOString(),
        }));
        const r = { tiebreakers: l.tiebreakers, pointDifferenceCap: l.cap, coinToss: l.coinToss };
        const rows = computeStandings(teamIds, results, r);
        expect(rows.map((x) => x.teamId).sort()).toEqual([...teamIds].sort());
        const mix = (i: number) => (Math.imul(i + 1, 2654435761) ^ seed) >>> 0;
        const shuffled = results
          .map((x, i) => [mix(i), x] as const)
          .sort((p, q) => p[0] - q[0])
          .map(([, x]) => x);
        expect(computeStandings(teamIds, shuffled, r)).toEqual(rows);
        let wins = 0;
        let losses = 0;
        for (const [i, row] of rows.entries()) {
          wins += row.wins;
          losses += row.losses;
          expect(row.played).toBe(row.wins + row.losses + row.ties);
          expect(row.last5.length).toBe(Math.min(5, row.played));
          expect(row.difference).toBe(row.pointsFor - row.pointsAgainst);
          const next = rows[i + 1];
          if (!next) continue;
          expect(next.winPct).toBeLessThanOrEqual(row.winPct);
          expect(next.rank === row.rank || next.rank === i + 2).toBe(true);
          if (next.rank === row.rank) expect(row.decidedBy).toBeNull();
          if (row.decidedBy !== null) expect(r.tiebreakers).toContain(row.decidedBy);
        }
        expect(wins).toBe(losses);
        expect(rows[0]?.rank).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});
