/**
 * Event types are keyed by their spec labels (docs/product.md §9). The nine weighted types come first, in the order a
 * sideline logger shows them; the others are logged under "More" and score the default weight.
 */
export const WEIGHTED_EVENT_TYPES = [
  "Pass Completion",
  "Catch",
  "Flag Pull",
  "Pass TD",
  "TD Catch",
  "Rush TD",
  "Interception",
  "Sack",
  "Defensive Stop",
] as const;

export const OTHER_EVENT_TYPES = [
  "Pass Incompletion",
  "Rush Attempt",
  "Drop",
  "Interception Thrown",
  "Penalty",
  "Extra Point",
] as const;

export const EVENT_TYPES = [...WEIGHTED_EVENT_TYPES, ...OTHER_EVENT_TYPES] as const;

export type EventType = (typeof EVENT_TYPES)[number];

const known = new Set<string>(EVENT_TYPES);

export function isEventType(value: unknown): value is EventType {
  return typeof value === "string" && known.has(value);
}

/** Types for which the logger offers optional yards. */
const YARDAGE_EVENT_TYPES: ReadonlySet<EventType> = new Set<EventType>([
  "Pass Completion",
  "Catch",
  "Rush Attempt",
  "Pass TD",
  "TD Catch",
  "Rush TD",
]);

export function takesYards(eventType: string): boolean {
  return YARDAGE_EVENT_TYPES.has(eventType as EventType);
}

/** Which stats counter (docs/product.md §3 playerStats.stats) an event type feeds, and whether its yards count there. */
const STAT_OF_EVENT: Partial<Record<EventType, { counter?: StatCounter; yards?: YardCounter }>> = {
  "Pass Completion": { yards: "passingYards" },
  "Pass TD": { counter: "passingTouchdowns", yards: "passingYards" },
  Catch: { yards: "receivingYards" },
  "TD Catch": { counter: "receivingTouchdowns", yards: "receivingYards" },
  "Rush Attempt": { yards: "rushingYards" },
  "Rush TD": { counter: "rushingTouchdowns", yards: "rushingYards" },
  "Flag Pull": { counter: "flagPulls" },
  Interception: { counter: "interceptions" },
};

type YardCounter = "passingYards" | "receivingYards" | "rushingYards";
type StatCounter = "passingTouchdowns" | "receivingTouchdowns" | "rushingTouchdowns" | "flagPulls" | "interceptions";

export type PlayerStatsCounters = Record<YardCounter | StatCounter, number>;

export function emptyStatsCounters(): PlayerStatsCounters {
  return {
    passingYards: 0,
    receivingYards: 0,
    rushingYards: 0,
    passingTouchdowns: 0,
    receivingTouchdowns: 0,
    rushingTouchdowns: 0,
    flagPulls: 0,
    interceptions: 0,
  };
}

/** One row of the per-(player, event type) counters the data layer keeps. */
export interface EventTypeCounter {
  eventType: string;
  count: number;
  yards: number;
}

/** docs/product.md §3 stats counters, derived from per-type counts and yard sums. */
export function statsFromCounters(counters: readonly EventTypeCounter[]): PlayerStatsCounters {
  const stats = emptyStatsCounters();
  for (const c of counters) {
    const target = STAT_OF_EVENT[c.eventType as EventType];
    if (!target) continue;
    if (target.counter) stats[target.counter] += c.count;
    if (target.yards) stats[target.yards] += c.yards;
  }
  return stats;
}
