/** What the counters (db/events.ts) and the tallies' upkeep (tallies/upkeep.ts) need to know of an event. */
export interface CountedEvent {
  playerId: string;
  seasonId: string;
  sessionId: string | null;
  /** Logged on its own (snap_id null). */
  loose: boolean;
  /** The play it is tagged with. */
  playId: string | null;
  eventType: string;
  yards: number | null;
  occurredAt: string;
}
