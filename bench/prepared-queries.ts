/**
 * npm run bench -- --scenario prepared [--rounds 8] [--changes 500]
 *
 * Issue #34 / decision 0032: game day's hot queries prepared (db/prepared.ts) against the same queries built by
 * Kysely on every call, in CPU:
 *   - the live stream's reads of one change of a game being played (the game's scoreboard and the coaches'
 *     leaderboard, realtime/team-feed.ts);
 *   - the write of one snap (db/snaps.ts insertSnaps: the snap, its events, participants, counters and tallies, in
 *     one transaction), as the snap writer's thread runs it.
 * Both run in this process over one SQLite file (a team of 15 players, a game of 40 snaps): a database with a
 * no-op Kysely plugin takes the builder path. Rounds alternate between the two, so a host whose speed drifts moves
 * both alike. Prints the CPU ms of each (median of the rounds) and the host's CPU index; writes
 * bench/results/prepared.{json,md}.
 */
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { KyselyPlugin } from "kysely";
import { migrateToLatest, openDatabase, type Database } from "../src/server/db/index.js";
import { insertSnaps } from "../src/server/db/snaps.js";
import { createProfile } from "../src/server/db/teams.js";
import { createTeamSession } from "../src/server/db/team-sessions.js";
import { createTeam } from "../src/server/db/teams.js";
import { createLogger } from "../src/server/logger.js";
import { DEFAULT_LEADERBOARD, readGameScoreboard, readLeaderboard } from "../src/server/reads/team-reads.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  return at >= 0 ? Number(args[at + 1]) : fallback;
};
const ROUNDS = flag("--rounds", 8);
const CHANGES = flag("--changes", 500);
const PLAYERS = 15;
const SNAPS = 40;

const builderPath: KyselyPlugin = { transformQuery: (a) => a.node, transformResult: async (a) => a.result };
const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-prepared-"));
const prepared = openDatabase({ dataDir });
const built = openDatabase({ dataDir, plugins: [builderPath] });
const log = createLogger("error");

async function user(db: Database["db"], name: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("user")
    .values({ id, name, email: `${id}@bench.invalid`, emailVerified: 0, createdAt: now, updatedAt: now } as never)
    .execute();
  return id;
}

try {
  await migrateToLatest(prepared.db, "sqlite");
  const { db } = prepared;
  const team = await createTeam(db, { name: "Prepared queries" });
  const coach = await user(db, "Coach");
  await createProfile(db, { userId: coach, teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" });
  const players: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const id = await user(db, `Player ${i + 1}`);
    await createProfile(db, { userId: id, teamId: team.id, role: "player", fullName: `Player ${i + 1}` });
    players.push(id);
  }
  const game = await createTeamSession(db, {
    teamId: team.id,
    kind: "game",
    date: new Date().toISOString().slice(0, 10),
    opponent: "Bench",
    createdBy: coach,
  });
  for (let i = 0; i < SNAPS; i++) {
    const runnerId = players[i % PLAYERS]!;
    await insertSnaps(db, team.id, coach, [
      {
        id: randomUUID(),
        sessionId: game.id,
        playId: null,
        period: 1,
        firstDown: false,
        occurredAt: new Date(Date.now() - 60_000 + i * 1000).toISOString(),
        detail: { kind: "run", runnerId, yards: 5, touchdown: i % 10 === 9 },
      },
    ]);
  }

  const round = async (database: Database) => {
    const s = { database, log };
    const start = process.cpuUsage();
    for (let i = 0; i < CHANGES; i++) {
      await readGameScoreboard(s, team.id, game.id);
      await readLeaderboard(s, team.id, DEFAULT_LEADERBOARD);
    }
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / CHANGES;
  };
  let logged = 0;
  const snap = (runnerId: string) => ({
    id: randomUUID(),
    sessionId: game.id,
    playId: null,
    period: 1,
    firstDown: false,
    occurredAt: new Date(Date.now() - 30_000 + (logged++ % 1000)).toISOString(),
    detail: { kind: "run" as const, runnerId, yards: 4, touchdown: false },
  });
  const writes = async (database: Database) => {
    const n = Math.max(1, Math.round(CHANGES / 5));
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await insertSnaps(database.db, team.id, coach, [snap(players[i % PLAYERS]!)]);
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
  const host = await hostCpuIndex();
  await round(built);
  await round(prepared);
  await writes(built);
  await writes(prepared);
  const times = { built: [] as number[], prepared: [] as number[] };
  const writeTimes = { built: [] as number[], prepared: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    times.built.push(await round(built));
    times.prepared.push(await round(prepared));
    writeTimes.built.push(await writes(built));
    writeTimes.prepared.push(await writes(prepared));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const row = (name: string, xs: number[]) =>
    `| ${name} | ${median(xs).toFixed(3)} | ${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)} |`;
  const md = [
    `Host CPU index: ${describeHostIndex(host)}. ${ROUNDS} rounds each way, alternating: ${CHANGES} changes read` +
      ` and ${Math.max(1, Math.round(CHANGES / 5))} snaps written a round.`,
    "",
    "| What | CPU ms (median) | Rounds |",
    "| --- | ---: | --- |",
    row("reads of one change (scoreboard + leaderboard), built by Kysely on every call", times.built),
    row("reads of one change, prepared (decision 0032)", times.prepared),
    row("write of one snap (insertSnaps), built", writeTimes.built),
    row("write of one snap, prepared", writeTimes.prepared),
  ].join("\n");
  const out = path.join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, "prepared.json"),
    JSON.stringify(
      { at: new Date().toISOString(), host, rounds: ROUNDS, changes: CHANGES, reads: times, writes: writeTimes },
      null,
      2,
    ) + "\n",
  );
  writeFileSync(path.join(out, "prepared.md"), md + "\n");
  process.stdout.write(md + "\n");
} finally {
  await built.db.destroy();
  await prepared.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
