import { execFileSync, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { scaled } from "#tests/support/host-speed.js";
import { signUpOverHttp } from "#tests/server/support/http-signup.js";

/*
 * The server as `npm start` runs it: package.json's build:server bundle, started with node. A bundle without the
 * snap writer's module would still serve (decision 0031: the writing falls back to the server's own thread, with an
 * error in the log), so only this test notices it.
 */
describe("the bundled server (build:server)", () => {
  it(
    "writes snaps on its writer thread, with no fallback logged",
    async () => {
      // Inside the checkout, so the bundle's external packages resolve from node_modules.
      const cache = path.resolve("node_modules/.cache/flagline-test");
      mkdirSync(cache, { recursive: true });
      const outdir = mkdtempSync(path.join(cache, "bundle-"));
      const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-bundle-"));
      const script = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts[
        "build:server"
      ]!;
      expect(script).toContain("--outdir=dist/server");
      execFileSync("sh", ["-c", script.replace("--outdir=dist/server", `--outdir=${outdir}`) + " --log-level=warning"]);

      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const server = spawn(process.execPath, [path.join(outdir, "main.js")], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          PORT: String(port),
          HOST: "127.0.0.1",
          LOG_LEVEL: "error",
          WEB_ROOT: "/nonexistent",
          PUBLIC_URL: base,
          PROCESSES: "1",
        },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let logged = "";
      server.stdout.on("data", (chunk: Buffer) => (logged += chunk.toString()));
      server.stderr.on("data", (chunk: Buffer) => (logged += chunk.toString()));
      const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
      try {
        for (;;) {
          if (server.exitCode !== null) throw new Error(`the bundled server exited: ${logged}`);
          const up = await fetch(`${base}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (up) break;
          await new Promise((r) => setTimeout(r, 100));
        }
        const post = (p: string, body: unknown, cookie?: string) =>
          fetch(`${base}${p}`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: base, ...(cookie ? { cookie } : {}) },
            body: JSON.stringify(body),
          });
        const cookie = await signUpOverHttp(base, "bundle@example.com", {
          fullName: "Bundle Coach",
          teamName: "Bundles",
        });
        const sessionId = randomUUID();
        const game = await post("/api/team/sessions", { id: sessionId, kind: "game", date: "2026-10-03" }, cookie);
        expect(game.status).toBe(201);
        const snap = {
          id: randomUUID(),
          sessionId,
          period: 1,
          occurredAt: "2026-10-03T15:00:00.000Z",
          detail: { kind: "opponent_score", score: "touchdown" },
        };
        const written = await post("/api/team/snaps", { snaps: [snap] }, cookie);
        expect(await written.json()).toEqual({ results: [{ id: snap.id, status: "created" }] });
        expect(logged).not.toMatch(/snap writer/);
      } finally {
        server.kill("SIGTERM");
        await exited;
        rmSync(outdir, { recursive: true, force: true });
        rmSync(dataDir, { recursive: true, force: true });
      }
      expect(logged).not.toMatch(/snap writer/);
    },
    scaled(60_000),
  );
});
