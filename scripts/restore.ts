/**
 * npm run restore -- BACKUP_DIR
 * Puts a backup made by `npm run backup` back into DATA_DIR. Flagline must be stopped. The data it replaces is
 * kept beside it in DATA_DIR/pre-restore-<time>/, so a restore can itself be undone.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/server/db/index.js";
import { checkIntegrity } from "../src/server/db/integrity.js";

const from = process.argv.slice(2).find((a) => !a.startsWith("--"));
if (!from) {
  console.error("Usage: npm run restore -- BACKUP_DIR");
  process.exit(2);
}
const backup = resolve(from);
if (!existsSync(join(backup, "flagline.db")) || !existsSync(join(backup, "manifest.json"))) {
  console.error(`${backup} is not a Flagline backup (no flagline.db and manifest.json).`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(join(backup, "manifest.json"), "utf8")) as {
  format?: string;
  createdAt?: string;
};
if (manifest.format !== "flagline-backup/1") {
  console.error(`Unknown backup format: ${manifest.format}`);
  process.exit(2);
}

const dataDir = resolve(process.env.DATA_DIR || "./data");
const port = process.env.PORT || "3000";
try {
  const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1000) });
  if (res.ok) {
    console.error(`Flagline is running on port ${port}. Stop it before restoring.`);
    process.exit(2);
  }
} catch {
  // nothing answering: good
}

mkdirSync(dataDir, { recursive: true });
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+/, "").replace("T", "-");
const aside = join(dataDir, `pre-restore-${stamp}`);
let movedAside = false;
for (const name of ["flagline.db", "flagline.db-wal", "flagline.db-shm", "uploads"]) {
  const current = join(dataDir, name);
  if (!existsSync(current)) continue;
  mkdirSync(aside, { recursive: true });
  renameSync(current, join(aside, name));
  movedAside = true;
}
cpSync(join(backup, "flagline.db"), join(dataDir, "flagline.db"));
if (existsSync(join(backup, "uploads"))) cpSync(join(backup, "uploads"), join(dataDir, "uploads"), { recursive: true });

const database = openDatabase({ dataDir });
try {
  const report = await checkIntegrity(database.db);
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: ${report.events} events, ${report.players} players.`,
  );
  console.log(
    report.drift.length === 0
      ? "Counters check out against the events."
      : `Warning: ${report.drift.length} counters drift; run npm run check:integrity -- --fix`,
  );
  if (movedAside) console.log(`The data it replaced is kept in ${aside}`);
} finally {
  await database.close();
}
