/**
 * npm run reset-link -- <email>
 * The operator's password reset link for any account, with or without mail (docs/product.md §11): prints a
 * one-time link to /reset-password that works for 24 hours, built from PUBLIC_URL. Same configuration as the
 * server (DATABASE_URL, else the SQLite file in DATA_DIR; AUTH_SECRET or DATA_DIR/auth-secret).
 * Exit code 0: printed; 1: no such account, or it has no password yet; 2: usage or error.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createAuth } from "../src/server/auth/index.js";
import { makeResetToken } from "../src/server/auth/tokens.js";
import { loadConfig } from "../src/server/config.js";
import { hasPassword, userIdByEmail } from "../src/server/db/account-email.js";
import { openDatabase } from "../src/server/db/index.js";
import { MADE_RESET_LINK_SECONDS, resetPasswordUrl } from "../src/server/mail/messages.js";

const email = process.argv[2]?.trim();
if (!email || process.argv.length > 3) {
  console.error("Usage: npm run reset-link -- <email>");
  process.exit(2);
}
const config = loadConfig();
if (!config.databaseUrl && !existsSync(join(config.dataDir, "flagline.db"))) {
  console.error(`No database at ${join(config.dataDir, "flagline.db")} (set DATA_DIR or DATABASE_URL).`);
  process.exit(2);
}
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const userId = await userIdByEmail(database.db, email);
  if (!userId) {
    console.error(`No account uses ${email}.`);
    process.exitCode = 1;
  } else if (!(await hasPassword(database.db, userId))) {
    console.error(`${email} has no password yet (a roster player who never signed up): send their invite link.`);
    process.exitCode = 1;
  } else {
    const token = await makeResetToken(createAuth(database, config), userId, MADE_RESET_LINK_SECONDS);
    const until = new Date(Date.now() + MADE_RESET_LINK_SECONDS * 1000).toISOString();
    console.error(`Password reset link for ${email} (works once, until ${until}):`);
    console.log(resetPasswordUrl(config.publicUrl, token));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await database.close();
}
