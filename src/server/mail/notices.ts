import { noticeText, possessive, type NoticeKind, type NoticeParams } from "#domain/notices.js";
import type { WrittenNotice } from "../db/notices.js";
import type { Mailer, MailMessage } from "./index.js";

/*
 * The mail of a notice (docs/product.md §11). It says least: the team's name and what happened to the reader,
 * never another player's name and no stats; the rest is in the app behind the sign-in.
 */

const SUBJECTS: Record<NoticeKind, (p: NoticeParams) => string> = {
  confirmed: (p) => `You are on ${possessive(p.teamName)} roster`,
  declined: (p) => `Your sign-up to ${p.teamName} was declined`,
  removed: (p) => `You were removed from ${p.teamName}`,
  request_approved: () => "Your Flagline request was approved",
  request_declined: () => "Your Flagline request was declined",
  player_waiting: (p) => `A player waits for you on ${p.teamName}`,
  // The schedule's notices are mailed by the outbox (mail/reminders.ts) with their own texts; these are the
  // subjects should one go through mailNotices.
  event_reminder: (p) => `Are you coming? ${p.teamName}`,
  players_short: (p) => `Too few players going: ${p.teamName}`,
  event_changed: (p) => `A change on ${possessive(p.teamName)} schedule`,
};

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}

function noticeMail(publicUrl: string, to: string, kind: NoticeKind, params: NoticeParams): MailMessage {
  // The coach's mail leaves the waiting player's name out: it is seen in the app, signed in.
  const said = kind === "player_waiting" ? { ...params, playerName: "A player" } : params;
  return {
    to,
    subject: oneLine(SUBJECTS[kind](params)),
    text: [noticeText(kind, said), "", "Open Flagline to see it:", publicUrl].join("\n"),
  };
}

/** Mails the notices a committed change wrote, to those with a real address (none when mail is not set up). */
export function mailNotices(mailer: Mailer | null, publicUrl: string, notices: readonly WrittenNotice[]): void {
  if (!mailer) return;
  for (const n of notices) {
    if (n.to.email) mailer.send(noticeMail(publicUrl, n.to.email, n.kind, n.params), `notice ${n.kind}`);
  }
}
