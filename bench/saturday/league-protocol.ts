/** What the league Saturday's main thread (league.ts) and its load workers (league-worker.ts) pass each other. */

/** How a game's result comes about once it ends (docs/product.md §17). */
export type EndPlan =
  /** Both coaches end the game on the same final: the scorebooks confirm it. */
  | "agree"
  /** The home coach ends it; the away coach, who did not, confirms that score. */
  | "confirm"
  /** Both end it on different finals (a dispute); the away coach accepts the home team's. */
  | "accept";

export interface LeagueTeamSpec {
  teamId: string;
  scorerCookie: string;
  /** Assistant coaches' cookies: each holds GET /api/team/stream open (passive: messages are counted). */
  viewerCookies: string[];
  playerIds: string[];
  /** When in each period the team writes, ms (the teams' phases spread evenly over the period). */
  phaseMs: number;
}

export interface LeagueGameSpec {
  gameId: string;
  /** Indexes into the group's four teams. */
  home: number;
  away: number;
  /** Each side's schedule event (publishing made it): the game is started from it. */
  homeEventId: string;
  awayEventId: string;
  /** [home, away]: the game sessions of a game under way when the window opens (round 0); else null, started then. */
  sessions: [string | null, string | null];
  plan: EndPlan;
  /** The final, [home, away]. */
  score: [number, number];
}

/**
 * Four teams of a division that play each other today, one game after another: round r's games run from
 * offsetMs + (r - 1) × gameMs to offsetMs + r × gameMs after the window's start (round 0 is under way at the start).
 */
export interface GroupSpec {
  teams: LeagueTeamSpec[];
  /** Per round, the group's two games. */
  rounds: LeagueGameSpec[][];
  offsetMs: number;
}

export interface LeagueWorkerInput {
  url: string;
  origin: string;
  /** Today, the day the games are on (the server's). */
  date: string;
  groups: GroupSpec[];
  periodMs: number;
  gameMs: number;
  durationMs: number;
  /** How long the streams take to open (spread evenly). */
  connectMs: number;
  timeoutMs: number;
}

export type WriteKind = "snap" | "start" | "final" | "decision";

export interface LeagueWorkerResult {
  /** Per acknowledged write, from sending it (first attempt) to its 2xx, ms, by kind. */
  writeMs: Record<WriteKind, number[]>;
  /** GET /api/team/league-games after a game ended (what a coach's screen reads), ms. */
  resultReadMs: number[];
  writeFailures: number;
  readFailures: number;
  /** Games that ended in the window, and those whose result the coaches then read as confirmed. */
  gamesEnded: number;
  resultsConfirmed: number;
  /** Games whose coach read a result other than the plan's (e.g. confirm not offered). */
  resultsWrong: number;
  streamsOpen: number;
  streamDrops: number;
  changes: number;
  firstFailure: string;
  loopDelayP99: number;
  /** Streams that ended while the run was on, by the answer's status (200: dropped after opening; 0: no answer). */
  streamStatuses: Record<number, number>;
}
