import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "./event-types.js";
import {
  addPlayerCredit,
  addTaggedGroup,
  countsPlayYards,
  DEFENSE_SNAP_TYPES,
  emptyPlayTotals,
  figuresOfPlay,
  isSnapLevel,
  isUntaggedSnap,
  OFFENSE_SNAP_TYPES,
  PLAY_SIDES,
  type PlayerCredit,
  type PlaySide,
  type TaggedEventGroup,
} from "./playbook.js";
import { POSITION_KEYS } from "./positions.js";
import { eventPointsTenths } from "./scoring.js";

// The definitions written out again, so a wrong list in playbook.ts fails here.
const OFFENSE_SNAPS = [
  "Pass Completion",
  "Pass Incompletion",
  "Pass TD",
  "Interception Thrown",
  "Rush Attempt",
  "Rush TD",
];
const DEFENSE_SNAPS = ["Flag Pull", "Sack", "Interception", "Defensive Stop"];
const ATTEMPTS = ["Pass Completion", "Pass Incompletion", "Pass TD", "Interception Thrown"];
const COMPLETIONS = ["Pass Completion", "Pass TD"];
const TOUCHDOWNS = ["Pass TD", "Rush TD"];

const g = (eventType: string, position: string, count = 1, yards = 0): TaggedEventGroup => ({
  eventType,
  position,
  count,
  yards,
});

describe("snap-level types", () => {
  it("are the spec's event types, one list per side, with no type on both sides", () => {
    expect([...OFFENSE_SNAP_TYPES]).toEqual(OFFENSE_SNAPS);
    expect([...DEFENSE_SNAP_TYPES]).toEqual(DEFENSE_SNAPS);
    for (const t of [...OFFENSE_SNAP_TYPES, ...DEFENSE_SNAP_TYPES]) expect(EVENT_TYPES).toContain(t);
    for (const t of OFFENSE_SNAP_TYPES) expect(isSnapLevel(t, "defense")).toBe(false);
  });

  it("receiver events are the same snap as the pass and never a run of their own", () => {
    for (const t of ["Catch", "TD Catch", "Drop"]) {
      for (const side of PLAY_SIDES) expect(isSnapLevel(t, side)).toBe(false);
      expect(countsPlayYards(t)).toBe(false);
    }
  });

  it("penalties and extra points are never snaps", () => {
    for (const t of ["Penalty", "Extra Point"]) {
      for (const side of PLAY_SIDES) expect(isSnapLevel(t, side)).toBe(false);
      expect(isUntaggedSnap(t)).toBe(false);
    }
  });

  it("an untagged snap is a snap of the chosen side, or of either side without one", () => {
    expect(isUntaggedSnap("Pass TD", "offense")).toBe(true);
    expect(isUntaggedSnap("Pass TD", "defense")).toBe(false);
    expect(isUntaggedSnap("Sack", "defense")).toBe(true);
    expect(isUntaggedSnap("Sack", "offense")).toBe(false);
    expect(isUntaggedSnap("Sack")).toBe(true);
    expect(isUntaggedSnap("Rush Attempt", null)).toBe(true);
    expect(isUntaggedSnap("Catch")).toBe(false);
  });
});

describe("figuresOfPlay", () => {
  it("an offensive play: one run per QB or runner event; receiver yards not counted twice", () => {
    const f = figuresOfPlay("offense", [
      g("Pass Completion", "qb", 1, 10),
      g("Catch", "wr", 1, 10),
      g("Pass TD", "qb", 1, 20),
      g("TD Catch", "wr", 1, 20),
      g("Pass Incompletion", "qb"),
      g("Drop", "wr"),
      g("Interception Thrown", "qb"),
      g("Rush Attempt", "rb", 1, 5),
      g("Rush TD", "rb", 1, 3),
    ]);
    expect(f).toEqual({
      timesRun: 6,
      completions: 2,
      attempts: 4,
      completionRate: 0.5,
      yards: 38,
      yardsPerPlay: 38 / 6,
      touchdowns: 2,
      touchdownRate: 2 / 6,
      turnovers: 1,
      // qb 1.6 + 8.1 + 0.6 + 0.6; wr 1.6 + 8.1 + 0.6; rb 0.6 + 8.1
      points: 29.9,
    });
  });

  it("a defensive play: runs are flag pulls, sacks, interceptions and stops; points at each position", () => {
    const f = figuresOfPlay("defense", [
      g("Flag Pull", "cb", 3),
      g("Sack", "rusher"),
      g("Interception", "safety"),
      g("Defensive Stop", "lb"),
      g("Penalty", "lb"),
    ]);
    expect(f).toEqual({
      timesRun: 6,
      completions: 0,
      attempts: 0,
      completionRate: null,
      yards: 0,
      yardsPerPlay: 0,
      touchdowns: 0,
      touchdownRate: 0,
      turnovers: 0,
      points: 25.2,
    });
  });

  it("a play never run has zero counts and no rates", () => {
    expect(figuresOfPlay("offense", [])).toEqual({
      timesRun: 0,
      completions: 0,
      attempts: 0,
      completionRate: null,
      yards: 0,
      yardsPerPlay: null,
      touchdowns: 0,
      touchdownRate: null,
      turnovers: 0,
      points: 0,
    });
  });

  it("events of the other side's snap types add points but no runs", () => {
    const f = figuresOfPlay("defense", [g("Rush Attempt", "rb", 2, 9), g("Catch", "wr", 1, 4)]);
    expect(f.timesRun).toBe(0);
    expect(f.yards).toBe(9);
    expect(f.yardsPerPlay).toBeNull();
    expect(f.points).toBe(2.8); // rb 0.6 x 2, wr catch 1.6
  });

  it("negative yards (a sack on the runner) count; bad counts add nothing", () => {
    const f = figuresOfPlay("offense", [
      g("Rush Attempt", "rb", 2, -4),
      g("Pass TD", "qb", 0, 50),
      g("Pass TD", "qb", Number.NaN, 9),
    ]);
    expect(f).toMatchObject({ timesRun: 2, yards: -4, yardsPerPlay: -2, touchdowns: 0 });
  });
});

const eventArb = fc.record({
  eventType: fc.constantFrom(...EVENT_TYPES),
  position: fc.constantFrom(...POSITION_KEYS, "unknown"),
  yards: fc.integer({ min: -99, max: 150 }),
  player: fc.integer({ min: 0, max: 4 }),
});

describe("properties", () => {
  it("grouped figures equal a per-event recount with the written-out definitions", () => {
    fc.assert(
      fc.property(fc.constantFrom<PlaySide>(...PLAY_SIDES), fc.array(eventArb, { maxLength: 60 }), (side, events) => {
        // Group by (type, position) as the SQL does, in a shuffled order of keys.
        const groups = new Map<string, TaggedEventGroup>();
        for (const e of events) {
          const key = `${e.eventType}|${e.position}`;
          const grp = groups.get(key) ?? { eventType: e.eventType, position: e.position, count: 0, yards: 0 };
          grp.count += 1;
          grp.yards += e.yards;
          groups.set(key, grp);
        }
        const f = figuresOfPlay(side, [...groups.values()].reverse());

        const snaps = side === "offense" ? OFFENSE_SNAPS : DEFENSE_SNAPS;
        const timesRun = events.filter((e) => snaps.includes(e.eventType)).length;
        const attempts = events.filter((e) => ATTEMPTS.includes(e.eventType)).length;
        const completions = events.filter((e) => COMPLETIONS.includes(e.eventType)).length;
        const touchdowns = events.filter((e) => TOUCHDOWNS.includes(e.eventType)).length;
        const yards = events.filter((e) => OFFENSE_SNAPS.includes(e.eventType)).reduce((s, e) => s + e.yards, 0);
        const tenths = events.reduce((s, e) => s + eventPointsTenths(e.eventType, e.position), 0);
        expect(f).toEqual({
          timesRun,
          completions,
          attempts,
          completionRate: attempts ? completions / attempts : null,
          yards,
          yardsPerPlay: timesRun ? yards / timesRun : null,
          touchdowns,
          touchdownRate: timesRun ? touchdowns / timesRun : null,
          turnovers: events.filter((e) => e.eventType === "Interception Thrown").length,
          points: tenths / 10,
        });
        if (f.completionRate !== null) expect(f.completionRate).toBeGreaterThanOrEqual(0);
        if (f.completionRate !== null) expect(f.completionRate).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("the players' credits add up to the play's events, yards and points", () => {
    fc.assert(
      fc.property(fc.constantFrom<PlaySide>(...PLAY_SIDES), fc.array(eventArb, { maxLength: 60 }), (side, events) => {
        const totals = emptyPlayTotals();
        const credits = new Map<number, PlayerCredit>();
        for (const e of events) {
          const grp = g(e.eventType, e.position, 1, e.yards);
          addTaggedGroup(totals, side, grp);
          const credit = credits.get(e.player) ?? { events: 0, yards: 0, pointsTenths: 0 };
          credits.set(e.player, addPlayerCredit(credit, grp));
        }
        const sum = [...credits.values()].reduce(
          (s, c) => ({
            events: s.events + c.events,
            yards: s.yards + c.yards,
            pointsTenths: s.pointsTenths + c.pointsTenths,
          }),
          { events: 0, yards: 0, pointsTenths: 0 },
        );
        expect(sum).toEqual({ events: totals.events, yards: totals.yards, pointsTenths: totals.pointsTenths });
        expect(totals.events).toBe(events.length);
      }),
    );
  });
});
