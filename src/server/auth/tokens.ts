import { randomBytes } from "node:crypto";
import type { Auth } from "./index.js";
import { endResetTokens, RESET_PREFIX } from "./reset-links.js";

/*
 * Single-use tokens kept in Better Auth's `verification` table through its own adapter, in the formats its
 * endpoints read: a reset token is the row `reset-password:<token>` whose value is the user's id (what
 * /request-password-reset stores and /reset-password consumes), so a link made by a head coach or the operator
 * is consumed by the same reset page as an emailed one. Change-email tokens are ours (`flagline-change-email:`).
 */

const CHANGE_EMAIL_PREFIX = "flagline-change-email:";

/** 144 random bits, URL-safe (Better Auth's own tokens are 24 characters too). */
function newToken(): string {
  return randomBytes(18).toString("base64url");
}

/** A password reset token for the user, working once, for `seconds`; the account's earlier links end. */
export async function makeResetToken(auth: Auth, userId: string, seconds: number): Promise<string> {
  const ctx = await auth.$context;
  const token = newToken();
  await endResetTokens(ctx.adapter, userId);
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${RESET_PREFIX}${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}

/** Whose password a reset token would set, or null when it is unknown, used or expired. Consumes nothing. */
export async function resetTokenOwner(auth: Auth, token: string): Promise<string | null> {
  const ctx = await auth.$context;
  const row = await ctx.internalAdapter.findVerificationValue(`${RESET_PREFIX}${token}`);
  return row && row.expiresAt > new Date() ? row.value : null;
}

/** A token confirming that the user wants `newEmail` (lower case) as their address. */
export async function makeChangeEmailToken(
  auth: Auth,
  change: { userId: string; newEmail: string },
  seconds: number,
): Promise<string> {
  const ctx = await auth.$context;
  const token = newToken();
  await ctx.internalAdapter.createVerificationValue({
    identifier: `${CHANGE_EMAIL_PREFIX}${token}`,
    value: JSON.stringify(change),
    expiresAt: new Date(Date.now() + seconds * 1000),
  });
  return token;
}

/** Takes a change-email token (once: a second call gets null), or null when unknown or expired. */
export async function takeChangeEmailToken(
  auth: Auth,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const ctx = await auth.$context;
  const row = await ctx.internalAdapter.consumeVerificationValue(`${CHANGE_EMAIL_PREFIX}${token}`);
  if (!row || row.expiresAt <= new Date()) return null;
  try {
    const parsed = JSON.parse(row.value) as { userId?: unknown; newEmail?: unknown };
    if (typeof parsed.userId === "string" && typeof parsed.newEmail === "string") {
      return { userId: parsed.userId, newEmail: parsed.newEmail };
    }
  } catch {
    // not ours
  }
  return null;
}

/** Whether `password` is the user's current password (false when the account has none). */
export async function passwordMatches(auth: Auth, userId: string, password: string): Promise<boolean> {
  const ctx = await auth.$context;
  const account = await ctx.internalAdapter.findCredentialAccount(userId);
  if (!account?.password) return false;
  return ctx.password.verify({ hash: account.password, password });
}
