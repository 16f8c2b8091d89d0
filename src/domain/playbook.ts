/**
 * Playbook analysis: what a play produced, from the events tagged with it. Pure rules, shared by the server
 * (which folds grouped counts through them) and by any check that recounts by hand.
 *
 * The unit is the *snap*: one run of a play is one snap-level event tagged with it. The logger records one
 * snap-level event per snap from the point of view of the play's side; the other events of the same snap
 * (a receiver's Catch, TD Catch or Drop beside the quarterback's pass event) describe the same snap and are
 * not counted again. Every tagged event, snap-level or not, still adds its performance points.
 */
import { eventPointsTenths } from "./scoring.js";

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

/** Tagged events of one type by one player (at that player's effective position), as a grouped query gives them. */
export interface TaggedEventGroup {
  eventType: string;
  /** The player's effective position (docs/product.md §3), which decides the events' weight (docs/product.md §9). */
  position: string | null | undefined;
  count: number;
  /** Sum of the events' yards (an event without yards adds 0). */
  yards: number;
}

/** Running totals of a play; every field an integer. */
export interface PlayTotals {
  timesRun: number;
  attempts: number;
  completions: number;
  yards: number;
  touchdowns: number;
  turnovers: number;
  /** Every tagged event, snap-level or not. */
  events: number;
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
 * Adds one group of a play of `side` to `totals` (in place) and returns it. A count that is not a positive
 * number adds nothing; a group with no events adds no yards either.
 */
export function addTaggedGroup(totals: PlayTotals, side: PlaySide, g: TaggedEventGroup): PlayTotals {
  const n = wholeCount(g.count);
  if (n === 0) return totals;
  totals.events += n;
  totals.pointsTenths += n * eventPointsTenths(g.eventType, g.position);
  if (isSnapLevel(g.eventType, side)) totals.timesRun += n;
  if (attempts.has(g.eventType)) totals.attempts += n;
  if (completions.has(g.eventType)) totals.completions += n;
  if (touchdowns.has(g.eventType)) totals.touchdowns += n;
  if (turnovers.has(g.eventType)) totals.turnovers += n;
  if (yardTypes.has(g.eventType)) totals.yards += wholeYards(g.yards);
  return totals;
}

/** A share, or null when there is nothing to divide by. */
function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

/** What the playbook analysis shows for one play. */
export interface PlayFigures {
  /** Snap-level events of the play's side tagged with the play. */
  timesRun: number;
  /** Pass Completion + Pass TD. */
  completions: number;
  /** Pass Completion + Pass Incompletion + Pass TD + Interception Thrown. */
  attempts: number;
  /** completions / attempts (0..1), null without attempts. */
  completionRate: number | null;
  /** Yards of the offensive snap-level events (passing and rushing). */
  yards: number;
  /** yards / timesRun, null when never run. */
  yardsPerPlay: number | null;
  /** Pass TD + Rush TD. */
  touchdowns: number;
  /** touchdowns / timesRun, null when never run. */
  touchdownRate: number | null;
  /** Interception Thrown. */
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

/** The figures of a play of `side` from its grouped tagged events. */
export function figuresOfPlay(side: PlaySide, groups: Iterable<TaggedEventGroup>): PlayFigures {
  const totals = emptyPlayTotals();
  for (const g of groups) addTaggedGroup(totals, side, g);
  return playFigures(totals);
}

/**
 * What one player's events on a play add up to in the drill-down. `yards` are the yards the play is credited
 * with through this player (passing yards to the passer, rushing yards to the runner), so the players' yards
 * add up to the play's yards, as their events and points add up to the play's events and points.
 */
export interface PlayerCredit {
  events: number;
  yards: number;
  pointsTenths: number;
}

export function addPlayerCredit(credit: PlayerCredit, g: TaggedEventGroup): PlayerCredit {
  const n = wholeCount(g.count);
  if (n === 0) return credit;
  credit.events += n;
  credit.pointsTenths += n * eventPointsTenths(g.eventType, g.position);
  if (yardTypes.has(g.eventType)) credit.yards += wholeYards(g.yards);
  return credit;
}
