import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { advanceBracket, gameKey, roundName, seedBracket, seedOrder, type BracketGame } from "./bracket.js";

const teams = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
/** Round 1 as "home v away" by seed, "1 bye" for a bye. */
const firstRound = (rounds: BracketGame[][]) =>
  rounds[0]!.map((g) => (g.bye ? `${g.homeSeed} bye` : `${g.homeSeed} v ${g.awaySeed}`));
const matchups = (round: BracketGame[]) => round.map((g) => `${g.homeTeamId ?? "?"} v ${g.awayTeamId ?? "?"}`);

describe("seedOrder", () => {
  it("is the standard order", () => {
    expect(seedOrder(4)).toEqual([1, 4, 2, 3]);
    expect(seedOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    expect(seedOrder(16)).toEqual([1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]);
  });
});

describe("seedBracket", () => {
  it("4 teams: semifinals 1 v 4 and 2 v 3, then the final", () => {
    const rounds = seedBracket(["lions", "bears", "hawks", "owls"]);
    expect(rounds.map((r) => r.length)).toEqual([2, 1]);
    expect(rounds[0]).toEqual([
      {
        round: 1,
        index: 0,
        homeSeed: 1,
        awaySeed: 4,
        homeTeamId: "lions",
        awayTeamId: "owls",
        winnerTeamId: null,
        bye: false,
      },
      {
        round: 1,
        index: 1,
        homeSeed: 2,
        awaySeed: 3,
        homeTeamId: "bears",
        awayTeamId: "hawks",
        winnerTeamId: null,
        bye: false,
      },
    ]);
    expect(rounds[1]).toEqual([
      {
        round: 2,
        index: 0,
        homeSeed: null,
        awaySeed: null,
        homeTeamId: null,
        awayTeamId: null,
        winnerTeamId: null,
        bye: false,
      },
    ]);
  });

  it("5 teams: seeds 1, 2 and 3 have byes and are already in round 2", () => {
    const rounds = seedBracket(teams(5));
    expect(firstRound(rounds)).toEqual(["1 bye", "4 v 5", "2 bye", "3 bye"]);
    expect(rounds[0]!.filter((g) => g.bye).map((g) => [g.winnerTeamId, g.awayTeamId])).toEqual([
      ["s1", null],
      ["s2", null],
      ["s3", null],
    ]);
    expect(matchups(rounds[1]!)).toEqual(["s1 v ?", "s2 v s3"]);
    expect(rounds[1]![1]).toMatchObject({ homeSeed: 2, awaySeed: 3 });
    expect(matchups(rounds[2]!)).toEqual(["? v ?"]);
  });

  it("6 teams: seeds 1 and 2 have byes", () => {
    const rounds = seedBracket(teams(6));
    expect(firstRound(rounds)).toEqual(["1 bye", "4 v 5", "2 bye", "3 v 6"]);
    expect(matchups(rounds[1]!)).toEqual(["s1 v ?", "s2 v ?"]);
  });

  it("8 teams: no byes", () => {
    const rounds = seedBracket(teams(8));
    expect(firstRound(rounds)).toEqual(["1 v 8", "4 v 5", "2 v 7", "3 v 6"]);
    expect(rounds.map((r) => r.length)).toEqual([4, 2, 1]);
    expect(rounds.flat().every((g) => g.winnerTeamId === null && !g.bye)).toBe(true);
  });

  it("12 teams: the top four have byes", () => {
    const rounds = seedBracket(teams(12));
    expect(firstRound(rounds)).toEqual(["1 bye", "8 v 9", "4 bye", "5 v 12", "2 bye", "7 v 10", "3 bye", "6 v 11"]);
    expect(matchups(rounds[1]!)).toEqual(["s1 v ?", "s4 v ?", "s2 v ?", "s3 v ?"]);
  });

  it("16 teams: 1 v 16, 8 v 9, ...; four rounds", () => {
    const rounds = seedBracket(teams(16));
    expect(firstRound(rounds)).toEqual(["1 v 16", "8 v 9", "4 v 13", "5 v 12", "2 v 15", "7 v 10", "3 v 14", "6 v 11"]);
    expect(rounds.map((r) => r.length)).toEqual([8, 4, 2, 1]);
  });

  it("takes 4 to 16 distinct teams", () => {
    for (const n of [0, 1, 2, 3, 17, 32]) expect(() => seedBracket(teams(n))).toThrow(RangeError);
    expect(() => seedBracket(["a", "b", "c", "a"])).toThrow(RangeError);
  });
});

describe("advanceBracket", () => {
  it("plays a 6-team bracket to the end; the higher seed is home in every game", () => {
    let rounds = seedBracket(teams(6));
    // Round 1: 5 beats 4, 3 beats 6.
    rounds = advanceBracket(
      rounds,
      new Map([
        ["1:1", "s5"],
        ["1:3", "s3"],
      ]),
    );
    expect(matchups(rounds[1]!)).toEqual(["s1 v s5", "s2 v s3"]);
    expect(rounds[1]!.map((g) => [g.homeSeed, g.awaySeed])).toEqual([
      [1, 5],
      [2, 3],
    ]);
    // Semifinals: 5 upsets 1, 3 upsets 2; the final is 3 (home) v 5.
    rounds = advanceBracket(
      rounds,
      new Map([
        ["2:0", "s5"],
        ["2:1", "s3"],
      ]),
    );
    expect(matchups(rounds[2]!)).toEqual(["s3 v s5"]);
    expect(rounds[2]![0]).toMatchObject({ homeSeed: 3, awaySeed: 5, winnerTeamId: null });
    rounds = advanceBracket(rounds, new Map([["3:0", "s5"]]));
    expect(rounds[2]![0]!.winnerTeamId).toBe("s5");
    // Earlier winners stay.
    expect(rounds[0]!.map((g) => g.winnerTeamId)).toEqual(["s1", "s5", "s2", "s3"]);
  });

  it("a lower seed coming from the upper half is moved away when the other team is better", () => {
    let rounds = seedBracket(teams(8));
    rounds = advanceBracket(
      rounds,
      new Map([
        ["1:0", "s8"],
        ["1:1", "s4"],
      ]),
    );
    expect(matchups(rounds[1]!)).toEqual(["s4 v s8", "? v ?"]);
  });

  it("a team waits on the side it came from until its opponent is known", () => {
    const rounds = advanceBracket(seedBracket(teams(8)), new Map([["1:1", "s5"]]));
    expect(matchups(rounds[1]!)).toEqual(["? v s5", "? v ?"]);
    expect(rounds[1]![0]).toMatchObject({ homeSeed: null, awaySeed: 5 });
  });

  it("does not change the rounds it is given", () => {
    const rounds = seedBracket(teams(4));
    const copy = structuredClone(rounds);
    advanceBracket(rounds, new Map([["1:0", "s1"]]));
    expect(rounds).toEqual(copy);
  });

  it("a corrected result clears the later games it changes", () => {
    let rounds = seedBracket(teams(4));
    rounds = advanceBracket(
      rounds,
      new Map([
        ["1:0", "s1"],
        ["1:1", "s2"],
      ]),
    );
    rounds = advanceBracket(rounds, new Map([["2:0", "s1"]]));
    expect(rounds[1]![0]!.winnerTeamId).toBe("s1");
    rounds = advanceBracket(rounds, new Map([["1:1", "s3"]]));
    expect(matchups(rounds[1]!)).toEqual(["s1 v s3"]);
    expect(rounds[1]![0]!.winnerTeamId).toBeNull();
  });

  it("rejects an unknown game, a game without both teams and a winner not in the game", () => {
    const rounds = seedBracket(teams(5));
    expect(() => advanceBracket(rounds, new Map([["4:0", "s1"]]))).toThrow(/No bracket game 4:0/);
    expect(() => advanceBracket(rounds, new Map([["2:0", "s1"]]))).toThrow(/does not have both teams yet/);
    expect(() => advanceBracket(rounds, new Map([["1:1", "s1"]]))).toThrow(/"s1" does not play in game 1:1/);
    expect(() => advanceBracket(rounds, new Map([["1:0", "s2"]]))).toThrow(RangeError);
    // Naming the team of a bye as its winner is harmless.
    expect(advanceBracket(rounds, new Map([["1:0", "s1"]]))).toEqual(rounds);
  });

  it("ends with one champion who won every game it played, for any size and any results", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 16 }),
        fc.array(fc.boolean(), { minLength: 15, maxLength: 15 }),
        (n, coins) => {
          let rounds = seedBracket(teams(n));
          let coin = 0;
          for (const round of rounds.keys()) {
            const winners = new Map<string, string>();
            for (const game of rounds[round]!)
              if (!game.bye)
                winners.set(gameKey(game), coins[coin++ % coins.length] ? game.homeTeamId! : game.awayTeamId!);
            rounds = advanceBracket(rounds, winners);
          }
          const games = rounds.flat();
          expect(games.filter((g) => !g.bye)).toHaveLength(n - 1);
          const champion = rounds.at(-1)![0]!.winnerTeamId!;
          expect(teams(n)).toContain(champion);
          const played = games.filter((g) => g.homeTeamId === champion || g.awayTeamId === champion);
          expect(played.every((g) => g.winnerTeamId === champion)).toBe(true);
          for (const g of games)
            if (g.homeSeed !== null && g.awaySeed !== null) expect(g.homeSeed).toBeLessThan(g.awaySeed);
          // Every team but the champion lost exactly once.
          const losers = games
            .filter((g) => !g.bye)
            .map((g) => (g.winnerTeamId === g.homeTeamId ? g.awayTeamId : g.homeTeamId));
          expect(new Set(losers).size).toBe(n - 1);
          expect(losers).not.toContain(champion);
        },
      ),
    );
  });
});

describe("roundName", () => {
  it("names the last three rounds", () => {
    expect([1, 2, 3, 4].map((r) => roundName(r, 4))).toEqual(["Round 1", "Quarterfinals", "Semifinals", "Final"]);
    expect([1, 2, 3].map((r) => roundName(r, 3))).toEqual(["Quarterfinals", "Semifinals", "Final"]);
    expect([1, 2].map((r) => roundName(r, 2))).toEqual(["Semifinals", "Final"]);
    expect(roundName(2, 5)).toBe("Round 2");
    expect(() => roundName(0, 3)).toThrow(RangeError);
    expect(() => roundName(4, 3)).toThrow(RangeError);
    expect(() => roundName(1.5, 3)).toThrow(RangeError);
  });
});
