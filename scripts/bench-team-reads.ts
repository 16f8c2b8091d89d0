/*
 * npx tsx scripts/bench-team-reads.ts [sizes...]   (default: 100000 1000000; TEAM_READS_ROUNDS, default 7)
 * The team reads of decision 0015 (and its follow-ups, migrations 010 and 011) timed in process on embedded SQLite
 * (no HTTP). For each size, a fresh database with one 100-player team whose events bench/generate.ts writes (with
 * their counters and tallies), plus one game with 300 events logged through recordEvents; 40 plays (20 a side)
 * with 30 % of the generated events tagged (an offense or defense play by the event's type; the generator tags
 * none), the tallies rebuilt for them. Then the sizes are measured in alternation, read by read, for several
 * rounds (each a p50 over 30 calls after 3 warm-up calls), so that every size sees the same machine; the figure
 * kept is the median of a read's rounds. Last, an integrity check (the counters and tallies must equal a
 * recount).
 */
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate, sqliteLoader } from "../bench/generate.js";
import { teamDashboard, teamLeaderboard, teamStats } from "../src/server/db/analytics-team.js";
import { recordEvents, type NewEvent } from "../src/server/db/events.js";
import { boxScoreData } from "../src/server/db/games.js";
import { migrateToLatest, openDatabase } from "../src/server/db/index.js";
import { sql } from "kysely";
import { DEFENSE_SNAP_TYPES } from "../src/domain/playbook.js";
import { checkIntegrity, rebuildCounters } from "../src/server/db/integrity.js";
import { playbookAnalysis, playDrillDown } from "../src/server/db/playbook-analysis.js";
import { createPlay } from "../src/server/db/plays.js";
import { playerStatLines } from "../src/server/db/stat-lines.js";
import { createTeamSession } from "../src/server/db/team-sessions.js";

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const CALLS = 30;
const ROUNDS = Math.max(1, Number(process.env.TEAM_READS_ROUNDS) || 7);

async function p50(fn: () => Promise<unknown>, calls = CALLS): Promise<number> {
  for (let i = 0; i < 3; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

interface Built {
  label: string;
  dataDir: string;
  database: ReturnType<typeof openDatabase>;
  tagged: number;
  reads: Record<string, () => Promise<unknown>>;
}

async function build(events: number): Promise<Built> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-team-reads-"));
  const setup = openDatabase({ dataDir });
  await migrateToLatest(setup.db, setup.engine);
  await setup.close();
  const gen = await generate(
    sqliteLoader(path.join(dataDir, "flagline.db")),
    {
      measured: [{ name: "Measured", players: 100, events }],
      background: { teams: 0, players: 0, eventsPerPlayer: 0 },
      seed: 2026,
    },
    () => {},
  );
  const team = gen.measured[0]!;
  const database = openDatabase({ dataDir });
  const db = database.db;
  const game = await createTeamSession(db, {
    teamId: team.teamId,
    kind: "game",
    date: new Date().toISOString().slice(0, 10),
    opponent: "Bench",
    createdBy: team.headCoachId,
  });
  const logged: NewEvent[] = Array.from({ length: 300 }, (_, i) => ({
    id: randomUUID(),
    teamId: team.teamId,
    playerId: team.playerIds[i % team.playerIds.length]!,
    eventType: i % 3 === 0 ? "Flag Pull" : "Catch",
    yards: i % 3 === 0 ? null : 5,
    sessionId: game.id,
    occurredAt: new Date(Date.now() - (300 - i) * 1000).toISOString(),
    createdBy: team.headCoachId,
  }));
  await recordEvents(db, logged);
  const plays: string[] = [];
  for (let i = 0; i < 40; i++) {
    const side = i < 20 ? "offense" : "defense";
    plays.push(
      (await createPlay(db, { teamId: team.teamId, name: `Play ${i}`, side, formation: "", tags: [], notes: "" })).id,
    );
  }
  // 3 in 10 events (by a spread of their rowid), a defensive type on a defense play, any other on an offense one.
  const pick = (offset: number) =>
    sql`case (rowid % 20) ${sql.join(
      plays.slice(offset, offset + 20).map((id, k) => sql`when ${sql.lit(k)} then ${id}`),
      sql` `,
    )} end`;
  await sql`update events set play_id = case when event_type in (${sql.join([...DEFENSE_SNAP_TYPES])})
      then ${pick(20)} else ${pick(0)} end
    where team_id = ${team.teamId} and (rowid * 7919) % 10 < 3`.execute(db);
  await rebuildCounters(db);
  const tagged = await sql<{ n: number }>`select count(*) as n from events where play_id is not null`.execute(db);
  const day = (ago: number) => new Date(Date.now() - ago * 86_400_000).toISOString().slice(0, 10);
  const reads: Record<string, () => Promise<unknown>> = {
    "team stats (tzOffset 0)": () => teamStats(db, team.teamId, { tzOffset: 0 }),
    "team stats (tzOffset -300)": () => teamStats(db, team.teamId, { tzOffset: -300 }),
    "leaderboard season": () => teamLeaderboard(db, team.teamId, { window: "season" }),
    "leaderboard last30": () => teamLeaderboard(db, team.teamId, { window: "last30" }),
    "leaderboard session": () => teamLeaderboard(db, team.teamId, { window: "session", sessionId: game.id }),
    dashboard: () => teamDashboard(db, team.teamId),
    "box score": () => boxScoreData(db, team.teamId, game.id),
    "player stat lines": () => playerStatLines(db, team.teamId, team.playerIds[0]!),
    "playbook analysis": () => playbookAnalysis(db, team.teamId, { kind: "all", tzOffset: 0 }),
    "playbook analysis (offense)": () =>
      playbookAnalysis(db, team.teamId, { kind: "all", tzOffset: 0, side: "offense" }),
    "playbook analysis (games)": () => playbookAnalysis(db, team.teamId, { kind: "game", tzOffset: 0 }),
    "playbook analysis (last 7 days, tzOffset -300)": () =>
      playbookAnalysis(db, team.teamId, { kind: "all", from: day(7), to: day(0), tzOffset: -300 }),
    "play drill-down (page of 50)": () =>
      playDrillDown(db, team.teamId, plays[0]!, { kind: "all", tzOffset: 0 }, { limit: 50 }),
    "play drill-down (last 7 days, tzOffset -300)": () =>
      playDrillDown(
        db,
        team.teamId,
        plays[0]!,
        { kind: "all", from: day(7), to: day(0), tzOffset: -300 },
        { limit: 50 },
      ),
  };
  return {
    label: `${events.toLocaleString("en-US")} events`,
    dataDir,
    database,
    tagged: Number(tagged.rows[0]!.n),
    reads,
  };
}

const built: Built[] = [];
try {
  for (const events of sizes.length ? sizes : [100_000, 1_000_000]) {
    built.push(await build(events));
    console.log(`built ${built.at(-1)!.label}`);
  }
  const rounds = new Map<string, Map<string, number[]>>();
  for (let r = 0; r < ROUNDS; r++) {
    for (const name of Object.keys(built[0]!.reads)) {
      for (const b of built) {
        const byRead = rounds.get(b.label) ?? rounds.set(b.label, new Map()).get(b.label)!;
        const list = byRead.get(name) ?? byRead.set(name, []).get(name)!;
        list.push(await p50(b.reads[name]!));
      }
    }
  }
  const results: Record<string, Record<string, number>> = {};
  for (const b of built) {
    const row: Record<string, number> = { "tagged events": b.tagged };
    for (const [name, list] of rounds.get(b.label)!) row[name] = +median(list).toFixed(2);
    row["integrity drift"] = (await checkIntegrity(b.database.db)).drift.length;
    results[b.label] = row;
    console.log(`${b.label} (p50 ms, median of ${ROUNDS} rounds):`, JSON.stringify(row));
  }
  console.table(results);
  if (built.length > 1) {
    const [first, last] = [built[0]!, built.at(-1)!];
    console.log(`${last.label} against ${first.label}:`);
    for (const name of Object.keys(first.reads)) {
      const a = results[first.label]![name]!;
      const z = results[last.label]![name]!;
      console.log(
        `  ${name.padEnd(48)} ${a.toFixed(2)} -> ${z.toFixed(2)} ms (${z >= a ? "+" : ""}${Math.round((z / a - 1) * 100)} %)`,
      );
    }
  }
} finally {
  for (const b of built) {
    await b.database.close();
    rmSync(b.dataDir, { recursive: true, force: true });
  }
}
