/*
 * Which of the ids a request names belong to the caller's team: players, sessions and plays (the logger's
 * reference checks, the attendance marks), and event ids already taken by another team.
 */
import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.js";

export interface TeamReferences {
  players: Set<string>;
  sessions: Set<string>;
  plays: Set<string>;
}

/** The subset of the given ids that are players (current, confirmed members), sessions and plays of the team. One query. */
export async function teamReferences(
  db: Kysely<DB>,
  teamId: string,
  ids: { players?: readonly string[]; sessions?: readonly string[]; plays?: readonly string[] },
): Promise<TeamReferences> {
  const found: TeamReferences = { players: new Set(), sessions: new Set(), plays: new Set() };
  const parts = [];
  if (ids.players?.length) {
    parts.push(
      db
        .selectFrom("profiles")
        .select([sql<string>`'p'`.as("kind"), "user_id as id"])
        .where("team_id", "=", teamId)
        .where("role", "=", "player")
        // docs/product.md §11: a team-code sign-up waiting for the coach is not on the roster yet.
        .where("confirmed", "=", 1)
        .where("user_id", "in", ids.players),
    );
  }
  if (ids.sessions?.length) {
    parts.push(
      db
        .selectFrom("team_sessions")
        .select([sql<string>`'s'`.as("kind"), "id"])
        .where("team_id", "=", teamId)
        .where("id", "in", ids.sessions),
    );
  }
  if (ids.plays?.length) {
    parts.push(
      db
        .selectFrom("plays")
        .select([sql<string>`'y'`.as("kind"), "id"])
        .where("team_id", "=", teamId)
        .where("id", "in", ids.plays),
    );
  }
  const [first, ...rest] = parts;
  if (!first) return found;
  const rows = await rest.reduce((q, part) => q.unionAll(part), first).execute();
  for (const r of rows) {
    (r.kind === "p" ? found.players : r.kind === "s" ? found.sessions : found.plays).add(r.id);
  }
  return found;
}

/** The ones of these event ids that another team's events already use. */
export async function foreignEventIds(db: Kysely<DB>, teamId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom("events")
    .select("id")
    .where("id", "in", ids)
    .where("team_id", "<>", teamId)
    .execute();
  return new Set(rows.map((r) => r.id));
}
