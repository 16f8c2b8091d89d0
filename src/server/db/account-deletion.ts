import { sql, type Kysely } from "kysely";
import { inTransaction } from "./dialect.js";
import { untallyPlayer } from "./tallies/upkeep.js";
import type { DB } from "./schema.js";
import { bumpLeagueRevision } from "./league-division.js";

/*
 * Deleting one's own account (DELETE /api/me, docs/product.md §11). The user row goes and, by cascade, the
 * sessions, the password, the profile and everything that hangs off it: a player's events (so their numbers leave
 * the team's), counters, attendance, training logs and feedback. Their photo goes too. A head coach who is the
 * team's only coach takes the team with them (its sessions, plays, events, files); with other coaches on the team
 * they must hand the team over first. Snaps stay in their games (the score does not change).
 */

export interface DeletionPlan {
  role: "player" | "coach" | null;
  coachRole: "head" | "assistant" | null;
  teamName: string | null;
  /** A head coach with other coaches on the team: refused until they hand over. */
  mustHandOver: boolean;
  /** A head coach alone on the team: the team goes with the account. */
  deletesTeam: boolean;
  /** The team's other members (players and coaches) when the team goes with it. */
  teamMembersLeft: number;
  events: number;
  attendance: number;
  trainingLogs: number;
  feedback: number;
  /** The API tokens they made (any team): deleted with the account, by cascade. */
  apiTokens: number;
}

async function count(
  db: Kysely<DB>,
  table: "events" | "attendance" | "training_logs" | "feedback" | "api_tokens",
  column: "player_id" | "coach_id" | "user_id",
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where(sql.ref(column), "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deletionPlan(db: Kysely<DB>, userId: string): Promise<DeletionPlan> {
  const profile = await db
    .selectFrom("profiles as p")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .select(["p.role", "p.coach_role", "p.team_id", "t.name as team_name"])
    .where("p.user_id", "=", userId)
    .executeTakeFirst();
  let otherCoaches = 0;
  let teamMembersLeft = 0;
  if (profile?.team_id) {
    const others = await db
      .selectFrom("profiles")
      .select(["role"])
      .where("team_id", "=", profile.team_id)
      .where("user_id", "!=", userId)
      .execute();
    otherCoaches = others.filter((o) => o.role === "coach").length;
    teamMembersLeft = others.length;
  }
  const head = profile?.role === "coach" && profile.coach_role === "head" && profile.team_id !== null;
  const [events, attendance, trainingLogs, received, given, apiTokens] = await Promise.all([
    count(db, "events", "player_id", userId),
    count(db, "attendance", "player_id", userId),
    count(db, "training_logs", "player_id", userId),
    count(db, "feedback", "player_id", userId),
    count(db, "feedback", "coach_id", userId),
    count(db, "api_tokens", "user_id", userId),
  ]);
  return {
    role: profile?.role ?? null,
    coachRole: profile?.role === "coach" ? profile.coach_role : null,
    teamName: profile?.team_name ?? null,
    mustHandOver: head && otherCoaches > 0,
    deletesTeam: head && otherCoaches === 0,
    teamMembersLeft: head && otherCoaches === 0 ? teamMembersLeft : 0,
    events,
    attendance,
    trainingLogs,
    feedback: received + given,
    apiTokens,
  };
}

/**
 * Deletes the user (and their team when `deletesTeam`) in one transaction. Returns the storage keys of the files
 * whose rows went with it, for the caller to remove from the file store after the commit.
 */
export async function deleteAccount(
  db: Kysely<DB>,
  userId: string,
  opts: { teamId: string | null; deletesTeam: boolean },
): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    let files = trx.selectFrom("files").select("storage_key");
    files =
      opts.deletesTeam && opts.teamId
        ? files.where((eb) => eb.or([eb("team_id", "=", opts.teamId!), eb("owner_user_id", "=", userId)]))
        : files.where("owner_user_id", "=", userId).where("kind", "=", "photo");
    const keys = (await files.execute()).map((f) => f.storage_key);
    // Their events go by cascade, and their session and day tallies with them; the team-wide slots are not theirs.
    await untallyPlayer(trx, userId);
    if (opts.deletesTeam && opts.teamId) {
      // Players keep their accounts, without a team (as if taken off the roster).
      await trx.deleteFrom("teams").where("id", "=", opts.teamId).execute();
      // Its league games' scorebooks went with it, out of every server's hearing: their held standings are read
      // again (leagues/standings-cache.ts).
      await bumpLeagueRevision(trx);
    }
    await trx.deleteFrom("files").where("owner_user_id", "=", userId).where("kind", "=", "photo").execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
    return keys;
  });
}
