import type { Kysely } from "kysely";
import { readLeagueRules } from "#domain/api/league-rules.js";
import type { LeagueRules } from "#domain/league-rules.js";
import type { DB } from "./schema.js";
import { prepared } from "./prepared.js";

/*
 * A team's league rules (docs/product.md §10), stored as JSON on the team row; null (never set) and anything
 * unreadable fall back to the NFL FLAG defaults, field by field (domain/league-rules.ts readLeagueRules).
 *
 * Changing the rules does NOT rewrite the points stored on past snaps: a snap keeps what it was worth under the
 * rules in force when it was logged (or last edited), so a finished game's score never moves because a coach
 * changed a setting later. Only snaps written or edited afterwards use the new values.
 */

/** The rules as a text column holds them (null: defaults). */
function parseLeagueRules(text: string | null | undefined): LeagueRules {
  if (!text) return readLeagueRules(null);
  try {
    return readLeagueRules(JSON.parse(text));
  } catch {
    return readLeagueRules(null);
  }
}

/** The team's rules (the defaults for a team that never set them, or no such team). */
const leagueRulesRow = prepared((db, p: { teamId: string }) =>
  db.selectFrom("teams").select("league_rules").where("id", "=", p.teamId),
);

export async function getLeagueRules(db: Kysely<DB>, teamId: string): Promise<LeagueRules> {
  const [row] = await leagueRulesRow(db, { teamId });
  return parseLeagueRules(row?.league_rules);
}

/** Replaces the team's rules (the whole set, already validated). Returns them as they now read back. */
export async function setLeagueRules(db: Kysely<DB>, teamId: string, rules: LeagueRules): Promise<LeagueRules> {
  const stored = parseLeagueRules(JSON.stringify(rules));
  await db
    .updateTable("teams")
    .set({ league_rules: JSON.stringify(stored) })
    .where("id", "=", teamId)
    .execute();
  return stored;
}
