/*
 * A player's training logs. The player's own endpoints find rows by the player's id from the session; a coach
 * reads them through listTrainingLogs with the team from the session, which only returns logs recorded for
 * that team.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { TrainingLogDto } from "#domain/api/player.js";
import { nowIso } from "./dialect.js";
import type { DB, TrainingLogRecord } from "./schema.js";

export function toTrainingLogDto(
  r: Pick<TrainingLogRecord, "id" | "date" | "activity_type" | "duration_minutes" | "intensity" | "notes">,
): TrainingLogDto {
  return {
    id: r.id,
    date: r.date,
    activityType: r.activity_type,
    durationMinutes: Number(r.duration_minutes),
    intensity: Number(r.intensity),
    notes: r.notes,
  };
}

export interface TrainingLogFilter {
  playerId: string;
  /** Only logs recorded for this team (a coach's view). */
  teamId?: string;
  activityType?: string;
  /** Inclusive days, YYYY-MM-DD. */
  from?: string;
  to?: string;
}

/** The player's logs matching the filter, latest date first (then latest written first). */
export async function listTrainingLogs(db: Kysely<DB>, f: TrainingLogFilter): Promise<TrainingLogDto[]> {
  let q = db.selectFrom("training_logs").selectAll().where("player_id", "=", f.playerId);
  if (f.teamId !== undefined) q = q.where("team_id", "=", f.teamId);
  if (f.activityType !== undefined) q = q.where("activity_type", "=", f.activityType);
  if (f.from !== undefined) q = q.where("date", ">=", f.from);
  if (f.to !== undefined) q = q.where("date", "<=", f.to);
  const rows = await q.orderBy("date", "desc").orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toTrainingLogDto);
}

export interface NewTrainingLog {
  playerId: string;
  teamId: string;
  date: string;
  activityType: string;
  durationMinutes: number;
  intensity: number;
  notes: string;
}

export async function createTrainingLog(db: Kysely<DB>, log: NewTrainingLog): Promise<TrainingLogDto> {
  const now = nowIso();
  const row = await db
    .insertInto("training_logs")
    .values({
      id: randomUUID(),
      player_id: log.playerId,
      team_id: log.teamId,
      date: log.date,
      activity_type: log.activityType,
      duration_minutes: log.durationMinutes,
      intensity: log.intensity,
      notes: log.notes,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toTrainingLogDto(row);
}

export interface TrainingLogPatch {
  date?: string;
  activityType?: string;
  durationMinutes?: number;
  intensity?: number;
  notes?: string;
}

/** Changes one of the player's own logs; null when the id is not theirs (or does not exist). */
export async function updateTrainingLog(
  db: Kysely<DB>,
  key: { id: string; playerId: string },
  patch: TrainingLogPatch,
): Promise<TrainingLogDto | null> {
  const row = await db
    .updateTable("training_logs")
    .set({
      ...(patch.date !== undefined ? { date: patch.date } : {}),
      ...(patch.activityType !== undefined ? { activity_type: patch.activityType } : {}),
      ...(patch.durationMinutes !== undefined ? { duration_minutes: patch.durationMinutes } : {}),
      ...(patch.intensity !== undefined ? { intensity: patch.intensity } : {}),
      ...(patch.notes !== undefined ? { notes: patch.notes } : {}),
      updated_at: nowIso(),
    })
    .where("id", "=", key.id)
    .where("player_id", "=", key.playerId)
    .returningAll()
    .executeTakeFirst();
  return row ? toTrainingLogDto(row) : null;
}

/** Removes one of the player's own logs; false when the id is not theirs (or does not exist). */
export async function deleteTrainingLog(db: Kysely<DB>, key: { id: string; playerId: string }): Promise<boolean> {
  const result = await db
    .deleteFrom("training_logs")
    .where("id", "=", key.id)
    .where("player_id", "=", key.playerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
