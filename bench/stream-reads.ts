/**
 * npm run bench -- --scenario stream-reads [--rounds 8] [--changes 500]
 *
 * Issue #34 / decision 0032: the CPU the live stream spends reading one change of a game being played (the
 * game's scoreboard and the coaches' leaderboard, realtime/team-feed.ts), with the hot reads prepared
 * (db/prepared.ts) against the same reads built by Kysely on every call. Both run in this process over one SQLite
 * file (a team of 15 players, a game of 40 snaps): a database with a no-op Kysely plugin takes the builder path.
 * Rounds of `--changes` changes alternate between the two, so a host whose speed drifts moves both alike. Prints
 * the CPU ms per change of each (median of the rounds) and the host's CPU index; writes
 * bench/results/stream-reads.{json,md}.
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
const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-stream-reads-"));
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
  const team = await createTeam(db, { name: "Stream reads" });
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
  const host = await hostCpuIndex();
  await round(built);
  await round(prepared);
  const times = { built: [] as number[], prepared: [] as number[] };
  for (let r = 0; r < ROUNDS; r++) {
    times.built.push(await round(built));
    times.prepared.push(await round(prepared));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const row = (name: string, xs: number[]) =>
    `| ${name} | ${median(xs).toFixed(3)} | ${Math.min(...xs).toFixed(3)}–${Math.max(...xs).toFixed(3)} |`;
  const md = [
    `Host CPU index: ${describeHostIndex(host)}. ${ROUNDS} rounds of ${CHANGES} changes each way, alternating.`,
    "",
    "| Reads of one change (scoreboard + leaderboard) | CPU ms (median) | Rounds |",
    "| --- | ---: | --- |",
    row("built by Kysely on every call", times.built),
    row("prepared (decision 0032)", times.prepared),
  ].join("\n");
  const out = path.join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(
    path.join(out, "stream-reads.json"),
    JSON.stringify({ at: new Date().toISOString(), host, rounds: ROUNDS, changes: CHANGES, ...times }, null, 2) + "\n",
  );
  writeFileSync(path.join(out, "stream-reads.md"), md + "\n");
  process.stdout.write(md + "\n");
} finally {
  await built.db.destroy();
  await prepared.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(process.exitCode ?? 0);
