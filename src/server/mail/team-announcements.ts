import type { Kysely } from "kysely";
import type { Announcement } from "#domain/api/announcements.js";
import { clip, START_PAGE } from "#domain/push.js";
import { todayIn } from "#domain/schedule.js";
import type { Config } from "../config.js";
import { insertAnnouncement } from "../db/announcements.js";
import { inTransaction } from "../db/dialect.js";
import { enqueueMails, type NewMail } from "../db/mail-outbox.js";
import { enqueuePush } from "../db/push.js";
import { teamMailRecipients, teamNameAndZone } from "../db/reminders.js";
import type { DB } from "../db/schema.js";
import { unsubscribeHeaders, unsubscribePageUrl, unsubscribeToken } from "./links.js";

/*
 * Posting a team announcement (docs/product.md §14): the message is stored and, with mail set up, one mail per
 * person on the team (guardians of its players included, the author left out, each once) is enqueued in the same
 * transaction, keyed `announcement:<id>:<user>`: a post that commits is mailed, once; one that does not is not.
 */

/** How long an announcement's mail may wait in the outbox before it is given up: a week-old message is news no more. */
const MAIL_EXPIRES_MS = 7 * 24 * 60 * 60_000;
/** How long a push service keeps an announcement for a device that is offline: a day. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** The subject's excerpt of the message, in characters. */
const SUBJECT_EXCERPT = 60;

/** The message on one line, cut at a word before SUBJECT_EXCERPT characters when longer. */
const excerpt = (body: string) => clip(body, SUBJECT_EXCERPT);

function announcementMail(
  config: Pick<Config, "authSecret" | "publicUrl">,
  announcement: Announcement,
  to: { userId: string; email: string },
  teamName: string,
  now: Date,
): NewMail {
  const token = unsubscribeToken(config.authSecret, to.userId, "announcements");
  return {
    key: `announcement:${announcement.id}:${to.userId}`,
    kind: "announcement",
    userId: to.userId,
    to: to.email,
    subject: `${teamName}: ${excerpt(announcement.body)}`.replace(/[\r\n]+/g, " "),
    text: [
      `${announcement.authorName} posted to ${teamName}:`,
      "",
      announcement.body,
      "",
      ...(announcement.pinnedUntil ? [`Pinned on the team's dashboards until ${announcement.pinnedUntil}.`, ""] : []),
      "Open Flagline:",
      config.publicUrl,
      "",
      "--",
      `You get this because you are on ${teamName} in Flagline, or a guardian of a player on it. To stop these mails, open:`,
      unsubscribePageUrl(config.publicUrl, token),
    ].join("\n"),
    headers: unsubscribeHeaders(config.publicUrl, token),
    expiresAt: new Date(now.getTime() + MAIL_EXPIRES_MS).toISOString(),
  };
}

/**
 * Posts the announcement, or answers "pin_in_past" (storing nothing) when it would be pinned until a day already
 * gone in the team's zone.
 */
export async function postAnnouncement(
  services: { database: { db: Kysely<DB> }; config: Pick<Config, "authSecret" | "publicUrl" | "mail"> },
  author: { teamId: string; userId: string; fullName: string },
  input: { body: string; pinnedUntil: string | null },
  now: Date = new Date(),
): Promise<Announcement | "pin_in_past"> {
  return inTransaction(services.database.db, async (trx) => {
    const team = await teamNameAndZone(trx, author.teamId);
    const today = todayIn(team.timeZone, now);
    if (input.pinnedUntil !== null && input.pinnedUntil < today) return "pin_in_past";
    const announcement = await insertAnnouncement(
      trx,
      { teamId: author.teamId, authorId: author.userId, authorName: author.fullName, ...input },
      today,
    );
    // To the team's devices too (docs/product.md §16), in the same transaction.
    await enqueuePush(
      trx,
      {
        key: `announcement:${announcement.id}`,
        kind: "announcement",
        preference: "announcements",
        audience: { teamId: author.teamId, except: author.userId },
        payload: {
          title: `${team.name}: ${author.fullName}`,
          body: clip(announcement.body, 180),
          url: START_PAGE,
          tag: `announcement-${announcement.id}`,
          at: now.getTime(),
        },
        urgency: "normal",
        ttlSeconds: PUSH_TTL_SECONDS,
        expiresAt: new Date(now.getTime() + MAIL_EXPIRES_MS).toISOString(),
      },
      now,
    );
    if (services.config.mail) {
      const recipients = await teamMailRecipients(trx, author.teamId, "announcements", author.userId);
      const mails = recipients.map((to) => announcementMail(services.config, announcement, to, team.name, now));
      await enqueueMails(trx, mails, now.toISOString());
    }
    return announcement;
  });
}
