/** The league feature's writes (docs/product.md §17); its reads are in lib/queries.ts. */
import type {
  AddLeagueTeamInput,
  CreateLeagueInput,
  DivisionInput,
  FieldInput,
  LeagueCalendarInput,
  LeagueDetail,
  MyLeagues,
  UpdateLeagueInput,
  UpdateLeagueTeamInput,
} from "#domain/api/leagues";
import type {
  AdminResultInput,
  CoachResultAction,
  LeagueGameResultDetail,
  TeamLeagueGames,
} from "#domain/api/league-results";
import type { LeagueEligibility, RosterApprovalInput } from "#domain/api/league-rosters";
import type { BracketResponse, CreateBracketInput } from "#domain/api/league-playoffs";
import type { ScheduleEditsInput, ScheduleEditsResult } from "#domain/api/league-edits";
import { apiFetch } from "~/lib/api";

const league = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;
type Answer = { league: LeagueDetail };
const detail = (answer: Promise<Answer>) => answer.then((a) => a.league);

export const createLeague = (input: CreateLeagueInput) =>
  detail(apiFetch<Answer>("/api/leagues", { method: "POST", json: input }));

export const updateLeague = (id: string, input: UpdateLeagueInput) =>
  detail(apiFetch<Answer>(league(id), { method: "PATCH", json: input }));

export const addDivision = (id: string, input: DivisionInput) =>
  detail(apiFetch<Answer>(`${league(id)}/divisions`, { method: "POST", json: input }));

export const deleteDivision = (divisionId: string) =>
  detail(apiFetch<Answer>(`/api/league-divisions/${encodeURIComponent(divisionId)}`, { method: "DELETE" }));

export const addTeam = (id: string, input: AddLeagueTeamInput) =>
  detail(apiFetch<Answer>(`${league(id)}/teams`, { method: "POST", json: input }));

export const updateTeam = (teamId: string, input: UpdateLeagueTeamInput) =>
  detail(apiFetch<Answer>(`/api/league-teams/${encodeURIComponent(teamId)}`, { method: "PATCH", json: input }));

export const removeTeam = (teamId: string) =>
  detail(apiFetch<Answer>(`/api/league-teams/${encodeURIComponent(teamId)}`, { method: "DELETE" }));

export const addField = (id: string, input: FieldInput) =>
  detail(apiFetch<Answer>(`${league(id)}/fields`, { method: "POST", json: input }));

export const deleteField = (fieldId: string) =>
  detail(apiFetch<Answer>(`/api/league-fields/${encodeURIComponent(fieldId)}`, { method: "DELETE" }));

export const setCalendar = (id: string, input: LeagueCalendarInput) =>
  detail(apiFetch<Answer>(`${league(id)}/calendar`, { method: "PUT", json: input }));

export interface Generated {
  placed: number;
  unplaced: { homeTeam: string; awayTeam: string; round: number; reason: string }[];
  byes: number;
}

export const generateSchedule = (id: string, doubleRoundRobin: boolean) =>
  apiFetch<Generated>(`${league(id)}/schedule`, { method: "POST", json: { doubleRoundRobin } });

export const publishSchedule = (id: string) =>
  apiFetch<{ published: number; teamEvents: number }>(`${league(id)}/schedule/publish`, { method: "POST" });

export interface LeagueByCode {
  id: string;
  name: string;
  divisions: { id: string; name: string; ageCutoff: string | null }[];
}

export const findLeagueByCode = (code: string) =>
  apiFetch<LeagueByCode>(`/api/league-codes/${encodeURIComponent(code.trim())}`);

export const joinLeague = (code: string, divisionId: string) =>
  apiFetch<MyLeagues>("/api/team/leagues", { method: "POST", json: { code, divisionId } });

export const decideAsCoach = (gameId: string, action: CoachResultAction, note: string | null) =>
  apiFetch<TeamLeagueGames>(`/api/team/league-games/${encodeURIComponent(gameId)}/result`, {
    method: "POST",
    json: { action, note },
  });

export const setResult = (gameId: string, input: AdminResultInput) =>
  apiFetch<LeagueGameResultDetail>(`/api/league-games/${encodeURIComponent(gameId)}/result`, {
    method: "PUT",
    json: input,
  });

export const clearResult = (gameId: string) =>
  apiFetch<LeagueGameResultDetail>(`/api/league-games/${encodeURIComponent(gameId)}/result`, { method: "DELETE" });

export const inviteCoAdmin = (id: string) =>
  apiFetch<{ path: string; expiresAt: string }>(`${league(id)}/admin-invites`, { method: "POST" });

export const takeCoAdminInvite = (token: string) =>
  detail(apiFetch<Answer>(`/api/league-admin-invites/${encodeURIComponent(token)}`, { method: "POST" }));

export const removeCoAdmin = (id: string, userId: string) =>
  apiFetch<void>(`${league(id)}/admins/${encodeURIComponent(userId)}`, { method: "DELETE" });

export const decideRosterPlayer = (id: string, input: RosterApprovalInput) =>
  apiFetch<LeagueEligibility>(`${league(id)}/roster-approvals`, { method: "POST", json: input });

const bracket = (id: string, divisionId: string) => `${league(id)}/divisions/${encodeURIComponent(divisionId)}/bracket`;

export const makeBracket = (id: string, divisionId: string, input: CreateBracketInput) =>
  apiFetch<BracketResponse>(bracket(id, divisionId), { method: "POST", json: input });

export const deleteBracket = (id: string, divisionId: string) =>
  apiFetch<BracketResponse>(bracket(id, divisionId), { method: "DELETE" });

/** Checks (dryRun) or saves changes to the league's games by hand. */
export const editSchedule = (id: string, input: ScheduleEditsInput) =>
  apiFetch<ScheduleEditsResult>(`${league(id)}/schedule/edits`, { method: "POST", json: input });

export const inviteLeagueCoach = (leagueTeamId: string) =>
  apiFetch<{ path: string; expiresAt: string }>(`/api/league-teams/${encodeURIComponent(leagueTeamId)}/coach-invites`, {
    method: "POST",
  });

export const takeCoachInvite = (token: string) =>
  apiFetch<MyLeagues>(`/api/league-coach-invites/${encodeURIComponent(token)}`, { method: "POST" });
