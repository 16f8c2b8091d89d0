import type { Kysely } from "kysely";
import { firstName } from "#domain/family.js";
import { AVAILABILITY_LABELS, WEEKDAY_LABELS, todayIn, weekdayOf } from "#domain/schedule.js";
import { DIGEST_LATE_MS, DIGEST_SPAN_MS, digestInstant } from "#domain/reminders.js";
import type { Config } from "../config.js";
import { enqueueMails, existingMailKeys, type NewMail } from "../db/mail-outbox.js";
import { yieldToEventLoop } from "../db/dialect.js";
import {
  teamEventsBetween,
  teamGuardianDigests,
  teamMembersFor,
  teamsWithEventsBetween,
  type DigestGuardian,
} from "../db/reminders.js";
import { scheduleEventsOf } from "../db/schedule-reads.js";
import type { DB } from "../db/schema.js";
import type { Logger } from "../logger.js";
import { answerPageUrl, answerToken, unsubscribeHeaders, unsubscribePageUrl, unsubscribeToken } from "./links.js";

/*
 * The weekly digest (docs/product.md §12, issue #29): at the team's digest time (default Sunday 18:00 in its zone)
 * each person who wants it gets the coming seven days' events: a player with their own answer (and an answer link
 * where they have none), a coach with every event's counts, a guardian each of their children's week (keyed
 * `…:<guardian>:guardian`, so a coach who is also a parent gets both). One outbox row per person and week, keyed
 * `digest:<team>:<digest instant>:<user>`, so every server's tick enqueues it once; a digest whose time passed more
 * than 12 hours ago while no server ran is skipped, and a week with no event sends none. Mail only: without
 * SMTP_URL the schedule itself is what the app shows.
 */

export interface DigestTickOptions {
  db: Kysely<DB>;
  config: Pick<Config, "authSecret" | "publicUrl" | "mail">;
  log: Logger;
  now: Date;
}

type EventLine = Awaited<ReturnType<typeof scheduleEventsOf>>[number];

function line(e: EventLine): string {
  const what = e.kind === "practice" ? "Practice" : e.opponent ? `Game against ${e.opponent}` : "Game";
  const place = e.placeName ? `, ${e.placeName}` : "";
  const cancelled = e.status === "cancelled" ? " (cancelled)" : "";
  return `${WEEKDAY_LABELS[weekdayOf(e.date)]} ${e.date} ${e.startTime}: ${what}${place}${cancelled}`;
}

type DigestTeam = Awaited<ReturnType<typeof teamsWithEventsBetween>>[number];

/**
 * The guardians' digests of one team (docs/product.md §13): one mail a guardian, keyed apart from any digest of
 * their own as a member, with each of their children's week. A child with no sign-in of their own gets an answer
 * link for each event not answered yet (the guardian answers for them); a child who signs in answers themselves.
 */
async function guardianDigests(
  o: DigestTickOptions,
  team: DigestTeam,
  at: Date,
  rows: Awaited<ReturnType<typeof teamEventsBetween>>,
): Promise<NewMail[]> {
  const guardians = (await teamGuardianDigests(o.db, team.teamId)).filter((g) => g.wantsReminders && g.email);
  const keyOf = (g: DigestGuardian) => `digest:${team.teamId}:${at.toISOString()}:${g.userId}:guardian`;
  const taken = await existingMailKeys(o.db, guardians.map(keyOf));
  const mails: NewMail[] = [];
  for (const g of guardians) {
    if (taken.has(keyOf(g))) continue;
    const lines: string[] = [];
    for (const child of g.children) {
      const first = firstName(child.fullName);
      lines.push(`${child.fullName}:`);
      for (const e of await scheduleEventsOf(o.db, team.teamId, rows, child.playerId)) {
        lines.push(`  ${line(e)}`);
        if (e.status === "cancelled") continue;
        if (e.myAnswer) lines.push(`    ${first}: ${AVAILABILITY_LABELS[e.myAnswer.answer]}`);
        else if (child.ownSignIn) lines.push(`    ${first} has not answered yet`);
        else
          lines.push(
            `    Not answered yet: ${answerPageUrl(o.config.publicUrl, answerToken(o.config.authSecret, e.id, child.playerId))}`,
          );
      }
      lines.push("");
    }
    const unsubscribe = unsubscribeToken(o.config.authSecret, g.userId, "digest");
    mails.push({
      key: keyOf(g),
      kind: "digest",
      userId: g.userId,
      to: g.email!,
      subject: `${team.teamName}: the week ahead`.replace(/[\r\n]+/g, " "),
      text: [
        `${team.teamName}: the coming week (${team.timeZone}).`,
        "",
        ...lines,
        "--",
        `You get this as a guardian of a player on ${team.teamName} in Flagline. To stop the weekly digest, open:`,
        unsubscribePageUrl(o.config.publicUrl, unsubscribe),
      ].join("\n"),
      headers: unsubscribeHeaders(o.config.publicUrl, unsubscribe),
      expiresAt: new Date(at.getTime() + DIGEST_SPAN_MS).toISOString(),
    });
  }
  return mails;
}

/** One tick at `now`: the digests due, enqueued once. Returns how many rows it added. */
export async function runDigestTick(o: DigestTickOptions): Promise<number> {
  if (!o.config.mail) return 0;
  const nowIso = o.now.toISOString();
  const teams = await teamsWithEventsBetween(o.db, nowIso, new Date(o.now.getTime() + DIGEST_SPAN_MS).toISOString());
  let added = 0;
  for (const team of teams) {
    const at = digestInstant(team.settings, team.timeZone, o.now, todayIn(team.timeZone, o.now));
    if (!at || o.now.getTime() - at.getTime() >= DIGEST_LATE_MS) continue;
    const rows = await teamEventsBetween(
      o.db,
      team.teamId,
      at.toISOString(),
      new Date(at.getTime() + DIGEST_SPAN_MS).toISOString(),
    );
    if (rows.length === 0) continue;
    const members = (await teamMembersFor(o.db, team.teamId, "digest")).filter((m) => m.wantsReminders && m.email);
    const keyOf = (userId: string) => `digest:${team.teamId}:${at.toISOString()}:${userId}`;
    const taken = await existingMailKeys(
      o.db,
      members.map((m) => keyOf(m.userId)),
    );
    const mails: NewMail[] = [];
    for (const m of members) {
      if (taken.has(keyOf(m.userId))) continue;
      const events = await scheduleEventsOf(o.db, team.teamId, rows, m.role === "player" ? m.userId : null);
      const lines = events.flatMap((e) => {
        if (m.role === "coach") {
          const a = e.availability;
          return [line(e), `  ${a.going} going, ${a.maybe} maybe, ${a.no} can't go, ${a.unanswered} not answered`];
        }
        if (e.status === "cancelled") return [line(e)];
        if (e.myAnswer) return [line(e), `  Your answer: ${AVAILABILITY_LABELS[e.myAnswer.answer]}`];
        return [
          line(e),
          `  Not answered yet: ${answerPageUrl(o.config.publicUrl, answerToken(o.config.authSecret, e.id, m.userId))}`,
        ];
      });
      const unsubscribe = unsubscribeToken(o.config.authSecret, m.userId, "digest");
      const mail: NewMail = {
        key: keyOf(m.userId),
        kind: "digest",
        userId: m.userId,
        to: m.email!,
        subject: `${team.teamName}: the week ahead`.replace(/[\r\n]+/g, " "),
        text: [
          `${team.teamName}: the coming week (${team.timeZone}).`,
          "",
          ...lines,
          "",
          "--",
          `You get this because you are on ${team.teamName} in Flagline. To stop the weekly digest, open:`,
          unsubscribePageUrl(o.config.publicUrl, unsubscribe),
        ].join("\n"),
        headers: unsubscribeHeaders(o.config.publicUrl, unsubscribe),
        expiresAt: new Date(at.getTime() + DIGEST_SPAN_MS).toISOString(),
      };
      mails.push(mail);
    }
    mails.push(...(await guardianDigests(o, team, at, rows)));
    // The team's digests in one statement, and the event loop served between teams (db/dialect.ts).
    added += await enqueueMails(o.db, mails, nowIso);
    await yieldToEventLoop();
  }
  if (added > 0) o.log.info({ digests: added }, "weekly digests enqueued");
  return added;
}
