/**
 * Playbook analysis: what a play produced, from the snaps and the events tagged with it. Pure rules, shared by the
 * server (which folds grouped rows through them) and by any check that recounts by hand (docs/product.md §9).
 *
 * The unit is the run: one run of a play is one down it was called on.
 * - A *snap* (docs/product.md §10) is one down. A snap tagged with the play is one run when it is of the play's
 *   side (RUN_KINDS); its attempts, completions, yards, touchdowns and turnovers come from its detail, each once
 *   (football-stats.ts teamLine: a completion's yards are the passer's, the receiver's are the same yards seen
 *   from the catch). The events a snap wrote add their performance points (and only those): an incompletion or an
 *   interception thrown wrote none, so events alone would miss those runs.
 * - An event logged on its own (snap_id null: "Single events", and everything before snaps) keeps the older rule:
 *   one snap-level event tagged with the play is one run, from the point of view of the play's side; the other
 *   events of the same down (a receiver's Catch, TD Catch or Drop beside the quarterback's pass event) describe
 *   the same down and are not counted again. Every tagged event, snap-level or not, adds its performance points.
 */
import { emptyStatLine, creditsOfSnap, teamLine, type StatLine } from "./football-stats.js";
import { eventPointsTenths } from "./scoring.js";
import type { SnapDetail, SnapKind } from "./snaps.js";

export const PLAY_SIDES = ["offense", "defense"] as const;
export type PlaySide = (typeof PLAY_SIDES)[number];

/** One per offensive snap, from the offense's view (the quarterback's pass result or the runner's rush). */
export const OFFENSE_SNAP_TYPES = [
  "Pass Completion",
  "Pass Incompletion",
  "Pass TD",
  "Interception Thrown",
  "Rush Attempt",
  "Rush TD",
] as const;

/** One per defensive snap: how the defense ended it. */
export const DEFENSE_SNAP_TYPES = ["Flag Pull", "Sack", "Interception", "Defensive Stop"] as const;

/** A pass thrown, whatever became of it. */
const PASS_ATTEMPT_TYPES = ["Pass Completion", "Pass Incompletion", "Pass TD", "Interception Thrown"] as const;
/** A pass caught by our side. */
const COMPLETION_TYPES = ["Pass Completion", "Pass TD"] as const;
/** A snap that scored: passing or rushing. (A defensive return is not counted.) */
const TOUCHDOWN_TYPES = ["Pass TD", "Rush TD"] as const;
/** A snap that gave the ball away. */
const TURNOVER_TYPES = ["Interception Thrown"] as const;
/**
 * The events whose yards are the play's yards: the offensive snap-level ones (passing and rushing). A
 * receiver's Catch / TD Catch yards are the same yards as the pass's and would count them twice.
 */
const PLAY_YARDS_TYPES = OFFENSE_SNAP_TYPES;

const offenseSnaps = new Set<string>(OFFENSE_SNAP_TYPES);
const defenseSnaps = new Set<string>(DEFENSE_SNAP_TYPES);
const attempts = new Set<string>(PASS_ATTEMPT_TYPES);
const completions = new Set<string>(COMPLETION_TYPES);
const touchdowns = new Set<string>(TOUCHDOWN_TYPES);
const turnovers = new Set<string>(TURNOVER_TYPES);
const yardTypes = new Set<string>(PLAY_YARDS_TYPES);

/** The snap-level types of a side. */
export function snapTypes(side: PlaySide): readonly string[] {
  return side === "offense" ? OFFENSE_SNAP_TYPES : DEFENSE_SNAP_TYPES;
}

/** Whether one event of this type is one run of a play of this side. */
export function isSnapLevel(eventType: string, side: PlaySide): boolean {
  return (side === "offense" ? offenseSnaps : defenseSnaps).has(eventType);
}

/**
 * Whether an event without a play counts as an untagged snap: a snap-level event of the given side, or of
 * either side when no side is chosen. This is the number the analysis reports as `untaggedEvents`, so it
 * compares with the plays' timesRun: tagged snaps against snaps nobody tagged.
 */
export function isUntaggedSnap(eventType: string, side?: PlaySide | null): boolean {
  return side ? isSnapLevel(eventType, side) : offenseSnaps.has(eventType) || defenseSnaps.has(eventType);
}

/** Whether the yards of this event count as the play's yards (and as the credited yards of its player). */
export function countsPlayYards(eventType: string): boolean {
  return yardTypes.has(eventType);
}

/**
 * The snap kinds that are one run of a play of each side. Offense: a pass (whatever became of it) or a run; a try
 * and a penalty are not a down the play was run on. Defense: every way the defense ends a down (flag pull, sack,
 * interception, pass defended, stop, safety for us) and the opponent's touchdown (the down the play gave up a
 * score on); an opponent's try is not a run (as our own try is not), and a safety against us is our offense's down.
 */
export const OFFENSE_RUN_KINDS = ["pass", "run"] as const satisfies readonly SnapKind[];
export const DEFENSE_RUN_KINDS = [
  "flag_pull",
  "sack",
  "interception",
  "pass_defended",
  "stop",
  "safety",
  "opponent_score",
] as const satisfies readonly SnapKind[];

/** The snap kinds that may be a run of a play of the side (an opponent score only when it is a touchdown). */
export function runKinds(side: PlaySide): readonly SnapKind[] {
  return side === "offense" ? OFFENSE_RUN_KINDS : DEFENSE_RUN_KINDS;
}

/** Whether a snap tagged with a play of `side` is one run of it. */
export function isRunOfSide(detail: SnapDetail, side: PlaySide): boolean {
  if (detail.kind === "opponent_score") return side === "defense" && detail.score === "touchdown";
  return (runKinds(side) as readonly string[]).includes(detail.kind);
}

/**
 * Whether a snap without a play counts in `untaggedEvents`: a run of the given side, or of either side without
 * one, so it compares with the plays' timesRun as an untagged snap-level event does.
 */
export function isUntaggedRun(detail: SnapDetail, side?: PlaySide | null): boolean {
  return side ? isRunOfSide(detail, side) : isRunOfSide(detail, "offense") || isRunOfSide(detail, "defense");
}

/** Tagged events of one type by one player (at that player's effective position), as a grouped query gives them. */
export interface TaggedEventGroup {
  eventType: string;
  /** The player's effective position (docs/product.md §3), which decides the events' weight (docs/product.md §9). */
  position: string | null | undefined;
  count: number;
  /** Sum of the events' yards (an event without yards adds 0). */
  yards: number;
  /**
   * Written by a snap (events.snap_id set): such events add their points and count as events, nothing else (their
   * snap is counted instead). Absent or false: an event logged on its own, counted by the snap-level rules.
   */
  fromSnap?: boolean;
}

/** Snaps tagged with a play that have the same detail, as a grouped query gives them. */
export interface TaggedSnapGroup {
  detail: SnapDetail;
  count: number;
}

/** Running totals of a play; every field an integer. */
export interface PlayTotals {
  timesRun: number;
  attempts: number;
  completions: number;
  yards: number;
  touchdowns: number;
  turnovers: number;
  /** Every tagged event, snap-level or not, logged on its own or written by a snap. */
  events: number;
  /** Every tagged snap, a run or not. */
  snaps: number;
  /** Performance points of every tagged event, in tenths. */
  pointsTenths: number;
}

export function emptyPlayTotals(): PlayTotals {
  return {
    timesRun: 0,
    attempts: 0,
    completions: 0,
    yards: 0,
    touchdowns: 0,
    turnovers: 0,
    events: 0,
    snaps: 0,
    pointsTenths: 0,
  };
}

function wholeCount(n: number): number {
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

function wholeYards(n: number): number {
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

/**
 * Adds one group of events tagged with a play of `side` to `totals` (in place) and returns it. A count that is
 * not a positive number adds nothing; a group with no events adds no yards either. Events a snap wrote add their
 * points only (addTaggedSnaps counts their snap).
 */
export function addTaggedGroup(totals: PlayTotals, side: PlaySide, g: TaggedEventGroup): PlayTotals {
  const n = wholeCount(g.count);
  if (n === 0) return totals;
  totals.events += n;
  totals.pointsTenths += n * eventPointsTenths(g.eventType, g.position);
  if (g.fromSnap) return totals;
  if (isSnapLevel(g.eventType, side)) totals.timesRun += n;
  if (attempts.has(g.eventType)) totals.attempts += n;
  if (completions.has(g.eventType)) totals.completions += n;
  if (touchdowns.has(g.eventType)) totals.touchdowns += n;
  if (turnovers.has(g.eventType)) totals.turnovers += n;
  if (yardTypes.has(g.eventType)) totals.yards += wholeYards(g.yards);
  return totals;
}

/**
 * What a snap adds to its play's figures, whichever side it is: pass attempts and completions (a touchdown pass is
 * one), passing + rushing yards (a completion's yards once), passing and rushing touchdowns (a pick-six is the
 * defense's and, as for events, not counted), interceptions thrown. A snap without yards adds 0 yards.
 */
function snapFigures(detail: SnapDetail) {
  const { line } = teamLine([{ detail }]);
  return {
    attempts: line.passAttempts,
    completions: line.completions,
    yards: wholeYards(line.passYards) + wholeYards(line.rushingYards),
    touchdowns: line.passTouchdowns + line.rushingTouchdowns,
    turnovers: line.interceptionsThrown,
  };
}

/**
 * Adds snaps tagged with a play of `side` to `totals` (in place) and returns it: each is one run when it is of the
 * play's side (isRunOfSide), and adds its figures (snapFigures). Its points come from its events (addTaggedGroup).
 */
export function addTaggedSnaps(totals: PlayTotals, side: PlaySide, g: TaggedSnapGroup): PlayTotals {
  const n = wholeCount(g.count);
  if (n === 0) return totals;
  const f = snapFigures(g.detail);
  totals.snaps += n;
  if (isRunOfSide(g.detail, side)) totals.timesRun += n;
  totals.attempts += n * f.attempts;
  totals.completions += n * f.completions;
  totals.yards += n * f.yards;
  totals.touchdowns += n * f.touchdowns;
  totals.turnovers += n * f.turnovers;
  return totals;
}

/** A share, or null when there is nothing to divide by. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** What the playbook analysis shows for one play. */
export interface PlayFigures {
  /** Tagged snaps of the play's side, plus tagged snap-level events of its side logged on their own. */
  timesRun: number;
  /** Completed passes (a touchdown pass is one): snaps' plus Pass Completion + Pass TD logged on their own. */
  completions: number;
  /** Passes thrown, whatever became of them: snaps' plus Pass Completion + Pass Incompletion + Pass TD + Interception Thrown. */
  attempts: number;
  /** completions / attempts (0..1), null without attempts. */
  completionRate: number | null;
  /** Passing + rushing yards: snaps' (each once) plus those of offensive snap-level events logged on their own. */
  yards: number;
  /** yards / timesRun, null when never run. */
  yardsPerPlay: number | null;
  /** Passing and rushing touchdowns: snaps' plus Pass TD + Rush TD logged on their own. */
  touchdowns: number;
  /** touchdowns / timesRun, null when never run. */
  touchdownRate: number | null;
  /** Interceptions thrown: snaps' plus Interception Thrown logged on its own. */
  turnovers: number;
  /** docs/product.md §9 points of every tagged event at its player's position, one decimal (summed in tenths). */
  points: number;
}

export function playFigures(totals: PlayTotals): PlayFigures {
  return {
    timesRun: totals.timesRun,
    completions: totals.completions,
    attempts: totals.attempts,
    completionRate: rate(totals.completions, totals.attempts),
    yards: totals.yards,
    yardsPerPlay: rate(totals.yards, totals.timesRun),
    touchdowns: totals.touchdowns,
    touchdownRate: rate(totals.touchdowns, totals.timesRun),
    turnovers: totals.turnovers,
    points: totals.pointsTenths / 10,
  };
}

/** The figures of a play of `side` from its grouped tagged events (and its grouped tagged snaps). */
export function figuresOfPlay(
  side: PlaySide,
  groups: Iterable<TaggedEventGroup>,
  snaps: Iterable<TaggedSnapGroup> = [],
): PlayFigures {
  const totals = emptyPlayTotals();
  for (const g of groups) addTaggedGroup(totals, side, g);
  for (const s of snaps) addTaggedSnaps(totals, side, s);
  return playFigures(totals);
}

/**
 * What one player is credited with on a play in the drill-down: their tagged events and points, and their part of
 * the play's snaps (and of the snap-level events they logged on their own) as a passer, receiver, runner or
 * defender. The play's yards are the players' passing + rushing yards; receiving yards are the same yards as the
 * passes caught, seen from the catch, and are never added to them.
 */
export interface PlayerCredit {
  /** Tagged events (logged on their own or written by a snap). */
  events: number;
  pointsTenths: number;
  /** Passes thrown. */
  attempts: number;
  /** Passes completed (a touchdown pass is one). */
  completions: number;
  passingYards: number;
  /** Passes caught (a touchdown catch is one). */
  catches: number;
  receivingYards: number;
  /** Runs (a rushing touchdown is one). */
  carries: number;
  rushingYards: number;
  /** Flag pulls, sacks, interceptions, passes defended and stops (a safety is a flag pull). */
  defensivePlays: number;
}

export function emptyPlayerCredit(): PlayerCredit {
  return {
    events: 0,
    pointsTenths: 0,
    attempts: 0,
    completions: 0,
    passingYards: 0,
    catches: 0,
    receivingYards: 0,
    carries: 0,
    rushingYards: 0,
    defensivePlays: 0,
  };
}

const CATCH_TYPES = new Set<string>(["Catch", "TD Catch"]);
const CARRY_TYPES = new Set<string>(["Rush Attempt", "Rush TD"]);

/**
 * Adds one group of a player's tagged events to their credit (in place) and returns it. Events a snap wrote add
 * their count and points only (addSnapCredit credits their snap). An event logged on its own is credited by its
 * type: a pass event to the passer (its yards as passing yards, the play's yards), a Catch or TD Catch to the
 * receiver (receiving yards), a rush event to the runner (rushing yards, the play's yards), a defensive snap-level
 * event to the defender.
 */
export function addPlayerCredit(credit: PlayerCredit, g: TaggedEventGroup): PlayerCredit {
  const n = wholeCount(g.count);
  if (n === 0) return credit;
  credit.events += n;
  credit.pointsTenths += n * eventPointsTenths(g.eventType, g.position);
  if (g.fromSnap) return credit;
  const yards = wholeYards(g.yards);
  if (attempts.has(g.eventType)) {
    credit.attempts += n;
    credit.passingYards += yards;
  }
  if (completions.has(g.eventType)) credit.completions += n;
  if (CATCH_TYPES.has(g.eventType)) {
    credit.catches += n;
    credit.receivingYards += yards;
  }
  if (CARRY_TYPES.has(g.eventType)) {
    credit.carries += n;
    credit.rushingYards += yards;
  }
  if (defenseSnaps.has(g.eventType)) credit.defensivePlays += n;
  return credit;
}

/** What `count` snaps with this detail credit each player they name (football-stats.ts creditsOfSnap). */
export function snapCredits(g: TaggedSnapGroup): Map<string, StatLine> {
  const out = new Map<string, StatLine>();
  const n = wholeCount(g.count);
  if (n === 0) return out;
  for (const { playerId, credit } of creditsOfSnap(g.detail)) {
    let line = out.get(playerId);
    if (!line) out.set(playerId, (line = emptyStatLine()));
    for (const [key, value] of Object.entries(credit) as [keyof StatLine, number][]) line[key] += n * value;
  }
  return out;
}

/** Adds a player's line from a play's snaps (snapCredits) to their credit (in place) and returns it. */
export function addSnapCredit(credit: PlayerCredit, line: StatLine): PlayerCredit {
  credit.attempts += line.passAttempts;
  credit.completions += line.completions;
  credit.passingYards += wholeYards(line.passYards);
  credit.catches += line.catches;
  credit.receivingYards += wholeYards(line.receivingYards);
  credit.carries += line.carries;
  credit.rushingYards += wholeYards(line.rushingYards);
  // A safety credits a flag pull with it: one play.
  credit.defensivePlays += line.flagPulls + line.sacks + line.interceptions + line.passesDefended + line.stops;
  return credit;
}
