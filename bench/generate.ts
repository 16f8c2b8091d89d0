/*
 * Synthetic data, written straight into the tables in big transactions (no HTTP, no password hashing): teams,
 * Better Auth user rows, profiles, events, and the counters (player_event_counts, player_stats) computed here in
 * JS from the very events written, so they are exactly what recordEvent would have kept.
 * The generator is deterministic for a seed apart from the UUIDs.
 */
import { randomUUID } from "node:crypto";
import SQLite from "better-sqlite3";
import pg from "pg";
import { takesYards, type EventType } from "../src/domain/event-types.js";
import { POSITION_KEYS, type PositionKey } from "../src/domain/positions.js";
import { eventPointsTenths } from "../src/domain/scoring.js";
import { SESSIONLESS_LEVEL, sessionlessKey, slotOf, SNAP_LEVEL_TYPES, weekOf } from "../src/server/db/tallies/sql.js";
import { CODE_ALPHABET } from "../src/server/db/teams.js";

type PgType = "text" | "integer" | "boolean" | "timestamptz";
type Value = string | number | null;

/** The columns the bench fills, with the PostgreSQL type each unnest() array is cast to. */
const TABLES = {
  teams: [
    ["id", "text"],
    ["name", "text"],
    ["team_code", "text"],
    ["coach_invite_code", "text"],
    ["created_at", "text"],
  ],
  /** One open season per team (migration 007): every event and counter row is in it. */
  seasons: [
    ["id", "text"],
    ["team_id", "text"],
    ["name", "text"],
    ["starts_on", "text"],
    ["created_at", "text"],
  ],
  user: [
    ["id", "text"],
    ["name", "text"],
    ["email", "text"],
    // 0 is false to both engines (integer on SQLite, boolean input "0" on PostgreSQL).
    ["emailVerified", "boolean"],
    ["createdAt", "timestamptz"],
    ["updatedAt", "timestamptz"],
  ],
  profiles: [
    ["user_id", "text"],
    ["team_id", "text"],
    ["role", "text"],
    ["coach_role", "text"],
    ["full_name", "text"],
    ["jersey_number", "integer"],
    ["primary_position", "text"],
    ["positions", "text"],
    ["joined_at", "text"],
    ["created_at", "text"],
    ["updated_at", "text"],
  ],
  events: [
    ["id", "text"],
    ["team_id", "text"],
    ["season_id", "text"],
    ["player_id", "text"],
    ["event_type", "text"],
    ["yards", "integer"],
    ["occurred_at", "text"],
    ["created_by", "text"],
    ["created_at", "text"],
  ],
  player_event_counts: [
    ["player_id", "text"],
    ["season_id", "text"],
    ["event_type", "text"],
    ["count", "integer"],
    ["yards", "integer"],
  ],
  player_stats: [
    ["player_id", "text"],
    ["season_id", "text"],
    ["event_count", "integer"],
    ["last_event_at", "text"],
    ["attendance_total", "integer"],
    ["attendance_attended", "integer"],
  ],
  /** The tallies of migration 009 (decision 0015). */
  session_tallies: [
    ["season_id", "text"],
    ["session_key", "text"],
    ["player_id", "text"],
    ["event_type", "text"],
    ["loose", "integer"],
    ["count", "integer"],
    ["yards", "integer"],
    ["with_yards", "integer"],
    ["last_at", "text"],
  ],
  day_tallies: [
    ["season_id", "text"],
    ["day", "text"],
    ["player_id", "text"],
    ["event_type", "text"],
    ["count", "integer"],
    ["yards", "integer"],
  ],
  team_day_tallies: [
    ["season_id", "text"],
    ["day", "integer"],
    ["events", "integer"],
    ["points_tenths", "integer"],
  ],
  slot_tallies: [
    ["season_id", "text"],
    ["minute", "integer"],
    ["day", "integer"],
    ["events", "integer"],
    ["points_tenths", "integer"],
  ],
  /** The tallies of migration 010 (the bench tags no events, so play_player_tallies stays empty). */
  week_tallies: [
    ["season_id", "text"],
    ["week", "integer"],
    ["player_id", "text"],
    ["event_type", "text"],
    ["count", "integer"],
    ["yards", "integer"],
  ],
  sessionless_tallies: [
    ["season_id", "text"],
    ["level", "integer"],
    ["day", "integer"],
    ["minute", "integer"],
    ["play_key", "text"],
    ["event_type", "text"],
    ["from_snap", "integer"],
    ["count", "integer"],
    ["yards", "integer"],
    ["points_tenths", "integer"],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, PgType]>>;

type TableName = keyof typeof TABLES;
/** Foreign keys point backwards in this list, so flushing in this order never breaks one. */
const TABLE_ORDER: TableName[] = [
  "teams",
  "seasons",
  "user",
  "profiles",
  "events",
  "player_event_counts",
  "player_stats",
  "session_tallies",
  "day_tallies",
  "team_day_tallies",
  "slot_tallies",
  "week_tallies",
  "sessionless_tallies",
];

export interface BulkLoader {
  /** Inserts the rows (values in TABLES order) in one transaction. */
  insert(table: TableName, rows: Value[][]): Promise<void>;
  /** Leaves the database as a running deployment would have it, and closes the connection. */
  finish(): Promise<void>;
}

const quote = (name: string) => `"${name}"`;

/**
 * SQLite: one connection, prepared statements, one transaction per chunk. synchronous=OFF on this loading
 * connection only (the server opens its own with synchronous=FULL); the database stays in WAL mode.
 * The events table's secondary indexes are dropped for the load and made again at the end from their own
 * definitions (sqlite_master), which is 2-3x faster than keeping them up to date row by row; the schema ends
 * exactly as migrated.
 */
export function sqliteLoader(file: string): BulkLoader {
  const db = new SQLite(file);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("foreign_keys = ON");
  db.pragma("cache_size = -1048576");
  db.pragma("temp_store = MEMORY");
  const indexes = db
    .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = 'events' and sql is not null")
    .all() as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`drop index ${quote(index.name)}`);
  const statements = new Map<TableName, (rows: Value[][]) => void>();
  const insertMany = (table: TableName) => {
    let run = statements.get(table);
    if (!run) {
      const cols = TABLES[table].map(([c]) => c);
      const stmt = db.prepare(
        `insert into ${quote(table)} (${cols.map(quote).join(", ")}) values (${cols.map(() => "?").join(", ")})`,
      );
      run = db.transaction((rows: Value[][]) => {
        for (const r of rows) stmt.run(r);
      });
      statements.set(table, run);
    }
    return run;
  };
  return {
    async insert(table, rows) {
      insertMany(table)(rows);
    },
    async finish() {
      for (const index of indexes) db.exec(index.sql);
      // The server starts on a database file with an empty WAL, as after a clean shutdown.
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
    },
  };
}

/**
 * PostgreSQL: `insert ... select * from unnest($1::text[], ...)`, 10,000 rows a statement (one round trip, no
 * parameter limit), one transaction per chunk, synchronous_commit off for this loading session only. As on
 * SQLite, the events table's secondary indexes are dropped and made again from pg_indexes at the end; foreign
 * key triggers are skipped for this session (session_replication_role = replica; the rows are consistent by
 * construction). finish() runs VACUUM ANALYZE: the visibility map and planner statistics autovacuum would have
 * made by the time a real database held this much.
 */
export async function postgresLoader(url: string): Promise<BulkLoader> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("set synchronous_commit = off");
  await client.query("set maintenance_work_mem = '256MB'");
  try {
    await client.query("set session_replication_role = replica");
  } catch {
    // Not a superuser: foreign keys are checked row by row, which is slower but as correct.
  }
  const { rows: indexes } = await client.query<{ name: string; sql: string }>(
    `select indexname as name, indexdef as sql from pg_indexes
     where schemaname = current_schema() and tablename = 'events'
       and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await client.query(`drop index ${quote(index.name)}`);
  const PER_STATEMENT = 10_000;
  return {
    async insert(table, rows) {
      const cols = TABLES[table];
      const sqlText =
        `insert into ${quote(table)} (${cols.map(([c]) => quote(c)).join(", ")}) ` +
        `select * from unnest(${cols.map(([, t], i) => `$${i + 1}::${t}[]`).join(", ")})`;
      await client.query("begin");
      try {
        for (let start = 0; start < rows.length; start += PER_STATEMENT) {
          const part = rows.slice(start, start + PER_STATEMENT);
          const arrays = cols.map((_, i) => part.map((r) => r[i]));
          await client.query(sqlText, arrays);
        }
        await client.query("commit");
      } catch (error) {
        await client.query("rollback").catch(() => {});
        throw error;
      }
    },
    async finish() {
      for (const index of indexes) await client.query(index.sql);
      await client.query("vacuum analyze");
      await client.end();
    },
  };
}

/** What each position tends to log, as (event type, relative weight, yards range when the type takes yards). */
const PRODUCTION: Record<PositionKey, ReadonlyArray<readonly [EventType, number, (readonly [number, number])?]>> = {
  qb: [
    ["Pass Completion", 55, [4, 22]],
    ["Pass Incompletion", 30],
    ["Pass TD", 8, [8, 35]],
    ["Interception Thrown", 3],
    ["Rush Attempt", 8, [1, 12]],
  ],
  wr: [
    ["Catch", 45, [4, 25]],
    ["TD Catch", 7, [8, 40]],
    ["Drop", 6],
    ["Flag Pull", 5],
  ],
  slot: [
    ["Catch", 50, [3, 18]],
    ["TD Catch", 5, [6, 30]],
    ["Drop", 5],
    ["Rush Attempt", 5, [1, 9]],
  ],
  rb: [
    ["Rush Attempt", 55, [1, 14]],
    ["Rush TD", 7, [3, 30]],
    ["Catch", 15, [2, 12]],
  ],
  te: [
    ["Catch", 30, [3, 15]],
    ["TD Catch", 4, [5, 20]],
    ["Defensive Stop", 5],
  ],
  center: [
    ["Catch", 10, [2, 8]],
    ["Penalty", 5],
    ["Defensive Stop", 5],
  ],
  cb: [
    ["Flag Pull", 35],
    ["Interception", 7],
    ["Defensive Stop", 15],
    ["Penalty", 3],
  ],
  safety: [
    ["Flag Pull", 35],
    ["Interception", 6],
    ["Defensive Stop", 20],
  ],
  lb: [
    ["Flag Pull", 40],
    ["Defensive Stop", 25],
    ["Sack", 5],
    ["Interception", 2],
  ],
  rusher: [
    ["Sack", 12],
    ["Flag Pull", 25],
    ["Defensive Stop", 15],
  ],
};

/** Cumulative weights per position, for one random draw per event. */
const DRAWS = Object.fromEntries(
  POSITION_KEYS.map((position) => {
    const options = PRODUCTION[position];
    const total = options.reduce((sum, [, w]) => sum + w, 0);
    let acc = 0;
    return [
      position,
      options.map(([type, w, yards]) => ({
        type,
        upTo: (acc += w) / total,
        yards: takesYards(type) ? yards : undefined,
      })),
    ];
  }),
) as Record<PositionKey, Array<{ type: EventType; upTo: number; yards: readonly [number, number] | undefined }>>;

const snapLevel = new Set(SNAP_LEVEL_TYPES);

/** A small deterministic generator (as src/server/demo/seed.ts uses). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The n-th code of the app's alphabet, `length` characters: unique per n without a lookup. */
export function code(n: number, length: number): string {
  let s = "";
  for (let i = 0; i < length; i++) {
    s = CODE_ALPHABET[n % CODE_ALPHABET.length] + s;
    n = Math.floor(n / CODE_ALPHABET.length);
  }
  return s;
}

export interface GeneratedTeam {
  teamId: string;
  name: string;
  teamCode: string;
  coachInviteCode: string;
  headCoachId: string;
  playerIds: string[];
  events: number;
  seasonId: string;
}

export interface GenerationPlan {
  /** Teams that are measured: `players` players and `events` events spread over them at random. */
  measured: Array<{ name: string; players: number; events: number }>;
  /** Teams that only make the tables big: `players` players with `eventsPerPlayer` events each. */
  background: { teams: number; players: number; eventsPerPlayer: number };
  seed: number;
}

export interface GenerationResult {
  measured: GeneratedTeam[];
  rows: Record<TableName, number>;
  seconds: number;
}

const ROWS_PER_FLUSH = 50_000;
const YEAR_MS = 365 * 86_400_000;

export async function generate(
  loader: BulkLoader,
  plan: GenerationPlan,
  progress: (line: string) => void,
): Promise<GenerationResult> {
  const started = performance.now();
  const random = mulberry32(plan.seed);
  const now = Date.now();
  const nowText = new Date(now).toISOString();
  const buffers = Object.fromEntries(TABLE_ORDER.map((t) => [t, [] as Value[][]])) as Record<TableName, Value[][]>;
  const rows = Object.fromEntries(TABLE_ORDER.map((t) => [t, 0])) as Record<TableName, number>;
  let buffered = 0;

  const add = (table: TableName, row: Value[]) => {
    buffers[table].push(row);
    buffered++;
  };
  const flush = async () => {
    for (const table of TABLE_ORDER) {
      const batch = buffers[table];
      if (batch.length === 0) continue;
      await loader.insert(table, batch);
      rows[table] += batch.length;
      buffers[table] = [];
    }
    buffered = 0;
  };

  let teamSeq = 0;
  let userSeq = 0;
  const user = (name: string) => {
    const id = randomUUID();
    add("user", [id, name, `u${userSeq++}@bench.flagline.test`, 0, nowText, nowText]);
    return id;
  };

  /** One team; events either `total` spread at random over the players, or `perPlayer` each. */
  async function team(
    name: string,
    players: number,
    events: { total: number } | { perPlayer: number },
  ): Promise<GeneratedTeam> {
    const n = teamSeq++;
    const teamId = randomUUID();
    const teamCode = code(n, 6);
    const coachInviteCode = code(n, 8);
    add("teams", [teamId, name, teamCode, coachInviteCode, nowText]);
    const seasonId = randomUUID();
    add("seasons", [seasonId, teamId, "Bench season", new Date(now - YEAR_MS).toISOString().slice(0, 10), nowText]);
    const headCoachId = user(`Head Coach ${n}`);
    add("profiles", [
      headCoachId,
      teamId,
      "coach",
      "head",
      `Head Coach ${n}`,
      null,
      null,
      "[]",
      nowText,
      nowText,
      nowText,
    ]);

    const playerIds: string[] = [];
    const positions: PositionKey[] = [];
    for (let i = 0; i < players; i++) {
      const position = POSITION_KEYS[i % POSITION_KEYS.length]!;
      const id = user(`Player ${n}-${i}`);
      add("profiles", [
        id,
        teamId,
        "player",
        null,
        `Player ${n}-${i}`,
        i % 100,
        position,
        JSON.stringify([position]),
        nowText,
        nowText,
        nowText,
      ]);
      playerIds.push(id);
      positions.push(position);
    }

    // Per player: count and yard sum per type, event count, latest time: what recordEvent keeps.
    const counters = playerIds.map(() => ({
      byType: new Map<string, { count: number; yards: number; withYards: number; last: string }>(),
      count: 0,
      last: "",
    }));
    // The tallies (decision 0015): every bench event is logged on its own, without a session.
    const days = new Map<string, { count: number; yards: number }>();
    const slots = new Map<string, { day: number; minute: number; events: number; points: number }>();
    const teamDays = new Map<number, { events: number; points: number }>();
    const weeks = new Map<string, { count: number; yards: number }>();
    // Untagged events of snap-level types without a session: per (level, day, minute, type).
    const sessionless = new Map<string, { count: number; yards: number; points: number }>();
    const total = "total" in events ? events.total : events.perPlayer * players;
    let nextReport = 250_000;
    for (let k = 0; k < total; k++) {
      const p = "total" in events ? Math.floor(random() * players) : k % players;
      const draw = random();
      const options = DRAWS[positions[p]!];
      const option = options.find((o) => draw < o.upTo) ?? options[options.length - 1]!;
      const yards = option.yards
        ? option.yards[0] + Math.floor(random() * (option.yards[1] - option.yards[0] + 1))
        : null;
      const occurredAt = new Date(now - Math.floor(random() * YEAR_MS)).toISOString();
      add("events", [
        randomUUID(),
        teamId,
        seasonId,
        playerIds[p]!,
        option.type,
        yards,
        occurredAt,
        headCoachId,
        occurredAt,
      ]);
      const c = counters[p]!;
      let t = c.byType.get(option.type);
      if (!t) c.byType.set(option.type, (t = { count: 0, yards: 0, withYards: 0, last: "" }));
      t.count += 1;
      t.yards += yards ?? 0;
      if (yards !== null) t.withYards += 1;
      if (occurredAt > t.last) t.last = occurredAt;
      const dayKey = `${occurredAt.slice(0, 10)}\u0000${p}\u0000${option.type}`;
      const d = days.get(dayKey) ?? { count: 0, yards: 0 };
      d.count += 1;
      d.yards += yards ?? 0;
      days.set(dayKey, d);
      const slot = slotOf(occurredAt);
      const points = eventPointsTenths(option.type, positions[p]!);
      const l = slots.get(`${slot.minute} ${slot.day}`) ?? { ...slot, events: 0, points: 0 };
      l.events += 1;
      l.points += points;
      slots.set(`${slot.minute} ${slot.day}`, l);
      const td = teamDays.get(slot.day) ?? { events: 0, points: 0 };
      td.events += 1;
      td.points += points;
      teamDays.set(slot.day, td);
      const weekKey = `${weekOf(slot.day)}\u0000${p}\u0000${option.type}`;
      const w = weeks.get(weekKey) ?? { count: 0, yards: 0 };
      w.count += 1;
      w.yards += yards ?? 0;
      weeks.set(weekKey, w);
      if (snapLevel.has(option.type))
        for (const level of Object.values(SESSIONLESS_LEVEL)) {
          const { day, minute } = sessionlessKey(level, slot);
          const key = `${level},${day},${minute},${option.type}`;
          const r = sessionless.get(key) ?? { count: 0, yards: 0, points: 0 };
          r.count += 1;
          r.yards += yards ?? 0;
          r.points += points;
          sessionless.set(key, r);
        }
      c.count += 1;
      if (occurredAt > c.last) c.last = occurredAt;
      if (buffered >= ROWS_PER_FLUSH) await flush();
      if (k + 1 === nextReport) {
        progress(`  ${name}: ${nextReport.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} events`);
        nextReport += 250_000;
      }
    }
    counters.forEach((c, p) => {
      if (c.count === 0) return;
      for (const [type, t] of c.byType) {
        add("player_event_counts", [playerIds[p]!, seasonId, type, t.count, t.yards]);
        add("session_tallies", [seasonId, "", playerIds[p]!, type, 1, t.count, t.yards, t.withYards, t.last]);
      }
      add("player_stats", [playerIds[p]!, seasonId, c.count, c.last, 0, 0]);
    });
    for (const [key, d] of days) {
      const [day, p, type] = key.split("\u0000") as [string, string, string];
      add("day_tallies", [seasonId, day, playerIds[Number(p)]!, type, d.count, d.yards]);
    }
    for (const l of slots.values()) add("slot_tallies", [seasonId, l.minute, l.day, l.events, l.points]);
    for (const [day, d] of teamDays) add("team_day_tallies", [seasonId, day, d.events, d.points]);
    for (const [key, w] of weeks) {
      const [week, p, type] = key.split("\u0000") as [string, string, string];
      add("week_tallies", [seasonId, Number(week), playerIds[Number(p)]!, type, w.count, w.yards]);
    }
    for (const [key, r] of sessionless) {
      const [level, day, minute, type] = key.split(",") as [string, string, string, string];
      add("sessionless_tallies", [
        seasonId,
        Number(level),
        Number(day),
        Number(minute),
        "",
        type,
        0,
        r.count,
        r.yards,
        r.points,
      ]);
    }
    if (buffered >= ROWS_PER_FLUSH) await flush();
    return { teamId, name, teamCode, coachInviteCode, headCoachId, playerIds, events: total, seasonId };
  }

  const measured: GeneratedTeam[] = [];
  for (const m of plan.measured) measured.push(await team(m.name, m.players, { total: m.events }));
  for (let i = 0; i < plan.background.teams; i++) {
    await team(`Background ${i}`, plan.background.players, { perPlayer: plan.background.eventsPerPlayer });
  }
  await flush();
  progress(`  finishing (checkpoint / vacuum analyze)`);
  await loader.finish();
  return { measured, rows, seconds: (performance.now() - started) / 1000 };
}
