/*
 * A play's diagram: the uploaded image's `files` row and the play pointing at it, changed in one transaction with
 * the play row locked. Every function takes the caller's team id and touches only that team's play.
 */
import type { Kysely } from "kysely";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { deleteFileRow, insertFile, type NewFile } from "./files.js";
import type { DB } from "./schema.js";

/** The team's play row, write-locked on PostgreSQL until the transaction ends. */
function lockedPlay(trx: Kysely<DB>, teamId: string, id: string) {
  const find = trx
    .selectFrom("plays")
    .select(["id", "diagram_file_id"])
    .where("id", "=", id)
    .where("team_id", "=", teamId);
  return engineOf(trx) === "postgres" ? find.forNoKeyUpdate() : find;
}

/**
 * Records an uploaded diagram (its `files` row) and points the play at it, removing the previous diagram's
 * row, in one transaction. Returns the previous object's storage key (to delete once committed), or undefined
 * when the team has no such play (nothing written).
 */
export async function replacePlayDiagram(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  file: NewFile,
): Promise<{ previousKey: string | null } | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await lockedPlay(trx, teamId, id).executeTakeFirst();
    if (!current) return undefined;
    await insertFile(trx, file);
    await trx
      .updateTable("plays")
      .set({ diagram_file_id: file.id, updated_at: nowIso() })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .execute();
    const previousKey = current.diagram_file_id ? await deleteFileRow(trx, current.diagram_file_id) : null;
    return { previousKey };
  });
}

/**
 * Takes the play's diagram off and removes its row. Returns the object's storage key (null when the play had
 * no diagram), or undefined when the team has no such play.
 */
export async function removePlayDiagram(
  db: Kysely<DB>,
  teamId: string,
  id: string,
): Promise<{ previousKey: string | null } | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await lockedPlay(trx, teamId, id).executeTakeFirst();
    if (!current) return undefined;
    if (!current.diagram_file_id) return { previousKey: null };
    await trx
      .updateTable("plays")
      .set({ diagram_file_id: null, updated_at: nowIso() })
      .where("id", "=", id)
      .where("team_id", "=", teamId)
      .execute();
    return { previousKey: await deleteFileRow(trx, current.diagram_file_id) };
  });
}
