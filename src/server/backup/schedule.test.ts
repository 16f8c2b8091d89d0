import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { scaled } from "#tests/support/host-speed.js";
import { seedProfile, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/index.js";
import { checkIntegrity } from "../db/integrity.js";
import { createTeam } from "../db/teams.js";
import { MANIFEST_FILE, SQLITE_FILE, readManifest, scheduledBackups } from "./folders.js";
import { startBackupSchedule, startConfiguredBackups, type BackupSchedule } from "./schedule.js";

/** A pino logger whose lines the test reads. */
function capturedLog() {
  const lines: { level: number; msg: string; [key: string]: unknown }[] = [];
  const log = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const said = (msg: string) => lines.filter((l) => l.msg === msg);
  return { log, lines, said };
}

const sqlite = testEngines().find((e) => e.engine === "sqlite")!;
const wait = { timeout: scaled(20_000), interval: 20 };

describe("scheduled backups of the embedded database", () => {
  let database: TestDatabase;
  let dataDir: string;
  const root = mkdtempSync(join(tmpdir(), "flagline-scheduled-backups-"));
  const running: BackupSchedule[] = [];

  beforeAll(async () => {
    database = await sqlite.create();
    dataDir = (database.env as { DATA_DIR: string }).DATA_DIR;
    const team = await createTeam(database.db, { name: "Comets" });
    await seedProfile(database.db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Casey Coach" });
    mkdirSync(join(dataDir, "uploads", "photos"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", "photos", "a.webp"), "image bytes");
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.stop()));
  });
  afterAll(async () => {
    await database.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it("takes a backup on its timer and keeps only BACKUP_KEEP of its own", async () => {
    const dir = join(root, "keep");
    // A backup someone made by hand in the same folder: never the schedule's to delete.
    const manual = join(dir, "flagline-by-hand");
    mkdirSync(manual, { recursive: true });
    writeFileSync(
      join(manual, MANIFEST_FILE),
      JSON.stringify({ format: "flagline-backup/1", createdAt: "2020-01-01T00:00:00.000Z", madeBy: "npm run backup" }),
    );
    const { log, said } = capturedLog();
    running.push(
      startBackupSchedule({ source: { dataDir, storage: { kind: "disk" } }, dir, everyMs: 50, keep: 2, log }),
    );

    await vi.waitFor(() => expect(said("older scheduled backups deleted").length).toBeGreaterThanOrEqual(2), wait);
    await running.pop()!.stop();

    expect(said("scheduled backup failed")).toEqual([]);
    expect(said("scheduled backup written").length).toBeGreaterThanOrEqual(4);
    const kept = scheduledBackups(dir);
    expect(kept).toHaveLength(2);
    expect(readManifest(manual)).not.toBeNull();
    for (const { dir: backup, manifest } of kept) {
      expect(manifest).toMatchObject({
        engine: "sqlite",
        madeBy: "schedule",
        teams: 1,
        profiles: 1,
        uploads: "copied",
      });
      expect(existsSync(join(backup, "uploads", "photos", "a.webp"))).toBe(true);
      const copy = openDatabase({ dataDir: backup });
      try {
        expect((await checkIntegrity(copy.db)).drift).toEqual([]);
      } finally {
        await copy.close();
      }
      expect(existsSync(join(backup, SQLITE_FILE))).toBe(true);
    }
  });

  it("logs a failed backup, keeps the server up and tries again at the next interval", async () => {
    const dir = join(root, "blocked");
    writeFileSync(dir, "a file where the backups folder should be");
    const { log, said } = capturedLog();
    running.push(
      startBackupSchedule({ source: { dataDir, storage: { kind: "disk" } }, dir, everyMs: 50, keep: 3, log }),
    );
    await vi.waitFor(() => expect(said("scheduled backup failed").length).toBeGreaterThanOrEqual(2), wait);
    rmSync(dir);
    await vi.waitFor(() => expect(said("scheduled backup written").length).toBeGreaterThanOrEqual(1), wait);
    expect(scheduledBackups(dir).length).toBeGreaterThanOrEqual(1);
  });

  it("after a restart, takes the next one an interval after the newest it made", async () => {
    const dir = join(root, "restart");
    const { log, said } = capturedLog();
    const first = startBackupSchedule({
      source: { dataDir, storage: { kind: "disk" } },
      dir,
      everyMs: 3_600_000,
      keep: 5,
      log,
    });
    running.push(first);
    // None yet: the first is taken at once.
    await vi.waitFor(() => expect(scheduledBackups(dir)).toHaveLength(1), wait);
    await first.stop();
    const newest = Date.parse(scheduledBackups(dir)[0]!.manifest.createdAt);

    // Restarted 59 minutes later: the next one is due a minute from then, not at once.
    let clock = newest + 59 * 60_000;
    const restarted = (at: number) =>
      startBackupSchedule({
        source: { dataDir, storage: { kind: "disk" } },
        dir,
        everyMs: 3_600_000,
        keep: 5,
        log,
        now: () => at,
      });
    const again = restarted(clock);
    running.push(again);
    expect(again.nextAt()).toBe(newest + 3_600_000);
    await again.stop();
    // Restarted after the interval went by: one at once.
    clock = newest + 61 * 60_000;
    running.push(restarted(clock));
    await vi.waitFor(() => expect(scheduledBackups(dir)).toHaveLength(2), wait);
    expect(said("scheduled backup written")).toHaveLength(2);
  });

  it("at start, deletes the unfinished folder of a backup that was killed, but not one being written", async () => {
    const dir = join(root, "interrupted");
    // A backup killed two hours ago, midway (its copy half written), and one another process is writing now.
    const abandoned = join(dir, "flagline-20260101-030000.partial");
    const writing = join(dir, "flagline-20260101-040000-2.partial");
    const someoneElses = join(dir, "notes.partial");
    for (const folder of [abandoned, writing, someoneElses]) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, SQLITE_FILE), "half a database");
    }
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    for (const path of [join(abandoned, SQLITE_FILE), abandoned, join(someoneElses, SQLITE_FILE), someoneElses])
      utimesSync(path, twoHoursAgo, twoHoursAgo);
    const { log, said } = capturedLog();
    running.push(
      startBackupSchedule({ source: { dataDir, storage: { kind: "disk" } }, dir, everyMs: 3_600_000, keep: 3, log }),
    );
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(writing)).toBe(true);
    expect(existsSync(someoneElses)).toBe(true);
    expect(said("unfinished backups left by an interrupted one deleted")[0]).toMatchObject({ removed: [abandoned] });
    // The schedule goes on to take its own backup.
    await vi.waitFor(() => expect(scheduledBackups(dir)).toHaveLength(1), wait);
  });

  it("is configured by BACKUP_EVERY, BACKUP_KEEP and BACKUP_DIR, and only reported on PostgreSQL", async () => {
    const env = { DATA_DIR: dataDir, BACKUP_EVERY: "6h", BACKUP_KEEP: "3" };
    expect(loadConfig(env).backups).toEqual({ everyMs: 6 * 3_600_000, keep: 3, dir: join(dataDir, "backups") });
    expect(loadConfig({ DATA_DIR: dataDir }).backups).toMatchObject({ everyMs: null, keep: 7 });
    expect(loadConfig({ DATA_DIR: dataDir, BACKUP_DIR: join(root, "elsewhere") }).backups?.dir).toBe(
      join(root, "elsewhere"),
    );
    for (const bad of ["6", "30s", "0m", "8d", "soon"])
      expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_EVERY: bad })).toThrow(/BACKUP_EVERY/);
    expect(() => loadConfig({ DATA_DIR: dataDir, BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP/);

    const { log, said } = capturedLog();
    expect(startConfiguredBackups(loadConfig({ DATA_DIR: dataDir }), log)).toBeNull();
    const onPostgres = loadConfig({ ...env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" });
    expect(startConfiguredBackups(onPostgres, log)).toBeNull();
    expect(
      said(
        "BACKUP_EVERY is not supported on PostgreSQL: run `npm run backup` (pg_dump) from cron or a systemd timer instead",
      ),
    ).toHaveLength(1);

    const schedule = startConfiguredBackups(loadConfig({ ...env, BACKUP_DIR: join(root, "configured") }), log)!;
    running.push(schedule);
    await vi.waitFor(() => expect(scheduledBackups(join(root, "configured"))).toHaveLength(1), wait);
  });
});
