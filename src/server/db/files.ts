import type { Kysely } from "kysely";
import { nowIso } from "./dialect.js";
import type { DB, FileKind, FileRecord } from "./schema.js";

export interface NewFile {
  id: string;
  teamId: string;
  ownerUserId: string;
  kind: FileKind;
  storageKey: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
}

/** Records a stored object. The object is written first, so a row never points at nothing. */
export async function insertFile(db: Kysely<DB>, f: NewFile): Promise<FileRecord> {
  return db
    .insertInto("files")
    .values({
      id: f.id,
      team_id: f.teamId,
      owner_user_id: f.ownerUserId,
      kind: f.kind,
      storage_key: f.storageKey,
      mime: f.mime,
      size: f.size,
      width: f.width,
      height: f.height,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A file of the team, or null when the id is unknown or belongs to another team (the caller cannot tell which). */
export async function findTeamFile(db: Kysely<DB>, key: { id: string; teamId: string }): Promise<FileRecord | null> {
  const row = await db
    .selectFrom("files")
    .selectAll()
    .where("id", "=", key.id)
    .where("team_id", "=", key.teamId)
    .executeTakeFirst();
  return row ?? null;
}

/** Removes a file's row; returns its storage key (for removing the object after the commit), or null if it was gone. */
export async function deleteFileRow(db: Kysely<DB>, id: string): Promise<string | null> {
  const row = await db.deleteFrom("files").where("id", "=", id).returning("storage_key").executeTakeFirst();
  return row?.storage_key ?? null;
}
