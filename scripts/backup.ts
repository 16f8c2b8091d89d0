/**
 * npm run backup [-- --out DIR]
 * Writes a consistent copy of the SQLite database (SQLite's online backup API: safe while Flagline runs and
 * writes) and then of the uploads, with a manifest. PostgreSQL installations back up with pg_dump instead.
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import Database from "better-sqlite3";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.env.DATABASE_URL) {
  console.error("DATABASE_URL is set: back up PostgreSQL with pg_dump (and your S3 bucket with its own tools).");
  process.exit(2);
}
const dataDir = resolve(process.env.DATA_DIR || "./data");
const source = join(dataDir, "flagline.db");
if (!existsSync(source)) {
  console.error(`No database at ${source} (set DATA_DIR).`);
  process.exit(2);
}
const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..+/, "").replace("T", "-");
const out = resolve(arg("--out") ?? join("backups", `flagline-${stamp}`));
if (existsSync(join(out, "flagline.db"))) {
  console.error(`${out} already holds a backup; choose another --out.`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });

const started = performance.now();
const db = new Database(source, { fileMustExist: true });
try {
  db.pragma("busy_timeout = 10000");
  await db.backup(join(out, "flagline.db"));
} finally {
  db.close();
}
// Uploads are written before the row that names them is committed, so copying them after the database
// snapshot means every file the snapshot refers to is in the copy.
const uploads = join(dataDir, "uploads");
if (existsSync(uploads)) cpSync(uploads, join(out, "uploads"), { recursive: true });

const copy = new Database(join(out, "flagline.db"), { readonly: true });
const count = (table: string) => (copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const manifest = {
  format: "flagline-backup/1",
  createdAt: new Date().toISOString(),
  source: dataDir,
  teams: count("teams"),
  profiles: count("profiles"),
  events: count("events"),
  files: count("files"),
  integrity: (copy.pragma("integrity_check", { simple: true }) as string) ?? "unknown",
};
copy.close();
writeFileSync(join(out, "manifest.json"), JSON.stringify(manifest, null, 2) + "\n");
console.log(`Backup written to ${out} in ${(performance.now() - started).toFixed(0)} ms`);
console.log(
  `  ${manifest.teams} teams, ${manifest.profiles} people, ${manifest.events} events, ${manifest.files} files; SQLite integrity: ${manifest.integrity}`,
);
console.log(`Restore it with: npm run restore -- ${out}`);
