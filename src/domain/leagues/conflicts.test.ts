import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeConflict, scheduleConflicts, type CheckedGame, type ScheduleConflict } from "./conflicts.js";
import { slotsOverlap, type LeagueSlot } from "./slots.js";

const DAY = "2027-03-06";
const slot = (id: string, startMinute: number, durationMinutes = 60, date = DAY, fieldId = "north"): LeagueSlot => ({
  id,
  fieldId,
  subField: "",
  date,
  startMinute,
  durationMinutes,
});
const game = (id: string, homeTeamId: string, awayTeamId: string, slotId: string): CheckedGame => ({
  id,
  homeTeamId,
  awayTeamId,
  slotId,
});
const NAMES: Record<string, string> = { lions: "Lions", bears: "Bears", hawks: "Hawks", owls: "Owls" };
const names = (id: string) => NAMES[id] ?? id;

const s900 = slot("s900", 9 * 60);
const s900b = slot("s900b", 9 * 60, 60, DAY, "south");
const s930 = slot("s930", 9 * 60 + 30, 60, DAY, "east");
const s1000 = slot("s1000", 10 * 60);
const s1015 = slot("s1015", 10 * 60 + 15, 60, DAY, "south");
const s1100 = slot("s1100", 11 * 60);
const sunday = slot("sunday", 9 * 60, 60, "2027-03-07");
const SLOTS = [s900, s900b, s930, s1000, s1015, s1100, sunday];

const check = (games: CheckedGame[], minRestMinutes = 0, blackouts?: ReadonlyMap<string, readonly string[]>) =>
  scheduleConflicts({ games, slots: SLOTS, minRestMinutes, blackouts });

describe("scheduleConflicts", () => {
  it("finds nothing in a sound schedule", () => {
    expect(
      check(
        [
          game("g1", "lions", "bears", "s900"),
          game("g2", "hawks", "owls", "s900b"),
          game("g3", "lions", "hawks", "s1015"),
          game("g4", "bears", "owls", "s1100"),
          game("g5", "lions", "owls", "sunday"),
        ],
        15,
        new Map([["lions", ["2027-03-13"]]]),
      ),
    ).toEqual([]);
    expect(check([])).toEqual([]);
  });

  it("slot_double_booked: every game of the slot, once", () => {
    expect(check([game("g1", "lions", "bears", "s900"), game("g2", "hawks", "owls", "s900")])).toEqual([
      { kind: "slot_double_booked", slotId: "s900", gameIds: ["g1", "g2"], date: DAY, startMinute: 540 },
    ]);
  });

  it("slot_double_booked: also slots of one sub-field whose times overlap", () => {
    const slots = [
      slot("early", 540, 90),
      slot("late", 600, 60),
      slot("after", 660, 60),
      slot("other", 600, 60, DAY, "south"),
    ];
    const games = [
      game("g1", "lions", "bears", "late"),
      game("g2", "hawks", "owls", "early"),
      game("g3", "a", "b", "other"),
      game("g4", "c", "d", "after"),
    ];
    expect(scheduleConflicts({ games, slots, minRestMinutes: 0 })).toEqual([
      { kind: "slot_double_booked", slotId: "early", gameIds: ["g2", "g1"], date: DAY, startMinute: 540 },
    ]);
  });

  it("team_overlap: games at the same time or overlapping, grouped", () => {
    expect(check([game("g1", "lions", "bears", "s900"), game("g2", "hawks", "lions", "s900b")])).toEqual([
      { kind: "team_overlap", teamId: "lions", gameIds: ["g1", "g2"], date: DAY, startMinute: 540 },
    ]);
    // A long game overlaps two that do not overlap each other: one conflict of three games.
    const long = slot("long", 9 * 60, 150, DAY, "west");
    expect(
      scheduleConflicts({
        games: [
          game("g1", "lions", "bears", "long"),
          game("g2", "lions", "hawks", "s930"),
          game("g3", "owls", "lions", "s1100"),
        ],
        slots: [...SLOTS, long],
        minRestMinutes: 0,
      }),
    ).toEqual([{ kind: "team_overlap", teamId: "lions", gameIds: ["g1", "g2", "g3"], date: DAY, startMinute: 540 }]);
  });

  it("rest_too_short: measured from the end of the game that ends last", () => {
    expect(check([game("g1", "lions", "bears", "s900"), game("g2", "lions", "hawks", "s1015")], 30)).toEqual([
      { kind: "rest_too_short", teamId: "lions", gameIds: ["g1", "g2"], restMinutes: 15, date: DAY, startMinute: 615 },
    ]);
    expect(check([game("g1", "lions", "bears", "s900"), game("g2", "lions", "hawks", "s1015")], 15)).toEqual([]);
    expect(check([game("g1", "lions", "bears", "s900"), game("g2", "hawks", "lions", "s1000")], 1)).toEqual([
      { kind: "rest_too_short", teamId: "lions", gameIds: ["g1", "g2"], restMinutes: 0, date: DAY, startMinute: 600 },
    ]);
    // Different dates need no rest.
    expect(check([game("g1", "lions", "bears", "s1100"), game("g2", "lions", "hawks", "sunday")], 24 * 60)).toEqual([]);
  });

  it("blackout: each team that plays on a date it cannot", () => {
    expect(
      check(
        [game("g1", "lions", "bears", "s900"), game("g2", "lions", "hawks", "sunday")],
        0,
        new Map([
          ["lions", ["2027-03-07"]],
          ["bears", [DAY]],
        ]),
      ),
    ).toEqual([
      { kind: "blackout", teamId: "lions", gameId: "g2", date: "2027-03-07" },
      { kind: "blackout", teamId: "bears", gameId: "g1", date: DAY },
    ]);
  });

  it("same_team and unknown_slot; a game in an unknown slot is checked no further", () => {
    expect(
      check(
        [
          game("g1", "lions", "lions", "s900"),
          game("g2", "lions", "bears", "gone"),
          game("g3", "bears", "hawks", "s900b"),
        ],
        0,
        new Map([["bears", [DAY]]]),
      ),
    ).toEqual([
      { kind: "same_team", gameId: "g1", teamId: "lions" },
      { kind: "unknown_slot", gameId: "g2", slotId: "gone" },
      { kind: "blackout", teamId: "bears", gameId: "g3", date: DAY },
    ]);
  });

  it("agrees with a pairwise check on random schedules", () => {
    const slots = [9, 10, 11, 12].flatMap((h) =>
      ["north", "south"].flatMap((f) => [
        slot(`${f}${h}`, h * 60, 60, DAY, f),
        slot(`${f}${h}x`, h * 60 + 30, 45, DAY, f),
        slot(`${f}${h}s`, h * 60, 60, "2027-03-07", f),
        slot(`${f}${h}L`, h * 60 + 5, 150, DAY, `${f}-long`),
      ]),
    );
    const teams = ["a", "b", "c", "d", "e"];
    const arb = fc.record({
      games: fc.array(
        fc.record({
          home: fc.constantFrom(...teams),
          away: fc.constantFrom(...teams),
          slot: fc.constantFrom(...slots.map((s) => s.id)),
        }),
        { maxLength: 14 },
      ),
      minRest: fc.constantFrom(0, 10, 30, 90),
    });
    fc.assert(
      fc.property(arb, ({ games, minRest }) => {
        const checked = games.map((g, i) => game(`g${i}`, g.home, g.away, g.slot));
        const conflicts = scheduleConflicts({ games: checked, slots, minRestMinutes: minRest });
        const byId = new Map(slots.map((s) => [s.id, s]));
        // Pairwise: which pairs of one team's games overlap or are too close?
        const overlapping = new Set<string>();
        const tooClose = new Set<string>();
        for (const [i, a] of checked.entries())
          for (const b of checked.slice(i + 1)) {
            const shared = [a.homeTeamId, a.awayTeamId].filter((t) => t === b.homeTeamId || t === b.awayTeamId);
            const sa = byId.get(a.slotId)!;
            const sb = byId.get(b.slotId)!;
            for (const team of new Set(shared)) {
              if (slotsOverlap(sa, sb)) overlapping.add(`${team}:${a.id}:${b.id}`);
              else if (sa.date === sb.date) {
                const gap =
                  Math.max(sa.startMinute, sb.startMinute) -
                  Math.min(sa.startMinute + sa.durationMinutes, sb.startMinute + sb.durationMinutes);
                if (gap < minRest) tooClose.add(team);
              }
            }
          }
        const overlapTeams = new Set([...overlapping].map((k) => k.split(":")[0]));
        const reportedOverlap = conflicts.filter((c) => c.kind === "team_overlap");
        expect(new Set(reportedOverlap.map((c) => c.teamId))).toEqual(overlapTeams);
        // Every overlapping pair is inside one reported group.
        for (const key of overlapping) {
          const [team, a, b] = key.split(":");
          expect(
            reportedOverlap.some((c) => c.teamId === team && c.gameIds.includes(a!) && c.gameIds.includes(b!)),
          ).toBe(true);
        }
        // A short rest reported is a real one; a team with a short rest and no overlap at all gets one reported.
        for (const c of conflicts.filter((x) => x.kind === "rest_too_short")) {
          expect(c.restMinutes).toBeLessThan(minRest);
          expect(tooClose.has(c.teamId)).toBe(true);
        }
        for (const team of tooClose)
          if (!overlapTeams.has(team))
            expect(conflicts.some((c) => c.kind === "rest_too_short" && c.teamId === team)).toBe(true);
        // Every two games on one sub-field at overlapping times are in one reported double booking, and every game
        // reported is in such a pair.
        const doubleBooked = conflicts.filter((c) => c.kind === "slot_double_booked");
        const clashing = new Set<string>();
        for (const [i, a] of checked.entries())
          for (const b of checked.slice(i + 1)) {
            const [sa, sb] = [byId.get(a.slotId)!, byId.get(b.slotId)!];
            if (sa.fieldId !== sb.fieldId || sa.subField !== sb.subField || !slotsOverlap(sa, sb)) continue;
            clashing.add(a.id).add(b.id);
            expect(doubleBooked.some((c) => c.gameIds.includes(a.id) && c.gameIds.includes(b.id))).toBe(true);
          }
        expect(new Set(doubleBooked.flatMap((c) => c.gameIds))).toEqual(clashing);
        expect(conflicts.filter((c) => c.kind === "same_team").length).toBe(
          checked.filter((g) => g.homeTeamId === g.awayTeamId).length,
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe("describeConflict", () => {
  it.each<[ScheduleConflict, string]>([
    [
      { kind: "slot_double_booked", slotId: "s900", gameIds: ["g1", "g2"], date: DAY, startMinute: 540 },
      "One field is booked for 2 games at 09:00 on 2027-03-06.",
    ],
    [
      { kind: "team_overlap", teamId: "lions", gameIds: ["g1", "g2"], date: DAY, startMinute: 540 },
      "Lions play twice at 09:00 on 2027-03-06.",
    ],
    [
      { kind: "team_overlap", teamId: "lions", gameIds: ["g1", "g2", "g3"], date: DAY, startMinute: 570 },
      "Lions play 3 games at once at 09:30 on 2027-03-06.",
    ],
    [
      { kind: "rest_too_short", teamId: "bears", gameIds: ["g1", "g2"], restMinutes: 15, date: DAY, startMinute: 615 },
      "Bears have only 15 minutes of rest before their game at 10:15 on 2027-03-06.",
    ],
    [
      { kind: "rest_too_short", teamId: "bears", gameIds: ["g1", "g2"], restMinutes: 1, date: DAY, startMinute: 601 },
      "Bears have only 1 minute of rest before their game at 10:01 on 2027-03-06.",
    ],
    [
      { kind: "rest_too_short", teamId: "bears", gameIds: ["g1", "g2"], restMinutes: 0, date: DAY, startMinute: 600 },
      "Bears have no rest before their game at 10:00 on 2027-03-06.",
    ],
    [
      { kind: "blackout", teamId: "hawks", gameId: "g1", date: DAY },
      "Hawks play on 2027-03-06, a date they cannot play.",
    ],
    [{ kind: "same_team", gameId: "g1", teamId: "owls" }, "Owls are set to play against themselves."],
    [
      { kind: "unknown_slot", gameId: "g1", slotId: "gone" },
      "A game is booked into a field and time that no longer exists.",
    ],
  ])("%j", (conflict, sentence) => {
    expect(describeConflict(conflict, names)).toBe(sentence);
  });

  it("describes every conflict the checker finds", () => {
    const conflicts = check(
      [
        game("g1", "lions", "lions", "s900"),
        game("g2", "lions", "bears", "gone"),
        game("g3", "bears", "hawks", "s900"),
        game("g4", "hawks", "owls", "s900"),
        game("g5", "owls", "bears", "s1000"),
      ],
      30,
      new Map([["owls", [DAY]]]),
    );
    expect(new Set(conflicts.map((c) => c.kind)).size).toBe(6);
    for (const c of conflicts) expect(describeConflict(c, names)).toMatch(/^[A-Z0-9].*\.$/);
  });
});
