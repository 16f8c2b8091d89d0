import type { TrainingLogQuery } from "#domain/api/player";
import type { LeaderboardGroup, LeaderboardWindow } from "#domain/reads";
import type { AnalysisFilters } from "./analysis-filters";

/**
 * Every TanStack Query key of the web app, in one place.
 *
 * - Team data (GET /api/team/*, coaches) lives under ["team", ...]; the signed-in player's own data
 *   (GET /api/me/*, /api/profile) under ["me", ...]. A write invalidates its root (or less); live updates
 *   (features/live) refresh only the families a change kind affects (live-changes.ts).
 * - The session itself (["session", "me"]) is under neither: a live change never re-runs the session check.
 * - The cached value is always the API's answer as sent; views transform it with `select`, so two screens
 *   sharing a key never disagree about what is stored under it.
 */
export const SESSION_QUERY_KEY = ["session", "me"] as const;

export const TEAM_ROOT_KEY = ["team"] as const;

/**
 * The team families whose answers the service worker keeps for offline use (vite.config.ts's runtime cache: the
 * roster, the plays, the rules, the sessions, one session, a game's snaps). Read again when a new user's cache key
 * is made (session-context.tsx), so the logger works offline after a sign-in whose first reads raced the key.
 */
const OFFLINE_TEAM_FAMILIES: readonly unknown[] = ["players", "playbook", "rules", "sessions", "session", "game-sheet"];

export function isOfflineCached(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === TEAM_ROOT_KEY[0] && OFFLINE_TEAM_FAMILIES.includes(queryKey[1]);
}

/**
 * The season a stat read covers (docs/product.md §11 (#s11-seasons)): a season id from the season picker, or null for the current
 * season (the API's default). Every stat key carries it, so two seasons never share a cache entry.
 */
export type SeasonParam = string | null;

export const teamKeys = {
  all: TEAM_ROOT_KEY,
  /** GET /api/team/players: the roster, the search dialog, the logger's grid and the detail page's first paint. */
  players: (season: SeasonParam = null) => ["team", "players", { season }] as const,
  /** Everything about one player: the detail, their event history and the feedback they were given. */
  playerAll: (id: string) => ["team", "player", id] as const,
  /** GET /api/team/players/{id} */
  player: (id: string, tzOffset: number, season: SeasonParam = null) =>
    ["team", "player", id, { tzOffset, season }] as const,
  /** GET /api/team/players/{id}/events, one entry per type filter. */
  playerEvents: (id: string, type: string | null, season: SeasonParam = null) =>
    ["team", "player", id, "events", { type, season }] as const,
  /** GET /api/team/players/{id}/feedback */
  playerFeedback: (id: string) => ["team", "player", id, "feedback"] as const,
  /** GET /api/team/players/{id}/family: the player's birth date, guardians and consent (docs/product.md §13). */
  playerFamily: (id: string) => ["team", "player", id, "family"] as const,
  /** GET /api/team/sessions */
  sessions: () => ["team", "sessions"] as const,
  /** GET /api/team/announcements: the coaches' messages to the team (docs/product.md §14), on both dashboards. */
  announcements: () => ["team", "announcements"] as const,
  /** GET /api/team/sessions?season=: one season's sessions (the leaderboard's game picker). */
  seasonSessions: (season: SeasonParam) => ["team", "sessions", { season }] as const,
  /** GET /api/team/seasons: the season picker and the seasons screen. */
  seasons: () => ["team", "seasons"] as const,
  /** GET /api/team/sessions/{id}: one session's events and attendance (the logger). */
  session: (id: string) => ["team", "session", id] as const,
  /** GET /api/team/sessions/{id}/impact: what deleting it removes (the sessions screen). */
  sessionImpact: (id: string) => ["team", "session", id, "impact"] as const,
  /** GET /api/team/sessions/{id}/merge?intoId=: a merge's preview (the sessions screen). */
  mergePreview: (id: string, intoId: string) => ["team", "session", id, "merge", intoId] as const,
  /** GET /api/team/leaderboard */
  leaderboard: (
    window: LeaderboardWindow,
    sessionId: string | null,
    group: LeaderboardGroup,
    season: SeasonParam = null,
  ) => ["team", "leaderboard", { window, sessionId, group, season }] as const,
  /** GET /api/team/stats */
  stats: (tzOffset: number, season: SeasonParam = null) => ["team", "stats", { tzOffset, season }] as const,
  /** GET /api/team/dashboard */
  dashboard: (season: SeasonParam = null) => ["team", "dashboard", { season }] as const,
  /** GET /api/team/players/{id}/stat-lines: football lines, season and per game (refreshed with the player). */
  playerStatLines: (id: string, season: SeasonParam = null) =>
    ["team", "player", id, "stat-lines", { season }] as const,
  /** GET /api/team/games: the season's games and record (coaches and players). */
  games: (season: SeasonParam = null) => ["team", "games", { season }] as const,
  /** GET /api/team/sessions/{id}/snaps: a game's scoreboard and snaps (the logger, the box score). */
  gameSheet: (sessionId: string) => ["team", "game-sheet", sessionId] as const,
  /** GET /api/team/sessions/{id}/follow-link: a game's follow link, to share (the box score). */
  followLink: (sessionId: string) => ["team", "follow-link", sessionId] as const,
  /** GET /api/team/sessions/{id}/participation: a game's playing time (coaches). */
  participation: (sessionId: string) => ["team", "participation", sessionId] as const,
  /** GET /api/team/scoreboard: the game being played today, for the dashboards. */
  scoreboard: () => ["team", "scoreboard"] as const,
  /** GET /api/team/rules: the league rules. */
  rules: () => ["team", "rules"] as const,
  /** GET /api/team/coaches: the head coach and the assistants (team settings). */
  coaches: () => ["team", "coaches"] as const,
  /** GET /api/team/api-tokens: the team's personal API tokens (team settings, head coach). */
  apiTokens: () => ["team", "api-tokens"] as const,
  /** GET /api/team/roster: the coach's roster management (invites, waiting sign-ups, requests). */
  roster: () => ["team", "roster"] as const,
  /** Every read of the schedule (docs/product.md §12): the lists and each event's page. */
  scheduleAll: () => ["team", "schedule"] as const,
  /**
   * GET /api/team/schedule?when=&limit=: the schedule screen's lists, the dashboards' next event (upcoming, 1) and
   * the logger's offer of today's event. null: no limit sent (the server's default).
   */
  schedule: (when: ScheduleWhen, limit: number | null = null) => ["team", "schedule", { when, limit }] as const,
  /** GET /api/team/schedule/{id}: one event, and for a coach every player's answer. */
  scheduleEvent: (id: string) => ["team", "schedule", "event", id] as const,
  /** GET /api/team/schedule-settings: the team's time zone and minimum players. */
  scheduleSettings: () => ["team", "schedule-settings"] as const,
  /** GET /api/team/reminder-settings: when the team's reminders and weekly digest go out (the schedule screen). */
  reminderSettings: () => ["team", "reminder-settings"] as const,
};

/** Which events GET /api/team/schedule answers: not yet ended (soonest first), ended (latest first), or all. */
export type ScheduleWhen = "upcoming" | "past" | "all";

/** The playbook's reads, all under ["team", "playbook", ...]. */
export const playbookKeys = {
  all: ["team", "playbook"] as const,
  /** GET /api/team/plays: the playbook's list and the logger's play picker. */
  plays: (includeArchived: boolean) => ["team", "playbook", "plays", { includeArchived }] as const,
  /** GET /api/team/playbook-analysis */
  analysis: (filters: AnalysisFilters, tzOffset: number, season: SeasonParam = null) =>
    ["team", "playbook", "analysis", { ...filters, tzOffset, season }] as const,
  /** GET /api/team/playbook-analysis/{playId}/events */
  playEvents: (playId: string, filters: AnalysisFilters, tzOffset: number, season: SeasonParam = null) =>
    [
      "team",
      "playbook",
      "play-events",
      playId,
      { kind: filters.kind, from: filters.from, to: filters.to, tzOffset, season },
    ] as const,
};

export const ME_ROOT_KEY = ["me"] as const;

export const meKeys = {
  all: ME_ROOT_KEY,
  /** GET /api/me/dashboard */
  dashboard: (tzOffset: number, season: SeasonParam = null) => ["me", "dashboard", { tzOffset, season }] as const,
  /** Every GET /api/me/dashboard entry, whatever its zone. */
  dashboardAll: () => ["me", "dashboard"] as const,
  /** GET /api/profile */
  profile: () => ["me", "profile"] as const,
  /** GET /api/me/deletion: what deleting the account takes with it (coaches and players). */
  deletion: () => ["me", "deletion"] as const,
  /** GET /api/me/stat-lines: the player's football lines, season and per game. */
  statLines: (season: SeasonParam = null) => ["me", "stat-lines", { season }] as const,
  /** GET /api/me/feedback */
  feedback: () => ["me", "feedback"] as const,
  /** GET /api/me/notices: the newest notices and the unread count (the dashboards, the no-team page). */
  notices: () => ["me", "notices"] as const,
  /** GET /api/me/calendar: the signed-in person's calendar subscription links (the schedule screen). */
  calendar: () => ["me", "calendar"] as const,
  /** GET /api/me/mail-preferences: which mails the signed-in person gets (the account sections). */
  mailPreferences: () => ["me", "mail-preferences"] as const,
  /** GET /api/me/push: the server's push key, the signed-in person's devices and notification choices. */
  push: () => ["me", "push"] as const,
  /** GET /api/me/training-logs, one entry per filter. */
  trainingLogs: (filters: TrainingLogQuery) =>
    [
      "me",
      "training-logs",
      { type: filters.type ?? null, from: filters.from ?? null, to: filters.to ?? null },
    ] as const,
};

/**
 * The operator page's reads (OPERATOR_EMAILS accounts only), under their own root: no team's live change and no
 * team write touches them.
 */
export const operatorKeys = {
  all: ["operator"] as const,
  /** GET /api/operator/messages */
  messages: () => ["operator", "messages"] as const,
  /** GET /api/operator/teams */
  teams: () => ["operator", "teams"] as const,
  /** GET /api/operator/usage */
  usage: () => ["operator", "usage"] as const,
};

/** What the server says about itself to anyone, signed in or not: no write and no live change touches it. */
export const serverKeys = {
  /** GET /api/mail: whether this server sends mail. */
  mail: () => ["server", "mail"] as const,
};

/**
 * GET /api/family: the children the signed-in account acts for (docs/product.md §13). Its own root: a guardian is
 * on no team, so no team change reaches it; the family page and its writes refresh it.
 */
export const familyKey = () => ["family"] as const;
/** GET /api/team/announcements for one team of the guardian's children, on /family (asked as one child of it). */
export const familyTeamAnnouncementsKey = (teamId: string) => ["family", "announcements", teamId] as const;

/** GET /api/family/children/{id}/withdrawal: what withdrawing consent for a child would delete. */
export const withdrawalKey = (childId: string) => ["family", "withdrawal", childId] as const;

/** GET /api/guardian-invites/{token}: who a guardian link is for, and the consent text (public). */
export const guardianInviteKey = (token: string) => ["guardian-invite", token] as const;

/** GET /api/claim/{token}: who an invite link is for (public; under its own root, no team or account yet). */
export const claimKey = (token: string) => ["claim", token] as const;

/**
 * GET /api/answer/{token}: the event a reminder's answer link is about and the person's own answer (public; under
 * its own root: whoever opens it may be signed out, or signed in as someone else).
 */
export const answerLinkKey = (token: string) => ["answer-link", token] as const;

/** GET /api/unsubscribe/{token}: which mail an unsubscribe link stops and whether it is still on (public). */
export const unsubscribeKey = (token: string) => ["unsubscribe", token] as const;

/**
 * Leagues (docs/product.md §17): their own root, as a league is no team's. GET /api/leagues (the caller's), GET
 * /api/leagues/{id} (an admin's view), GET /api/leagues/{id}/games, GET /api/leagues/{id}/eligibility; the league
 * pages' writes refresh them.
 */
export const leagueKeys = {
  mine: () => ["leagues", "mine"] as const,
  detail: (id: string) => ["leagues", id] as const,
  games: (id: string) => ["leagues", id, "games"] as const,
  eligibility: (id: string) => ["leagues", id, "eligibility"] as const,
  /** GET /api/leagues/{id}/divisions/{divisionId}/bracket: a division's playoff bracket. */
  bracket: (id: string, divisionId: string) => ["leagues", id, "bracket", divisionId] as const,
};
/** GET /api/team/league-eligibility: the coach's own team's eligibility problems in its leagues. */
export const teamLeagueEligibilityKey = () => ["leagues", "team-eligibility"] as const;
/** GET /api/team/league-games and GET /api/league-games/{id}/result: league results (docs/product.md §17). */
export const leagueResultKeys = {
  team: () => ["leagues", "team-games"] as const,
  game: (id: string) => ["leagues", "game-result", id] as const,
};
/** GET /api/league-admin-invites/{token}: which league a co-admin link is for. */
export const leagueAdminInviteKey = (token: string) => ["league-admin-invite", token] as const;
/** GET /api/league-coach-invites/{token}: the place a league team's coach link is for. */
export const leagueCoachInviteKey = (token: string) => ["league-coach-invite", token] as const;
