import { apiFetch, isApiError } from "~/lib/api";
import type { RosterEntry, RosterPlayerInput, RosterResponse } from "#domain/api/roster";
import type { GuardianInvite, PlayerFamily } from "#domain/api/family";
import { guardianInvitePath } from "#domain/family";

/*
 * The roster's writes (docs/product.md §11). Each answers with the player as saved; the page then refreshes the
 * team's reads (a roster change shows on the lists, the leaderboard and the logger).
 */

const path = (id: string, rest = "") => `/api/team/roster/${encodeURIComponent(id)}${rest}`;

export async function addPlayer(input: RosterPlayerInput): Promise<RosterEntry> {
  return (await apiFetch<{ player: RosterEntry }>("/api/team/roster", { method: "POST", json: input })).player;
}

export async function importPlayers(players: RosterPlayerInput[]): Promise<RosterEntry[]> {
  return (await apiFetch<RosterResponse>("/api/team/roster/import", { method: "POST", json: { players } })).players;
}

export async function updatePlayer(id: string, input: Partial<RosterPlayerInput>): Promise<RosterEntry> {
  return (await apiFetch<{ player: RosterEntry }>(path(id), { method: "PATCH", json: input })).player;
}

export async function renewInvite(id: string): Promise<string> {
  return (await apiFetch<{ inviteToken: string }>(path(id, "/invite"), { method: "POST" })).inviteToken;
}

/** Confirms a waiting sign-up, or declines them (they leave the team; already gone counts as done). */
export async function decideMembership(id: string, decision: "confirm" | "decline"): Promise<void> {
  try {
    await apiFetch(path(id, "/confirmation"), { method: "POST", json: { decision } });
  } catch (error) {
    if (!(decision === "decline" && isApiError(error, 404))) throw error;
  }
}

export async function decideRequest(id: string, decision: "approve" | "decline"): Promise<RosterEntry> {
  return (await apiFetch<{ player: RosterEntry }>(path(id, "/request"), { method: "POST", json: { decision } })).player;
}

/** The full invite link of a token, on this site. */
export function inviteUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}/claim/${encodeURIComponent(token)}`;
}

/**
 * Merges a waiting sign-up into a roster place nobody has claimed (docs/product.md §11): their account takes the
 * place, which keeps its history. Answers with the place as it now is.
 */
export async function mergeIntoPlace(id: string, into: string): Promise<RosterEntry> {
  return (
    await apiFetch<{ player: RosterEntry }>(path(id, "/confirmation"), {
      method: "POST",
      json: { decision: "merge", into },
    })
  ).player;
}

const familyPath = (id: string, rest: string) => `/api/team/players/${encodeURIComponent(id)}${rest}`;

/**
 * POST /api/team/players/{id}/guardian-invites: a new single-use guardian link (docs/product.md §13), mailed to
 * `email` when one is given.
 */
export async function createGuardianInvite(id: string, email?: string): Promise<GuardianInvite> {
  return apiFetch<GuardianInvite>(familyPath(id, "/guardian-invites"), {
    method: "POST",
    ...(email === undefined ? {} : { json: { email } }),
  });
}

/** The address a guardian link opens. */
export function guardianInviteUrl(token: string, origin: string = window.location.origin): string {
  return `${origin}${guardianInvitePath(token)}`;
}

/** PUT /api/team/players/{id}/birth-date */
export async function setBirthDate(id: string, birthDate: string | null): Promise<PlayerFamily> {
  return apiFetch<PlayerFamily>(familyPath(id, "/birth-date"), { method: "PUT", json: { birthDate } });
}

/** DELETE /api/team/players/{id}/guardians/{guardianId}: the guardian no longer sees or acts for the player. */
export async function removeGuardian(id: string, guardianId: string): Promise<void> {
  await apiFetch(familyPath(id, `/guardians/${encodeURIComponent(guardianId)}`), { method: "DELETE" });
}
