import type { Kysely } from "kysely";
import { teamReferences } from "../db/team-references.js";
import type { DB } from "../db/schema.js";
import { ApiError } from "./errors.js";

/*
 * The check every write that names players, sessions or plays makes before anything is written (events, snaps):
 * each must be the caller's team's, else a 400 invalid_reference naming each field that is not.
 */

const NOT_THE_TEAMS = {
  player: "This player is not on your team.",
  session: "This session is not your team's.",
  play: "This play is not in your team's playbook.",
} as const;

/** One id a request names, with the field that names it ("events.3.playerId"). */
export interface TeamRef {
  field: string;
  kind: keyof typeof NOT_THE_TEAMS;
  id: string;
}

/** The references that are not the team's (one query, whatever their number). */
export async function missingReferences(db: Kysely<DB>, teamId: string, refs: readonly TeamRef[]): Promise<TeamRef[]> {
  const ids = (kind: TeamRef["kind"]) => [...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id))];
  const found = await teamReferences(db, teamId, {
    players: ids("player"),
    sessions: ids("session"),
    plays: ids("play"),
  });
  const sets = { player: found.players, session: found.sessions, play: found.plays };
  return refs.filter((r) => !sets[r.kind].has(r.id));
}

/** The 400 for these missing references (`many`: the message when there are several), or null for none. */
export function invalidReferences(missing: readonly TeamRef[], many: string): ApiError | null {
  if (missing.length === 0) return null;
  const fields: Record<string, string> = {};
  for (const r of missing) fields[r.field] = NOT_THE_TEAMS[r.kind];
  const messages = Object.values(fields);
  return new ApiError(400, "invalid_reference", messages.length === 1 ? messages[0]! : many, fields);
}

/** Throws invalidReferences' 400 when some of `refs` are not the team's. */
export async function checkTeamReferences(
  db: Kysely<DB>,
  teamId: string,
  refs: readonly TeamRef[],
  many: string,
): Promise<void> {
  const error = invalidReferences(await missingReferences(db, teamId, refs), many);
  if (error) throw error;
}
