import { describe, expect, it } from "vitest";
import { seedBracket } from "./bracket.js";
import { scheduleConflicts } from "./conflicts.js";
import { checkPlan, planBracket, playBracket, teamsUnder, winnerOf, type BookedGame } from "./playoffs.js";
import { buildSlots, formatMinute, slotKey } from "./slots.js";

const teams = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);
const slots = (dates: string[], subFields = ["A", "B"]) =>
  buildSlots({
    fields: [{ id: "park", subFields }],
    dates,
    times: [9, 10, 11, 12, 13, 14].map((h) => ({ startMinute: h * 60, durationMinutes: 60 })),
  });
const at = (g: { slot: { date: string; startMinute: number; subField: string } }) =>
  `${g.slot.date} ${formatMinute(g.slot.startMinute)} ${g.slot.subField}`;

describe("teamsUnder", () => {
  it("is the first-round teams that feed a game", () => {
    const rounds = seedBracket(teams(6));
    expect(teamsUnder(rounds, 1, 1)).toEqual(["s4", "s5"]);
    expect(teamsUnder(rounds, 2, 0)).toEqual(["s1", "s4", "s5"]);
    expect(teamsUnder(rounds, 3, 0).sort()).toEqual(teams(6).sort());
  });
});

describe("planBracket", () => {
  it("places only real games, each round after the one before plus the rest", () => {
    const plan = planBracket({
      rounds: seedBracket(teams(6)),
      slots: slots(["2027-05-15"]),
      booked: [],
      minRestMinutes: 30,
    });
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.games.map((g) => [g.round, g.index, at(g)])).toEqual([
      [1, 1, "2027-05-15 09:00 A"],
      [1, 3, "2027-05-15 09:00 B"],
      [2, 0, "2027-05-15 11:00 A"],
      [2, 1, "2027-05-15 11:00 B"],
      [3, 0, "2027-05-15 13:00 A"],
    ]);
  });

  it("keeps off booked sub-fields and the times a team that could play is busy or resting", () => {
    const slot = (subField: string, hour: number) => {
      const s = { fieldId: "park", subField, date: "2027-05-15", startMinute: hour * 60, durationMinutes: 60 };
      return { id: slotKey(s), ...s };
    };
    const booked: BookedGame[] = [
      { id: "other", homeTeamId: "x", awayTeamId: "y", slot: slot("A", 9) },
      // s1 (a bye) plays a season game at 11:00: its semifinal cannot be at 11:00 or 12:00 (30 minutes' rest).
      { id: "late", homeTeamId: "s1", awayTeamId: "z", slot: slot("C", 11) },
    ];
    const input = {
      rounds: seedBracket(teams(6)),
      slots: slots(["2027-05-15", "2027-05-16"]),
      booked,
      minRestMinutes: 30,
    };
    const plan = planBracket(input);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    // The quarterfinals end at 11:00; seed 1's semifinal waits for s1's rest; the final goes to the next day.
    expect(plan.games.map(at)).toEqual([
      "2027-05-15 09:00 B",
      "2027-05-15 10:00 A",
      "2027-05-15 13:00 A",
      "2027-05-15 12:00 A",
      "2027-05-16 09:00 A",
    ]);
    expect(checkPlan(input, plan.games)).toEqual([]);
  });

  it("names the first round that finds no field and time", () => {
    const plan = planBracket({
      rounds: seedBracket(teams(4)),
      slots: slots(["2027-05-15"], []).slice(0, 2),
      booked: [],
      minRestMinutes: 0,
    });
    expect(plan).toEqual({ ok: false, round: 2, conflicts: [] });
    expect(planBracket({ rounds: seedBracket(teams(4)), slots: [], booked: [], minRestMinutes: 0 })).toMatchObject({
      ok: false,
      round: 1,
    });
  });

  it("sixteen teams on two days hold no conflict", () => {
    const input = {
      rounds: seedBracket(teams(16)),
      slots: slots(["2027-05-15", "2027-05-22"]),
      booked: [],
      minRestMinutes: 60,
    };
    const plan = planBracket(input);
    expect(plan.ok).toBe(true);
    if (!plan.ok) return;
    expect(plan.games).toHaveLength(15);
    expect(checkPlan(input, plan.games)).toEqual([]);
    const games = plan.games.map((g) => ({
      id: `${g.round}:${g.index}`,
      homeTeamId: `h${g.round}${g.index}`,
      awayTeamId: `a${g.round}${g.index}`,
      slotId: g.slot.id,
    }));
    expect(scheduleConflicts({ games, slots: input.slots, minRestMinutes: 0 })).toEqual([]);
  });
});

describe("playBracket", () => {
  const seeds = teams(4);

  it("moves a confirmed winner on, and the next round's higher seed is home", () => {
    const rounds = playBracket(
      seeds,
      new Map([
        ["1:0", { teamIds: ["s1", "s4"] as const, winnerTeamId: "s4" }],
        ["1:1", { teamIds: ["s3", "s2"] as const, winnerTeamId: "s3" }],
      ]),
    );
    expect(rounds[1]![0]).toMatchObject({ homeTeamId: "s3", awayTeamId: "s4", winnerTeamId: null });
  });

  it("a tie or a game between other teams moves nobody on", () => {
    const rounds = playBracket(
      seeds,
      new Map([
        ["1:0", { teamIds: ["s1", "s4"] as const, winnerTeamId: null }],
        ["1:1", { teamIds: ["s2", "s1"] as const, winnerTeamId: "s2" }],
        ["2:0", { teamIds: ["s1", "s2"] as const, winnerTeamId: "s1" }],
      ]),
    );
    expect(rounds[1]![0]).toMatchObject({ homeTeamId: null, awayTeamId: null, winnerTeamId: null });
  });
});

describe("winnerOf", () => {
  const game = { homeTeamId: "h", awayTeamId: "a" };
  it("is the higher score, the side that did not forfeit, or nobody for a tie", () => {
    expect(winnerOf({ ...game, home: 14, away: 7, forfeit: null })).toBe("h");
    expect(winnerOf({ ...game, home: 14, away: 7, forfeit: "home" })).toBe("a");
    expect(winnerOf({ ...game, home: 7, away: 7, forfeit: null })).toBeNull();
  });
});
