/**
 * npm run bench -- --scenario calendar-feed [--duration <s>] [--from-source]
 *
 * Issue #29's budget: "a feed of a season (100 events) answers in at most 5 ms p50, 304 when unchanged". On a
 * fresh SQLite database, the real server (bundled from the working tree, as the default bench runs it) gets a coach
 * whose team plays in Europe/Berlin and a season of 100 events (a weekly series with place, notes and arrive-by
 * time, and a few games), made through the API. Then, over HTTP at one connection (latency):
 *   - 200: GET of the feed without If-None-Match (autocannon);
 *   - 304: GET with the feed's ETag (autocannon);
 *   - changed: a coach's PATCH of one event, then the feed's GET, timed alone (the feed is written anew).
 * Prints the figures with the host's CPU index and writes bench/results/calendar-feed.{json,md}.
 */
import "@hono/zod-openapi";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { addDays, todayIn, weekdayOf } from "../src/domain/schedule.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";
import { percentile } from "./load.js";
import { realServerCommand, startProcess } from "./servers.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const DURATION = Number(flag("--duration") ?? 10);
const CHANGED_ROUNDS = 60;
const log = (line: string) => process.stderr.write(`[calendar-feed] ${line}\n`);

interface Figures {
  requests: number;
  p50: number;
  p99: number;
  /** Answers with another status, or errors. */
  failed: number;
  load: number;
}

function figures(times: number[], failed: number, load: number): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  return { requests: times.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), failed, load };
}

/** autocannon at one connection; only answers with `status` are timed. */
async function cannon(url: string, pathName: string, headers: Record<string, string>, status: number, seconds: number) {
  const times: number[] = [];
  let other = 0;
  const load = loadavg()[0]!;
  const instance = autocannon({
    url,
    connections: 1,
    duration: seconds,
    requests: [{ method: "GET", path: pathName, headers }],
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === status) times.push(responseTime);
    else other += 1;
  });
  const result = await instance;
  return figures(times, other + result.errors + result.timeouts, load);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-bench-calendar-"));
const server = realServerCommand(flag("--from-source") !== undefined || args.includes("--from-source"));
log(`server: ${server.describe}`);
const proc = await startProcess(server.args, { DATA_DIR: dataDir });
let exitCode = 0;
try {
  const base = proc.url;
  const json = async (method: string, pathName: string, cookie: string, body?: unknown) => {
    const res = await fetch(`${base}${pathName}`, {
      method,
      headers: { "content-type": "application/json", origin: base, cookie },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${pathName}: ${res.status} ${text}`);
    return { res, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
  };

  const signup = await fetch(`${base}/api/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({
      role: "coach",
      fullName: "Bench Coach",
      email: `calendar-bench-${Date.now()}@example.com`,
      password: "bench-password-1",
      teamName: "Bench Falcons",
    }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

  await json("PATCH", "/api/team/schedule-settings", cookie, { timeZone: "Europe/Berlin" });
  // A season: practices on Monday, Wednesday and Friday for about 30 weeks (90), and 10 games on Saturdays.
  // From a Monday two months back: 30 weeks of Monday, Wednesday and Friday practices are exactly 90.
  const back = addDays(todayIn("Europe/Berlin"), -60);
  const first = addDays(back, -weekdayOf(back));
  const practices = await json("POST", "/api/team/schedule", cookie, {
    kind: "practice",
    date: first,
    startTime: "18:00",
    arriveBy: "17:45",
    durationMinutes: 90,
    placeName: "Riverside Park",
    field: "2",
    address: "1 River Road, Berlin",
    notes: "Bring water, cleats and both jerseys. We start on time.",
    repeat: { weekdays: [0, 2, 4], until: addDays(first, 29 * 7 + 4) },
  });
  const ids = (practices.body!.events as { id: string }[]).map((e) => e.id);
  if (ids.length !== 90) throw new Error(`the series made ${ids.length} practices, not 90`);
  for (let week = 0; week < 10; week += 1) {
    await json("POST", "/api/team/schedule", cookie, {
      kind: "game",
      date: addDays(first, 5 + week * 14),
      startTime: "11:00",
      arriveBy: "10:15",
      durationMinutes: 60,
      placeName: "City Stadium",
      opponent: `Opponent ${week + 1}`,
      homeAway: week % 2 ? "away" : "home",
    });
  }
  const feed = (await json("GET", "/api/me/calendar", cookie)).body as { url: string };
  const feedPath = new URL(feed.url).pathname;
  const sample = await fetch(`${base}${feedPath}`);
  const text = await sample.text();
  const events = (text.match(/BEGIN:VEVENT/g) ?? []).length;
  const etag = sample.headers.get("etag")!;
  log(`feed: ${events} events, ${text.length} bytes, ETag ${etag}`);

  log(`200 for ${DURATION} s`);
  const ok = await cannon(base, feedPath, {}, 200, DURATION);
  log(`304 for ${DURATION} s`);
  const notModified = await cannon(base, feedPath, { "if-none-match": etag }, 304, DURATION);

  log(`changed: ${CHANGED_ROUNDS} rounds of a PATCH, then the feed`);
  const changedTimes: number[] = [];
  const changedLoad = loadavg()[0]!;
  for (let round = 0; round < CHANGED_ROUNDS; round += 1) {
    await json("PATCH", `/api/team/schedule/${ids[round % ids.length]}`, cookie, { notes: `Round ${round}` });
    const t0 = performance.now();
    const res = await fetch(`${base}${feedPath}`, { headers: { "if-none-match": etag } });
    await res.text();
    changedTimes.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`changed feed answered ${res.status}`);
  }
  const changed = figures(changedTimes, 0, changedLoad);

  const hostIndex = await hostCpuIndex().catch(() => undefined);
  const results = {
    at: new Date().toISOString(),
    server: server.describe,
    events,
    bytes: text.length,
    ok,
    notModified,
    changed,
    hostIndex,
  };
  const row = (name: string, f: Figures) =>
    `| ${name} | ${f.requests} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.failed} | ${f.load.toFixed(1)} |`;
  const md = [
    `Calendar feed of ${events} events (${(text.length / 1024).toFixed(0)} KB), one connection, ${results.at}; host CPU index ${describeHostIndex(hostIndex)}`,
    "",
    "| Request | Answers | p50 ms | p99 ms | Other answers | Load |",
    "| --- | ---: | ---: | ---: | ---: | ---: |",
    row("200, unchanged feed (written once, kept by its ETag)", ok),
    row("304, If-None-Match", notModified),
    row("200 after a change (written anew)", changed),
    "",
  ].join("\n");
  mkdirSync("bench/results", { recursive: true });
  writeFileSync("bench/results/calendar-feed.json", JSON.stringify(results, null, 2) + "\n");
  writeFileSync("bench/results/calendar-feed.md", md);
  process.stdout.write(md);
} catch (error) {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await proc.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
