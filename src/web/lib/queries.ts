/**
 * One query definition per GET endpoint of the API (queryOptions / infiniteQueryOptions), keyed from the one
 * registry (query-keys.ts). Screens use them as they are, or spread them to add view options (`select`, the
 * logger's offline network mode); writes live with the feature that makes them. GET /api/me (the session) is
 * read by session-context.tsx, which needs its own error handling.
 */
import { infiniteQueryOptions, keepPreviousData, queryOptions, type QueryKey } from "@tanstack/react-query";
import type { PushState } from "#domain/api/push";
import type { FollowLinkResponse } from "#domain/api/follow";
import type { AnnouncementsResponse } from "#domain/api/announcements";
import type { GameSheetResponse, GamesResponse, ScoreboardDto, StatLinesResponse } from "#domain/api/game";
import type { ParticipationResponse } from "#domain/api/participation";
import type { LeagueRules } from "#domain/league-rules";
import type { SessionDetailResponse } from "#domain/api/logger";
import type { MergeResponse, SessionImpactResponse } from "#domain/api/sessions";
import type { ClaimInfo, RosterListResponse } from "#domain/api/roster";
import type { Family, GuardianInviteInfo, PlayerFamily, WithdrawalPlan } from "#domain/api/family";
import type {
  FeedbackListResponse,
  PlayerDashboardResponse,
  ProfileResponse,
  TrainingLogQuery,
  TrainingLogsResponse,
} from "#domain/api/player";
import type { PlayAnalysisEventsResponse, PlaybookAnalysisResponse, PlaysResponse } from "#domain/api/plays";
import type {
  DashboardResponse,
  LeaderboardResponse,
  PlayerDetailResponse,
  PlayerEventsResponse,
  TeamPlayersResponse,
  TeamSessionsResponse,
  TeamStatsResponse,
} from "#domain/api/team";
import type { LeaderboardGroup, LeaderboardWindow } from "#domain/reads";
import type { AnalysisFilters } from "./analysis-filters";
import { apiFetch } from "./api";
import { CHILD_HEADER } from "#domain/acting";
import {
  answerLinkKey,
  claimKey,
  familyKey,
  familyTeamAnnouncementsKey,
  guardianInviteKey,
  withdrawalKey,
  meKeys,
  operatorKeys,
  playbookKeys,
  serverKeys,
  teamKeys,
  type ScheduleWhen,
  type SeasonParam,
  unsubscribeKey,
} from "./query-keys";
import type { SeasonsResponse } from "#domain/api/seasons";
import type { DeletionPlan } from "#domain/api/recovery";
import type { NoticesResponse } from "#domain/api/notices";
import type { TeamCoachesResponse } from "#domain/api/team-settings";
import type { ApiTokensResponse } from "#domain/api/api-tokens";
import type { CalendarFeed, ScheduleEventResponse, ScheduleResponse, ScheduleSettings } from "#domain/api/schedule";
import type {
  AnswerLink,
  MailPreferencesResponse,
  ReminderSettingsResponse,
  UnsubscribeState,
} from "#domain/api/reminders";
import type { OperatorMessagesResponse, OperatorTeamsResponse, OperatorUsageResponse } from "#domain/api/operator";

/** `path?tzOffset=…`: days counted in the viewer's zone (minutes east of UTC); `&season=…` for a picked season. */
const withTz = (path: string, tzOffset: number, season: SeasonParam = null) =>
  `${path}?${seasonParams(new URLSearchParams({ tzOffset: String(tzOffset) }), season)}`;

/** Adds the picked season (docs/product.md §11 (#s11-seasons)) to a read's parameters; null (the current season) adds nothing. */
function seasonParams(params: URLSearchParams, season: SeasonParam): URLSearchParams {
  if (season) params.set("season", season);
  return params;
}

/** `path` with the picked season, if any. */
const withSeason = (path: string, season: SeasonParam) => {
  const params = seasonParams(new URLSearchParams(), season);
  return params.size > 0 ? `${path}?${params}` : path;
};

const playerPath = (id: string) => `/api/team/players/${encodeURIComponent(id)}`;

/** Events per page of a player's history and of a play's drill-down. */
const EVENTS_PAGE_SIZE = 25;

/** A newest-first list read a page at a time: `limit` and, after the first page, the `cursor` the last page gave. */
function cursorPagesQuery<T extends { nextCursor: string | null }>(
  queryKey: QueryKey,
  path: string,
  params: () => URLSearchParams,
) {
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const search = params();
      search.set("limit", String(EVENTS_PAGE_SIZE));
      if (pageParam) search.set("cursor", pageParam);
      return apiFetch<T>(`${path}?${search}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

// ---- The signed-in player's own data -------------------------------------------------------------------------

/** GET /api/me/dashboard: days and the current week are counted in the viewer's zone. */
export function meDashboardQuery(tzOffset: number, season: SeasonParam = null) {
  return queryOptions({
    queryKey: meKeys.dashboard(tzOffset, season),
    queryFn: ({ signal }) =>
      apiFetch<PlayerDashboardResponse>(withTz("/api/me/dashboard", tzOffset, season), { signal }),
  });
}

/** GET /api/profile */
export function profileQuery() {
  return queryOptions({
    queryKey: meKeys.profile(),
    queryFn: ({ signal }) => apiFetch<ProfileResponse>("/api/profile", { signal }),
  });
}

/** GET /api/me/deletion: what deleting the signed-in account would take with it (any role). */
export function deletionPlanQuery() {
  return queryOptions({
    queryKey: meKeys.deletion(),
    queryFn: ({ signal }) => apiFetch<DeletionPlan>("/api/me/deletion", { signal }),
  });
}

/** GET /api/mail: whether this server sends mail (the forgot-password page says what to do without it). */
export function mailStatusQuery() {
  return queryOptions({
    queryKey: serverKeys.mail(),
    queryFn: ({ signal }) => apiFetch<{ mail: boolean }>("/api/mail", { signal }),
    staleTime: Infinity,
  });
}

/** GET /api/team/announcements: the coaches' messages to the team, pinned ones first (docs/product.md §14). */
export function announcementsQuery() {
  return queryOptions({
    queryKey: teamKeys.announcements(),
    queryFn: ({ signal }) => apiFetch<AnnouncementsResponse>("/api/team/announcements", { signal }),
  });
}

/** GET /api/me/notices: what happened to the signed-in person, newest first (docs/product.md §11 Notices). */
export function noticesQuery() {
  return queryOptions({
    queryKey: meKeys.notices(),
    queryFn: ({ signal }) => apiFetch<NoticesResponse>("/api/me/notices", { signal }),
  });
}

/** GET /api/me/feedback: everything the player's coaches wrote them, newest first. */
export function myFeedbackQuery() {
  return queryOptions({
    queryKey: meKeys.feedback(),
    queryFn: ({ signal }) => apiFetch<FeedbackListResponse>("/api/me/feedback", { signal }),
  });
}

/** GET /api/me/training-logs: latest date first, with Monday-week totals of the logs listed. */
export function trainingLogsQuery(filters: TrainingLogQuery) {
  const params = new URLSearchParams();
  if (filters.type) params.set("type", filters.type);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  const search = params.size > 0 ? `?${params}` : "";
  return queryOptions({
    queryKey: meKeys.trainingLogs(filters),
    queryFn: ({ signal }) => apiFetch<TrainingLogsResponse>(`/api/me/training-logs${search}`, { signal }),
    // A change of filter keeps the list on screen until the new one arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/me/stat-lines: the signed-in player's football lines, season and per game. */
export function myStatLinesQuery(season: SeasonParam = null) {
  return queryOptions({
    queryKey: meKeys.statLines(season),
    queryFn: ({ signal }) => apiFetch<StatLinesResponse>(withSeason("/api/me/stat-lines", season), { signal }),
  });
}

// ---- Game day (coaches and players of the team) --------------------------------------------------------------

/** GET /api/team/games: the season's games (newest first) with scores and results, and the record. */
export function gamesQuery(season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.games(season),
    queryFn: ({ signal }) => apiFetch<GamesResponse>(withSeason("/api/team/games", season), { signal }),
  });
}

/** GET /api/team/sessions/{id}/snaps: one game's (or practice's) scoreboard, rules and snaps in game order. */
export function gameSheetQuery(sessionId: string) {
  return queryOptions({
    queryKey: teamKeys.gameSheet(sessionId),
    queryFn: ({ signal }) =>
      apiFetch<GameSheetResponse>(`/api/team/sessions/${encodeURIComponent(sessionId)}/snaps`, { signal }),
  });
}

/** GET /api/team/sessions/{id}/follow-link: the game's follow link, or null when the coaches made none. */
export function followLinkQuery(sessionId: string) {
  return queryOptions({
    queryKey: teamKeys.followLink(sessionId),
    queryFn: ({ signal }) =>
      apiFetch<FollowLinkResponse>(`/api/team/sessions/${encodeURIComponent(sessionId)}/follow-link`, { signal }),
  });
}

/** GET /api/team/sessions/{id}/participation: a game's playing time, per player and period (coaches). */
export function participationQuery(sessionId: string) {
  return queryOptions({
    queryKey: teamKeys.participation(sessionId),
    queryFn: ({ signal }) =>
      apiFetch<ParticipationResponse>(`/api/team/sessions/${encodeURIComponent(sessionId)}/participation`, {
        signal,
      }),
  });
}

/** GET /api/team/scoreboard: the game being played today, or null. */
export function scoreboardQuery() {
  return queryOptions({
    queryKey: teamKeys.scoreboard(),
    queryFn: ({ signal }) => apiFetch<{ scoreboard: ScoreboardDto | null }>("/api/team/scoreboard", { signal }),
  });
}

/** GET /api/team/rules: the team's league rules. */
export function rulesQuery() {
  return queryOptions({
    queryKey: teamKeys.rules(),
    queryFn: ({ signal }) => apiFetch<{ rules: LeagueRules }>("/api/team/rules", { signal }),
  });
}

// ---- The team's schedule (coaches and players; docs/product.md §12) ------------------------------------------

/** GET /api/team/schedule: the team's events (upcoming soonest first, past latest first), with who is coming. */
export function scheduleQuery(when: ScheduleWhen, limit: number | null = null) {
  const params = new URLSearchParams({ when });
  if (limit !== null) params.set("limit", String(limit));
  return queryOptions({
    queryKey: teamKeys.schedule(when, limit),
    queryFn: ({ signal }) => apiFetch<ScheduleResponse>(`/api/team/schedule?${params}`, { signal }),
    // "Show more" of the past keeps the shorter list on screen until the longer one arrives.
    placeholderData: keepPreviousData,
  });
}

/** GET /api/team/schedule/{id}: one event; for a coach, every player's answer. */
export function scheduleEventQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.scheduleEvent(id),
    queryFn: ({ signal }) =>
      apiFetch<ScheduleEventResponse>(`/api/team/schedule/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/team/schedule-settings: the team's time zone and minimum players. */
export function scheduleSettingsQuery() {
  return queryOptions({
    queryKey: teamKeys.scheduleSettings(),
    queryFn: ({ signal }) => apiFetch<ScheduleSettings>("/api/team/schedule-settings", { signal }),
  });
}

/** GET /api/me/calendar: the signed-in person's calendar subscription (https and webcal links). */
export function calendarFeedQuery() {
  return queryOptions({
    queryKey: meKeys.calendar(),
    queryFn: ({ signal }) => apiFetch<CalendarFeed>("/api/me/calendar", { signal }),
  });
}

/** GET /api/team/reminder-settings: when the team's reminders and weekly digest go out. */
export function reminderSettingsQuery() {
  return queryOptions({
    queryKey: teamKeys.reminderSettings(),
    queryFn: ({ signal }) => apiFetch<ReminderSettingsResponse>("/api/team/reminder-settings", { signal }),
  });
}

/** GET /api/me/mail-preferences: which mails the signed-in person gets, and whether this server sends mail. */
export function mailPreferencesQuery() {
  return queryOptions({
    queryKey: meKeys.mailPreferences(),
    queryFn: ({ signal }) => apiFetch<MailPreferencesResponse>("/api/me/mail-preferences", { signal }),
  });
}

/** GET /api/me/push: the server's push key, the signed-in person's devices and which notifications they get. */
export function pushStateQuery() {
  return queryOptions({
    queryKey: meKeys.push(),
    queryFn: ({ signal }) => apiFetch<PushState>("/api/me/push", { signal }),
  });
}

/** GET /api/answer/{token}: a reminder's answer link: the event and the person's own answer (no sign-in). */
export function answerLinkQuery(token: string) {
  return queryOptions({
    queryKey: answerLinkKey(token),
    queryFn: ({ signal }) => apiFetch<AnswerLink>(`/api/answer/${encodeURIComponent(token)}`, { signal }),
  });
}

/** GET /api/unsubscribe/{token}: which mail the link stops and whether it is still on; it changes nothing. */
export function unsubscribeQuery(token: string) {
  return queryOptions({
    queryKey: unsubscribeKey(token),
    queryFn: ({ signal }) => apiFetch<UnsubscribeState>(`/api/unsubscribe/${encodeURIComponent(token)}`, { signal }),
  });
}

// ---- Team data (coaches) -------------------------------------------------------------------------------------

/** GET /api/team/players/{id}/stat-lines: a player's football lines, season and per game. */
export function playerStatLinesQuery(id: string, season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.playerStatLines(id, season),
    queryFn: ({ signal }) =>
      apiFetch<StatLinesResponse>(withSeason(`${playerPath(id)}/stat-lines`, season), { signal }),
  });
}

/** GET /api/team/players: every player of the coach's team with their docs/product.md §3 summary. */
export function teamPlayersQuery(season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.players(season),
    queryFn: ({ signal }) => apiFetch<TeamPlayersResponse>(withSeason("/api/team/players", season), { signal }),
  });
}

/** GET /api/team/players/{id}: summary, attendance, score history, training logs and feedback. */
export function playerDetailQuery(id: string, tzOffset: number, season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.player(id, tzOffset, season),
    queryFn: ({ signal }) => apiFetch<PlayerDetailResponse>(withTz(playerPath(id), tzOffset, season), { signal }),
  });
}

/** GET /api/team/players/{id}/events, newest first, a page at a time; `type` null means every type. */
export function playerEventsQuery(id: string, type: string | null, season: SeasonParam = null) {
  return cursorPagesQuery<PlayerEventsResponse>(
    teamKeys.playerEvents(id, type, season),
    `${playerPath(id)}/events`,
    () => {
      const params = seasonParams(new URLSearchParams(), season);
      if (type) params.set("type", type);
      return params;
    },
  );
}

/** GET /api/team/players/{id}/feedback: newest first, with whether the player has read each. */
export function playerFeedbackQuery(playerId: string) {
  return queryOptions({
    queryKey: teamKeys.playerFeedback(playerId),
    queryFn: ({ signal }) => apiFetch<FeedbackListResponse>(`${playerPath(playerId)}/feedback`, { signal }),
  });
}

/** GET /api/team/sessions: the team's practices and games, newest first. */
export function teamSessionsQuery() {
  return queryOptions({
    queryKey: teamKeys.sessions(),
    queryFn: ({ signal }) => apiFetch<TeamSessionsResponse>("/api/team/sessions", { signal }),
  });
}

/** GET /api/team/sessions?season=: one season's practices and games (null: the current season's), newest first. */
export function seasonSessionsQuery(season: SeasonParam, currentSeasonId: string | null) {
  const id = season ?? currentSeasonId;
  return queryOptions({
    queryKey: teamKeys.seasonSessions(id),
    queryFn: ({ signal }) => apiFetch<TeamSessionsResponse>(withSeason("/api/team/sessions", id), { signal }),
    enabled: id !== null,
  });
}

/** GET /api/team/seasons: the team's seasons, newest (the current one) first. */
export function seasonsQuery() {
  return queryOptions({
    queryKey: teamKeys.seasons(),
    queryFn: ({ signal }) => apiFetch<SeasonsResponse>("/api/team/seasons", { signal }),
  });
}

/** GET /api/team/sessions/{id}: one session with its events and attendance. */
export function sessionDetailQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.session(id),
    queryFn: ({ signal }) =>
      apiFetch<SessionDetailResponse>(`/api/team/sessions/${encodeURIComponent(id)}`, { signal }),
  });
}

/** GET /api/team/sessions/{id}/impact: what deleting the session removes and keeps. */
export function sessionImpactQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.sessionImpact(id),
    queryFn: ({ signal }) =>
      apiFetch<SessionImpactResponse>(`/api/team/sessions/${encodeURIComponent(id)}/impact`, { signal }),
  });
}

/** GET /api/team/sessions/{id}/merge?intoId=: what merging the session into another would move. */
export function mergePreviewQuery(id: string, intoId: string) {
  return queryOptions({
    queryKey: teamKeys.mergePreview(id, intoId),
    queryFn: ({ signal }) =>
      apiFetch<MergeResponse>(`/api/team/sessions/${encodeURIComponent(id)}/merge?${new URLSearchParams({ intoId })}`, {
        signal,
      }),
  });
}

/** GET /api/team/leaderboard for a window (and, for one session, its id) and a position group. */
export function leaderboardQuery(
  window: LeaderboardWindow,
  sessionId: string | null,
  group: LeaderboardGroup,
  season: SeasonParam = null,
) {
  return queryOptions({
    queryKey: teamKeys.leaderboard(window, sessionId, group, season),
    queryFn: ({ signal }) => {
      const params = seasonParams(new URLSearchParams({ window, group }), season);
      if (window === "session" && sessionId) params.set("sessionId", sessionId);
      return apiFetch<LeaderboardResponse>(`/api/team/leaderboard?${params}`, { signal });
    },
  });
}

/** GET /api/team/stats, days bucketed in the viewer's zone. */
export function teamStatsQuery(tzOffset: number, season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.stats(tzOffset, season),
    queryFn: ({ signal }) => apiFetch<TeamStatsResponse>(withTz("/api/team/stats", tzOffset, season), { signal }),
  });
}

/** GET /api/team/dashboard: head counts, this week's activity, the top five and the latest events. */
export function teamDashboardQuery(season: SeasonParam = null) {
  return queryOptions({
    queryKey: teamKeys.dashboard(season),
    queryFn: ({ signal }) => apiFetch<DashboardResponse>(withSeason("/api/team/dashboard", season), { signal }),
  });
}

/** GET /api/team/coaches: the head coach first, then the assistants (team settings). */
export function teamCoachesQuery() {
  return queryOptions({
    queryKey: teamKeys.coaches(),
    queryFn: ({ signal }) => apiFetch<TeamCoachesResponse>("/api/team/coaches", { signal }),
  });
}

/** GET /api/team/api-tokens: the team's API tokens, newest first, never their text (team settings, head coach). */
export function apiTokensQuery() {
  return queryOptions({
    queryKey: teamKeys.apiTokens(),
    queryFn: ({ signal }) => apiFetch<ApiTokensResponse>("/api/team/api-tokens", { signal }),
  });
}

// ---- The playbook --------------------------------------------------------------------------------------------

/** GET /api/team/plays: current plays, or every play with `includeArchived`. */
export function playsQuery(includeArchived: boolean) {
  return queryOptions({
    queryKey: playbookKeys.plays(includeArchived),
    queryFn: ({ signal }) =>
      apiFetch<PlaysResponse>(`/api/team/plays${includeArchived ? "?includeArchived=true" : ""}`, { signal }),
  });
}

/** The window both analysis endpoints read, as query parameters (an unset filter is left out). */
function windowParams(filters: AnalysisFilters, tzOffset: number, season: SeasonParam): URLSearchParams {
  const params = seasonParams(new URLSearchParams({ kind: filters.kind, tzOffset: String(tzOffset) }), season);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** GET /api/team/playbook-analysis: every play's figures over the window. */
export function analysisQuery(filters: AnalysisFilters, tzOffset: number, season: SeasonParam = null) {
  return queryOptions({
    queryKey: playbookKeys.analysis(filters, tzOffset, season),
    queryFn: ({ signal }) => {
      const params = windowParams(filters, tzOffset, season);
      if (filters.side !== "all") params.set("side", filters.side);
      return apiFetch<PlaybookAnalysisResponse>(`/api/team/playbook-analysis?${params}`, { signal });
    },
  });
}

/** GET /api/team/playbook-analysis/{playId}/events, a page at a time (newest first). */
export function playEventsQuery(
  playId: string,
  filters: AnalysisFilters,
  tzOffset: number,
  season: SeasonParam = null,
) {
  return cursorPagesQuery<PlayAnalysisEventsResponse>(
    playbookKeys.playEvents(playId, filters, tzOffset, season),
    `/api/team/playbook-analysis/${encodeURIComponent(playId)}/events`,
    () => windowParams(filters, tzOffset, season),
  );
}

// ---- The operator page ---------------------------------------------------------------------------------------

/** GET /api/operator/messages: the contact form's messages, newest first. */
export function operatorMessagesQuery() {
  return queryOptions({
    queryKey: operatorKeys.messages(),
    queryFn: ({ signal }) => apiFetch<OperatorMessagesResponse>("/api/operator/messages", { signal }),
  });
}

/** GET /api/operator/teams */
export function operatorTeamsQuery() {
  return queryOptions({
    queryKey: operatorKeys.teams(),
    queryFn: ({ signal }) => apiFetch<OperatorTeamsResponse>("/api/operator/teams", { signal }),
  });
}

/** GET /api/operator/usage */
export function operatorUsageQuery() {
  return queryOptions({
    queryKey: operatorKeys.usage(),
    queryFn: ({ signal }) => apiFetch<OperatorUsageResponse>("/api/operator/usage", { signal }),
  });
}

/** GET /api/team/roster: the coach's players with invite state, waiting sign-ups, requests and consent. */
export function teamRosterQuery() {
  return queryOptions({
    queryKey: teamKeys.roster(),
    queryFn: ({ signal }) => apiFetch<RosterListResponse>("/api/team/roster", { signal }),
  });
}

/** GET /api/claim/{token}: the roster row an invite link is for. */
export function claimInfoQuery(token: string) {
  return queryOptions({
    queryKey: claimKey(token),
    queryFn: ({ signal }) => apiFetch<ClaimInfo>(`/api/claim/${encodeURIComponent(token)}`, { signal }),
  });
}

/** GET /api/family: the children the signed-in account is a guardian of (docs/product.md §13). */
/**
 * GET /api/team/announcements of one of the guardian's children's teams, asked as that child (X-Flagline-Child): the
 * teams' news on /family without opening each child (docs/product.md §14).
 */
export function familyTeamAnnouncementsQuery(teamId: string, childId: string) {
  return queryOptions({
    queryKey: familyTeamAnnouncementsKey(teamId),
    queryFn: ({ signal }) =>
      apiFetch<AnnouncementsResponse>("/api/team/announcements", { signal, headers: { [CHILD_HEADER]: childId } }),
  });
}

export function familyQuery() {
  return queryOptions({
    queryKey: familyKey(),
    queryFn: ({ signal }) => apiFetch<Family>("/api/family", { signal }),
  });
}

/** GET /api/guardian-invites/{token}: a guardian link's team, child and consent text. */
export function guardianInviteQuery(token: string) {
  return queryOptions({
    queryKey: guardianInviteKey(token),
    queryFn: ({ signal }) =>
      apiFetch<GuardianInviteInfo>(`/api/guardian-invites/${encodeURIComponent(token)}`, { signal }),
  });
}

/** GET /api/team/players/{id}/family: the coach's view of a player's guardians and consent. */
export function playerFamilyQuery(id: string) {
  return queryOptions({
    queryKey: teamKeys.playerFamily(id),
    queryFn: ({ signal }) => apiFetch<PlayerFamily>(`/api/team/players/${encodeURIComponent(id)}/family`, { signal }),
  });
}

/** GET /api/family/children/{id}/withdrawal: exactly what withdrawing consent would delete. */
export function withdrawalPlanQuery(childId: string) {
  return queryOptions({
    queryKey: withdrawalKey(childId),
    queryFn: ({ signal }) =>
      apiFetch<WithdrawalPlan>(`/api/family/children/${encodeURIComponent(childId)}/withdrawal`, { signal }),
    staleTime: 0,
  });
}
