/**
 * npm run restore -- BACKUP_DIR [--force]
 * Puts a backup made by `npm run backup` (or the server's BACKUP_EVERY) back, into the engine it came from:
 * - SQLite: into DATA_DIR. Flagline must be stopped. The files it replaces are kept beside it in
 *   DATA_DIR/pre-restore-<time>/, so a restore can itself be undone.
 * - PostgreSQL: into the database DATABASE_URL names, which must exist (createdb). A database that already holds
 *   tables is refused unless --force; with it, they are first saved as a backup into DATA_DIR/pre-restore-<time>/.
 * Disk uploads are put back into DATA_DIR/uploads (the old ones kept aside). The logic is in src/server/backup/.
 */
import { resolve } from "node:path";
import { storageConfig } from "../src/server/config.js";
import { BackupError } from "../src/server/backup/folders.js";
import { restoreBackup } from "../src/server/backup/restore.js";

const from = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!from) {
  console.error("Usage: npm run restore -- BACKUP_DIR [--force]");
  process.exit(2);
}
try {
  await restoreBackup({
    from,
    target: {
      dataDir: resolve(process.env.DATA_DIR || "./data"),
      databaseUrl: process.env.DATABASE_URL || undefined,
      storage: storageConfig(process.env),
    },
    port: process.env.PORT || "3000",
    force: process.argv.includes("--force"),
    say: (line) => console.log(line),
  });
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(2);
}
