/**
 * npm run backup [-- --out DIR]
 * Writes a backup of the configured database and then of the uploads, with a manifest, into DIR (default
 * BACKUP_DIR/flagline-<time>, BACKUP_DIR defaulting to DATA_DIR/backups). The embedded SQLite database is copied
 * with SQLite's online backup API; PostgreSQL (DATABASE_URL) with pg_dump --format=custom. Both are safe while
 * Flagline runs and writes. With STORAGE=s3 the files stay in the bucket: the manifest says so. The logic is in
 * src/server/backup/ (decision 0041).
 */
import { resolve } from "node:path";
import { backupDir, storageConfig } from "../src/server/config.js";
import { createBackup } from "../src/server/backup/create.js";
import { BackupError, newBackupFolder } from "../src/server/backup/folders.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const dataDir = resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
const given = arg("--out");
const out = given ? resolve(given) : newBackupFolder(backupDir(process.env, dataDir), new Date());
const started = performance.now();
try {
  const manifest = await createBackup({
    source: { dataDir, databaseUrl, storage: storageConfig(process.env) },
    out,
    madeBy: "npm run backup",
    verify: true,
  });
  console.log(`Backup written to ${out} in ${(performance.now() - started).toFixed(0)} ms`);
  const checked = manifest.integrity ? `; SQLite integrity: ${manifest.integrity}` : "";
  const engine =
    manifest.engine === "postgres" ? `PostgreSQL ${manifest.source}, pg_dump ${manifest.postgres?.pgDump}` : "SQLite";
  console.log(
    `  ${engine}: ${manifest.teams} teams, ${manifest.profiles} people, ${manifest.events} events, ${manifest.files} files${checked}`,
  );
  if (manifest.note) console.log(`  Note: ${manifest.note}`);
  console.log(`Restore it with: npm run restore -- ${out}`);
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(2);
}
