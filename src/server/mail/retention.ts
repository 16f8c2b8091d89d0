import type { Kysely } from "kysely";
import { firstName, utcToday } from "#domain/family.js";
import type { Config } from "../config.js";
import { anonymousName, erasePersonalData } from "../db/consent-withdrawal.js";
import { inTransaction } from "../db/dialect.js";
import { enqueueMails, type NewMail } from "../db/mail-outbox.js";
import {
  dropNotices,
  dueChildren,
  guardianEmails,
  markPurged,
  openNotices,
  recordNotice,
  type DueChild,
} from "../db/retention.js";
import { deleteExpiredGuardianInvites } from "../db/guardian-invites.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import type { TeamHub } from "../realtime/hub.js";
import { changeNow } from "../realtime/hub.js";
import type { FileStore } from "../storage/file-store.js";

/*
 * The retention job (docs/product.md §13, issue #30): a child's personal data does not outlive its use. A child who
 * left their team RETENTION_DAYS ago (default 730), or whose team has been inactive that long, is due:
 * 1. their guardians are mailed at once (what goes, on which day, and where to download it first: the /family
 *    page's "Download data") and the job records the notice;
 * 2. RETENTION_NOTICE_DAYS later, if the child is still due, their personal data is erased exactly as a withdrawal
 *    of consent erases it (db/consent-withdrawal.ts): anonymous numbers stay in the team's totals;
 * 3. a child no longer due by then (back on a team, the team active again) keeps everything; the notice is dropped.
 * Runs on every server, at most once an hour each; the notice row (one per child) and the mail's key make it happen
 * once. Without mail set up, the guardians are not told, and the data still goes after the notice period.
 * Each run also deletes the guardian links past their end, and with them any address a link was mailed to.
 */

/** How often each server runs the job. */
export const RETENTION_TICK_MS = 60 * 60_000;
/** Days between telling the guardians and erasing the data. */
export const RETENTION_NOTICE_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RetentionTickOptions {
  db: Kysely<DB>;
  config: Pick<Config, "retentionDays" | "publicUrl" | "mail">;
  files: Pick<FileStore, "delete">;
  hub?: Pick<TeamHub, "publish" | "revoke">;
  log: Logger;
  now: Date;
}

function whyText(child: DueChild, days: number): string {
  return child.reason === "left_team"
    ? `${child.fullName} left ${child.teamName} more than ${days} days ago`
    : `${child.teamName} has not used Flagline for more than ${days} days`;
}

function noticeMails(
  o: RetentionTickOptions,
  child: DueChild,
  guardians: { userId: string; email: string | null; name: string }[],
  notifiedAt: string,
  purgeDay: string,
): NewMail[] {
  const first = firstName(child.fullName);
  return guardians
    .flatMap((g) => (g.email ? [{ ...g, email: g.email }] : []))
    .map((g) => ({
      key: `retention:${child.playerId}:${notifiedAt}:${g.userId}`,
      kind: "retention",
      userId: g.userId,
      to: g.email,
      subject: `${first}'s data on Flagline will be deleted on ${purgeDay}`,
      text: [
        `Hello ${g.name},`,
        "",
        `${whyText(child, o.config.retentionDays)}. To keep children's data no longer than it is used, Flagline ` +
          `deletes what it holds about ${first} on ${purgeDay}: the name, photo, birth date, training logs, the ` +
          "coach's feedback and schedule answers. Only anonymous numbers stay in the team's totals.",
        "",
        `To keep a copy, download ${first}'s data before then: sign in, open Family, and choose "Download data".`,
        `${o.config.publicUrl}/family`,
        "",
        `If ${first} is back on a team by then, nothing is deleted.`,
      ].join("\n"),
    }));
}

/** One run at `now`: guardians told, data erased, notices dropped. */
export async function runRetentionTick(o: RetentionTickOptions): Promise<{ told: number; erased: number }> {
  const cutoff = new Date(o.now.getTime() - o.config.retentionDays * DAY_MS).toISOString();
  const now = o.now.toISOString();
  // A guardian link past its end goes, with the address it may have been mailed to.
  await deleteExpiredGuardianInvites(o.db, o.now);
  const due = await dueChildren(o.db, cutoff, utcToday(o.now));
  const dueIds = new Set(due.map((d) => d.playerId));
  const open = await openNotices(o.db);
  await dropNotices(
    o.db,
    open.filter((n) => !dueIds.has(n.playerId)).map((n) => n.playerId),
  );
  const notices = new Map(open.map((n) => [n.playerId, n]));
  let told = 0;
  let erased = 0;
  for (const child of due) {
    const notice = notices.get(child.playerId);
    if (!notice) {
      const purgeAfter = new Date(o.now.getTime() + RETENTION_NOTICE_DAYS * DAY_MS).toISOString();
      if (!(await recordNotice(o.db, child, now, purgeAfter))) continue;
      told += 1;
      if (o.config.mail) {
        const mails = noticeMails(o, child, await guardianEmails(o.db, child.playerId), now, purgeAfter.slice(0, 10));
        await enqueueMails(o.db, mails);
      }
      continue;
    }
    if (notice.purgeAfter > now) continue;
    const done = await inTransaction(o.db, async (trx) => {
      const result = await erasePersonalData(trx, child.playerId, anonymousName(child.jerseyNumber));
      await markPurged(trx, child.playerId, now);
      return result;
    });
    for (const key of done.fileKeys) {
      await o.files.delete(key).catch((err: unknown) => o.log.warn({ err, key }, "stored file not deleted"));
    }
    o.hub?.revoke({ userId: child.playerId });
    if (done.teamId) o.hub?.publish(done.teamId, changeNow("roster"));
    erased += 1;
    o.log.info({ playerId: child.playerId, reason: child.reason }, "retention: a child's data was erased");
  }
  return { told, erased };
}
