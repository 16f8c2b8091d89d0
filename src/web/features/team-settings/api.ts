import { apiFetch } from "~/lib/api";
import type { RotatedCodes, TeamCoachesResponse } from "#domain/api/team-settings";
import type { CreateApiTokenBody, CreatedApiTokenResponse } from "#domain/api/api-tokens";

/** PATCH /api/team: the head coach renames the team. */
export async function renameTeam(name: string): Promise<string> {
  return (await apiFetch<{ team: { id: string; name: string } }>("/api/team", { method: "PATCH", json: { name } })).team
    .name;
}

/** POST /api/team/codes/rotate: a new team code (`team`) or coach invite code (`coach`). */
export async function rotateCode(which: "team" | "coach"): Promise<RotatedCodes> {
  return (await apiFetch<{ team: RotatedCodes }>("/api/team/codes/rotate", { method: "POST", json: { which } })).team;
}

/** DELETE /api/team/coaches/{id}: takes an assistant coach off the team. */
export async function removeCoach(id: string): Promise<void> {
  await apiFetch(`/api/team/coaches/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** POST /api/team/coaches/{id}/head: hands the head coach role over; answers the coaches as they now are. */
export async function handOverHeadCoach(id: string): Promise<TeamCoachesResponse> {
  return apiFetch<TeamCoachesResponse>(`/api/team/coaches/${encodeURIComponent(id)}/head`, { method: "POST" });
}

/** POST /api/team/api-tokens: a new API token; the answer holds its text, which is never sent again. */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiTokenResponse> {
  return apiFetch<CreatedApiTokenResponse>("/api/team/api-tokens", { method: "POST", json: body });
}

/** DELETE /api/team/api-tokens/{id}: revokes a token; it stops working at once. */
export async function revokeApiToken(id: string): Promise<void> {
  await apiFetch(`/api/team/api-tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
}
