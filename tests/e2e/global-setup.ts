import { join } from "node:path";
import { createAuth } from "#server/auth/index.js";
import { openDatabase } from "#server/db/index.js";
import { PASSWORD } from "./accounts";

/**
 * Runs once, after the web server has started (and migrated its database): hashes the e2e password with the
 * server's own Better Auth config, once, for seed.ts to store on every account it makes.
 */
export default async function globalSetup() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const database = openDatabase({ dataDir, sqlitePath: join(dataDir, "flagline.db") });
  try {
    const auth = createAuth(database, {
      // Only the password hasher is used here; no session is signed with this.
      authSecret: "e2e-seeding-does-not-sign-anything-0123456789",
      publicUrl: "http://localhost",
      authRateLimit: 0,
    });
    const context = await auth.$context;
    process.env.E2E_PASSWORD_HASH = await context.password.hash(PASSWORD);
  } finally {
    await database.close();
  }
}
