/** What the saturday scenario's main thread and its load workers (worker.ts) pass each other. */

export interface GameTeamSpec {
  teamId: string;
  /** The game session of today the scorer logs snaps into. */
  sessionId: string;
  scorerCookie: string;
  /** The team's viewers: assistant coaches (scoreboard and leaderboard) or players (scoreboard only). */
  viewers: Array<{ cookie: string; coach: boolean }>;
  playerIds: string[];
  /** The game's follow link token (docs/product.md §15) and how many follow pages hold its stream open. */
  followToken: string | null;
  followers: number;
}

export interface WorkerInput {
  /** Where requests go (a server or the balancer). */
  url: string;
  /** The Origin header of writes (the servers' PUBLIC_URL). */
  origin: string;
  teams: GameTeamSpec[];
  /** Each team's first write, after the start, in ms (spread over one period across all workers). */
  offsetsMs: number[];
  periodMs: number;
  durationMs: number;
  /** How long streams take to open (spread evenly), and how long the last writes may take to reach screens. */
  connectMs: number;
  drainMs: number;
  timeoutMs: number;
  /** Streams over HTTP/2 without TLS (h2c), many per connection, as a proxy in front of the server sends them. */
  h2: boolean;
}

export interface WorkerResult {
  /** Per acknowledged write: from sending it (first attempt) to its 2xx, ms. */
  writeMs: number[];
  /** Per acknowledged write and viewer: from the write's 2xx to that viewer's screen reflecting it (0 if before). */
  screenMs: number[];
  /** The same, for the follow pages only (they are in screenMs too). */
  followMs: number[];
  /** (write, viewer) pairs whose screen did not reflect the write by the end of the drain. */
  misses: number;
  writes: number;
  writeFailures: number;
  write429: number;
  writeTimeouts: number;
  reads: number;
  readFailures: number;
  read429: number;
  readTimeouts: number;
  /** Streams that ended while the run was on (then reopened after 3 s, as browsers do). */
  streamDrops: number;
  stream429: number;
  streamRefused: number;
  changes: number;
  payloadScoreboards: number;
  payloadLeaderboards: number;
  /** The worker's own event-loop delay while measuring, ms (a slow client shows here). */
  loopDelayP99: number;
  loopDelayMax: number;
  loopUtilization: number;
  firstFailure: string;
  /** Streams that did not open, by answer status (0: socket error). */
  streamStatuses: Record<number, number>;
}
