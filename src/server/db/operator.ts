import { sql, type Kysely } from "kysely";
import {
  OPERATOR_MESSAGE_LIMIT,
  type ContactMessage,
  type OperatorTeam,
  type OperatorUsageResponse,
} from "#domain/api/operator.js";
import { engineOf, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * What the operator page reads (docs/product.md §2 "Operator"): the contact form's messages, every team with its
 * size and activity, and usage totals. Instance-wide on purpose: only the OPERATOR_EMAILS accounts reach these
 * (routes/operator.ts). Not on a hot path: a few grouped scans per page view.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The newest contact messages first, and how many of all of them are not handled yet. */
export async function listContactMessages(db: Kysely<DB>): Promise<{ messages: ContactMessage[]; unhandled: number }> {
  const rows = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "message", "created_at", "handled_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(OPERATOR_MESSAGE_LIMIT)
    .execute();
  const open = await db
    .selectFrom("contact_messages")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("handled_at", "is", null)
    .executeTakeFirstOrThrow();
  return {
    messages: rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      message: r.message,
      createdAt: r.created_at,
      handledAt: r.handled_at,
    })),
    unhandled: Number(open.n),
  };
}

/** Marks a message handled (once: a second mark keeps the first time). Null when there is no such message. */
export async function markContactMessageHandled(
  db: Kysely<DB>,
  id: string,
  operatorId: string,
): Promise<ContactMessage | null> {
  await db
    .updateTable("contact_messages")
    .set({ handled_at: nowIso(), handled_by: operatorId })
    .where("id", "=", id)
    .where("handled_at", "is", null)
    .execute();
  const r = await db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "message", "created_at", "handled_at"])
    .where("id", "=", id)
    .executeTakeFirst();
  return r
    ? { id: r.id, name: r.name, email: r.email, message: r.message, createdAt: r.created_at, handledAt: r.handled_at }
    : null;
}

function later(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a > b ? a : b;
}

/** Every team with its coaches, players, sessions, events and last activity; most recently active first. */
export async function listOperatorTeams(db: Kysely<DB>): Promise<OperatorTeam[]> {
  const [teams, members, sessions, events, snaps] = await Promise.all([
    db.selectFrom("teams").select(["id", "name", "created_at"]).execute(),
    db
      .selectFrom("profiles")
      .select(["team_id", "role", (eb) => eb.fn.countAll().as("n")])
      .where("team_id", "is not", null)
      .groupBy(["team_id", "role"])
      .execute(),
    db
      .selectFrom("team_sessions")
      .select(["team_id", (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.max("created_at").as("last")])
      .groupBy("team_id")
      .execute(),
    // By (team_id, occurred_at): both read only the index events_team_time_idx / snaps_team_time_idx, never the
    // rows (measured at 1,000,000 events on SQLite: about 1.1 s when it read every row for created_at).
    db
      .selectFrom("events")
      .select(["team_id", (eb) => eb.fn.countAll().as("n"), (eb) => eb.fn.max("occurred_at").as("last")])
      .groupBy("team_id")
      .execute(),
    db
      .selectFrom("snaps")
      .select(["team_id", (eb) => eb.fn.max("occurred_at").as("last")])
      .groupBy("team_id")
      .execute(),
  ]);
  const byTeam = new Map<string, OperatorTeam>(
    teams.map((t) => [
      t.id,
      {
        id: t.id,
        name: t.name,
        createdAt: t.created_at,
        coaches: 0,
        players: 0,
        sessions: 0,
        events: 0,
        lastActivityAt: null,
      },
    ]),
  );
  for (const m of members) {
    const team = m.team_id ? byTeam.get(m.team_id) : undefined;
    if (!team) continue;
    if (m.role === "coach") team.coaches += Number(m.n);
    else team.players += Number(m.n);
  }
  for (const s of sessions) {
    const team = byTeam.get(s.team_id);
    if (team) Object.assign(team, { sessions: Number(s.n), lastActivityAt: later(team.lastActivityAt, s.last) });
  }
  for (const e of events) {
    const team = byTeam.get(e.team_id);
    if (team) Object.assign(team, { events: Number(e.n), lastActivityAt: later(team.lastActivityAt, e.last) });
  }
  for (const n of snaps) {
    const team = byTeam.get(n.team_id);
    if (team) team.lastActivityAt = later(team.lastActivityAt, n.last);
  }
  const key = (t: OperatorTeam) => t.lastActivityAt ?? "";
  return [...byTeam.values()].sort(
    (a, b) => key(b).localeCompare(key(a)) || b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id),
  );
}

/** The database's size in bytes: SQLite's pages, PostgreSQL's pg_database_size; null if the engine will not say. */
async function databaseBytes(db: Kysely<DB>): Promise<number | null> {
  try {
    if (engineOf(db) === "postgres") {
      const r = await sql<{ bytes: string | number }>`select pg_database_size(current_database()) as bytes`.execute(db);
      return r.rows[0] ? Number(r.rows[0].bytes) : null;
    }
    const r = await sql<{
      bytes: number;
    }>`select p.page_count * s.page_size as bytes from pragma_page_count() p, pragma_page_size() s`.execute(db);
    return r.rows[0] ? Number(r.rows[0].bytes) : null;
  } catch {
    return null;
  }
}

/** Totals over the whole instance; events and snaps counted by when they were logged. */
export async function operatorUsage(db: Kysely<DB>, now = Date.now()): Promise<OperatorUsageResponse> {
  const since7 = new Date(now - 7 * DAY_MS).toISOString();
  const since30 = new Date(now - 30 * DAY_MS).toISOString();
  const windowed = (table: "events" | "snaps") =>
    db
      .selectFrom(table)
      .select((eb) => [eb.fn.countAll().filterWhere("created_at", ">=", since7).as("d7"), eb.fn.countAll().as("d30")])
      .where("created_at", ">=", since30)
      .executeTakeFirstOrThrow();
  const [accounts, teams, events, snaps, bytes] = await Promise.all([
    db
      .selectFrom("user")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("teams")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
    windowed("events"),
    windowed("snaps"),
    databaseBytes(db),
  ]);
  return {
    accounts: Number(accounts.n),
    teams: Number(teams.n),
    events: { last7Days: Number(events.d7), last30Days: Number(events.d30) },
    snaps: { last7Days: Number(snaps.d7), last30Days: Number(snaps.d30) },
    databaseBytes: bytes,
    engine: engineOf(db),
  };
}
