import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#tests/server/support/free-port.js";
import { PREALLOCATED_WAL_BYTES } from "./db/sqlite-wal.js";
import { scaled } from "#tests/support/host-speed.js";

/*
 * `PROCESSES=2 node src/server/main.ts` as an install runs it (decision 0024): a primary and two workers over one
 * embedded database. Every request here opens its own connection, and the cluster hands connections to the
 * workers in turn, so consecutive requests and streams land on both.
 */

interface Answer {
  status: number;
  body: string;
  headers: http.IncomingHttpHeaders;
}

let child: ChildProcess;
let dir: string;
let base: string;
let output = "";
let cookie = "";

function request(method: string, path: string, json?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = json === undefined ? undefined : JSON.stringify(json);
    const req = http.request(
      `${base}${path}`,
      {
        method,
        // A new connection each time (no keep-alive pool): the next worker in turn answers.
        agent: false,
        headers: {
          connection: "close",
          origin: base,
          ...(cookie ? { cookie } : {}),
          ...(body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        let data = "";
        res.on("data", (c: Buffer) => (data += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: data, headers: res.headers }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** An open live-update stream and everything it has received so far. */
function openStream(): Promise<{ text: () => string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}/api/team/stream`, { agent: false, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      let text = "";
      res.on("data", (c: Buffer) => {
        text += c.toString();
        if (text.includes(": connected")) resolve({ text: () => text, close: () => req.destroy() });
      });
    });
    req.on("error", reject);
  });
}

async function until(what: string, condition: () => boolean | Promise<boolean>, ms = scaled(20_000)) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The primary's worker processes (tsx's esbuild service is a child too: only the server's own count). */
function workerPids(): number[] {
  const pid = child.pid!;
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, "utf8").includes("src/server/main.ts");
    } catch {
      return false; // already gone
    }
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "flagline-cluster-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PROCESSES: "2",
      DATA_DIR: dir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      LOG_LEVEL: "info",
      WEB_ROOT: "/nonexistent",
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (c: Buffer) => (output += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  await until(
    "the cluster to serve",
    () => output.includes('"processes":2,"msg":"Flagline is serving"'),
    scaled(60_000),
  );
  const signup = await request("POST", "/api/signup", {
    role: "coach",
    fullName: "Cluster Coach",
    email: "cluster.coach@example.com",
    password: "cluster-password-1",
    teamName: "Two Cores",
  });
  expect(signup.status).toBe(201);
  cookie = ([] as string[])
    .concat(signup.headers["set-cookie"] ?? [])
    .map((c) => c.split(";")[0])
    .join("; ");
}, scaled(90_000));

afterAll(async () => {
  if (child.exitCode === null) {
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
  }
  rmSync(dir, { recursive: true, force: true });
});

const addPlayer = (fullName: string) =>
  request("POST", "/api/team/roster", { fullName, jerseyNumber: null, primaryPosition: "wr" });

describe("several server processes over the embedded database", () => {
  it("runs one primary and two workers", () => {
    expect(workerPids()).toHaveLength(2);
  });

  it("starts the workers with a WAL of its working size, prepared by the primary after it migrated", () => {
    // Closing the primary's connection deleted the WAL; the workers' writes since went into the one it made.
    expect(statSync(join(dir, "flagline.db-wal")).size).toBe(PREALLOCATED_WAL_BYTES);
  });

  it("shows a write at once to a read the other process answers, though both had it cached", async () => {
    // Two reads: one per worker, each now holding the team's player list in its read cache.
    for (let i = 0; i < 2; i++) expect((await request("GET", "/api/team/players")).status).toBe(200);
    expect((await addPlayer("Wes Wideout")).status).toBe(201);
    for (let i = 0; i < 4; i++) {
      const players = await request("GET", "/api/team/players");
      expect(players.body).toContain("Wes Wideout");
    }
  });

  it("tells every open screen of a write, whichever process holds its stream", async () => {
    const streams = await Promise.all([openStream(), openStream(), openStream(), openStream()]);
    try {
      expect((await addPlayer("Rae Receiver")).status).toBe(201);
      await until("every stream to hear the roster change", () =>
        streams.every((s) => s.text().includes('"kind":"roster"')),
      );
    } finally {
      for (const s of streams) s.close();
    }
  });

  it("answers GET /metrics for every process, whichever one takes the scrape", async () => {
    // Requests to a path no route has: 404s counted under route="unmatched", some by each worker (connections go
    // to them in turn).
    const series = /^flagline_http_requests_total\{method="GET",route="unmatched",status="404"\} (\d+)$/m;
    const counted = async () => {
      const scrape = await request("GET", "/metrics");
      expect(scrape.status).toBe(200);
      return { total: Number(series.exec(scrape.body)?.[1] ?? 0), body: scrape.body };
    };
    const before = (await counted()).total;
    for (let i = 0; i < 6; i++) expect((await request("GET", "/api/no-such-thing")).status).toBe(404);
    // Each scrape, on whichever worker, counts all six: one worker's own figure would be about half.
    for (let i = 0; i < 2; i++) {
      const { total, body } = await counted();
      expect(total - before).toBe(6);
      // A figure every process reads from the same database is one figure, not one per process.
      expect(body).toMatch(/^flagline_outbox_waiting\{outbox="mail"\} 0$/m);
      expect(body).toMatch(/^process_cpu_user_seconds_total \d/m);
    }
  });

  it(
    "replaces a process that dies, and stops cleanly on SIGTERM",
    async () => {
      const [first] = workerPids();
      process.kill(first!, "SIGKILL");
      // A new worker transpiles the server from source (tsx) before it serves: on a loaded host that is most of a
      // minute, as the cluster's own start is (beforeAll).
      await until(
        "a new worker to serve",
        () => output.includes('"msg":"a new server process is serving"'),
        scaled(60_000),
      );
      expect(output).toContain("a Flagline server process died; starting another");
      const [a, b] = workerPids();
      expect([a, b]).not.toContain(first);
      // Both answer: consecutive connections go to each in turn.
      for (let i = 0; i < 4; i++) expect((await request("GET", "/api/team/players")).body).toContain("Rae Receiver");
      const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
      child.kill("SIGTERM");
      expect(await exited).toBe(0);
      expect(output.match(/"msg":"stopped cleanly"/g)?.length).toBe(3);
    },
    scaled(90_000),
  );
});
