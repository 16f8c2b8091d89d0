/*
 * The end-to-end suite's port (docs/testing.md): a server a killed run left behind must not fail the next run with
 * "http://localhost:3100/api/health is already used". Without E2E_PORT the suite takes the first free port from
 * 3100 (its mail port, 1000 above, free too); with E2E_PORT set it uses that port or refuses, naming the process
 * that holds it. Synchronous, because Playwright's config is: the probe runs in a child Node process.
 */
import { execFileSync, spawnSync } from "node:child_process";

const PROBE = `
const net = require("node:net");
const ports = process.argv.slice(1).map(Number);
let left = ports.length;
const free = [];
for (const port of ports) {
  const s = net.createServer();
  s.once("error", () => { if (--left === 0) done(); });
  s.listen({ port, host: "0.0.0.0", exclusive: true }, () => { free.push(port); s.close(() => { if (--left === 0) done(); }); });
}
function done() { process.stdout.write(JSON.stringify(free)); }
`;

/** Which of `ports` nothing listens on now (on every interface, as the server binds). */
export function freeAmong(ports: readonly number[]): Set<number> {
  const out = spawnSync(process.execPath, ["-e", PROBE, ...ports.map(String)], { encoding: "utf8" });
  if (out.status !== 0) throw new Error(`port probe failed: ${out.stderr}`);
  return new Set(JSON.parse(out.stdout) as number[]);
}

/** Who listens on a port, as `ss` tells it ("node (pid 1234)"), or null when it cannot tell. */
function holderOf(port: number): string | null {
  try {
    const line = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" })
      .trim()
      .split("\n")[0];
    const m = line ? /users:\(\("([^"]+)",pid=(\d+)/.exec(line) : null;
    return m ? `${m[1]} (pid ${m[2]})` : null;
  } catch {
    return null;
  }
}

/**
 * The app port and the mail port (app + 1000) for this run. `requested`: E2E_PORT, which must be free; otherwise
 * the first free pair from 3100 on (50 tries).
 */
export function e2ePorts(requested: string | undefined): { port: number; smtpPort: number } {
  const pairOf = (port: number) => ({ port, smtpPort: port + 1000 });
  if (requested !== undefined && requested !== "") {
    const pair = pairOf(Number(requested));
    const free = freeAmong([pair.port, pair.smtpPort]);
    for (const p of [pair.port, pair.smtpPort]) {
      if (!free.has(p)) {
        const who = holderOf(p);
        throw new Error(
          `E2E_PORT=${requested}: port ${p} is already in use${who ? ` by ${who}` : ""}. ` +
            `Stop that process (a server a killed run left behind?) or unset E2E_PORT to take a free port.`,
        );
      }
    }
    return pair;
  }
  const candidates = Array.from({ length: 50 }, (_, i) => 3100 + i);
  const free = freeAmong([...candidates, ...candidates.map((p) => p + 1000)]);
  const port = candidates.find((p) => free.has(p) && free.has(p + 1000));
  if (port === undefined)
    throw new Error("No free port pair between 3100 and 3149 (and 4100–4149) for the e2e server.");
  return pairOf(port);
}
