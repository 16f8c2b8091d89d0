import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { loadConfig } from "./config.js";
import { recordEvent } from "./db/events.js";
import { openDatabase } from "./db/index.js";
import { checkIntegrity } from "./db/integrity.js";
import { seedDemo } from "./demo/seed.js";
import { startServer } from "./server.js";

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), "flagline-backup-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function script(name: string, args: string[], env: Record<string, string>) {
  return run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    env: { ...process.env, ...env },
  });
}

describe("npm run backup / npm run restore", () => {
  it("copies a consistent database and the uploads while the server writes, and brings them back", async () => {
    const dataDir = join(root, "data");
    const out = join(root, "backup-1");
    const port = await freePort();
    const config = loadConfig({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
    const running = await startServer(config, pino({ level: "silent" }));
    const { db } = running.services.database;
    const demo = (await seedDemo(db, running.services.auth, { weeks: 2 }))!;
    mkdirSync(join(dataDir, "uploads", "photos"), { recursive: true });
    writeFileSync(join(dataDir, "uploads", "photos", "a.webp"), "image bytes");

    // Keep writing events while the backup runs, as a coach on the sideline would.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await recordEvent(db, {
          id: randomUUID(),
          teamId: demo.teamId,
          playerId: demo.players[written % demo.players.length]!.id,
          eventType: "Flag Pull",
          occurredAt: new Date().toISOString(),
          createdBy: demo.players[0]!.id,
        });
        written += 1;
        // better-sqlite3 answers synchronously: yield so the backup process's exit can be heard.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const refused = await script("restore", [out], { DATA_DIR: dataDir, PORT: String(port) }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect(refused).toMatchObject({ code: 2 });
    const { stdout } = await script("backup", ["--out", out], { DATA_DIR: dataDir });
    writing = false;
    await writer;
    expect(stdout).toContain("Backup written to");
    expect(written).toBeGreaterThan(0);

    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8"));
    expect(manifest).toMatchObject({ format: "flagline-backup/1", teams: 1, profiles: 13, integrity: "ok" });
    expect(manifest.events).toBeGreaterThanOrEqual(demo.events);
    expect(manifest.events).toBeLessThanOrEqual(demo.events + written);
    expect(existsSync(join(out, "uploads", "photos", "a.webp"))).toBe(true);
    // Consistent: the copy's counters agree with its own events, mid-write or not.
    const copy = openDatabase({ dataDir: out });
    expect((await checkIntegrity(copy.db)).drift).toEqual([]);
    await copy.close();

    await running.close();
    for (const f of ["flagline.db", "flagline.db-wal", "flagline.db-shm"]) rmSync(join(dataDir, f), { force: true });
    rmSync(join(dataDir, "uploads"), { recursive: true, force: true });

    const restored = await script("restore", [out], { DATA_DIR: dataDir, PORT: String(port) });
    expect(restored.stdout).toContain("Counters check out against the events.");
    const again = await startServer(config, pino({ level: "silent" }));
    const events = await again.services.database.db
      .selectFrom("events")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(manifest.events);
    expect(readFileSync(join(dataDir, "uploads", "photos", "a.webp"), "utf8")).toBe("image bytes");
    const health = await fetch(`${again.url}/api/health`);
    expect(health.status).toBe(200);
    await again.close();
  }, 90_000);
});
