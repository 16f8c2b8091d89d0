/**
 * One load worker of the saturday scenario (a worker thread): for its share of the game teams, the scorer who logs
 * a snap every `periodMs` and the team's viewers, each holding GET /api/team/stream open and keeping "the screen"
 * (scoreboard, and the leaderboard for coaches) as the web does. A team's scorer and viewers live in the same
 * worker, so write acknowledgements and screen updates are timed on one clock.
 */
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { H2Pool, keepAliveAgent, openStream, openStreamH2, request, type Answer, type StreamHandlers } from "./http.js";
import type { WorkerInput, WorkerResult } from "./protocol.js";

const input = workerData as WorkerInput;
const base = new URL(input.url);
const agent = keepAliveAgent();
const SCOREBOARD = "/api/team/scoreboard";
const LEADERBOARD = "/api/team/leaderboard?window=season&group=all";
const RECONNECT_MS = 3_000;
/** Streams per HTTP/2 connection with --h2 (the server allows 1,000: src/server/http/h2c.ts). */
const STREAMS_PER_H2_CONNECTION = 500;
const h2Pool = input.h2 ? new H2Pool(base, STREAMS_PER_H2_CONNECTION) : null;

/** A stream on a socket of its own, or over one of the worker's HTTP/2 connections (--h2). */
function stream(path: string, cookie: string, h: StreamHandlers, event?: string): () => void {
  return h2Pool ? openStreamH2(h2Pool, path, cookie, h, event) : openStream(base, path, cookie, h, event);
}

const result: WorkerResult = {
  writeMs: [],
  screenMs: [],
  followMs: [],
  misses: 0,
  writes: 0,
  writeFailures: 0,
  write429: 0,
  writeTimeouts: 0,
  reads: 0,
  readFailures: 0,
  read429: 0,
  readTimeouts: 0,
  streamDrops: 0,
  stream429: 0,
  streamRefused: 0,
  changes: 0,
  payloadScoreboards: 0,
  payloadLeaderboards: 0,
  loopDelayP99: 0,
  loopDelayMax: 0,
  loopUtilization: 0,
  firstFailure: "",
  streamStatuses: {},
};
let running = false;
let stopping = false;

function noteFailure(what: string, a: Answer) {
  if (!result.firstFailure) result.firstFailure = `${what}: ${a.status} ${a.body.slice(0, 200)}`;
}

interface Team {
  spec: WorkerInput["teams"][number];
  /** performance.now() of each acknowledged write, by write number (1-based). */
  ackAt: number[];
  acked: number;
  viewers: Viewer[];
}

/** A part of the screen: fetched, refetched when dirty, or replaced by a payload. */
interface Part {
  inFlight: boolean;
  dirty: boolean;
}

class Viewer {
  level = 0;
  snaps = -1;
  events = -1;
  baseSnaps = -1;
  baseEvents = -1;
  loaded = false;
  close: () => void = () => {};
  readonly board: Part = { inFlight: false, dirty: false };
  readonly leaders: Part = { inFlight: false, dirty: false };
  constructor(
    readonly team: Team,
    readonly cookie: string,
    readonly coach: boolean,
    /** A follow page (docs/product.md §15): no account; the game comes whole with every message. */
    readonly follow = false,
  ) {}

  /** Writes this screen shows are timed into screenMs, and a follow page's into followMs too. */
  took(ms: number) {
    result.screenMs.push(ms);
    if (this.follow) result.followMs.push(ms);
  }

  connect() {
    if (this.follow) return this.connectFollow();
    this.close = stream("/api/team/stream", this.cookie, {
      onOpen: () => {
        // The web invalidates every team query when its stream (re)opens.
        this.refetch(this.board, SCOREBOARD);
        if (this.coach) this.refetch(this.leaders, LEADERBOARD);
      },
      onChange: (data) => this.change(data),
      onEnd: (status, error) => {
        if (stopping) return;
        if (status === 429) result.stream429++;
        else if (status !== 200) result.streamRefused++;
        else result.streamDrops++;
        if (status !== 200) result.streamStatuses[status] = (result.streamStatuses[status] ?? 0) + 1;
        if (error && !result.firstFailure) result.firstFailure = `stream: ${error}`;
        setTimeout(() => this.connect(), RECONNECT_MS);
      },
    });
  }

  /** A follow page: the game's event stream by its link's token; each `game` message holds every play so far. */
  connectFollow() {
    this.close = stream(
      `/api/follow/${this.team.spec.followToken}/stream`,
      "",
      {
        onOpen: () => {},
        onChange: (data) => {
          result.changes++;
          const plays = (JSON.parse(data) as { plays?: unknown[] }).plays?.length ?? 0;
          if (plays > this.snaps) this.snaps = plays;
          this.update();
        },
        onEnd: (status, error) => {
          if (stopping) return;
          if (status !== 200) result.streamRefused++;
          else result.streamDrops++;
          if (status !== 200) result.streamStatuses[status] = (result.streamStatuses[status] ?? 0) + 1;
          if (error && !result.firstFailure) result.firstFailure = `follow stream: ${error}`;
          setTimeout(() => this.connect(), RECONNECT_MS);
        },
      },
      "game",
    );
  }

  change(data: string) {
    result.changes++;
    let message: { kind?: string; scoreboard?: unknown; leaderboard?: unknown };
    try {
      message = JSON.parse(data) as typeof message;
    } catch {
      return;
    }
    if (message.scoreboard !== undefined) {
      result.payloadScoreboards++;
      this.takeScoreboard(message.scoreboard);
    } else this.refetch(this.board, SCOREBOARD);
    if (!this.coach) return;
    if (message.leaderboard !== undefined) {
      result.payloadLeaderboards++;
      this.takeLeaderboard(message.leaderboard);
    } else this.refetch(this.leaders, LEADERBOARD);
  }

  refetch(part: Part, path: string) {
    if (part.inFlight) {
      part.dirty = true;
      return;
    }
    part.inFlight = true;
    part.dirty = false;
    void request(agent, base, path, { headers: { cookie: this.cookie }, timeoutMs: input.timeoutMs }).then((a) => {
      part.inFlight = false;
      if (running) result.reads++;
      if (a.status === 200) {
        const body = JSON.parse(a.body) as { scoreboard?: unknown };
        if (path === SCOREBOARD) this.takeScoreboard(body.scoreboard);
        else this.takeLeaderboard(body);
      } else {
        if (a.status === 429) result.read429++;
        else if (a.status === -1) result.readTimeouts++;
        else result.readFailures++;
        noteFailure(`GET ${path}`, a);
        part.dirty = true;
      }
      if (part.dirty && !stopping) this.refetch(part, path);
    });
  }

  takeScoreboard(value: unknown) {
    const n = (value as { snapCount?: number } | null)?.snapCount ?? 0;
    if (n > this.snaps) this.snaps = n;
    this.update();
  }

  takeLeaderboard(value: unknown) {
    const players = (value as { players?: Array<{ eventCount?: number }> } | null)?.players ?? [];
    const n = players.reduce((s, p) => s + (p.eventCount ?? 0), 0);
    if (n > this.events) this.events = n;
    this.update();
  }

  /** The writes this screen now reflects; each newly reflected acknowledged write gets its change-to-screen time. */
  update() {
    if (this.snaps < 0 || (this.coach && this.events < 0)) return;
    if (!this.loaded) {
      this.loaded = true;
      this.baseSnaps = this.snaps;
      this.baseEvents = this.events;
      loadedViewers++;
      if (loadedViewers === totalViewers) parentPort!.postMessage({ type: "ready" });
      return;
    }
    const level = Math.min(this.snaps - this.baseSnaps, this.coach ? this.events - this.baseEvents : Infinity);
    if (level <= this.level) return;
    const now = performance.now();
    for (let k = this.level + 1; k <= level; k++) {
      const ack = this.team.ackAt[k];
      // Not acknowledged yet: the data came before the ack, counted as 0 when the ack comes.
      if (ack !== undefined && running) this.took(now - ack);
    }
    this.level = level;
  }
}

let loadedViewers = 0;
let totalViewers = 0;
const teams: Team[] = input.teams.map((spec) => ({ spec, ackAt: [], acked: 0, viewers: [] }));
for (const team of teams) {
  team.viewers = team.spec.viewers.map((v) => new Viewer(team, v.cookie, v.coach));
  for (let f = 0; f < team.spec.followers && team.spec.followToken; f++)
    team.viewers.push(new Viewer(team, "", false, true));
  totalViewers += team.viewers.length;
}

/** The k-th snap of a team: one event each (flag pulls and runs, a touchdown now and then, so the score moves). */
function snapBody(team: Team, k: number): string {
  const players = team.spec.playerIds;
  const who = players[k % players.length]!;
  const detail =
    k % 2 === 0
      ? { kind: "flag_pull", defenderId: who, yards: null }
      : { kind: "run", runnerId: who, yards: 3 + (k % 9), touchdown: k % 7 === 0 };
  return JSON.stringify({
    snaps: [
      { id: randomUUID(), sessionId: team.spec.sessionId, period: 1, occurredAt: new Date().toISOString(), detail },
    ],
  });
}

/** The scorer: one snap every period from its offset, in order; a failed write is sent again (same snap id). */
async function score(team: Team, firstAt: number, endAt: number) {
  let k = 0;
  for (let at = firstAt; at < endAt; at += input.periodMs) {
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    k++;
    const body = snapBody(team, k);
    const started = performance.now();
    for (;;) {
      const a = await request(agent, base, "/api/team/snaps", {
        method: "POST",
        headers: { cookie: team.spec.scorerCookie, origin: input.origin },
        body,
        timeoutMs: input.timeoutMs,
      });
      if (a.status === 200) break;
      if (a.status === 429) result.write429++;
      else if (a.status === -1) result.writeTimeouts++;
      else result.writeFailures++;
      noteFailure("POST /api/team/snaps", a);
      if (stopping) return;
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const now = performance.now();
    result.writes++;
    result.writeMs.push(now - started);
    team.ackAt[k] = now;
    team.acked = k;
    for (const v of team.viewers) if (v.level >= k) v.took(0);
  }
}

parentPort!.on("message", (message: { type: string; startIn?: number }) => {
  if (message.type === "connect") {
    // Streams open spread over connectMs, as phones arriving, not all in one burst.
    const all = teams.flatMap((t) => t.viewers);
    all.forEach((v, i) => setTimeout(() => v.connect(), (i / all.length) * input.connectMs));
    if (all.length === 0) parentPort!.postMessage({ type: "ready" });
  } else if (message.type === "start") {
    void run(message.startIn ?? 0);
  } else if (message.type === "close") {
    closeAll();
  }
});

async function run(startIn: number) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const elu0 = performance.eventLoopUtilization();
  const startAt = performance.now() + startIn;
  const endAt = startAt + input.durationMs;
  setTimeout(() => {
    running = true;
    delay.enable();
  }, startIn);
  await Promise.all(
    teams.map((team, i) => score(team, startAt + input.offsetsMs[i]!, endAt).catch(() => (result.writeFailures += 1))),
  );
  // Let the last writes reach every screen: until all are shown or drainMs has passed.
  const drainUntil = performance.now() + input.drainMs;
  while (performance.now() < drainUntil && teams.some((t) => t.viewers.some((v) => v.level < t.acked)))
    await new Promise((r) => setTimeout(r, 50));
  delay.disable();
  running = false;
  stopping = true;
  for (const t of teams) for (const v of t.viewers) result.misses += Math.max(0, t.acked - v.level);
  result.loopDelayP99 = delay.percentile(99) / 1e6;
  result.loopDelayMax = delay.max / 1e6;
  result.loopUtilization = performance.eventLoopUtilization(elu0).utilization;
  // The streams stay open until every worker is done: closing thousands of them makes the server busy for a
  // moment, and another worker's last writes would wait behind that (the main thread sends "close").
  parentPort!.postMessage({ type: "done", result });
}

function closeAll() {
  for (const t of teams) for (const v of t.viewers) v.close();
  agent.destroy();
  h2Pool?.close();
  parentPort!.postMessage({ type: "closed" });
}
