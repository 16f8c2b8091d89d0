/*
 * Coach feedback on a player. Every function takes the team from the caller's session: a coach writes and reads
 * feedback of their own team's players only, a player reads what their team's coaches wrote them.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { FeedbackDto } from "#domain/api/player.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

export interface NewFeedback {
  teamId: string;
  playerId: string;
  coachId: string;
  category: string;
  body: string;
}

/** Stores a piece of feedback (the caller has checked the player is on the coach's team). */
export async function createFeedback(db: Kysely<DB>, f: NewFeedback): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("feedback")
    .values({
      id,
      team_id: f.teamId,
      player_id: f.playerId,
      coach_id: f.coachId,
      category: f.category,
      body: f.body,
      created_at: nowIso(),
      read_at: null,
    })
    .execute();
  return id;
}

export interface FeedbackFilter {
  teamId: string;
  playerId: string;
  /** Just this one. */
  id?: string;
  limit?: number;
}

/** The player's feedback from the team's coaches, newest first, with the coach's name and the read flag. */
export async function listFeedback(db: Kysely<DB>, f: FeedbackFilter): Promise<FeedbackDto[]> {
  let q = db
    .selectFrom("feedback as f")
    .innerJoin("profiles as c", "c.user_id", "f.coach_id")
    .select(["f.id", "f.category", "f.body", "f.created_at", "f.read_at", "c.full_name"])
    .where("f.team_id", "=", f.teamId)
    .where("f.player_id", "=", f.playerId);
  if (f.id !== undefined) q = q.where("f.id", "=", f.id);
  q = q.orderBy("f.created_at", "desc").orderBy("f.id", "desc");
  if (f.limit !== undefined) q = q.limit(f.limit);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    body: r.body,
    createdAt: r.created_at,
    coachName: r.full_name,
    read: r.read_at !== null,
  }));
}

export async function countUnreadFeedback(db: Kysely<DB>, key: { teamId: string; playerId: string }): Promise<number> {
  const row = await db
    .selectFrom("feedback")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_id", "=", key.teamId)
    .where("player_id", "=", key.playerId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks all of the player's unread feedback read; returns how many changed. */
export async function markFeedbackRead(db: Kysely<DB>, key: { teamId: string; playerId: string }): Promise<number> {
  const result = await db
    .updateTable("feedback")
    .set({ read_at: nowIso() })
    .where("team_id", "=", key.teamId)
    .where("player_id", "=", key.playerId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
