/*
 * Password reset tokens as Better Auth stores them in its `verification` table: the row `reset-password:<token>`
 * whose value is the user's id. Apart from tokens.ts because auth/index.ts (Better Auth's configuration) needs
 * this, and tokens.ts needs the configured instance's type from auth/index.ts.
 */

export const RESET_PREFIX = "reset-password:";

/** What ending reset tokens needs of Better Auth's adapter (its endpoint context or `auth.$context`). */
interface VerificationRows {
  deleteMany(data: {
    model: string;
    where: { field: string; value: string; operator?: "starts_with" }[];
  }): Promise<number>;
}

/** Whether a `verification` row's identifier is a password reset token's. */
export function isResetIdentifier(identifier: string): boolean {
  return identifier.startsWith(RESET_PREFIX);
}

/**
 * Ends every password reset link of the account, wherever it came from (emailed, a head coach's, the operator's
 * `npm run reset-link`): a newer link or a completed reset leaves no older link working.
 */
export async function endResetTokens(adapter: VerificationRows, userId: string): Promise<void> {
  await adapter.deleteMany({
    model: "verification",
    where: [
      { field: "identifier", operator: "starts_with", value: RESET_PREFIX },
      { field: "value", value: userId },
    ],
  });
}
