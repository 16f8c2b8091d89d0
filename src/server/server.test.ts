import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { loadConfig } from "./config.js";
import { KEEP_ALIVE_MS, SHUTDOWN_GRACE_MS, startServer, type RunningServer } from "./server.js";

const dirs: string[] = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), "flagline-server-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Sends a POST whose body trickles in, so the request is still in flight when we ask the server to stop. */
function slowPost(
  url: string,
  path: string,
  body: string,
  onFirstChunk: () => void,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const u = new URL(path, url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        let data = "";
        res.on("data", (c) => (data += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data }));
      },
    );
    req.on("error", reject);
    const half = Math.floor(body.length / 2);
    req.on("socket", (socket) =>
      socket.on("connect", () => {
        req.write(body.slice(0, half));
        // The server has the connection and half a body: now ask it to stop, then finish sending.
        setTimeout(onFirstChunk, 100);
        setTimeout(() => req.end(body.slice(half)), 400);
      }),
    );
  });
}

describe("the server process", () => {
  it("finishes a request in flight, then closes the database, when asked to stop", async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
    const running: RunningServer = await startServer(config, pino({ level: "silent" }));
    let closed: Promise<void> | undefined;
    const res = await slowPost(
      running.url,
      "/api/contact",
      JSON.stringify({ name: "Late Sender", email: "late@example.com", message: "Still sending while you stop." }),
      () => {
        closed = running.close();
      },
    );
    expect(res.status).toBe(201);
    await closed;
    await expect(running.services.database.db.selectFrom("teams").selectAll().execute()).rejects.toThrow();
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
  });

  it("keeps idle connections open longer than a proxy would (65 s), and says so", async () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: "0", HOST: "127.0.0.1", WEB_ROOT: "/nonexistent" });
    const running: RunningServer = await startServer(config, pino({ level: "silent" }));
    try {
      const res = await fetch(`${running.url}/api/health`);
      expect(res.status).toBe(200);
      expect(res.headers.get("keep-alive")).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    } finally {
      await running.close();
    }
  });

  it("keeps the generated auth secret across restarts", () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.authSecret).toBe(first.authSecret);
  });

  it("refuses a DATABASE_URL that is not PostgreSQL, with a clear message", () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: "mysql://x" })).toThrow(/postgres:\/\//);
  });

  /** `node --import tsx src/server/main.ts` on a free port, with stdout and stderr piped to us. */
  async function spawnMain() {
    const dir = tempDir();
    const port = await freePort();
    const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        WEB_ROOT: "/nonexistent",
        PUBLIC_URL: "",
        DATABASE_URL: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (out += c));
    const deadline = Date.now() + 30_000;
    while (!out.includes("Flagline is serving")) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on("exit", (code, signal) => resolve({ code, signal })),
    );
    return { child, port, exited, output: () => out };
  }

  it("exits on SIGTERM within the grace period even when nobody reads its stdout and stderr any more", async () => {
    const { child, exited } = await spawnMain();
    // The log collector died: the reading ends of both pipes are closed. The first write into them is the
    // signal handler's "shutting down" line.
    child.stdout.destroy();
    child.stderr.destroy();
    const sent = Date.now();
    child.kill("SIGTERM");
    const timedOut = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), SHUTDOWN_GRACE_MS + 2_000));
    const result = await Promise.race([exited, timedOut]);
    if (result === "hung") child.kill("SIGKILL");
    expect(result).toEqual({ code: 0, signal: null });
    expect(Date.now() - sent).toBeLessThan(SHUTDOWN_GRACE_MS);
  }, 50_000);

  it("exits cleanly on SIGTERM with structured logs", async () => {
    const { child, port, exited, output } = await spawnMain();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ status: "ok", database: "sqlite" });
    child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
    const lines = output()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { msg: string; level: number });
    expect(lines.map((l) => l.msg)).toEqual(expect.arrayContaining(["Flagline is serving", "stopped cleanly"]));
  }, 40_000);
});
