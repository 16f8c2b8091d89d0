import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scheduleConflicts } from "./conflicts.js";
import { generateSeason, roundRobin, type GeneratorInput, type GeneratorResult } from "./schedule-generator.js";
import { buildSlots, compareSlots, placeKey, slotsOverlap, type LeagueSlot } from "./slots.js";

const ids = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, "0")}`);
const pairKey = (a: string, b: string) => (a < b ? `${a}~${b}` : `${b}~${a}`);
const withIds = (result: GeneratorResult) =>
  result.games.map((g) => ({ ...g, id: `${g.divisionId}:${g.round}:${g.homeTeamId}:${g.awayTeamId}` }));
const blackoutMap = (input: GeneratorInput) => new Map(input.teams.map((t) => [t.id, t.blackoutDates ?? []] as const));

/** Saturdays from 2027-03-06 (and the Sundays after them), YYYY-MM-DD. */
function weekends(weeks: number, sundays: boolean): string[] {
  return Array.from({ length: weeks }).flatMap((_, w) => {
    const saturday = Date.UTC(2027, 2, 6 + 7 * w);
    const day = (t: number) => new Date(t).toISOString().slice(0, 10);
    return sundays ? [day(saturday), day(saturday + 86_400_000)] : [day(saturday)];
  });
}

/** The bench's league: 200 teams in 8 divisions of 25, 12 fields of 2 sub-fields, 10 hourly slots a day. */
function bigLeague(sundays: boolean): GeneratorInput {
  return {
    teams: ids("t", 200).map((id, i) => ({ id, divisionId: `d${Math.floor(i / 25)}` })),
    slots: buildSlots({
      fields: ids("f", 12).map((id) => ({ id, subFields: ["A", "B"] })),
      dates: weekends(10, sundays),
      times: Array.from({ length: 10 }, (_, h) => ({ startMinute: (8 + h) * 60, durationMinutes: 60 })),
    }),
    doubleRoundRobin: false,
    minRestMinutes: 0,
  };
}

/** Every rule of a season the generator promises, checked from its output alone. */
function expectSound(input: GeneratorInput, result: GeneratorResult) {
  const slotById = new Map(input.slots.map((s) => [s.id, s]));
  const games = withIds(result);
  const blackouts = blackoutMap(input);
  expect(scheduleConflicts({ games, slots: input.slots, minRestMinutes: input.minRestMinutes, blackouts })).toEqual([]);
  // No two games on one sub-field at overlapping times (slots of different lengths may overlap on one sub-field).
  const byPlace = new Map<string, LeagueSlot[]>();
  for (const g of games) {
    const slot = slotById.get(g.slotId)!;
    const list = byPlace.get(placeKey(slot)) ?? [];
    expect(list.filter((other) => slotsOverlap(slot, other))).toEqual([]);
    byPlace.set(placeKey(slot), [...list, slot]);
  }
  // Each division's pairs: once (single) or twice, once each way (double), across games and unplaced.
  const divisionOf = new Map(input.teams.map((t) => [t.id, t.divisionId]));
  const divisions = new Map<string, string[]>();
  for (const t of input.teams) divisions.set(t.divisionId, [...(divisions.get(t.divisionId) ?? []), t.id]);
  const all = [...result.games, ...result.unplaced];
  expect(
    all.filter((g) => divisionOf.get(g.homeTeamId) !== g.divisionId || divisionOf.get(g.awayTeamId) !== g.divisionId),
  ).toEqual([]);
  for (const [divisionId, teams] of divisions) {
    const mine = all.filter((g) => g.divisionId === divisionId);
    const perPair = new Map<string, number>();
    for (const g of mine)
      perPair.set(pairKey(g.homeTeamId, g.awayTeamId), (perPair.get(pairKey(g.homeTeamId, g.awayTeamId)) ?? 0) + 1);
    const expectedPairs = (teams.length * (teams.length - 1)) / 2;
    expect(perPair.size).toBe(expectedPairs);
    expect(new Set(perPair.values())).toEqual(new Set(expectedPairs === 0 ? [] : [input.doubleRoundRobin ? 2 : 1]));
    if (input.doubleRoundRobin)
      expect(new Set(mine.map((g) => `${g.homeTeamId}>${g.awayTeamId}`)).size).toBe(2 * expectedPairs);
    const byes = new Map<string, number>();
    for (const b of result.byes)
      if (divisionOf.get(b.teamId) === divisionId) byes.set(b.teamId, (byes.get(b.teamId) ?? 0) + 1);
    if (teams.length % 2 === 0) expect(byes.size).toBe(0);
    else expect(teams.map((t) => byes.get(t))).toEqual(teams.map(() => (input.doubleRoundRobin ? 2 : 1)));
  }
  // Home and away within one per team; per team, time order is round order.
  const unplacedTeams = new Set(result.unplaced.flatMap((g) => [g.homeTeamId, g.awayTeamId]));
  const balance = new Map<string, number>();
  const placedBalance = new Map<string, number>();
  const rounds = new Map<string, { slot: LeagueSlot; round: number }[]>();
  for (const [list, into] of [
    [all, balance],
    [result.games, placedBalance],
  ] as const)
    for (const g of list) {
      into.set(g.homeTeamId, (into.get(g.homeTeamId) ?? 0) + 1);
      into.set(g.awayTeamId, (into.get(g.awayTeamId) ?? 0) - 1);
    }
  for (const g of result.games)
    for (const t of [g.homeTeamId, g.awayTeamId])
      rounds.set(t, [...(rounds.get(t) ?? []), { slot: slotById.get(g.slotId)!, round: g.round }]);
  for (const team of input.teams) {
    expect(Math.abs(balance.get(team.id) ?? 0)).toBeLessThanOrEqual(1);
    if (!unplacedTeams.has(team.id)) expect(Math.abs(placedBalance.get(team.id) ?? 0)).toBeLessThanOrEqual(1);
    const inTimeOrder = (rounds.get(team.id) ?? []).sort((a, b) => compareSlots(a.slot, b.slot)).map((g) => g.round);
    expect(inTimeOrder).toEqual([...inTimeOrder].sort((a, b) => a - b));
  }
  expect(result.unplaced.filter((u) => !u.reason.startsWith("No free slot for both "))).toEqual([]);
}

describe("roundRobin", () => {
  it.each([2, 3, 4, 5, 6, 7, 8, 11, 12, 25])(
    "%i teams: every pair once, one game a round, home/away within one",
    (n) => {
      const teams = ids("t", n);
      const rr = roundRobin(teams, false);
      expect(rr.rounds).toHaveLength(n % 2 === 0 ? n - 1 : n);
      const pairs = new Set(rr.rounds.flat().map((p) => pairKey(p.homeTeamId, p.awayTeamId)));
      expect(pairs.size).toBe((n * (n - 1)) / 2);
      expect(rr.rounds.flat()).toHaveLength((n * (n - 1)) / 2);
      for (const [r, round] of rr.rounds.entries()) {
        const playing = round.flatMap((p) => [p.homeTeamId, p.awayTeamId]);
        const idle = rr.byes.filter((b) => b.round === r + 1).map((b) => b.teamId);
        expect([...playing, ...idle].sort()).toEqual(teams);
      }
      expect(rr.byes).toHaveLength(n % 2 === 0 ? 0 : n);
      for (const t of teams) {
        const home = rr.rounds.flat().filter((p) => p.homeTeamId === t).length;
        const away = rr.rounds.flat().filter((p) => p.awayTeamId === t).length;
        expect(Math.abs(home - away)).toBeLessThanOrEqual(n % 2 === 0 ? 1 : 0);
      }
    },
  );

  it("a double round robin's second half is the first with home and away swapped; balance is exact", () => {
    for (const n of [4, 5, 10]) {
      const { rounds, byes } = roundRobin(ids("t", n), true);
      const half = rounds.length / 2;
      for (let r = 0; r < half; r += 1)
        expect(rounds[r + half]).toEqual(
          rounds[r]!.map((p) => ({ homeTeamId: p.awayTeamId, awayTeamId: p.homeTeamId })),
        );
      for (const t of ids("t", n)) expect(rounds.flat().filter((p) => p.homeTeamId === t).length).toBe(n - 1);
      expect(byes).toHaveLength(n % 2 === 0 ? 0 : 2 * n);
    }
  });

  it("fewer than two teams play no rounds", () => {
    expect(roundRobin([], false)).toEqual({ rounds: [], byes: [] });
    expect(roundRobin(["solo"], true)).toEqual({ rounds: [], byes: [] });
  });
});

describe("generateSeason", () => {
  const small = (overrides: Partial<GeneratorInput> = {}): GeneratorInput => ({
    teams: ids("t", 4).map((id) => ({ id, divisionId: "open" })),
    slots: buildSlots({
      fields: [
        { id: "north", subFields: [] },
        { id: "south", subFields: [] },
      ],
      dates: weekends(3, false),
      times: [
        { startMinute: 9 * 60, durationMinutes: 60 },
        { startMinute: 10 * 60, durationMinutes: 60 },
      ],
    }),
    doubleRoundRobin: false,
    minRestMinutes: 0,
    ...overrides,
  });

  it("places a small division a round a Saturday, both fields used at once", () => {
    const input = small();
    const result = generateSeason(input);
    expectSound(input, result);
    expect(result.unplaced).toEqual([]);
    expect(result.games.map((g) => [g.round, g.slotId])).toEqual([
      [1, "north||2027-03-06|540"],
      [1, "south||2027-03-06|540"],
      [2, "north||2027-03-13|540"],
      [2, "south||2027-03-13|540"],
      [3, "north||2027-03-20|540"],
      [3, "south||2027-03-20|540"],
    ]);
  });

  it("is deterministic, whatever the order of the slots", () => {
    const input = bigLeague(false);
    const reversed = { ...input, slots: [...input.slots].reverse() };
    expect(generateSeason(reversed)).toEqual(generateSeason(input));
  });

  it("never plays on a blackout date", () => {
    const input = small({
      teams: ids("t", 4).map((id) => ({ id, divisionId: "open", blackoutDates: id === "t00" ? ["2027-03-13"] : [] })),
    });
    const result = generateSeason(input);
    expectSound(input, result);
    expect(
      result.games.filter((g) => g.slotId.includes("2027-03-13")).flatMap((g) => [g.homeTeamId, g.awayTeamId]),
    ).not.toContain("t00");
  });

  it("keeps the minimum rest between a team's games on one date", () => {
    const input = small({
      slots: buildSlots({
        fields: [{ id: "only", subFields: ["A", "B"] }],
        dates: ["2027-03-06"],
        times: [9, 10, 11, 12, 13].map((h) => ({ startMinute: h * 60, durationMinutes: 60 })),
      }),
      minRestMinutes: 60,
    });
    const result = generateSeason(input);
    expectSound(input, result);
    expect(result.unplaced).toEqual([]);
    expect(result.games.map((g) => g.slotId.split("|")[3])).toEqual(["540", "540", "660", "660", "780", "780"]);
  });

  it("reports games it cannot place, with the reason, and never drops them", () => {
    const input = small({
      slots: buildSlots({
        fields: [{ id: "only", subFields: [] }],
        dates: ["2027-03-06"],
        times: [
          { startMinute: 9 * 60, durationMinutes: 60 },
          { startMinute: 10 * 60, durationMinutes: 60 },
        ],
      }),
    });
    const result = generateSeason(input);
    expectSound(input, result);
    expect(result.games).toHaveLength(2);
    expect(result.unplaced).toHaveLength(4);
    expect(result.unplaced.map((u) => u.reason)).toEqual([
      "No free slot for both t03 and t01 after t01's game ending 11:00 on 2027-03-06: no start time is left.",
      "No free slot for both t02 and t00 after t02's game ending 11:00 on 2027-03-06: no start time is left.",
      "No free slot for both t02 and t03 after t02's game ending 11:00 on 2027-03-06: no start time is left.",
      "No free slot for both t00 and t01 after t01's game ending 11:00 on 2027-03-06: no start time is left.",
    ]);
    const none = generateSeason({ ...input, slots: [] });
    expect(none.games).toEqual([]);
    expect(none.unplaced).toHaveLength(6);
    expect(none.unplaced[0]!.reason).toBe("No free slot for both t00 and t03 in the season: no start time is left.");
  });

  it("says how many start times were taken and how many fell on a blackout date", () => {
    const input = small({
      teams: [
        { id: "a0", divisionId: "A", blackoutDates: ["2027-03-06"] },
        { id: "a1", divisionId: "A" },
        { id: "b0", divisionId: "B", blackoutDates: ["2027-03-06"] },
        { id: "b1", divisionId: "B" },
      ],
      slots: buildSlots({
        fields: [{ id: "only", subFields: [] }],
        dates: weekends(2, false),
        times: [{ startMinute: 9 * 60, durationMinutes: 60 }],
      }),
    });
    const result = generateSeason(input);
    expectSound(input, result);
    expect(result.games.map((g) => [g.homeTeamId, g.slotId])).toEqual([["a0", "only||2027-03-13|540"]]);
    expect(result.unplaced).toEqual([
      {
        divisionId: "B",
        round: 1,
        homeTeamId: "b0",
        awayTeamId: "b1",
        reason:
          "No free slot for both b0 and b1 in the season: of 2 start times, 1 is fully taken and 1 falls on a blackout date.",
      },
    ]);
  });

  it("spreads the games of one time over the fields before using a field twice", () => {
    const input = small({
      teams: ids("t", 8).map((id) => ({ id, divisionId: "open" })),
      slots: buildSlots({
        fields: ids("f", 6).map((id) => ({ id, subFields: ["A", "B"] })),
        dates: weekends(7, false),
        times: [{ startMinute: 9 * 60, durationMinutes: 60 }],
      }),
    });
    const result = generateSeason(input);
    expectSound(input, result);
    for (const date of weekends(7, false)) {
      const fields = result.games.filter((g) => g.slotId.includes(date)).map((g) => g.slotId.split("|")[0]);
      expect(new Set(fields).size).toBe(fields.length);
    }
    const perField = new Map<string, number>();
    for (const g of result.games)
      perField.set(g.slotId.split("|")[0]!, (perField.get(g.slotId.split("|")[0]!) ?? 0) + 1);
    expect(Math.max(...perField.values()) - Math.min(...perField.values())).toBeLessThanOrEqual(1);
  });

  it("does not book a sub-field twice when two of its slots overlap", () => {
    const slot = (startMinute: number, durationMinutes: number): LeagueSlot => ({
      id: `s${startMinute}-${durationMinutes}`,
      fieldId: "f",
      subField: "",
      date: "2027-03-06",
      startMinute,
      durationMinutes,
    });
    const input = small({
      teams: ids("t", 2).map((id) => ({ id, divisionId: "d" })),
      doubleRoundRobin: true,
      slots: [slot(540, 90), slot(600, 60), slot(660, 60)],
    });
    const result = generateSeason(input);
    expectSound(input, result);
    expect(result.games.map((g) => g.slotId)).toEqual(["s540-90", "s660-60"]);
  });

  it("rejects a repeated team, a repeated slot id and a negative rest", () => {
    const input = small();
    expect(() => generateSeason({ ...input, teams: [...input.teams, input.teams[0]!] })).toThrow(RangeError);
    expect(() => generateSeason({ ...input, slots: [...input.slots, input.slots[0]!] })).toThrow(RangeError);
    expect(() => generateSeason({ ...input, minRestMinutes: -5 })).toThrow(RangeError);
  });

  it("places all 2,400 games of 200 teams on 10 Saturdays, without a conflict", () => {
    const input = bigLeague(false);
    const result = generateSeason(input);
    expect(result.games.length + result.unplaced.length).toBe(8 * 300);
    expect(result.unplaced).toEqual([]);
    expect(result.byes).toHaveLength(200);
    expectSound(input, result);
  });

  it("spreads the same league over 10 weekends: every day used, at most two games a team a day", () => {
    const input = bigLeague(true);
    const result = generateSeason(input);
    expect(result.unplaced).toEqual([]);
    expectSound(input, result);
    const perDay = new Map<string, number>();
    for (const g of result.games)
      for (const t of [g.homeTeamId, g.awayTeamId]) {
        const key = `${t}@${g.slotId.split("|")[2]}`;
        perDay.set(key, (perDay.get(key) ?? 0) + 1);
      }
    expect(Math.max(...perDay.values())).toBe(2);
    expect(new Set(result.games.map((g) => g.slotId.split("|")[2])).size).toBe(20);
  });
});

describe("generateSeason on random leagues", () => {
  const league = fc
    .record({
      divisions: fc.array(fc.integer({ min: 2, max: 12 }), { minLength: 1, maxLength: 4 }),
      fields: fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 4 }),
      days: fc.uniqueArray(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 8 }),
      times: fc.uniqueArray(
        fc.record({ start: fc.integer({ min: 8 * 60, max: 20 * 60 }), duration: fc.integer({ min: 30, max: 120 }) }),
        { minLength: 1, maxLength: 6, selector: (t) => `${t.start}/${t.duration}` },
      ),
      blackouts: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 25 }),
      minRest: fc.constantFrom(0, 0, 15, 60, 180),
      double: fc.boolean(),
    })
    .map((l): GeneratorInput => {
      const dates = l.days.map((d) => new Date(Date.UTC(2027, 2, 6 + d)).toISOString().slice(0, 10));
      const teams = l.divisions.flatMap((n, d) =>
        ids(`d${d}t`, n).map((id) => ({ id, divisionId: `d${d}`, blackoutDates: [] as string[] })),
      );
      for (const [t, d] of l.blackouts) teams[t % teams.length]!.blackoutDates.push(dates[d % dates.length]!);
      // Hand-made slots: times on one sub-field may overlap, as an admin's may.
      const slots = dates.flatMap((date) =>
        l.times.flatMap(({ start, duration }) =>
          l.fields.flatMap((subs, f) =>
            (subs === 0 ? [""] : ["A", "B"].slice(0, subs)).map((subField) => ({
              id: `f${f}|${subField}|${date}|${start}|${duration}`,
              fieldId: `f${f}`,
              subField,
              date,
              startMinute: start,
              durationMinutes: duration,
            })),
          ),
        ),
      );
      return { teams, slots, doubleRoundRobin: l.double, minRestMinutes: l.minRest };
    });

  it("gives a conflict-free, complete, balanced season", () => {
    fc.assert(
      fc.property(league, (input) => expectSound(input, generateSeason(input))),
      { numRuns: 150 },
    );
  });

  it("gives the same season twice", () => {
    fc.assert(
      fc.property(league, (input) => {
        expect(generateSeason(input)).toEqual(generateSeason(input));
      }),
      { numRuns: 30 },
    );
  });
});
