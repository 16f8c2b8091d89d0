import { randomUUID } from "node:crypto";
import { openDatabase } from "../../src/server/db/index.js";
import type { SmtpSink } from "../smtp-sink.js";
import type { GameTeamSpec } from "./protocol.js";

/*
 * Issue #29's burst beside game day (`--reminder-burst`): some seconds into the write window the bench gives every
 * game team of the rung a game two days ahead whose first reminder ("2 days before, at the event's own time") is
 * already due, with nobody's answer. The server under test then does what it does every minute: its reminder tick
 * puts one mail per player in the outbox and its outbox sender sends them to the bench's SMTP sink, while the
 * scorers go on writing. The rung's write p99 is therefore measured with the burst inside the window. The coaches'
 * too-few-players warning is turned off for these teams, so the burst is exactly teams × players mails.
 */

export interface BurstResult {
  /** Mails the burst should send (teams × confirmed players). */
  expected: number;
  /** Mails the sink took before the write window ended. */
  sent: number;
  /** From the games' insertion (the reminders due) to the first mail and to the last, in seconds; null if none. */
  firstMailS: number | null;
  allSentS: number | null;
  /** Seconds into the write window the reminders fell due. */
  dueAtS: number;
}

export interface ReminderBurst {
  /** Called when the write window opens. */
  start(): void;
  /** Called when it ends: what the sink took by then. */
  finish(): BurstResult;
}

const CHUNK = 100;

export function reminderBurst(o: {
  databaseUrl: string | undefined;
  dataDir: string;
  teams: readonly GameTeamSpec[];
  sink: SmtpSink;
  afterMs: number;
  log(line: string): void;
}): ReminderBurst {
  const expected = o.teams.reduce((n, t) => n + t.playerIds.length, 0);
  let windowStart = 0;
  let dueAt: number | null = null;
  let timer: NodeJS.Timeout | undefined;

  async function insertGames() {
    // The reminder instant is one minute ago: the game starts two days after it, at that minute (UTC teams).
    const startsAt = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000 + 2 * 86_400_000);
    const iso = startsAt.toISOString();
    const now = new Date().toISOString();
    const database = openDatabase({ databaseUrl: o.databaseUrl, dataDir: o.dataDir });
    try {
      await database.db.transaction().execute(async (trx) => {
        for (let i = 0; i < o.teams.length; i += CHUNK) {
          const chunk = o.teams.slice(i, i + CHUNK);
          await trx
            .insertInto("team_reminder_settings")
            .values(
              chunk.map((t) => ({
                team_id: t.teamId,
                first_days_before: 2,
                first_time: null,
                second_time: null,
                coach_warning: 0,
                digest_weekday: null,
                digest_time: null,
                updated_at: now,
              })),
            )
            .execute();
          await trx
            .insertInto("schedule_events")
            .values(
              chunk.map((t, j) => ({
                id: randomUUID(),
                team_id: t.teamId,
                series_id: null,
                kind: "game" as const,
                status: "scheduled" as const,
                local_date: iso.slice(0, 10),
                start_time: iso.slice(11, 16),
                arrive_by: null,
                duration_minutes: 60,
                starts_at: iso,
                ends_at: new Date(startsAt.getTime() + 3_600_000).toISOString(),
                place_name: "Riverside Park",
                address: null,
                field: String((i + j) % 8),
                map_url: null,
                opponent: `Rivals ${i + j}`,
                home_away: "home" as const,
                notes: null,
                session_id: null,
                sequence: 0,
                created_by: null,
                created_at: now,
                updated_at: now,
                cancelled_at: null,
              })),
            )
            .execute();
        }
      });
    } finally {
      await database.close();
    }
    dueAt = performance.now();
    o.log(`  reminder burst: ${o.teams.length} games with a reminder due, ${expected} mails to come`);
  }

  return {
    start() {
      windowStart = performance.now();
      o.sink.reset();
      timer = setTimeout(() => {
        insertGames().catch((error: unknown) => o.log(`  reminder burst FAILED: ${String(error)}`));
      }, o.afterMs);
    },
    finish() {
      clearTimeout(timer);
      const sent = o.sink.count();
      const since = (at: number | null) =>
        at === null || dueAt === null ? null : Number(((at - dueAt) / 1000).toFixed(1));
      return {
        expected,
        sent,
        firstMailS: sent > 0 ? since(o.sink.firstAt()) : null,
        allSentS: sent >= expected ? since(o.sink.lastAt()) : null,
        dueAtS: dueAt === null ? NaN : Number(((dueAt - windowStart) / 1000).toFixed(1)),
      };
    },
  };
}
