/**
 * One load worker of the league Saturday (a worker thread), for its share of the groups (league.ts): each team's
 * head coach starts the team's league game from its schedule event (POST /api/team/sessions with the event), logs
 * a snap every `periodMs` (POST /api/team/snaps, as the saturday scenario's scorers), and when the game ends the
 * result comes about as the game's plan says: both coaches end it on the same final, or one ends it and the other
 * confirms, or both end it on different finals and the away coach accepts the home team's. After ending (or
 * deciding), each coach reads the team's league games (GET /api/team/league-games), as their screen does, and the
 * bench checks the result reads as confirmed. The team's next game starts as the last one ends, so writes go on.
 * Assistant coaches hold the team's stream open (its messages counted, not timed).
 */
import { randomUUID } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import { keepAliveAgent, openStream, request, type Answer } from "./http.js";
import type {
  GroupSpec,
  LeagueGameSpec,
  LeagueTeamSpec,
  LeagueWorkerInput,
  LeagueWorkerResult,
  WriteKind,
} from "./league-protocol.js";

const input = workerData as LeagueWorkerInput;
const base = new URL(input.url);
const agent = keepAliveAgent();
const RECONNECT_MS = 3_000;

const result: LeagueWorkerResult = {
  writeMs: { snap: [], start: [], final: [], decision: [] },
  resultReadMs: [],
  writeFailures: 0,
  readFailures: 0,
  gamesEnded: 0,
  resultsConfirmed: 0,
  resultsWrong: 0,
  streamsOpen: 0,
  streamDrops: 0,
  changes: 0,
  firstFailure: "",
  loopDelayP99: 0,
  streamStatuses: {},
};
let running = false;
let stopping = false;
const closers: Array<() => void> = [];

function noteFailure(what: string, a: Answer) {
  if (!result.firstFailure) result.firstFailure = `${what}: ${a.status} ${a.body.slice(0, 200)}`;
}

const sleepUntil = async (at: number) => {
  const wait = at - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
};

/** A write, sent again after a second until it is acknowledged (idempotent: same ids); timed from the first try. */
async function write(kind: WriteKind, cookie: string, method: string, path: string, body: unknown): Promise<Answer> {
  const text = JSON.stringify(body);
  const started = performance.now();
  for (;;) {
    const a = await request(agent, base, path, {
      method,
      headers: { cookie, origin: input.origin },
      body: text,
      timeoutMs: input.timeoutMs,
    });
    if (a.status >= 200 && a.status < 300) {
      if (running) result.writeMs[kind].push(performance.now() - started);
      return a;
    }
    result.writeFailures++;
    noteFailure(`${method} ${path}`, a);
    // Sent again only when it may not have arrived (no answer, a timeout) or the server was busy (429, 5xx); a
    // refusal is final (a replayed start whose first try went through answers 409: the game is there).
    const again = a.status <= 0 || a.status === 429 || a.status >= 500;
    if (!again || stopping) return a;
    await new Promise((r) => setTimeout(r, 1_000));
  }
}

interface TeamGames {
  games: Array<{ id: string; result: { state: string }; actions: string[] }>;
}

/** The coach's league games, as their screen reads them once a game has ended; timed. */
async function readLeagueGames(team: LeagueTeamSpec): Promise<TeamGames | null> {
  const started = performance.now();
  const a = await request(agent, base, "/api/team/league-games", {
    headers: { cookie: team.scorerCookie },
    timeoutMs: input.timeoutMs,
  });
  if (a.status !== 200) {
    result.readFailures++;
    noteFailure("GET /api/team/league-games", a);
    return null;
  }
  if (running) result.resultReadMs.push(performance.now() - started);
  return JSON.parse(a.body) as TeamGames;
}

/** The k-th snap of a team's game (as the saturday scenario's: flag pulls and runs, a touchdown now and then). */
function snap(team: LeagueTeamSpec, sessionId: string, k: number) {
  const players = team.playerIds;
  const who = players[k % players.length]!;
  const detail =
    k % 2 === 0
      ? { kind: "flag_pull", defenderId: who, yards: null }
      : { kind: "run", runnerId: who, yards: 3 + (k % 9), touchdown: k % 7 === 0 };
  return { snaps: [{ id: randomUUID(), sessionId, period: 1, occurredAt: new Date().toISOString(), detail }] };
}

/**
 * One team's part of one game: started from its event at `from` (its phase in the period) unless it was under way
 * (`running`: its session), then a snap every period until the game's end. Returns the session's id, or null when
 * the team never started it (the window ended).
 */
async function play(
  team: LeagueTeamSpec,
  eventId: string,
  running: string | null,
  from: number,
  endAt: number,
  windowEnd: number,
) {
  if (from >= Math.min(endAt, windowEnd)) return null;
  await sleepUntil(from);
  const sessionId = running ?? randomUUID();
  if (!running) {
    const started = await write("start", team.scorerCookie, "POST", "/api/team/sessions", {
      id: sessionId,
      kind: "game",
      date: input.date,
      scheduledEventId: eventId,
    });
    if (started.status >= 300) return null;
  }
  let k = 0;
  for (let at = from; at < endAt && at < windowEnd; at += input.periodMs) {
    await sleepUntil(at);
    if (stopping) break;
    k++;
    await write("snap", team.scorerCookie, "POST", "/api/team/snaps", snap(team, sessionId, k));
  }
  return sessionId;
}

/** Ends one game as its plan says, once both teams' last snaps are in; then both coaches read the result. */
async function end(group: GroupSpec, game: LeagueGameSpec, sessions: [string | null, string | null]) {
  const home = group.teams[game.home]!;
  const away = group.teams[game.away]!;
  const [homeSession, awaySession] = sessions;
  if (!homeSession || !awaySession) return;
  result.gamesEnded++;
  const [h, a] = game.score;
  const final = (team: LeagueTeamSpec, session: string, us: number, them: number) =>
    write("final", team.scorerCookie, "POST", `/api/team/sessions/${session}/final`, { us, them });
  await final(home, homeSession, h, a);
  if (game.plan === "agree") await final(away, awaySession, a, h);
  if (game.plan === "accept") await final(away, awaySession, a + 7, h);
  let state = "";
  if (game.plan === "agree") {
    state = (await readLeagueGames(away))?.games.find((g) => g.id === game.gameId)?.result.state ?? "";
  } else {
    // The away coach's screen offers what to do about the home team's score: confirm it, or accept it.
    const seen = (await readLeagueGames(away))?.games.find((g) => g.id === game.gameId);
    const action = game.plan === "confirm" ? "confirm" : "accept";
    if (seen?.actions.includes(action)) {
      const decided = await write(
        "decision",
        away.scorerCookie,
        "POST",
        `/api/team/league-games/${game.gameId}/result`,
        {
          action,
        },
      );
      const after = decided.status === 200 ? (JSON.parse(decided.body) as TeamGames) : null;
      state = after?.games.find((g) => g.id === game.gameId)?.result.state ?? "";
    }
  }
  const homeSees = (await readLeagueGames(home))?.games.find((g) => g.id === game.gameId)?.result.state;
  if (state === "confirmed" && homeSees === "confirmed") result.resultsConfirmed++;
  else result.resultsWrong++;
}

/** A group's Saturday: its rounds one after another, both games of a round side by side. */
async function runGroup(group: GroupSpec, startAt: number) {
  const windowEnd = startAt + input.durationMs;
  for (let r = 0; r < group.rounds.length; r++) {
    const gameStart = startAt + group.offsetMs + (r - 1) * input.gameMs;
    const gameEnd = gameStart + input.gameMs;
    if (gameStart >= windowEnd) break;
    await Promise.all(
      group.rounds[r]!.map(async (game) => {
        // Each team writes at its own phase of the period (all teams' phases spread evenly over it), from its
        // game's start on: the first time at or after the start that falls on the team's phase.
        const begin = Math.max(gameStart, startAt);
        const from = (t: number) => {
          const p = group.teams[t]!.phaseMs - ((begin - startAt) % input.periodMs);
          return begin + (((p % input.periodMs) + input.periodMs) % input.periodMs);
        };
        const sessions = await Promise.all([
          play(group.teams[game.home]!, game.homeEventId, game.sessions[0], from(game.home), gameEnd, windowEnd),
          play(group.teams[game.away]!, game.awayEventId, game.sessions[1], from(game.away), gameEnd, windowEnd),
        ]);
        if (gameEnd > windowEnd || stopping) return;
        await sleepUntil(gameEnd);
        await end(group, game, sessions);
      }),
    );
  }
}

function connectViewers() {
  const cookies = input.groups.flatMap((g) => g.teams.flatMap((t) => t.viewerCookies));
  cookies.forEach((cookie, i) =>
    setTimeout(
      () => {
        const open = () =>
          closers.push(
            openStream(base, "/api/team/stream", cookie, {
              onOpen: () => result.streamsOpen++,
              onChange: () => result.changes++,
              onEnd: (status) => {
                if (stopping) return;
                result.streamDrops++;
                result.streamStatuses[status] = (result.streamStatuses[status] ?? 0) + 1;
                setTimeout(open, RECONNECT_MS);
              },
            }),
          );
        open();
      },
      (i / Math.max(1, cookies.length)) * input.connectMs,
    ),
  );
  setTimeout(() => parentPort!.postMessage({ type: "ready" }), input.connectMs + 1_000);
}

async function run(startIn: number) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const startAt = performance.now() + startIn;
  setTimeout(() => {
    running = true;
    delay.enable();
  }, startIn);
  await Promise.all(input.groups.map((g) => runGroup(g, startAt).catch(() => (result.writeFailures += 1))));
  delay.disable();
  running = false;
  stopping = true;
  result.loopDelayP99 = delay.percentile(99) / 1e6;
  // The streams stay open until every worker is done: closing thousands of them makes the server busy for a
  // moment, and another worker's last writes would wait behind that (league.ts sends "close"; worker.ts does the same).
  parentPort!.postMessage({ type: "done", result });
}

function closeAll() {
  for (const close of closers) close();
  agent.destroy();
  parentPort!.postMessage({ type: "closed" });
}

parentPort!.on("message", (message: { type: string; startIn?: number }) => {
  if (message.type === "connect") connectViewers();
  else if (message.type === "start") void run(message.startIn ?? 0);
  else if (message.type === "close") closeAll();
});
