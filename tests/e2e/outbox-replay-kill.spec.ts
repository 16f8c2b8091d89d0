import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { freePort } from "../server/support/free-port";
import { freeAmong } from "../support/free-port";
import { scaled } from "../support/host-speed";
import { PASSWORD } from "./accounts";
import { PHONE, expectScore, syncBadge, tile, today } from "./logger-helpers";

/*
 * Issue #32, fault 1: kill -9 during an outbox replay. Three phones (browser contexts, the head coach signed in on
 * each) log 200 snaps of one game with no signal; the signal comes back and, while the server is taking the
 * replay, it is killed with SIGKILL and started again on the same data dir. Every snap must end up stored exactly
 * once, and the scoreboard and the players' counters must equal a recount of the stored snaps.
 *
 * This spec runs its own server (the built dist/server/main.js on a fresh data dir and a free port), not the suite's,
 * so that it can kill it. The kill lands at a known point of the replay, made certain with request routing:
 * - phone A's batch reaches the server and is committed, but the answer is lost with the kill (the phone must
 *   send it again, and the server must answer "duplicate": snap ids made by the client);
 * - phone C's batch is on its way when the server dies and never arrives (the outbox must still hold it);
 * - phone B's batch races the kill, as it would.
 */

const SNAPS_PER_PHONE = [67, 67, 66] as const;
const TOTAL = SNAPS_PER_PHONE.reduce((a, b) => a + b, 0);
const PLAYERS = [
  { fullName: "Jordan Diaz", jerseyNumber: 3, primaryPosition: "qb" },
  { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "wr" },
  { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "rb" },
  { fullName: "Ari Cole", jerseyNumber: 24, primaryPosition: "cb" },
] as const;
/** The offense's players (the pad offers them as runners; the cornerback is on defense). */
const RUNNERS = PLAYERS.slice(0, 3);
const YARDS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20] as const;
const TOUCHDOWN_POINTS = 6;

/** One snap as the phone's coach taps it. */
type Tap =
  { kind: "run"; jersey: number; yards: number } | { kind: "td"; jersey: number; yards: number } | { kind: "opp" };

/** Phone `phone`'s snaps: mostly runs, and every tenth pair a touchdown run (its try skipped) and their touchdown. */
function script(phone: number, count: number): Tap[] {
  return Array.from({ length: count }, (_, k): Tap => {
    const jersey = RUNNERS[(phone + k) % RUNNERS.length]!.jerseyNumber;
    const yards = YARDS[(phone * 5 + k) % YARDS.length]!;
    if (k % 10 === 8) return { kind: "td", jersey, yards };
    if (k % 10 === 9) return { kind: "opp" };
    return { kind: "run", jersey, yards };
  });
}

const yardsChip = (page: Page, yards: number) =>
  page
    .getByRole("group", { name: /yards/ })
    .getByRole("button", { name: `${yards} yd${yards === 1 ? "" : "s"}`, exact: true });

/** Logs one snap through the pad, as a coach taps it. */
async function logSnap(page: Page, tap: Tap) {
  if (tap.kind === "opp") {
    // After our touchdown and its skipped try the pad is on defense; their touchdown takes it back to offense.
    await page.getByRole("button", { name: "Opp TD" }).click();
    return;
  }
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await tile(page, "Runner", tap.jersey).click();
  if (tap.kind === "td") await page.getByRole("button", { name: "Touchdown", exact: true }).click();
  await yardsChip(page, tap.yards).click();
  if (tap.kind === "td") await page.getByRole("button", { name: "Skip try" }).click();
}

// The server this spec owns, and everything it leaves behind; afterAll cleans up even when the test fails.
let server: ChildProcess | null = null;
let dataDir: string | null = null;
let port = 0;
let origin = "";
let contexts: BrowserContext[] = [];

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir!,
      DATABASE_URL: "",
      LOG_LEVEL: "error",
      AUTH_RATE_LIMIT: "0",
      PUBLIC_URL: origin,
    },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group: the kill below takes the primary and every worker and thread at once.
    detached: true,
  });
  return child;
}

/** SIGKILL to the server's whole process group, as a power cut would; resolves once the primary is gone. */
async function crash(child: ChildProcess | null): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid!, "SIGKILL");
  } catch {
    // already gone
  }
  await gone;
}

async function waitForHealth(child: ChildProcess) {
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`server exited before it answered (${child.exitCode ?? child.signalCode})`);
        try {
          return (await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok;
        } catch {
          return false;
        }
      },
      { message: `the server answers on ${origin}`, timeout: scaled(60_000) },
    )
    .toBe(true);
}

async function post(path: string, body: unknown, cookie?: string): Promise<Response> {
  return fetch(`${origin}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

interface StoredSnap {
  id: string;
  detail: { kind: string; runnerId?: string; yards?: number | null; touchdown?: boolean; score?: string };
}

test.afterAll(async () => {
  // The phones first: a route still holding a request would otherwise wait on a server that is gone.
  for (const context of contexts) await context.close().catch(() => undefined);
  contexts = [];
  await crash(server);
  server = null;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  dataDir = null;
});

test("kill -9 during an outbox replay: 200 snaps from three phones are stored once; the score equals a recount", async ({
  browser,
}) => {
  test.setTimeout(scaled(240_000));
  port = await freePort();
  origin = `http://localhost:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), "flagline-replay-kill-"));
  server = startServer();
  await waitForHealth(server);

  // The team, through this server's API: a head coach, four players and a game.
  const email = `coach-${randomUUID()}@replay-kill.test`;
  const signup = await post("/api/signup", {
    role: "coach",
    fullName: "Casey Coach",
    email,
    password: PASSWORD,
    teamName: "Replay Hawks",
  });
  expect(signup.status, await signup.clone().text()).toBe(201);
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const playerIds = new Map<number, string>();
  for (const p of PLAYERS) {
    const res = await post("/api/team/roster", p, cookie);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { player: { id: string } };
    playerIds.set(p.jerseyNumber, body.player.id);
  }
  const sessionId = randomUUID();
  const game = await post(
    "/api/team/sessions",
    { id: sessionId, kind: "game", date: today(), opponent: "Eagles" },
    cookie,
  );
  expect(game.status, await game.clone().text()).toBe(201);
  const sheet = async () => {
    const res = await fetch(`${origin}/api/team/sessions/${sessionId}/snaps`, { headers: { cookie } });
    expect(res.status).toBe(200);
    return (await res.json()) as { snaps: StoredSnap[]; scoreboard: { score: { us: number; them: number } } };
  };

  // Three phones, the coach signed in on each, the logger open on the game.
  contexts = [];
  const pages: Page[] = [];
  for (let i = 0; i < SNAPS_PER_PHONE.length; i++) {
    // No service worker: the pages stay open the whole time, and the routes below must see every request.
    const context = await browser.newContext({ ...PHONE, baseURL: origin, serviceWorkers: "block" });
    contexts.push(context);
    const signIn = await context.request.post("/api/session", { data: { email, password: PASSWORD } });
    expect(signIn.status(), await signIn.text()).toBe(200);
    const page = await context.newPage();
    await page.goto(`/coach/log?session=${sessionId}`);
    await expect(page.getByRole("button", { name: "Run", exact: true })).toBeVisible();
    await expect(syncBadge(page)).toHaveText(/All sent/);
    pages.push(page);
  }

  // No signal: each phone logs its share; everything waits in its outbox.
  const scripts = SNAPS_PER_PHONE.map((n, i) => script(i, n));
  for (const context of contexts) await context.setOffline(true);
  const started = Date.now();
  await Promise.all(
    pages.map(async (page, i) => {
      for (const tap of scripts[i]!) await logSnap(page, tap);
      await expect(syncBadge(page)).toHaveText(new RegExp(`^${SNAPS_PER_PHONE[i]} snaps waiting to send`));
    }),
  );
  console.log(`logged ${TOTAL} snaps offline on three phones in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  expect((await sheet()).snaps).toHaveLength(0);

  // The replay, with the kill at a known point (see the top of the file).
  let killed = false;
  let signalKilled!: () => void;
  const killedNow = new Promise<void>((resolve) => (signalKilled = resolve));
  let aCommitted!: (results: { status: string }[]) => void;
  const aAnswered = new Promise<{ status: string }[]>((resolve) => (aCommitted = resolve));
  let cSent!: () => void;
  const cOnItsWay = new Promise<void>((resolve) => (cSent = resolve));
  const isSnapPost = (route: Route) => route.request().method() === "POST";
  await contexts[0]!.route("**/api/team/snaps", async (route) => {
    if (killed || !isSnapPost(route)) return route.fallback();
    const response = await route.fetch();
    aCommitted(((await response.json()) as { results: { status: string }[] }).results);
    await killedNow;
    // The server died before this answer left it: the phone hears nothing.
    await route.abort("connectionreset");
  });
  await contexts[2]!.route("**/api/team/snaps", async (route) => {
    if (killed || !isSnapPost(route)) return route.fallback();
    cSent();
    await killedNow;
    await route.abort("connectionreset");
  });

  for (const context of contexts) await context.setOffline(false);
  const committedByA = await aAnswered;
  expect(committedByA).toHaveLength(SNAPS_PER_PHONE[0]);
  expect(committedByA.every((r) => r.status === "created")).toBe(true);
  await cOnItsWay;
  // The server has received some of the snaps but not all: now it dies.
  const before = (await sheet()).snaps.length;
  expect(before).toBeGreaterThanOrEqual(SNAPS_PER_PHONE[0]);
  expect(before).toBeLessThan(TOTAL);
  const unanswered = [0, 2].map((i) =>
    pages[i]!.waitForEvent(
      "requestfailed",
      (r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/team/snaps",
    ),
  );
  await crash(server);
  killed = true;
  signalKilled();
  console.log(`SIGKILL with ${before} of ${TOTAL} snaps stored`);

  // While the server is down, the phones whose batches got no answer still hold every snap of them (the first
  // phone's, stored before the kill, included) and say so; none claims "All sent".
  for (const [k, i] of [0, 2].entries()) {
    await unanswered[k];
    const badge = syncBadge(pages[i]!);
    // The badge's icon stops turning: the pass that lost its answer is over.
    await expect(badge.locator(".animate-spin")).toHaveCount(0);
    await expect(badge).toHaveText(new RegExp(`^${SNAPS_PER_PHONE[i]} snaps waiting to send · offline`));
  }

  // Restart on the same port and data dir; the outboxes send again on their own.
  await expect
    .poll(() => freeAmong([port]).has(port), { message: `port ${port} is free again`, timeout: scaled(10_000) })
    .toBe(true);
  const replayOfA = pages[0]!.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/api/team/snaps",
  );
  server = startServer();
  await waitForHealth(server);
  // The first phone's batch, stored before the kill, is sent again and changes nothing: its ids are known.
  const replay = await replayOfA;
  expect(replay.status(), await replay.text()).toBe(200);
  const replayed = ((await replay.json()) as { results: { status: string }[] }).results;
  expect(replayed.map((r) => r.status)).toEqual(committedByA.map(() => "duplicate"));
  for (const page of pages) await expect(syncBadge(page)).toHaveText(/All sent/, { timeout: scaled(30_000) });

  // Every snap exactly once.
  const after = await sheet();
  const ids = after.snaps.map((s) => s.id);
  expect(ids).toHaveLength(TOTAL);
  expect(new Set(ids).size).toBe(TOTAL);
  const runs = after.snaps.filter((s) => s.detail.kind === "run");
  const expectedTaps = scripts.flat();
  expect(runs).toHaveLength(expectedTaps.filter((t) => t.kind !== "opp").length);
  expect(after.snaps.filter((s) => s.detail.kind === "opponent_score")).toHaveLength(
    expectedTaps.filter((t) => t.kind === "opp").length,
  );

  // The scoreboard the server reports, and each phone shows, equals a recount of the stored snaps.
  const recount = {
    us: runs.filter((s) => s.detail.touchdown).length * TOUCHDOWN_POINTS,
    them:
      after.snaps.filter((s) => s.detail.kind === "opponent_score" && s.detail.score === "touchdown").length *
      TOUCHDOWN_POINTS,
  };
  expect(recount).toEqual({
    us: expectedTaps.filter((t) => t.kind === "td").length * TOUCHDOWN_POINTS,
    them: expectedTaps.filter((t) => t.kind === "opp").length * TOUCHDOWN_POINTS,
  });
  expect(after.scoreboard.score).toEqual(recount);
  for (const page of pages) {
    await page.reload();
    await expectScore(page, recount.us, recount.them);
  }

  // The players' counters equal a recount from the stored snaps: nothing counted twice or lost.
  const players = (await (await fetch(`${origin}/api/team/players`, { headers: { cookie } })).json()) as {
    players: { id: string; stats: { rushingYards: number } }[];
  };
  for (const [jersey, id] of playerIds) {
    const yards = runs.filter((s) => s.detail.runnerId === id).reduce((sum, s) => sum + (s.detail.yards ?? 0), 0);
    const tapped = expectedTaps
      .filter((t) => t.kind !== "opp" && t.jersey === jersey)
      .reduce((sum, t) => sum + (t.kind === "opp" ? 0 : t.yards), 0);
    expect(yards, `#${jersey}'s rushing yards in the stored snaps`).toBe(tapped);
    expect(players.players.find((p) => p.id === id)?.stats.rushingYards, `#${jersey}'s rushing yards counter`).toBe(
      yards,
    );
  }
});
