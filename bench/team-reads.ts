/*
 * Team reads of the default scenario (issue #17 point 3): team stats, playbook analysis, the leaderboard's
 * last-30-days and one-session windows, and one game's sheet and box score, at 1 connection, for each measured
 * team size. The generated events are loose (no session); so the session reads have something to read, each
 * measured team gets, through the real API (so every counter is the server's own), four plays and one game
 * yesterday with 120 snaps naming them.
 */
// As src/server/main.ts: zod gets .openapi() before any shared schema is built.
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { measureHttp, type Measurement } from "./load.js";

interface TeamRead {
  name: string;
  path: string;
}

export interface TeamReadResult extends TeamRead {
  size: number;
  /** One request right after the game was logged (a read cache, if any, is cold), ms. */
  firstMs: number;
  latency: Measurement;
}

const SNAPS = 120;

async function post(base: string, path: string, cookie: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as unknown;
}

/** Logs one game (with plays) for the coach's team through the API; returns the game's session id. */
export async function logBenchGame(base: string, cookie: string, playerIds: readonly string[]): Promise<string> {
  const plays: string[] = [];
  for (const [name, side] of [
    ["Bench Slant", "offense"],
    ["Bench Sweep", "offense"],
    ["Bench Zone", "defense"],
    ["Bench Blitz", "defense"],
  ] as const) {
    const answer = (await post(base, "/api/team/plays", cookie, { name, side })) as { play: { id: string } };
    plays.push(answer.play.id);
  }
  const yesterday = new Date(Date.now() - 86_400_000);
  const { session } = (await post(base, "/api/team/sessions", cookie, {
    kind: "game",
    date: yesterday.toISOString().slice(0, 10),
    opponent: "Bench Rivals",
    homeAway: "home",
  })) as { session: { id: string } };
  const who = (i: number) => playerIds[i % playerIds.length]!;
  const snaps = Array.from({ length: SNAPS }, (_, i) => {
    const occurredAt = new Date(yesterday.getTime() + i * 30_000).toISOString();
    const detail =
      i % 3 === 0
        ? {
            kind: "pass",
            passerId: who(0),
            targetId: who(1 + (i % (playerIds.length - 1))),
            result: i % 15 === 0 ? "touchdown" : "complete",
            yards: 8,
          }
        : i % 3 === 1
          ? { kind: "run", runnerId: who(i + 2), yards: 4, touchdown: false }
          : { kind: "flag_pull", defenderId: who(i + 3), yards: null };
    const playId = detail.kind === "flag_pull" ? plays[2 + (i % 2)] : plays[i % 2];
    return { id: randomUUID(), sessionId: session.id, playId, period: 1 + Math.floor(i / 30), occurredAt, detail };
  });
  await post(base, "/api/team/snaps", cookie, { snaps });
  return session.id;
}

function teamReads(sessionId: string): TeamRead[] {
  return [
    { name: "team stats", path: "/api/team/stats" },
    { name: "playbook analysis", path: "/api/team/playbook-analysis" },
    { name: "leaderboard, last 30 days", path: "/api/team/leaderboard?window=last30" },
    { name: "leaderboard, one session", path: `/api/team/leaderboard?window=session&sessionId=${sessionId}` },
    { name: "game sheet", path: `/api/team/sessions/${sessionId}/snaps` },
    { name: "box score CSV", path: `/api/team/sessions/${sessionId}/box-score.csv` },
  ];
}

/** Each read: one timed request first (cold), then 1 connection for `duration` seconds after a warm-up. */
export async function measureTeamReads(
  base: string,
  cookie: string,
  size: number,
  sessionId: string,
  duration: number,
  warmup: number,
): Promise<TeamReadResult[]> {
  const out: TeamReadResult[] = [];
  for (const read of teamReads(sessionId)) {
    const t0 = performance.now();
    const res = await fetch(`${base}${read.path}`, { headers: { cookie } });
    const body = await res.text();
    const firstMs = performance.now() - t0;
    if (res.status !== 200) throw new Error(`GET ${read.path} answered ${res.status}: ${body.slice(0, 300)}`);
    const latency = await measureHttp({
      url: base,
      path: read.path,
      headers: { cookie },
      connections: 1,
      duration,
      warmup,
    });
    out.push({ ...read, size, firstMs, latency });
  }
  return out;
}
