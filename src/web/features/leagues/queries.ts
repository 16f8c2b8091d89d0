/**
 * The league screens' reads (docs/product.md §17), one query definition per GET endpoint as lib/queries.ts keeps
 * them, kept with the feature so the other screens' first load does not carry them. Keys are in lib/query-keys.ts.
 */
import { queryOptions } from "@tanstack/react-query";
import type { BracketResponse } from "#domain/api/league-playoffs";
import type { LeagueGameResultDetail, TeamLeagueGames } from "#domain/api/league-results";
import type { LeagueEligibility, TeamLeagueEligibility } from "#domain/api/league-rosters";
import type {
  LeagueAdminInviteInfo,
  LeagueCoachInviteInfo,
  LeagueDetail,
  LeagueGames,
  MyLeagues,
} from "#domain/api/leagues";
import { apiFetch } from "~/lib/api";
import {
  leagueAdminInviteKey,
  leagueCoachInviteKey,
  leagueKeys,
  leagueResultKeys,
  teamLeagueEligibilityKey,
} from "~/lib/query-keys";

/** GET /api/leagues: the leagues the caller runs, and those their team plays in (docs/product.md §17). */
export function myLeaguesQuery() {
  return queryOptions({
    queryKey: leagueKeys.mine(),
    queryFn: ({ signal }) => apiFetch<MyLeagues>("/api/leagues", { signal }),
  });
}

/** GET /api/leagues/{id}: a league as its admins see it. */
export function leagueQuery(id: string) {
  return queryOptions({
    queryKey: leagueKeys.detail(id),
    queryFn: ({ signal }) =>
      apiFetch<{ league: LeagueDetail }>(`/api/leagues/${encodeURIComponent(id)}`, { signal }).then((r) => r.league),
  });
}

/** GET /api/leagues/{id}/games: the league's schedule, drafts included, with its conflicts. */
export function leagueGamesQuery(id: string) {
  return queryOptions({
    queryKey: leagueKeys.games(id),
    queryFn: ({ signal }) => apiFetch<LeagueGames>(`/api/leagues/${encodeURIComponent(id)}/games`, { signal }),
  });
}

/** GET /api/leagues/{id}/eligibility: every division's teams with their players' eligibility problems (admins). */
export function leagueEligibilityQuery(id: string) {
  return queryOptions({
    queryKey: leagueKeys.eligibility(id),
    queryFn: ({ signal }) =>
      apiFetch<LeagueEligibility>(`/api/leagues/${encodeURIComponent(id)}/eligibility`, { signal }),
  });
}

/** GET /api/team/league-eligibility: the coach's own players' eligibility problems in the team's leagues. */
export function teamLeagueEligibilityQuery() {
  return queryOptions({
    queryKey: teamLeagueEligibilityKey(),
    queryFn: ({ signal }) => apiFetch<TeamLeagueEligibility>("/api/team/league-eligibility", { signal }),
  });
}

/** GET /api/leagues/{id}/divisions/{divisionId}/bracket: a division's playoff bracket as it stands (admins). */
export function leagueBracketQuery(id: string, divisionId: string) {
  return queryOptions({
    queryKey: leagueKeys.bracket(id, divisionId),
    queryFn: ({ signal }) =>
      apiFetch<BracketResponse>(
        `/api/leagues/${encodeURIComponent(id)}/divisions/${encodeURIComponent(divisionId)}/bracket`,
        { signal },
      ),
  });
}

/** GET /api/team/league-games: the coach's team's league games with their results and what the coaches may do. */
export function teamLeagueGamesQuery() {
  return queryOptions({
    queryKey: leagueResultKeys.team(),
    queryFn: ({ signal }) => apiFetch<TeamLeagueGames>("/api/team/league-games", { signal }),
  });
}

/** GET /api/league-games/{id}/result: a league game's result, both scorebooks side by side, and its audit log. */
export function leagueGameResultQuery(id: string) {
  return queryOptions({
    queryKey: leagueResultKeys.game(id),
    queryFn: ({ signal }) =>
      apiFetch<LeagueGameResultDetail>(`/api/league-games/${encodeURIComponent(id)}/result`, { signal }),
  });
}

/** GET /api/league-admin-invites/{token}: the league a co-admin link is for, and who made it. */
export function leagueAdminInviteQuery(token: string) {
  return queryOptions({
    queryKey: leagueAdminInviteKey(token),
    queryFn: ({ signal }) =>
      apiFetch<LeagueAdminInviteInfo>(`/api/league-admin-invites/${encodeURIComponent(token)}`, { signal }),
  });
}

/** GET /api/league-coach-invites/{token}: the league team a coach link is for, before taking it. */
export function leagueCoachInviteQuery(token: string) {
  return queryOptions({
    queryKey: leagueCoachInviteKey(token),
    queryFn: ({ signal }) =>
      apiFetch<LeagueCoachInviteInfo>(`/api/league-coach-invites/${encodeURIComponent(token)}`, { signal }),
  });
}
