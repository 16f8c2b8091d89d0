/**
 * npm run bench -- --scenario reminder-burst [--teams 1000] [--players 15]
 *
 * Issue #29's burst: "a reminder burst of 1,000 teams × 15 players at the same minute … is fully sent (to a local
 * SMTP peer) within 5 minutes". On a fresh SQLite database (WAL, synchronous=FULL, as the server runs it) it seeds
 * `--teams` teams of `--players` players, each team with one game at the same instant two days ahead and nobody's
 * answer, then runs what every server runs once a minute, at the minute the first reminder falls due:
 *   - the reminder tick (mail/reminders.ts): every due reminder put in the mail outbox, once;
 *   - the outbox sender (mail/outbox-sender.ts), pass after pass, until the outbox is empty, against a local SMTP
 *     server (smtp-server, in this process, counting and discarding what it is sent).
 * Prints how long each took, the send rate, and the host's CPU index; writes bench/results/reminder-burst.{json,md}.
 * The issue's other half, the saturday scenario's write p99 with the burst beside it in the same server, is
 * `npm run bench -- --scenario saturday --reminder-burst` (bench/saturday/burst.ts).
 */
import "@hono/zod-openapi";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { zonedTimeToUtc } from "../src/domain/schedule.js";
import { migrateToLatest, openDatabase } from "../src/server/db/index.js";
import { createLogger } from "../src/server/logger.js";
import { createOutboxSender } from "../src/server/mail/outbox-sender.js";
import { runReminderTick } from "../src/server/mail/reminders.js";
import { describeHostIndex, hostCpuIndex } from "./host-index.js";
import { startSmtpSink } from "./smtp-sink.js";

const args = process.argv.slice(2);
const flag = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const TEAMS = Number(flag("--teams") ?? 1000);
const PLAYERS = Number(flag("--players") ?? 15);
const BUDGET_S = 5 * 60;
const log = (line: string) => process.stderr.write(`[reminder-burst] ${line}\n`);

const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-burst-"));
const database = openDatabase({ dataDir });
const sink = await startSmtpSink();
try {
  await migrateToLatest(database.db, database.engine);
  const db = database.db;

  // Every team's game is at 10:00 UTC two days after `due`'s day; the first reminder ("2 days before, at the event's
  // own time") falls due at that same minute for all of them.
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const startsAt = zonedTimeToUtc(day, "10:00", "UTC");
  const due = new Date(startsAt.getTime() - 2 * 86_400_000 + 30_000);
  const now = new Date().toISOString();

  const seedStart = performance.now();
  for (let t = 0; t < TEAMS; t += 1) {
    const teamId = randomUUID();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("teams")
        .values({ id: teamId, name: `Team ${t}`, team_code: `T${t}`, coach_invite_code: `C${t}`, created_at: now })
        .execute();
      const users = Array.from({ length: PLAYERS }, (_, p) => ({
        id: randomUUID(),
        name: `Player ${t}-${p}`,
        email: `p${t}-${p}@burst.test`,
        emailVerified: 0,
        image: null,
        createdAt: now,
        updatedAt: now,
      }));
      await trx.insertInto("user").values(users).execute();
      await trx
        .insertInto("profiles")
        .values(
          users.map((u, p) => ({
            user_id: u.id,
            team_id: teamId,
            role: "player" as const,
            coach_role: null,
            full_name: u.name,
            jersey_number: p + 1,
            primary_position: "wr",
            photo_file_id: null,
            joined_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto("schedule_events")
        .values({
          id: randomUUID(),
          team_id: teamId,
          series_id: null,
          kind: "game",
          status: "scheduled",
          local_date: day,
          start_time: "10:00",
          arrive_by: "09:30",
          duration_minutes: 60,
          starts_at: startsAt.toISOString(),
          ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
          place_name: "Riverside Park",
          address: null,
          field: "2",
          map_url: null,
          opponent: `Rivals ${t}`,
          home_away: "home",
          notes: null,
          session_id: null,
          sequence: 0,
          created_by: null,
          created_at: now,
          updated_at: now,
          cancelled_at: null,
        })
        .execute();
    });
  }
  log(`seeded ${TEAMS} teams × ${PLAYERS} players in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  const config = {
    authSecret: "bench-secret-".padEnd(48, "x"),
    publicUrl: "http://localhost:3000",
    mail: { smtpUrl: sink.url, from: "Flagline <noreply@burst.test>", contactTo: null },
  };
  const quiet = createLogger("warn");
  const hostBefore = await hostCpuIndex();
  const load = loadavg()[0]!;

  const tickStart = performance.now();
  const tick = await runReminderTick({ db, config, log: quiet, now: due });
  const tickS = (performance.now() - tickStart) / 1000;
  log(`tick: ${tick.mails} mails in the outbox in ${tickS.toFixed(1)} s`);
  const again = await runReminderTick({ db, config, log: quiet, now: new Date(due.getTime() + 60_000) });
  log(`the next minute's tick added ${again.mails} (0: each reminder once)`);

  const sender = createOutboxSender({ db, mail: config.mail, log: quiet, now: () => due });
  const sendStart = performance.now();
  let passes = 0;
  for (;;) {
    const pass = await sender.runOnce();
    passes += 1;
    if (pass.claimed === 0) break;
  }
  const sendS = (performance.now() - sendStart) / 1000;
  await sender.stop();
  const sent = sink.count();
  const totalS = tickS + sendS;
  const hostAfter = await hostCpuIndex();
  log(`host CPU index before and after: ${describeHostIndex(hostBefore)}; ${describeHostIndex(hostAfter)}`);
  log(`sent ${sent} in ${sendS.toFixed(1)} s (${(sent / sendS).toFixed(0)}/s, ${passes} passes)`);

  const result = {
    at: new Date().toISOString(),
    teams: TEAMS,
    players: PLAYERS,
    enqueued: tick.mails,
    enqueuedAgain: again.mails,
    tickSeconds: Number(tickS.toFixed(2)),
    sent,
    sendSeconds: Number(sendS.toFixed(2)),
    perSecond: Math.round(sent / sendS),
    totalSeconds: Number(totalS.toFixed(2)),
    met: sent === TEAMS * PLAYERS && again.mails === 0 && totalS <= BUDGET_S,
    load,
    host: [hostBefore.index, hostAfter.index],
  };
  const md = [
    `| Teams × players | In the outbox | Tick | Sent | Sending | Rate | Due to sent | Met (≤ ${BUDGET_S} s, each once) | Host CPU index | Load |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |",
    `| ${TEAMS} × ${PLAYERS} | ${tick.mails} | ${result.tickSeconds} s | ${sent} | ${result.sendSeconds} s | ${result.perSecond}/s | ${result.totalSeconds} s | ${result.met ? "yes" : "no"} | ${result.host.map((h) => h.toLocaleString("en-US")).join(" → ")} | ${load.toFixed(1)} |`,
  ].join("\n");
  const out = path.join(import.meta.dirname, "results");
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, "reminder-burst.json"), JSON.stringify(result, null, 2) + "\n");
  writeFileSync(path.join(out, "reminder-burst.md"), md + "\n");
  process.stdout.write(md + "\n");
  if (!result.met) process.exitCode = 1;
} catch (error) {
  log(`FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 1;
} finally {
  await sink.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
// bench/run.ts imports this file and must not go on to its own scenario.
process.exit(process.exitCode ?? 0);
