import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, unlinkSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NewSnapInput } from "#domain/api/game.js";
import { createApp } from "./app.js";
import { checkIntegrity } from "./db/integrity.js";
import { createSnapWriter } from "./db/snaps.js";
import { OUTAGE_ERRORS } from "./http/errors.js";
import { createServices } from "./server.js";
import type { Services } from "./services.js";
import type { PushService } from "./push/service.js";
import { aPassSnap, loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { testConfig } from "#tests/server/support/test-client.js";

/*
 * Issue #32, fault 2: the disk under SQLite fills up on game day. Writes answer 503 with a message the logger can
 * show (its outbox keeps the play), reads keep working, every acknowledged write stays, the file stays sound, and
 * writing resumes by itself once there is room. The server is built as `npm run serve` builds it (createServices:
 * the snap writer on its own thread, the WAL checkpointer), its data folder on a small tmpfs that a ballast file
 * fills. Where the container refuses `mount -t tmpfs`, the fault is simulated with SQLite's max_page_count (the same
 * SQLITE_FULL a full disk gives) on the server's connection, which then writes the snaps itself.
 */

function mountTmpfs(dir: string): boolean {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Writes `file` until the file system has no room left. */
function fillUp(file: string): void {
  const fd = openSync(file, "w");
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch (error) {
        if ((error as { code?: string }).code !== "ENOSPC") throw error;
        // The last bytes: smaller writes until not one more fits.
        for (let n = 4096; n >= 1; n = Math.floor(n / 2)) {
          try {
            for (;;) writeSync(fd, chunk, 0, n);
          } catch (e) {
            if ((e as { code?: string }).code !== "ENOSPC") throw e;
          }
        }
        return;
      }
    }
  } finally {
    closeSync(fd);
  }
}

describe("SQLite's disk fills up (issue #32)", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "flagline-disk-full-"));
  const tmpfs = mountTmpfs(dir);
  const dataDir = path.join(dir, "data");
  const ballast = path.join(dir, "ballast");
  const logLines: string[] = [];
  let services: Services & { push: PushService };
  let team: LoggerTeam;
  let gameId: string;

  /** The disk is full: the ballast takes every free byte, or the file may not grow past the pages it has. */
  let fill: () => Promise<void>;
  /** Room again: the ballast deleted, or the page limit lifted. */
  let free: () => Promise<void>;

  beforeAll(async () => {
    const log = pino({ level: "warn" }, { write: (line: string) => void logLines.push(line) });
    services = await createServices(testConfig({ dataDir }), log);
    if (tmpfs) {
      fill = async () => fillUp(ballast);
      free = async () => unlinkSync(ballast);
    } else {
      // max_page_count holds for one connection: the server's then writes the snaps too (as a cluster worker does).
      await services.snapWriter.close();
      services.snapWriter = createSnapWriter(services.database.db);
      fill = async () => {
        await sql`pragma max_page_count = 1`.execute(services.database.db);
      };
      free = async () => {
        await sql`pragma max_page_count = 1073741823`.execute(services.database.db);
      };
    }
    const app = createApp(services);
    team = await loggerTeam(app, "Falcons", 2);
    // The coach's confirmation of the players, written directly (as test-client.ts does for its test apps).
    await services.database.db.updateTable("profiles").set({ confirmed: 1 }).execute();
    const game = await team.head.post("/api/team/sessions", { kind: "game", date: "2026-10-03", opponent: "Eagles" });
    expect(game.status).toBe(201);
    gameId = game.body.session.id;
  });

  afterAll(async () => {
    await services?.snapWriter.close();
    await services?.push.stop();
    await services?.hub.close();
    await services?.database.close();
    if (tmpfs) execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  const aSnap = () => aPassSnap(team, gameId);

  const postSnap = (snap: NewSnapInput) => team.head.post("/api/team/snaps", { snaps: [snap] });

  async function sheetIds(): Promise<Set<string>> {
    const res = await team.head.get(`/api/team/sessions/${gameId}/snaps`);
    expect(res.status).toBe(200);
    return new Set((res.body.snaps as { id: string }[]).map((s) => s.id));
  }

  it("answers writes 503 with what to do, keeps reads and every acknowledged write, and resumes with room", async () => {
    const acknowledged: string[] = [];
    for (let i = 0; i < 5; i++) {
      const snap = aSnap();
      const res = await postSnap(snap);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      acknowledged.push(snap.id);
    }

    await fill();
    // Game day goes on until the file can take no more: each write is either stored (2xx) or refused with a 503.
    let refused: Awaited<ReturnType<typeof postSnap>> | null = null;
    for (let i = 0; i < 500 && !refused; i++) {
      const snap = aSnap();
      const res = await postSnap(snap);
      if (res.status === 200) acknowledged.push(snap.id);
      else refused = res;
    }
    expect(refused?.status, logLines.join("")).toBe(503);
    expect(refused?.body.error).toMatchObject(OUTAGE_ERRORS.disk_full);
    expect(refused?.body.error.message).toBe(
      "The server's disk is full; your play is kept on this phone and will be sent when there is room.",
    );
    expect(refused?.headers.get("retry-after")).toBeTruthy();
    // The operator's log says why.
    expect(logLines.join("")).toContain("answered 503: disk_full");

    // Still full: the next write is refused the same way, and nothing of it is stored.
    const refusedSnap = aSnap();
    const again = await postSnap(refusedSnap);
    expect(again.status).toBe(503);
    expect(again.body.error.code).toBe("disk_full");

    // Reads keep working, and show every write answered 2xx.
    expect((await team.head.get("/api/health")).status).toBe(200);
    expect((await team.head.get("/api/me")).status).toBe(200);
    const during = await sheetIds();
    for (const id of acknowledged) expect(during).toContain(id);
    expect(during).not.toContain(refusedSnap.id);

    // Room again: the next write is stored, without a restart.
    await free();
    const resumed = aSnap();
    const res = await postSnap(resumed);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([{ id: resumed.id, status: "created" }]);
    // The play the phone kept is sent again and stored.
    const resent = await postSnap(refusedSnap);
    expect(resent.status).toBe(200);
    expect(resent.body.results).toEqual([{ id: refusedSnap.id, status: "created" }]);

    const after = await sheetIds();
    for (const id of [...acknowledged, resumed.id, refusedSnap.id]) expect(after).toContain(id);

    // The file is sound, and the counters match the events.
    await services.snapWriter.flush();
    const check = new SQLite(services.database.sqliteFile!, { readonly: true });
    try {
      expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    } finally {
      check.close();
    }
    const integrity = await checkIntegrity(services.database.db);
    expect(integrity).toMatchObject({ drift: [], snapMismatches: [], tallyDrift: [] });
    expect(integrity.snaps).toBe(after.size);
  }, 60_000);
});
