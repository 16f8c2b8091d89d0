/**
 * Notices (docs/product.md §11, migration 013): written by the change they tell about, in its transaction, and
 * read only by their recipient.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { NOTICE_KINDS, NOTICE_LIST_LIMIT, type NoticeKind, type NoticeParams } from "#domain/notices.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

export interface Notice {
  id: string;
  teamId: string;
  kind: NoticeKind;
  params: NoticeParams;
  createdAt: string;
  readAt: string | null;
}

/** Who a notice goes to by mail: their email, or null for an unclaimed roster row (no real address). */
interface NoticeRecipient {
  userId: string;
  email: string | null;
}

const PLACEHOLDER_EMAIL_SUFFIX = "@roster.invalid";

/** The team's name for a notice's text. */
async function teamName(db: Kysely<DB>, teamId: string): Promise<string> {
  const row = await db.selectFrom("teams").select("name").where("id", "=", teamId).executeTakeFirst();
  return row?.name ?? "your team";
}

async function recipient(db: Kysely<DB>, userId: string): Promise<NoticeRecipient> {
  const row = await db.selectFrom("user").select("email").where("id", "=", userId).executeTakeFirst();
  const email = row?.email ?? null;
  return { userId, email: email && !email.toLowerCase().endsWith(PLACEHOLDER_EMAIL_SUFFIX) ? email : null };
}

/** A notice the caller's transaction writes with its change. Returns what mail needs once it has committed. */
export interface WrittenNotice {
  to: NoticeRecipient;
  kind: NoticeKind;
  params: NoticeParams;
}

/** Writes one notice to `userId` about `teamId`; `db` should be the transaction of the change. */
export async function addNotice(
  db: Kysely<DB>,
  userId: string,
  teamId: string,
  kind: NoticeKind,
  extra: Omit<NoticeParams, "teamName"> = {},
): Promise<WrittenNotice> {
  const params: NoticeParams = { teamName: await teamName(db, teamId), ...extra };
  await db
    .insertInto("notices")
    .values({
      id: randomUUID(),
      user_id: userId,
      team_id: teamId,
      kind,
      params: JSON.stringify(params),
      created_at: nowIso(),
    })
    .execute();
  return { to: await recipient(db, userId), kind, params };
}

/** A notice to every coach of the team (a player waiting for them). */
export async function addCoachNotices(
  db: Kysely<DB>,
  teamId: string,
  kind: NoticeKind,
  extra: Omit<NoticeParams, "teamName"> = {},
): Promise<WrittenNotice[]> {
  const coaches = await db
    .selectFrom("profiles")
    .select("user_id")
    .where("team_id", "=", teamId)
    .where("role", "=", "coach")
    .execute();
  const written: WrittenNotice[] = [];
  for (const c of coaches) written.push(await addNotice(db, c.user_id, teamId, kind, extra));
  return written;
}

function isKind(value: string): value is NoticeKind {
  return (NOTICE_KINDS as readonly string[]).includes(value);
}

/** The user's newest notices, and how many are unread in all. */
export async function listNotices(db: Kysely<DB>, userId: string): Promise<{ notices: Notice[]; unread: number }> {
  const rows = await db
    .selectFrom("notices")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(NOTICE_LIST_LIMIT)
    .execute();
  const count = await db
    .selectFrom("notices")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  const notices = rows.flatMap((r) =>
    isKind(r.kind)
      ? [
          {
            id: r.id,
            teamId: r.team_id,
            kind: r.kind,
            params: JSON.parse(r.params) as NoticeParams,
            createdAt: r.created_at,
            readAt: r.read_at,
          },
        ]
      : [],
  );
  return { notices, unread: Number(count.n) };
}

/** Marks the user's notices read: the ids given, or all of them. Another user's ids change nothing. */
export async function markNoticesRead(db: Kysely<DB>, userId: string, ids: readonly string[] | "all"): Promise<number> {
  if (ids !== "all" && ids.length === 0) return 0;
  let q = db
    .updateTable("notices")
    .set({ read_at: nowIso() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null);
  if (ids !== "all") q = q.where("id", "in", [...ids]);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
