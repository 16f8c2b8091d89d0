import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "./event-types.js";
import {
  addPlayerCredit,
  addSnapCredit,
  addTaggedGroup,
  addTaggedSnaps,
  countsPlayYards,
  DEFENSE_SNAP_TYPES,
  emptyPlayerCredit,
  emptyPlayTotals,
  figuresOfPlay,
  isRunOfSide,
  isSnapLevel,
  isUntaggedRun,
  isUntaggedSnap,
  OFFENSE_SNAP_TYPES,
  PLAY_SIDES,
  runKinds,
  snapCredits,
  type PlayerCredit,
  type PlaySide,
  type TaggedEventGroup,
  type TaggedSnapGroup,
} from "./playbook.js";
import { POSITION_KEYS } from "./positions.js";
import { eventPointsTenths } from "./scoring.js";
import { SNAP_KINDS, type SnapDetail } from "./snaps.js";

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
          const credit = credits.get(e.player) ?? emptyPlayerCredit();
          credits.set(e.player, addPlayerCredit(credit, grp));
        }
        const sum = [...credits.values()].reduce(
          (s, c) => ({
            events: s.events + c.events,
            yards: s.yards + c.passingYards + c.rushingYards,
            attempts: s.attempts + c.attempts,
            completions: s.completions + c.completions,
            pointsTenths: s.pointsTenths + c.pointsTenths,
          }),
          { events: 0, yards: 0, attempts: 0, completions: 0, pointsTenths: 0 },
        );
        expect(sum).toEqual({
          events: totals.events,
          yards: totals.yards,
          attempts: totals.attempts,
          completions: totals.completions,
          pointsTenths: totals.pointsTenths,
        });
        expect(totals.events).toBe(events.length);
      }),
    );
  });

  it("the players' credits from snaps add up to the play's yards, attempts and completions", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PlaySide>(...PLAY_SIDES),
        fc.array(fc.tuple(snapArb, fc.integer({ min: 1, max: 3 })), { maxLength: 30 }),
        (side, snaps) => {
          const totals = emptyPlayTotals();
          const credits = new Map<string, PlayerCredit>();
          for (const [detail, count] of snaps) {
            const grp: TaggedSnapGroup = { detail, count };
            addTaggedSnaps(totals, side, grp);
            for (const [playerId, line] of snapCredits(grp))
              credits.set(playerId, addSnapCredit(credits.get(playerId) ?? emptyPlayerCredit(), line));
          }
          const all = [...credits.values()];
          const sum = (f: (c: PlayerCredit) => number) => all.reduce((s, c) => s + f(c), 0);
          expect(sum((c) => c.passingYards + c.rushingYards)).toBe(totals.yards);
          expect(sum((c) => c.attempts)).toBe(totals.attempts);
          expect(sum((c) => c.completions)).toBe(totals.completions);
          // Receiving yards are the completions' yards seen from the catch: equal to passing yards, never added.
          expect(sum((c) => c.receivingYards)).toBe(sum((c) => c.passingYards));
          expect(sum((c) => c.catches)).toBe(totals.completions);
          expect(totals.snaps).toBe(snaps.reduce((s, [, n]) => s + n, 0));
          expect(totals.events).toBe(0);
          expect(totals.pointsTenths).toBe(0);
        },
      ),
    );
  });
});

const player = fc.constantFrom("p1", "p2", "p3", "p4");
const maybeYards = fc.option(fc.integer({ min: -99, max: 150 }), { nil: null });
/** Snap details the logger could send (a caught pass names its receiver; a miss carries no yards). */
const snapArb: fc.Arbitrary<SnapDetail> = fc.oneof(
  fc
    .record({
      passerId: player,
      targetId: fc.option(player, { nil: null }),
      result: fc.constantFrom("complete", "incomplete", "drop", "intercepted", "touchdown" as const),
      yards: maybeYards,
    })
    .filter((d) => d.targetId !== d.passerId)
    .map((d): SnapDetail => {
      const caught = d.result === "complete" || d.result === "touchdown";
      const targetId = caught || d.result === "drop" ? (d.targetId ?? (d.passerId === "p1" ? "p2" : "p1")) : d.targetId;
      return { kind: "pass", passerId: d.passerId, targetId, result: d.result, yards: caught ? d.yards : null };
    }),
  fc
    .record({ runnerId: player, yards: maybeYards, touchdown: fc.boolean() })
    .map((d): SnapDetail => ({ kind: "run", ...d })),
  fc.record({ defenderId: player, yards: maybeYards }).map((d): SnapDetail => ({ kind: "flag_pull", ...d })),
  fc
    .record({ defenderId: player, returnTouchdown: fc.boolean(), yards: maybeYards })
    .map((d): SnapDetail => ({ kind: "interception", ...d })),
  fc
    .record({ kind: fc.constantFrom("sack", "pass_defended", "stop" as const), defenderId: player })
    .map((d): SnapDetail => d),
  fc.option(player, { nil: null }).map((defenderId): SnapDetail => ({ kind: "safety", defenderId })),
  fc
    .constantFrom("touchdown", "try1", "try2", "safety" as const)
    .map((score): SnapDetail => ({ kind: "opponent_score", score })),
  fc
    .record({ on: fc.constantFrom("us", "them" as const), yards: fc.integer({ min: 0, max: 30 }) })
    .map((d): SnapDetail => ({ kind: "penalty", ...d, effect: "none", playerId: d.on === "us" ? "p1" : null })),
  fc.record({ good: fc.boolean(), method: fc.constantFrom("pass", "run" as const) }).map((d): SnapDetail => ({
    kind: "try",
    points: 1,
    ...d,
    passerId: d.method === "pass" ? "p1" : null,
    scorerId: "p2",
  })),
);

const pass = (result: "complete" | "incomplete" | "drop" | "intercepted" | "touchdown", yards: number | null = null) =>
  ({ kind: "pass", passerId: "qb", targetId: result === "intercepted" ? null : "wr", result, yards }) as const;

describe("snaps", () => {
  it("runs: offense passes and runs; defense every way a down ends and the opponent's touchdown", () => {
    expect([...runKinds("offense")]).toEqual(["pass", "run"]);
    for (const kind of [...runKinds("offense"), ...runKinds("defense")]) expect(SNAP_KINDS).toContain(kind);
    const d = (detail: SnapDetail) => [isRunOfSide(detail, "offense"), isRunOfSide(detail, "defense")];
    expect(d(pass("incomplete"))).toEqual([true, false]);
    expect(d({ kind: "run", runnerId: "rb", yards: null, touchdown: false })).toEqual([true, false]);
    expect(d({ kind: "try", points: 1, method: "run", good: true, passerId: null, scorerId: "rb" })).toEqual([
      false,
      false,
    ]);
    expect(d({ kind: "penalty", on: "us", yards: 5, effect: "none", playerId: null })).toEqual([false, false]);
    for (const kind of ["sack", "pass_defended", "stop"] as const)
      expect(d({ kind, defenderId: "cb" })).toEqual([false, true]);
    expect(d({ kind: "flag_pull", defenderId: "cb", yards: 3 })).toEqual([false, true]);
    expect(d({ kind: "interception", defenderId: "cb", returnTouchdown: false, yards: null })).toEqual([false, true]);
    expect(d({ kind: "safety", defenderId: null })).toEqual([false, true]);
    expect(d({ kind: "opponent_score", score: "touchdown" })).toEqual([false, true]);
    for (const score of ["try1", "try2", "safety"] as const)
      expect(d({ kind: "opponent_score", score })).toEqual([false, false]);
    expect(isUntaggedRun(pass("drop"))).toBe(true);
    expect(isUntaggedRun(pass("drop"), "defense")).toBe(false);
    expect(isUntaggedRun({ kind: "opponent_score", score: "try2" })).toBe(false);
  });

  it("a play run four times as snaps: complete 12, incomplete, intercepted, touchdown 20", () => {
    const f = figuresOfPlay(
      "offense",
      // The events those snaps wrote: their points only.
      [
        { ...g("Pass Completion", "qb", 1, 12), fromSnap: true },
        { ...g("Catch", "wr", 1, 12), fromSnap: true },
        { ...g("Pass TD", "qb", 1, 20), fromSnap: true },
        { ...g("TD Catch", "wr", 1, 20), fromSnap: true },
      ],
      [
        { detail: pass("complete", 12), count: 1 },
        { detail: pass("incomplete"), count: 1 },
        { detail: pass("intercepted"), count: 1 },
        { detail: pass("touchdown", 20), count: 1 },
      ],
    );
    expect(f).toEqual({
      timesRun: 4,
      completions: 2,
      attempts: 4,
      completionRate: 0.5,
      yards: 32,
      yardsPerPlay: 8,
      touchdowns: 1,
      touchdownRate: 0.25,
      turnovers: 1,
      points: 19.4,
    });
  });

  it("a group of identical snaps counts each; yards not logged add 0; a pick-six is not the play's touchdown", () => {
    const totals = emptyPlayTotals();
    addTaggedSnaps(totals, "offense", {
      detail: { kind: "run", runnerId: "rb", yards: 6, touchdown: false },
      count: 3,
    });
    addTaggedSnaps(totals, "offense", { detail: pass("complete", null), count: 2 });
    addTaggedSnaps(totals, "offense", { detail: pass("touchdown", 9), count: 0 });
    expect(totals).toMatchObject({ timesRun: 5, attempts: 2, completions: 2, yards: 18, snaps: 5 });
    const defense = emptyPlayTotals();
    addTaggedSnaps(defense, "defense", {
      detail: { kind: "interception", defenderId: "cb", returnTouchdown: true, yards: 40 },
      count: 1,
    });
    expect(defense).toMatchObject({ timesRun: 1, touchdowns: 0, yards: 0, turnovers: 0 });
  });

  it("credits the passer with passing yards and the receiver with the same yards as receiving yards", () => {
    const lines = snapCredits({ detail: pass("complete", 12), count: 2 });
    const qb = addSnapCredit(emptyPlayerCredit(), lines.get("qb")!);
    const wr = addSnapCredit(emptyPlayerCredit(), lines.get("wr")!);
    expect(qb).toMatchObject({ attempts: 2, completions: 2, passingYards: 24, receivingYards: 0, catches: 0 });
    expect(wr).toMatchObject({ catches: 2, receivingYards: 24, passingYards: 0, attempts: 0 });
    const safety = snapCredits({ detail: { kind: "safety", defenderId: "cb" }, count: 1 });
    expect(addSnapCredit(emptyPlayerCredit(), safety.get("cb")!).defensivePlays).toBe(1);
  });

  it("an event a snap wrote adds its points and counts as an event, nothing else", () => {
    const totals = addTaggedGroup(emptyPlayTotals(), "offense", { ...g("Pass TD", "qb", 1, 30), fromSnap: true });
    expect(totals).toMatchObject({ timesRun: 0, attempts: 0, yards: 0, touchdowns: 0, events: 1, pointsTenths: 81 });
    const credit = addPlayerCredit(emptyPlayerCredit(), { ...g("Pass TD", "qb", 1, 30), fromSnap: true });
    expect(credit).toEqual({ ...emptyPlayerCredit(), events: 1, pointsTenths: 81 });
  });
});
