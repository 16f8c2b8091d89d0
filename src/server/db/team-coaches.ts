import { sql, type Kysely } from "kysely";
import type { TeamCoach } from "#domain/api/team-settings.js";
import { inTransaction, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * Team settings (docs/product.md §2 "Team settings", §6): the team's name, its coaches, removing an assistant and
 * handing the head coach role over. Every write is scoped by the caller's team and re-checks, inside its own
 * statement or transaction, that the caller still is the head coach: the role middleware's check ran before, and
 * another tab may have handed the role over since.
 */

/** Renames the team; null when the caller is no longer its head coach. */
export async function renameTeam(
  db: Kysely<DB>,
  teamId: string,
  headCoachId: string,
  name: string,
): Promise<{ id: string; name: string } | null> {
  const row = await db
    .updateTable("teams")
    .set({ name })
    .where("id", "=", teamId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("profiles as h")
          .select("h.user_id")
          .where("h.user_id", "=", headCoachId)
          .where("h.team_id", "=", teamId)
          .where("h.role", "=", "coach")
          .where("h.coach_role", "=", "head"),
      ),
    )
    .returning(["id", "name"])
    .executeTakeFirst();
  return row ?? null;
}

/** The team's coaches: the head coach first, then the assistants in the order they joined. */
export async function listTeamCoaches(db: Kysely<DB>, teamId: string): Promise<TeamCoach[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .innerJoin("user as u", "u.id", "p.user_id")
    .select(["p.user_id", "p.full_name", "u.email", "p.coach_role", "p.joined_at"])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "coach")
    .execute();
  const coaches = rows.map((r): TeamCoach => ({
    id: r.user_id,
    fullName: r.full_name,
    email: r.email,
    coachRole: r.coach_role === "head" ? "head" : "assistant",
    joinedAt: r.joined_at,
  }));
  const order = (c: TeamCoach) => `${c.coachRole === "head" ? "0" : "1"}${c.joinedAt ?? "~"}${c.id}`;
  return coaches.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
}

export type CoachChange = "done" | "not_head" | "no_such_assistant";

/**
 * Locks the caller's profile row for the rest of the transaction (PostgreSQL; SQLite writes one transaction at a
 * time) and says whether they still are the team's head coach.
 */
async function lockHeadCoach(trx: Kysely<DB>, teamId: string, headCoachId: string): Promise<boolean> {
  // Sets nothing new: the row is locked, and a refused removal leaves every row as it was.
  const result = await trx
    .updateTable("profiles")
    .set({ updated_at: sql<string>`updated_at` })
    .where("user_id", "=", headCoachId)
    .where("team_id", "=", teamId)
    .where("role", "=", "coach")
    .where("coach_role", "=", "head")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes an assistant coach off the team, like a removed player: their team is cleared and the team they left kept
 * for their "no longer on the roster" page; their account stays. Only an assistant of the team: the head coach
 * cannot be removed (hand the role over first).
 */
export async function removeAssistantCoach(
  db: Kysely<DB>,
  teamId: string,
  headCoachId: string,
  coachId: string,
): Promise<CoachChange> {
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    if (!(await lockHeadCoach(trx, teamId, headCoachId))) return "not_head";
    const result = await trx
      .updateTable("profiles")
      .set({ team_id: null, joined_at: null, left_team_id: teamId, left_at: now, updated_at: now })
      .where("user_id", "=", coachId)
      .where("team_id", "=", teamId)
      .where("role", "=", "coach")
      .where("coach_role", "=", "assistant")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1 ? "done" : "no_such_assistant";
  });
}

/**
 * Hands the head coach role to an assistant coach of the team, in one transaction: the head becomes an assistant,
 * then the assistant becomes the head, so the team always has exactly one (the unique index
 * profiles_one_head_idx refuses a second one whatever runs at the same time). Of two hand-overs at once, the second
 * finds the caller no longer head and changes nothing.
 */
export async function handOverHeadCoach(
  db: Kysely<DB>,
  teamId: string,
  headCoachId: string,
  assistantId: string,
): Promise<CoachChange> {
  if (assistantId === headCoachId) return "no_such_assistant";
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const demoted = await trx
      .updateTable("profiles")
      .set({ coach_role: "assistant", updated_at: now })
      .where("user_id", "=", headCoachId)
      .where("team_id", "=", teamId)
      .where("role", "=", "coach")
      .where("coach_role", "=", "head")
      .executeTakeFirst();
    if (Number(demoted.numUpdatedRows) !== 1) return "not_head";
    const promoted = await trx
      .updateTable("profiles")
      .set({ coach_role: "head", updated_at: now })
      .where("user_id", "=", assistantId)
      .where("team_id", "=", teamId)
      .where("role", "=", "coach")
      .where("coach_role", "=", "assistant")
      .executeTakeFirst();
    if (Number(promoted.numUpdatedRows) !== 1) throw new NoSuchAssistant();
    return "done";
  }).catch((error: unknown) => {
    // Thrown to roll the demotion back; the caller is told, nothing changed.
    if (error instanceof NoSuchAssistant) return "no_such_assistant" as const;
    throw error;
  });
}

class NoSuchAssistant extends Error {
  override readonly name = "NoSuchAssistant";
}
