import type { MailMessage } from "./index.js";

/*
 * The texts of every message Flagline sends (docs/product.md §11). Plain text only: links are written out in
 * full, so any mail client shows them.
 */

/** How long an emailed reset link works (Better Auth's resetPasswordTokenExpiresIn). */
export const EMAILED_RESET_LINK_SECONDS = 60 * 60;
/** How long a reset link made by a head coach or the operator works. */
export const MADE_RESET_LINK_SECONDS = 24 * 60 * 60;
/** How long the link confirming a new email address works. */
export const CHANGE_EMAIL_LINK_SECONDS = 24 * 60 * 60;

/** The page that consumes a reset token, whoever made it (docs/product.md §11). */
export function resetPasswordUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

function confirmEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/confirm-email?token=${encodeURIComponent(token)}`;
}

export function resetPasswordMail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: "Reset your Flagline password",
    text: [
      "Someone asked to reset the password of your Flagline account.",
      "",
      "Choose a new password here (the link works once, for one hour):",
      resetPasswordUrl(publicUrl, token),
      "",
      "If it was not you, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}

export function changeEmailMail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: "Confirm your new Flagline email",
    text: [
      "Your Flagline account asked to use this address from now on.",
      "",
      "Confirm it here (the link works once, for 24 hours):",
      confirmEmailUrl(publicUrl, token),
      "",
      "Until you do, the account keeps its old address. If it was not you, ignore this message.",
    ].join("\n"),
  };
}

/** To the address an account used to log in with, once a change of email has applied (docs/product.md §11). */
export function emailChangedMail(publicUrl: string, change: { oldEmail: string; newEmail: string }): MailMessage {
  return {
    to: change.oldEmail,
    subject: "Your Flagline login email was changed",
    text: [
      `The Flagline account that used this address (${change.oldEmail}) now logs in with ${change.newEmail}.`,
      "This address no longer signs in to it.",
      "",
      "If you made this change, there is nothing to do.",
      "",
      "If you did not, someone else may be using your account. To get it back:",
      "- a player: ask your head coach, who can make you a password reset link;",
      `- a coach: write to the people who run this Flagline server, at ${publicUrl}/contact`,
    ].join("\n"),
  };
}

export function contactMail(to: string, message: { name: string; email: string; message: string }): MailMessage {
  return {
    to,
    replyTo: `${message.name.replace(/[<>"\r\n]/g, "")} <${message.email}>`,
    subject: `Flagline contact form: ${message.name.replace(/[\r\n]/g, " ").slice(0, 60)}`,
    text: [`From: ${message.name} <${message.email}>`, "", message.message].join("\n"),
  };
}
