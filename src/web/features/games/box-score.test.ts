import { describe, expect, it } from "vitest";
import { buildBoxScore, gameState, opponentText, playerName, scoreText } from "./box-score";
import { CB, gameSheet, HAND_WORKED, QB, RB, scoreboard, SLOT, WR } from "#tests/web/game-fixtures";

/*
 * The hand-worked game is described in tests/web/game-fixtures.ts (HAND_WORKED); every figure below is worked by
 * hand.
 */

describe("box score: team lines", () => {
  const box = buildBoxScore(gameSheet(HAND_WORKED));

  it("a touchdown pass counts one team touchdown, not one for the passer and one for the catch", () => {
    expect(box.team.touchdowns).toBe(1);
    expect(box.team.passing.touchdowns).toBe(1);
  });

  it("passing yards equal receiving yards (12 + 20), and are never summed with them", () => {
    expect(box.team.passing).toEqual({
      completions: 2,
      attempts: 3,
      yards: 32,
      touchdowns: 1,
      interceptions: 0,
      // NFL rating of 2/3, 32 yds, 1 TD, 0 INT: (1.8333 + 1.9167 + 2.375 + 2.375) / 6 × 100
      rating: 141.7,
    });
    expect(box.team.receiving).toEqual({ catches: 2, yards: 32 });
  });

  it("a carry without yards makes the rushing yards, their average and the total yards unknown", () => {
    expect(box.team.rushing).toEqual({ carries: 2, yards: null, average: null, touchdowns: 0 });
    expect(box.team.totalYards).toBeNull();
  });

  it("defense, penalties both ways, turnovers", () => {
    expect(box.team.defense).toEqual({ flagPulls: 1, sacks: 0, interceptions: 1, passesDefended: 0, stops: 0 });
    expect(box.team.penalties).toEqual({ onUs: 1, yardsOnUs: 10, onThem: 1, yardsOnThem: 5 });
    expect(box.team.turnovers).toBe(0);
  });

  it("total yards are passing + rushing when every play had its yards", () => {
    const all = buildBoxScore(gameSheet(HAND_WORKED.slice(0, 5)));
    expect(all.team.totalYards).toBe(32 + 5);
    expect(all.team.rushing).toEqual({ carries: 1, yards: 5, average: 5, touchdowns: 0 });
  });

  it("a completion without yards leaves passing yards, rating and receiving yards unknown", () => {
    const box2 = buildBoxScore(
      gameSheet([
        { detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "complete", yards: 12 } },
        { detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "complete", yards: null } },
      ]),
    );
    expect(box2.team.passing).toMatchObject({ completions: 2, attempts: 2, yards: null, rating: null });
    expect(box2.team.receiving).toEqual({ catches: 2, yards: null });
    expect(box2.players.passing[0]).toMatchObject({ yards: null, rating: null });
  });

  it("an interception thrown is a turnover", () => {
    const box2 = buildBoxScore(
      gameSheet([{ detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "intercepted", yards: null } }]),
    );
    expect(box2.team.turnovers).toBe(1);
    expect(box2.team.passing).toMatchObject({ completions: 0, attempts: 1, interceptions: 1 });
  });
});

describe("box score: player lines", () => {
  const box = buildBoxScore(gameSheet(HAND_WORKED));

  it("the passer's line: 2 of 3, 32 yards, 1 TD", () => {
    expect(box.players.passing).toEqual([
      {
        playerId: QB.id,
        name: "#7 Pat Passer",
        completions: 2,
        attempts: 3,
        yards: 32,
        touchdowns: 1,
        interceptions: 0,
        rating: 141.7,
      },
    ]);
  });

  it("a drop shows in the receiver's line as a target and a drop, without a catch", () => {
    expect(box.players.receiving).toEqual([
      { playerId: WR.id, name: "#11 Riley Receiver", targets: 2, catches: 2, yards: 32, touchdowns: 1, drops: 0 },
      { playerId: SLOT.id, name: "Jo Nojersey", targets: 1, catches: 0, yards: null, touchdowns: 0, drops: 1 },
    ]);
  });

  it("rushing and defense lines", () => {
    expect(box.players.rushing).toEqual([
      { playerId: RB.id, name: "#22 Sam Runner", carries: 2, yards: null, average: null, touchdowns: 0 },
    ]);
    expect(box.players.defense).toEqual([
      {
        playerId: CB.id,
        name: "#3 Dana Defender",
        flagPulls: 1,
        sacks: 0,
        interceptions: 1,
        passesDefended: 0,
        stops: 0,
      },
    ]);
  });

  it("a player the sheet does not name reads as an unknown player", () => {
    const box2 = buildBoxScore(gameSheet([{ detail: { kind: "sack", defenderId: "p-gone" } }], { players: [] }));
    expect(box2.players.defense[0]?.name).toBe("Unknown player");
    expect(box2.periods[0]?.plays[0]?.text).toBe("Sack Unknown player");
  });

  it("most involved first, then by name", () => {
    const box2 = buildBoxScore(
      gameSheet([
        { detail: { kind: "run", runnerId: RB.id, yards: 3, touchdown: false } },
        { detail: { kind: "run", runnerId: WR.id, yards: 4, touchdown: false } },
        { detail: { kind: "run", runnerId: WR.id, yards: 4, touchdown: false } },
        { detail: { kind: "run", runnerId: QB.id, yards: 1, touchdown: false } },
      ]),
    );
    expect(box2.players.rushing.map((r) => r.name)).toEqual(["#11 Riley Receiver", "#7 Pat Passer", "#22 Sam Runner"]);
  });
});

describe("box score: play-by-play", () => {
  const box = buildBoxScore(gameSheet(HAND_WORKED));

  it("groups the snaps by period with the rules' labels", () => {
    expect(box.periods.map((p) => [p.label, p.plays.length])).toEqual([
      ["1st half", 6],
      ["2nd half", 5],
    ]);
    const quarters = buildBoxScore(gameSheet(HAND_WORKED, { rules: { periodKind: "quarter" } }));
    expect(quarters.periods.map((p) => p.label)).toEqual(["1st quarter", "2nd quarter"]);
  });

  it("says each snap in words, with its points and the running score after each scoring snap", () => {
    const first = box.periods[0]!.plays.map((p) => [p.text, p.points, p.scoreAfter]);
    expect(first).toEqual([
      ["#7 → #11, 12 yds", null, null],
      ["#7 → #11, 20 yds, touchdown", "+6", "6–0"],
      ["Try for 1 (#7 → #11): good", "+1", "7–0"],
      ["#7 → Jo Nojersey, dropped", null, null],
      ["#22 run, 5 yds", null, null],
      ["Opponent touchdown", "Opp +6", "7–6"],
    ]);
    expect(box.periods[1]!.plays.map((p) => p.text)).toEqual([
      "Flag pull #3",
      "Interception #3",
      "Penalty on them, 5 yds",
      "#22 run",
      "Penalty on us (#11), 10 yds, loss of down",
    ]);
  });

  it("who logged each snap, and whether it was edited", () => {
    expect(box.periods[0]!.plays[5]).toMatchObject({ loggedBy: "Alex Assistant", edited: false });
    expect(box.periods[1]!.plays[3]).toMatchObject({ loggedBy: "Casey Coach", edited: true });
  });

  it("periods in order even when a snap of an earlier period comes later in game order", () => {
    const box2 = buildBoxScore(
      gameSheet([
        { detail: { kind: "sack", defenderId: CB.id }, period: 2 },
        { detail: { kind: "opponent_score", score: "safety" }, period: 1, points: { us: 0, them: 2 } },
      ]),
    );
    expect(box2.periods.map((p) => p.period)).toEqual([1, 2]);
    expect(box2.periods[0]!.plays[0]).toMatchObject({ points: "Opp +2", scoreAfter: "0–2" });
  });
});

describe("box score: score and result", () => {
  it("a game under way shows the snaps' running score and no result", () => {
    const box = buildBoxScore(gameSheet(HAND_WORKED));
    expect(box).toMatchObject({
      status: "in_progress",
      score: { us: 7, them: 6 },
      result: null,
      correctedBy: null,
      title: "vs Eagles",
    });
  });

  it("a final entered by hand names who entered it and keeps the snaps' total beside it", () => {
    const box = buildBoxScore(
      gameSheet(HAND_WORKED, {
        scoreboard: {
          final: { us: 20, them: 14, corrected: true, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "Casey Coach" },
          result: "W",
        },
      }),
    );
    expect(box).toMatchObject({
      status: "final",
      score: { us: 20, them: 14 },
      snapsScore: { us: 7, them: 6 },
      result: "W",
      correctedBy: "Casey Coach",
    });
  });

  it("a final that matches the snaps is not a correction; an id for who ended it reads as their name", () => {
    const matching = buildBoxScore(
      gameSheet(HAND_WORKED, {
        scoreboard: {
          final: { us: 7, them: 6, corrected: false, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "coach-2" },
          result: "W",
        },
      }),
    );
    expect(matching.correctedBy).toBeNull();
    const byId = buildBoxScore(
      gameSheet(HAND_WORKED, {
        scoreboard: {
          final: { us: 6, them: 6, corrected: true, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "coach-2" },
          result: "T",
        },
      }),
    );
    expect(byId.correctedBy).toBe("Alex Assistant");
  });

  it("gameState: not started, in progress, final (result from the final when the board has none)", () => {
    expect(gameState(scoreboard())).toEqual({ status: "not_started", score: { us: 0, them: 0 }, result: null });
    expect(gameState(scoreboard({ snapCount: 3, score: { us: 6, them: 0 } }))).toMatchObject({
      status: "in_progress",
      result: null,
    });
    expect(
      gameState(
        scoreboard({
          snapCount: 3,
          final: { us: 0, them: 6, corrected: false, endedAt: "2026-10-03T16:00:00.000Z", endedBy: "Casey Coach" },
        }),
      ),
    ).toEqual({ status: "final", score: { us: 0, them: 6 }, result: "L" });
  });

  it("texts: score, opponent, player names", () => {
    expect(scoreText({ us: 21, them: 14 })).toBe("21–14");
    expect(opponentText({ kind: "game", opponent: "Eagles" })).toBe("vs Eagles");
    expect(opponentText({ kind: "game", opponent: null })).toBe("Game");
    expect(opponentText({ kind: "practice", opponent: null })).toBe("Practice");
    expect(playerName(QB)).toBe("#7 Pat Passer");
    expect(playerName(SLOT)).toBe("Jo Nojersey");
    expect(playerName(undefined)).toBe("Unknown player");
  });
});
