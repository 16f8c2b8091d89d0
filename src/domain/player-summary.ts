import { statsFromCounters, type EventTypeCounter } from "./event-types.js";
import { effectivePosition, positionGroup, type PositionFields, type PositionGroup } from "./positions.js";
import { attendancePercentage, performanceScore, teamRanking } from "./scoring.js";

/** A player's profile as the data layer holds it (the spec's users document). */
export interface PlayerProfile extends PositionFields {
  id: string;
  fullName?: string | null;
  name?: string | null;
  jerseyNumber?: number | string | null;
  photoUrl?: string | null;
}

/** What the data layer aggregates for a player: per-type counters, attendance and last activity. */
export interface PlayerAggregate {
  counters: readonly EventTypeCounter[];
  attendance: { attended: number; total: number };
  /** Time of the latest event (ISO-8601, UTC), or null when the player has none. */
  lastEventAt: string | null;
  /**
   * Interceptions the player returned for a touchdown (pick-sixes) in the same window as the counters. A pick-six
   * is one Interception event, so the counters cannot tell it; the data layer reads it from the snaps. Absent: 0.
   */
  returnTouchdowns?: number;
}

interface PlayerStatsSummary {
  totalEvents: number;
  passingYards: number;
  receivingYards: number;
  rushingYards: number;
  /** The spec's figure: passing + receiving + rushing touchdowns (a touchdown pass counts for passer and catcher). */
  touchdowns: number;
  /** Touchdown passes thrown (the passer's throws, not his scores). */
  touchdownPasses: number;
  /** Interceptions returned for a touchdown. */
  returnTouchdowns: number;
  /**
   * Touchdowns the player scored, each once: caught, run in or returned (docs/product.md §10 "Touchdowns and
   * safeties"). What the screens call a player's touchdowns and the leaders' Touchdowns board ranks.
   */
  touchdownsScored: number;
  flagPulls: number;
  interceptions: number;
}

/** docs/product.md §3 derived player summary. */
export interface PlayerSummary {
  id: string;
  name: string;
  position: string;
  positionGroup: PositionGroup;
  jerseyNumber: number | string;
  performanceScore: number;
  eventCount: number;
  attendancePercentage: number;
  /**
   * Flagline: the sessions the player has a mark for (present or absent). 0: no attendance taken for them yet,
   * which the screens show as "—" rather than 0% (docs/product.md §9).
   */
  attendanceMarked: number;
  teamRanking: number;
  lastActive: string | null;
  stats: PlayerStatsSummary;
  photoUrl: string | null;
}

export const UNKNOWN_PLAYER_NAME = "Unknown Player";
const NO_JERSEY = "N/A";
/** docs/product.md §8: the ranking a player whose processing failed falls back to. */
const BLANK_TEAM_RANKING = 10;

function displayName(profile: PlayerProfile): string {
  const name = profile.fullName?.trim() || profile.name?.trim();
  return name ? name : UNKNOWN_PLAYER_NAME;
}

function jersey(profile: PlayerProfile): number | string {
  const j = profile.jerseyNumber;
  if (j === null || j === undefined || j === "") return NO_JERSEY;
  return j;
}

function emptyStatsSummary(): PlayerStatsSummary {
  return {
    totalEvents: 0,
    passingYards: 0,
    receivingYards: 0,
    rushingYards: 0,
    touchdowns: 0,
    touchdownPasses: 0,
    returnTouchdowns: 0,
    touchdownsScored: 0,
    flagPulls: 0,
    interceptions: 0,
  };
}

/** Builds the docs/product.md §3 summary. Throws on malformed aggregates; callers wanting §8's fallback use safePlayerSummary. */
export function buildPlayerSummary(profile: PlayerProfile, aggregate: PlayerAggregate): PlayerSummary {
  const position = effectivePosition(profile);
  // A Map, not {}: an event type named like an Object.prototype member ("constructor", "__proto__") must count.
  const countsByType = new Map<string, number>();
  let eventCount = 0;
  for (const c of aggregate.counters) {
    if (!Number.isInteger(c.count) || c.count < 0 || !Number.isFinite(c.yards)) {
      throw new Error(`malformed counter for ${c.eventType}`);
    }
    countsByType.set(c.eventType, (countsByType.get(c.eventType) ?? 0) + c.count);
    eventCount += c.count;
  }
  const stats = statsFromCounters(aggregate.counters);
  const returnTouchdowns = aggregate.returnTouchdowns ?? 0;
  if (!Number.isInteger(returnTouchdowns) || returnTouchdowns < 0) throw new Error("malformed return touchdowns");
  // Object.fromEntries defines own properties, so "__proto__" stays an ordinary key.
  const score = performanceScore(Object.fromEntries(countsByType), position);
  return {
    id: profile.id,
    name: displayName(profile),
    position,
    positionGroup: positionGroup(position),
    jerseyNumber: jersey(profile),
    performanceScore: score,
    eventCount,
    attendancePercentage: attendancePercentage(aggregate.attendance.attended, aggregate.attendance.total),
    attendanceMarked: aggregate.attendance.total,
    teamRanking: teamRanking(score),
    lastActive: eventCount > 0 ? aggregate.lastEventAt : null,
    stats: {
      totalEvents: eventCount,
      passingYards: stats.passingYards,
      receivingYards: stats.receivingYards,
      rushingYards: stats.rushingYards,
      touchdowns: stats.passingTouchdowns + stats.receivingTouchdowns + stats.rushingTouchdowns,
      touchdownPasses: stats.passingTouchdowns,
      returnTouchdowns,
      touchdownsScored: stats.receivingTouchdowns + stats.rushingTouchdowns + returnTouchdowns,
      flagPulls: stats.flagPulls,
      interceptions: stats.interceptions,
    },
    photoUrl: profile.photoUrl ?? null,
  };
}

/** docs/product.md §8: position unknown, group other, score 0, zero events, zero attendance, ranking 10. */
export function blankPlayerSummary(profile: Pick<PlayerProfile, "id"> & Partial<PlayerProfile>): PlayerSummary {
  let name = UNKNOWN_PLAYER_NAME;
  let jerseyNumber: number | string = NO_JERSEY;
  try {
    name = displayName(profile as PlayerProfile);
    jerseyNumber = jersey(profile as PlayerProfile);
  } catch {
    // keep the defaults
  }
  return {
    id: profile.id,
    name,
    position: "unknown",
    positionGroup: "other",
    jerseyNumber,
    performanceScore: 0,
    eventCount: 0,
    attendancePercentage: 0,
    attendanceMarked: 0,
    teamRanking: BLANK_TEAM_RANKING,
    lastActive: null,
    stats: emptyStatsSummary(),
    photoUrl: null,
  };
}

/** Builds the summary, or the blank fallback if this one player's data cannot be processed (docs/product.md §8). */
export function safePlayerSummary(
  profile: PlayerProfile,
  aggregate: PlayerAggregate,
  onError?: (error: unknown) => void,
): PlayerSummary {
  try {
    return buildPlayerSummary(profile, aggregate);
  } catch (error) {
    onError?.(error);
    return blankPlayerSummary(profile);
  }
}
