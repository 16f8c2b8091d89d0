/**
 * Team announcements (migration 022, docs/product.md §14): a coach's messages to the team. Who gets them by mail
 * is db/reminders.ts teamMailRecipients (the team's members and its players' guardians), as for every team mail.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { ANNOUNCEMENT_LIST_LIMIT } from "#domain/announcements.js";
import type { Announcement } from "#domain/api/announcements.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

type AnnouncementRow = Selectable<DB["announcements"]>;

function toAnnouncement(row: AnnouncementRow, today: string): Announcement {
  return {
    id: row.id,
    body: row.body,
    authorName: row.author_name,
    createdAt: row.created_at,
    pinnedUntil: row.pinned_until,
    pinned: row.pinned_until !== null && row.pinned_until >= today,
  };
}

export async function insertAnnouncement(
  db: Kysely<DB>,
  input: { teamId: string; authorId: string; authorName: string; body: string; pinnedUntil: string | null },
  today: string,
): Promise<Announcement> {
  const row: AnnouncementRow = {
    id: randomUUID(),
    team_id: input.teamId,
    author_id: input.authorId,
    author_name: input.authorName,
    body: input.body,
    pinned_until: input.pinnedUntil,
    created_at: nowIso(),
  };
  await db.insertInto("announcements").values(row).execute();
  return toAnnouncement(row, today);
}

/** The team's announcements: those pinned through `today` or later first, then the newest; at most the limit. */
export async function listAnnouncements(db: Kysely<DB>, teamId: string, today: string): Promise<Announcement[]> {
  const rows = await db
    .selectFrom("announcements")
    .selectAll()
    .where("team_id", "=", teamId)
    .orderBy((eb) => eb.case().when("pinned_until", ">=", today).then(0).else(1).end())
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ANNOUNCEMENT_LIST_LIMIT)
    .execute();
  return rows.map((row) => toAnnouncement(row, today));
}

/** Deletes one of the team's announcements; false when the team has no such announcement. */
export async function deleteAnnouncement(db: Kysely<DB>, teamId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("announcements")
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
