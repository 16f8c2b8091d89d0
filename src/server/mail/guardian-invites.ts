import type { Kysely } from "kysely";
import type { GuardianInvite } from "#domain/api/family.js";
import { GUARDIAN_INVITE_DAYS, guardianInvitePath } from "#domain/family.js";
import type { Config } from "../config.js";
import { inTransaction } from "../db/dialect.js";
import { createGuardianInvite } from "../db/guardian-invites.js";
import { enqueueMail, type NewMail } from "../db/mail-outbox.js";
import type { DB } from "../db/schema.js";

/*
 * A coach's guardian link (docs/product.md §13), made and, when the coach gives an address and mail is set up,
 * mailed. The link and its mail are one transaction: a link that commits with an address is mailed once (the outbox
 * row is keyed by the link), and one that does not is neither stored nor sent. The mail names the child by first
 * name and last initial only, as the link's own page does: an address may be mistyped.
 */

function guardianInviteMail(
  publicUrl: string,
  to: string,
  coachName: string,
  made: { token: string; tokenHash: string; expiresAt: string; childName: string; teamName: string },
): NewMail {
  return {
    key: `guardian-invite:${made.tokenHash}`,
    kind: "guardian_invite",
    to,
    subject: `${made.teamName}: you are invited as ${made.childName}'s guardian`.replace(/[\r\n]+/g, " "),
    text: [
      `${coachName}, a coach of ${made.teamName}, invited you to Flagline as a parent or guardian of ${made.childName}.`,
      "",
      `Open this link to read what the team keeps about ${made.childName}, agree to it, and get your own sign-in (or add ${made.childName} to the one you have).`,
      `It works once, for ${GUARDIAN_INVITE_DAYS} days (until ${made.expiresAt.slice(0, 10)}):`,
      `${publicUrl}${guardianInvitePath(made.token)}`,
      "",
      `If you are not ${made.childName}'s parent or guardian, ignore this mail: nothing happens without the link.`,
    ].join("\n"),
    // The link's own end: a mail still queued then would carry a dead link.
    expiresAt: made.expiresAt,
  };
}

/**
 * Makes the link, and mails it to `email` when one is given. "no_mail" when an address is given and this server
 * sends no mail; "too_many" when the player has too many mailed links open; null when the id is not a player of
 * the team. Nothing is stored in those cases.
 */
export async function inviteGuardian(
  services: { database: { db: Kysely<DB> }; config: Pick<Config, "publicUrl" | "mail"> },
  coach: { teamId: string; fullName: string },
  playerId: string,
  email: string | null,
): Promise<GuardianInvite | "no_mail" | "too_many" | null> {
  if (email !== null && !services.config.mail) return "no_mail";
  return inTransaction(services.database.db, async (trx) => {
    const made = await createGuardianInvite(trx, coach.teamId, playerId, email);
    if (made === null || made === "too_many") return made;
    if (email !== null) {
      await enqueueMail(trx, guardianInviteMail(services.config.publicUrl, email, coach.fullName, made));
    }
    return { token: made.token, expiresAt: made.expiresAt, emailedTo: email };
  });
}
