import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { MailKind } from "#domain/reminders.js";
import { answerToken, unsubscribeToken } from "#server/mail/links.js";

/*
 * The links a reminder mail carries (docs/product.md §12), made as the e2e server makes them: its tokens are signed
 * with its AUTH_SECRET, which playwright.config.ts does not set, so the server made one on first start and keeps it
 * in E2E_DATA_DIR/auth-secret (src/server/config.ts). No mail has to be sent and read for a spec to open one.
 */

function authSecret(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e suite through playwright.config.ts");
  return readFileSync(join(dataDir, "auth-secret"), "utf8").trim();
}

/** `/answer/<token>`: the person's answer link for the event. */
export function answerPath(eventId: string, userId: string): string {
  return `/answer/${answerToken(authSecret(), eventId, userId)}`;
}

/** `/unsubscribe/<token>`: the person's unsubscribe link for one kind of mail. */
export function unsubscribePath(userId: string, kind: MailKind): string {
  return `/unsubscribe/${unsubscribeToken(authSecret(), userId, kind)}`;
}
