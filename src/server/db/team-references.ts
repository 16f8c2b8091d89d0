/*
 * Which of the ids a request names belong to the caller's team: players, sessions and plays (the logger's
 * reference checks, the attendance marks), and event ids already taken by another team.
 */
import { sql, type Kysely } from "kysely";
import { prepared } from "./prepared.js";
import type { DB } from "./schema.js";

export interface TeamReferences {
  players: Set<string>;
  sessions: Set<string>;
  plays: Set<string>;
}

type ReferenceIds = {
  teamId: string;
  players: readonly string[];
  sessions: readonly string[];
  plays: readonly string[];
};

/**
 * The ids found, by kind: one query, a union of a part per kind of id asked for (at least one). `roster`: the
 * players part is every player of the team, whatever ids were asked.
 */
function referencesQuery(
  db: Kysely<DB>,
  p: Omit<ReferenceIds, "players"> & { players?: readonly string[] },
  roster = false,
) {
  const parts = [];
  if (roster || (p.players && p.players.length > 0)) {
    const players = db
      .selectFrom("profiles")
      .select([sql<string>`'p'`.as("kind"), "user_id as id"])
      .where("team_id", "=", p.teamId)
      .where("role", "=", "player")
      // docs/product.md §11: a team-code sign-up waiting for the coach is not on the roster yet.
      .where("confirmed", "=", 1);
    parts.push(roster ? players : players.where("user_id", "in", p.players!));
  }
  if (p.sessions.length > 0) {
    parts.push(
      db
        .selectFrom("team_sessions")
        .select([sql<string>`'s'`.as("kind"), "id"])
        .where("team_id", "=", p.teamId)
        .where("id", "in", p.sessions),
    );
  }
  if (p.plays.length > 0) {
    parts.push(
      db
        .selectFrom("plays")
        .select([sql<string>`'y'`.as("kind"), "id"])
        .where("team_id", "=", p.teamId)
        .where("id", "in", p.plays),
    );
  }
  const [first, ...rest] = parts;
  if (!first) throw new RangeError("teamReferences: no ids to look for");
  return rest.reduce((q, part) => q.unionAll(part), first);
}

/** The rows of a references query, sorted into their kinds. */
function byKind(rows: readonly { kind: string; id: string }[]): TeamReferences {
  const found: TeamReferences = { players: new Set(), sessions: new Set(), plays: new Set() };
  for (const r of rows) (r.kind === "p" ? found.players : r.kind === "s" ? found.sessions : found.plays).add(r.id);
  return found;
}

/** Every write that names players checks them: prepared per number of ids of each kind (db/prepared.ts). */
const findReferences = prepared((db, p: ReferenceIds) => referencesQuery(db, p));
const findReferencesAndRoster = prepared((db, p: Omit<ReferenceIds, "players">) => referencesQuery(db, p, true));

/** The subset of the given ids that are players (current, confirmed members), sessions and plays of the team. One query. */
export async function teamReferences(
  db: Kysely<DB>,
  teamId: string,
  ids: { players?: readonly string[]; sessions?: readonly string[]; plays?: readonly string[] },
): Promise<TeamReferences> {
  const asked = { teamId, players: ids.players ?? [], sessions: ids.sessions ?? [], plays: ids.plays ?? [] };
  if (asked.players.length + asked.sessions.length + asked.plays.length === 0) return byKind([]);
  return byKind(await findReferences(db, asked));
}

/**
 * Every current (confirmed) player of the team, and the subset of the given sessions and plays that are the
 * team's: one query, as teamReferences.
 */
export async function teamRosterAndReferences(
  db: Kysely<DB>,
  teamId: string,
  ids: { sessions?: readonly string[]; plays?: readonly string[] },
): Promise<TeamReferences> {
  return byKind(await findReferencesAndRoster(db, { teamId, sessions: ids.sessions ?? [], plays: ids.plays ?? [] }));
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
