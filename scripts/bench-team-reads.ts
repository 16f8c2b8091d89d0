/*
 * npx tsx scripts/bench-team-reads.ts [sizes...]   (default: 100000 1000000)
 * The team reads of decision 0015 timed in process on embedded SQLite (no HTTP): for each size, a fresh database
 * with one 100-player team whose events bench/generate.ts writes (with their counters and tallies), plus one game
 * with 300 events logged through recordEvents; then each read's p50 over 50 calls after 5 warm-up calls (playbook
 * analysis, which still groups events: 5), and an
 * integrity check (the generated counters and tallies must equal a recount).
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
import { checkIntegrity } from "../src/server/db/integrity.js";
import { playbookAnalysis } from "../src/server/db/playbook-analysis.js";
import { playerStatLines } from "../src/server/db/stat-lines.js";
import { createTeamSession } from "../src/server/db/team-sessions.js";

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const CALLS = 50;

async function p50(fn: () => Promise<unknown>, calls = CALLS): Promise<number> {
  for (let i = 0; i < Math.min(5, calls); i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

const results: Record<string, Record<string, number>> = {};
for (const events of sizes.length ? sizes : [100_000, 1_000_000]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-team-reads-"));
  try {
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
    };
    const row: Record<string, number> = {};
    // Playbook analysis still groups events (decision 0015, not done): 5 calls, not 50.
    for (const [name, fn] of Object.entries(reads))
      row[name] = +(await p50(fn, name === "playbook analysis" ? 5 : CALLS)).toFixed(2);
    const report = await checkIntegrity(db);
    row["integrity drift"] = report.drift.length;
    results[`${events.toLocaleString("en-US")} events`] = row;
    console.log(`${events} events (p50 ms):`, JSON.stringify(row));
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
console.table(results);
