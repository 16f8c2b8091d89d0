import { betterAuth } from "better-auth";
import { getSchema } from "better-auth/db";
import { getMigrations, matchType } from "better-auth/db/migration";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, type DB, type Engine } from "./index.js";
import { allMigrations } from "./migrations/index.js";
import { insertTestUser, testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { randomUUID } from "node:crypto";
import { checkIntegrity } from "./integrity.js";
import { playerStatLines } from "./stat-lines.js";
import { teamPlayerSummaries } from "./summaries.js";
import { createProfile, createTeam } from "./teams.js";
import { insertOldPlayer, insertOldTeam } from "#tests/server/support/old-rows.js";

interface IndexInfo {
  table: string;
  columns: string[];
  unique: boolean;
}

async function listIndexes(db: Kysely<DB>, engine: Engine): Promise<IndexInfo[]> {
  if (engine === "sqlite") {
    const rows = await sql<{ tbl: string; idx: string; uniq: number; col: string; seq: number }>`
      select m.name as tbl, il.name as idx, il."unique" as uniq, ii.name as col, ii.seqno as seq
      from sqlite_master m join pragma_index_list(m.name) il join pragma_index_info(il.name) ii
      where m.type = 'table' order by tbl, idx, seq`.execute(db);
    const byIndex = new Map<string, IndexInfo>();
    for (const r of rows.rows) {
      const info = byIndex.get(r.idx) ?? { table: r.tbl, columns: [], unique: r.uniq === 1 };
      info.columns.push(r.col);
      byIndex.set(r.idx, info);
    }
    return [...byIndex.values()];
  }
  const rows = await sql<{ tbl: string; cols: string[]; uniq: boolean }>`
    select t.relname as tbl, i.indisunique as uniq,
      array(select a.attname from unnest(i.indkey) with ordinality k(n, o)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.n order by k.o)::text[] as cols
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace ns on ns.oid = t.relnamespace
    where ns.nspname = current_schema()`.execute(db);
  return rows.rows.map((r) => ({ table: r.tbl, columns: r.cols, unique: r.uniq }));
}

describe.each(testEngines())("schema on $engine", ({ engine, create }) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await create();
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  it("running the migrations again is a no-op", async () => {
    const before = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    // Every migration of the list, in name order (the list grows with each one).
    expect(before.rows.map((r) => r.name)).toEqual(Object.keys(allMigrations(engine)).sort());
    await migrateToLatest(t.db, engine);
    await migrateToLatest(t.db, engine);
    const after = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
  });

  it("enforces foreign keys", async () => {
    await expect(
      createProfile(t.db, { userId: "no-such-user", teamId: null, role: "player", fullName: "Ghost" }),
    ).rejects.toThrow();
    const team = await createTeam(t.db, { name: "FK" });
    const userId = await insertTestUser(t.db);
    await createProfile(t.db, { userId, teamId: team.id, role: "player", fullName: "Real" });
    // Deleting the user cascades to the profile.
    await t.db.deleteFrom("user").where("id", "=", userId).execute();
    expect(await t.db.selectFrom("profiles").select("user_id").where("user_id", "=", userId).execute()).toEqual([]);
  });

  it("enforces the check constraints", async () => {
    const userId = await insertTestUser(t.db);
    await expect(
      createProfile(t.db, { userId, teamId: null, role: "referee" as "player", fullName: "X" }),
    ).rejects.toThrow();
  });

  it.runIf(engine === "sqlite")("runs SQLite in WAL mode with synchronous=FULL and foreign keys on", async () => {
    const pragma = async (name: string) => {
      const r = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(t.db);
      return Object.values(r.rows[0] ?? {})[0];
    };
    expect(await pragma("journal_mode")).toBe("wal");
    expect(await pragma("synchronous")).toBe(2); // FULL
    expect(await pragma("foreign_keys")).toBe(1);
    expect(await pragma("busy_timeout")).toBe(5000);
  });

  it("holds exactly the tables Better Auth expects: sign-up and sign-in work, nothing left to migrate", async () => {
    const auth = betterAuth({
      database: { db: t.db, type: engine === "sqlite" ? "sqlite" : "postgres" },
      emailAndPassword: { enabled: true },
      secret: "x".repeat(40),
      baseURL: "http://localhost:3000",
      logger: { disabled: true },
    });
    const email = `someone-${engine}@example.test`;
    const signUp = await auth.api.signUpEmail({ body: { name: "Some One", email, password: "correct horse battery" } });
    expect(signUp.user.email).toBe(email);
    const signIn = await auth.api.signInEmail({ body: { email, password: "correct horse battery" } });
    expect(signIn.user.id).toBe(signUp.user.id);
    expect(signIn.token).toBeTruthy();
    await expect(auth.api.signInEmail({ body: { email, password: "wrong password!" } })).rejects.toThrow();

    const plan = await getMigrations(auth.options);
    expect(plan.toBeCreated).toEqual([]);
    expect(plan.toBeAdded).toEqual([]);
    expect(plan.toBeAddedIndexes).toEqual([]);
    expect(plan.schemaProblems).toEqual([]);

    // With its database-backed rate limiter, the rateLimit table must match too, and the limiter must work.
    const limited = betterAuth({
      ...auth.options,
      rateLimit: { enabled: true, storage: "database", window: 60, max: 100 },
    });
    const limitedPlan = await getMigrations(limited.options);
    expect(limitedPlan.toBeCreated).toEqual([]);
    expect(limitedPlan.toBeAdded).toEqual([]);
    expect(limitedPlan.toBeAddedIndexes).toEqual([]);

    // Column by column: Better Auth only warns about a type mismatch, so check types and nullability here.
    const tables = await t.db.introspection.getTables();
    const indexes = await listIndexes(t.db, engine);
    for (const [table, def] of Object.entries(getSchema(limited.options))) {
      const columns = tables.find((x) => x.name === table)?.columns;
      expect(columns, table).toBeDefined();
      for (const [key, field] of Object.entries(def.fields)) {
        const name = field.fieldName ?? key;
        const column = columns?.find((c) => c.name === name);
        expect(column, `${table}.${name}`).toBeDefined();
        expect(
          matchType(column!.dataType, field.type, engine),
          `${table}.${name}: ${column!.dataType} vs ${String(field.type)}`,
        ).toBe(true);
        expect(column!.isNullable, `${table}.${name} nullable`).toBe(field.required === false);
        // getMigrations only plans field indexes for tables it creates, so check them ourselves.
        if (field.unique)
          expect(indexes, `${table}.${name} unique`).toContainEqual({ table, columns: [name], unique: true });
        else if (field.index)
          expect(indexes, `${table}.${name} index`).toContainEqual({ table, columns: [name], unique: false });
      }
    }

    const res = await limited.handler(
      new Request("http://localhost:3000/api/auth/sign-in/email", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "203.0.113.9" },
        body: JSON.stringify({ email, password: "correct horse battery" }),
      }),
    );
    expect(res.status).toBe(200);
    const rows = await t.db.selectFrom("rateLimit").selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe.each(testEngines())("an existing database upgraded to snaps (migration 004) on $engine", ({ create }) => {
  it("events logged before snaps stay, belong to no snap, and count exactly as before", async () => {
    const t = await create({ migrateTo: "003_request_limits" });
    try {
      // Team and profile as that version wrote them (today's createTeam also makes a season, from migration 007).
      const team = await insertOldTeam(t.db, "Old Timers");
      const playerId = await insertTestUser(t.db, { name: "Quinn Passer" });
      await insertOldPlayer(t.db, team.id, playerId, "Quinn Passer", "qb");
      // Written as the version before snaps wrote them: the events and their counters, no snap_id column yet.
      const at = "2026-09-01T10:00:00.000Z";
      const logged: [string, number | null][] = [
        ["Pass Completion", 12],
        ["Pass Completion", 8],
        ["Pass TD", 20],
        ["Drop", null],
      ];
      for (const [type, yards] of logged) {
        await sql`insert into events (id, team_id, player_id, session_id, play_id, event_type, yards, occurred_at,
          created_by, created_at) values (${randomUUID()}, ${team.id}, ${playerId}, null, null, ${type}, ${yards},
          ${at}, ${playerId}, ${at})`.execute(t.db);
      }
      await sql`insert into player_event_counts (player_id, event_type, count, yards) values
        (${playerId}, 'Pass Completion', 2, 20), (${playerId}, 'Pass TD', 1, 20), (${playerId}, 'Drop', 1, 0)`.execute(
        t.db,
      );
      await sql`insert into player_stats (player_id, event_count, last_event_at, attendance_total, attendance_attended)
        values (${playerId}, 4, ${at}, 0, 0)`.execute(t.db);

      await migrateToLatest(t.db, t.engine);

      const events = await t.db.selectFrom("events").select(["event_type", "snap_id"]).execute();
      expect(events).toHaveLength(4);
      expect(events.every((e) => e.snap_id === null)).toBe(true);
      // The summary reads today's counters (per season since migration 007), equal to what was stored.
      const after = await teamPlayerSummaries(t.db, team.id);
      expect(after[0]).toMatchObject({ eventCount: 4, stats: { passingYards: 40, touchdowns: 1 } });
      // The football line reads them as loose events: 3 of 3 passes (the TD is one), 40 yards, and the drop.
      const lines = await playerStatLines(t.db, team.id, playerId);
      expect(lines?.season.line).toMatchObject({
        passAttempts: 3,
        completions: 3,
        passYards: 40,
        passTouchdowns: 1,
        drops: 1,
      });
      expect((await checkIntegrity(t.db)).drift).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});
