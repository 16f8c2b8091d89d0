/**
 * Team announcements (migration 022, docs/product.md §14): a coach's messages to the team, and who on the team
 * (guardians of its players included) gets them by mail.
 */
import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import { ANNOUNCEMENT_LIST_LIMIT } from "#domain/announcements.js";
import type { Announcement } from "#domain/api/announcements.js";
import { nowIso } from "./dialect.js";
import { realEmail } from "./reminders.js";
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

export interface AnnouncementRecipient {
  userId: string;
  email: string;
}

/**
 * Who gets an announcement by mail: the team's coaches and confirmed players, and every guardian of a player on
 * the team, each once, with a real address and announcement mail on (the default). The author is left out.
 */
export async function announcementRecipients(
  db: Kysely<DB>,
  teamId: string,
  authorId: string,
): Promise<AnnouncementRecipient[]> {
  const [members, guardians] = await Promise.all([
    db
      .selectFrom("profiles as p")
      .innerJoin("user as u", "u.id", "p.user_id")
      .leftJoin("mail_preferences as m", "m.user_id", "p.user_id")
      .select(["p.user_id", "u.email", "m.announcements"])
      .where("p.team_id", "=", teamId)
      .where((w) => w.or([w("p.role", "=", "coach"), w("p.confirmed", "=", 1)]))
      .execute(),
    db
      .selectFrom("guardian_links as l")
      .innerJoin("profiles as p", "p.user_id", "l.player_id")
      .innerJoin("user as u", "u.id", "l.guardian_id")
      .leftJoin("mail_preferences as m", "m.user_id", "l.guardian_id")
      .select(["l.guardian_id as user_id", "u.email", "m.announcements"])
      .where("p.team_id", "=", teamId)
      .where("p.role", "=", "player")
      .execute(),
  ]);
  const byUser = new Map<string, AnnouncementRecipient>();
  for (const row of [...members, ...guardians]) {
    const email = realEmail(row.email);
    const wants = row.announcements === null || Number(row.announcements) === 1;
    if (row.user_id === authorId || !email || !wants) continue;
    byUser.set(row.user_id, { userId: row.user_id, email });
  }
  return [...byUser.values()].sort((a, b) => a.userId.localeCompare(b.userId));
}
