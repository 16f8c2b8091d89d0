/**
 * npm run check:integrity [-- --fix]
 * Recounts every counter from the events and attendance on the configured database (DATABASE_URL, else the
 * SQLite file in DATA_DIR) and reports drift. Exit code 0: no drift; 1: drift found (fixed with --fix); 2: error.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { openDatabase } from "../src/server/db/index.js";
import { checkIntegrity, rebuildCounters } from "../src/server/db/integrity.js";

const fix = process.argv.includes("--fix");
const dataDir = resolve(process.env.DATA_DIR || "./data");
const databaseUrl = process.env.DATABASE_URL || undefined;
if (!databaseUrl && !existsSync(join(dataDir, "flagline.db"))) {
  console.error(`No database at ${join(dataDir, "flagline.db")} (set DATA_DIR or DATABASE_URL).`);
  process.exit(2);
}
const database = openDatabase({ databaseUrl, dataDir });
try {
  const started = performance.now();
  const report = await checkIntegrity(database.db);
  const ms = (performance.now() - started).toFixed(0);
  console.log(
    `${database.engine}: ${report.events} events, ${report.snaps} snaps, ${report.players} players checked in ${ms} ms`,
  );
  if (report.snapMismatches.length > 0) {
    console.log(`SNAPS: ${report.snapMismatches.length} snap(s) whose events are not the ones their detail implies:`);
    for (const m of report.snapMismatches.slice(0, 50)) {
      console.log(`  snap ${m.snapId}  expected [${m.expected.join("; ")}]  stored [${m.stored.join("; ")}]`);
    }
    if (report.snapMismatches.length > 50) console.log(`  … and ${report.snapMismatches.length - 50} more`);
    console.log("Edit or delete these snaps in the logger to rewrite their events.");
    process.exitCode = 1;
  }
  const tallies = report.tallyDrift;
  if (tallies.length > 0) {
    console.log(`TALLIES: ${tallies.length} tally row(s) of the team reads disagree with the recount:`);
    for (const d of tallies.slice(0, 50)) {
      console.log(`  ${d.table} [${d.key}] ${d.field}: stored ${d.stored}, recounted ${d.recounted}`);
    }
    if (tallies.length > 50) console.log(`  … and ${tallies.length - 50} more`);
  }
  if (report.drift.length === 0 && tallies.length === 0) {
    console.log("OK: every counter and tally equals a recount from the events and attendance.");
    process.exitCode ??= 0;
  } else {
    if (report.drift.length > 0) {
      console.log(`DRIFT: ${report.drift.length} counter(s) disagree with the recount:`);
      for (const d of report.drift.slice(0, 50)) {
        console.log(
          `  player ${d.playerId} season ${d.seasonId}  ${d.field}: stored ${d.stored}, recounted ${d.recounted}`,
        );
      }
      if (report.drift.length > 50) console.log(`  … and ${report.drift.length - 50} more`);
    }
    if (fix) {
      await rebuildCounters(database.db);
      const after = await checkIntegrity(database.db);
      console.log(
        after.drift.length === 0 && after.tallyDrift.length === 0
          ? "Fixed: counters and tallies rebuilt from the events."
          : "Still drifting after the rebuild.",
      );
    } else {
      console.log("Run again with --fix to rebuild the counters and tallies from the events.");
    }
    process.exitCode = 1;
  }
} catch (error) {
  console.error("check:integrity failed:", error);
  process.exitCode = 2;
} finally {
  await database.close();
}
