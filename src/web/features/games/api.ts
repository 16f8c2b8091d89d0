import type { LeagueRules } from "#domain/league-rules";
import { apiFetch } from "~/lib/api";

/** PUT /api/team/rules (coaches): the whole rule set; answers with the rules as stored. */
export async function saveLeagueRules(rules: LeagueRules): Promise<LeagueRules> {
  return (await apiFetch<{ rules: LeagueRules }>("/api/team/rules", { method: "PUT", json: rules })).rules;
}
