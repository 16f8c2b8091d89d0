import type { Kysely, Selectable } from "kysely";
import { DEFAULT_TIME_ZONE } from "#domain/schedule.js";
import { macMatches, readIdMacToken, useMac } from "../auth/signed-tokens.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * Calendar feeds (migration 017, docs/product.md §12, issue #29): a person's subscription address and what it
 * reads of their team's schedule (migration 016).
 *
 * The address holds a token `<user id, base64url>.<MAC>`: the MAC is an HMAC-SHA256 of the user id and the row's
 * `generation`, under a key derived from AUTH_SECRET. Nothing secret is stored, yet the address can be shown again
 * (it is computed, not kept); replacing it raises `generation`, so every older MAC stops matching and the old
 * address answers 404. A deleted user's row goes with them (cascade): their address answers 404 too. The user id
 * in the address says who it belongs to, nothing more: without the server's secret no valid MAC can be made.
 */

export type CalendarEventRow = Selectable<DB["schedule_events"]>;

/** The feed's MAC: the user id and the row's generation, under the "calendar feed" key (auth/signed-tokens.ts). */
function macOf(authSecret: string, userId: string, generation: number): Buffer {
  return useMac(authSecret, "calendar feed", `${userId}\n${generation}`);
}

/** The token of a user's feed at this generation. */
export function calendarFeedToken(authSecret: string, userId: string, generation: number): string {
  const who = Buffer.from(userId, "utf8").toString("base64url");
  return `${who}.${macOf(authSecret, userId, generation).toString("base64url")}`;
}

/** The feed's user row, ensured: the generation their address is made with (1 for a first address). */
export async function calendarFeedGeneration(db: Kysely<DB>, userId: string): Promise<number> {
  await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, generation: 1, created_at: nowIso() })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  const row = await db
    .selectFrom("calendar_feeds")
    .select("generation")
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.generation);
}

/** Replaces the user's address: the generation goes up by one (from 1, for a user with no address yet, to 2). */
export async function replaceCalendarFeed(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, generation: 2, created_at: nowIso() })
    .onConflict((oc) =>
      oc.column("user_id").doUpdateSet((eb) => ({ generation: eb("calendar_feeds.generation", "+", 1) })),
    )
    .returning("generation")
    .executeTakeFirstOrThrow();
  return Number(row.generation);
}

/** Whose feed a token opens, with their team as it is now (null: on no team, or waiting for the coach). */
export interface CalendarFeedHolder {
  userId: string;
  role: "coach" | "player";
  team: { id: string; name: string; timeZone: string } | null;
}

/**
 * The holder of a feed token, or null when the token is malformed, names nobody, or its MAC is not the current
 * generation's (an address that was replaced). The MACs are compared in constant time.
 */
export async function findCalendarFeed(
  db: Kysely<DB>,
  authSecret: string,
  token: string,
): Promise<CalendarFeedHolder | null> {
  const read = readIdMacToken(token);
  if (!read) return null;
  const { id: userId, mac: given } = read;
  const row = await db
    .selectFrom("calendar_feeds as f")
    .innerJoin("profiles as p", "p.user_id", "f.user_id")
    .leftJoin("teams as t", "t.id", "p.team_id")
    .select(["f.generation", "p.role", "p.confirmed", "p.team_id", "t.name", "t.time_zone"])
    .where("f.user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return null;
  if (!macMatches(given, macOf(authSecret, userId, Number(row.generation)))) return null;
  // A player who joined with the team code sees the team's schedule once a coach confirmed them (they are on no
  // list before); someone taken off the team sees an empty calendar.
  const onTeam = row.team_id !== null && row.name !== null && (row.role === "coach" || Number(row.confirmed) === 1);
  return {
    userId,
    role: row.role,
    team: onTeam ? { id: row.team_id!, name: row.name!, timeZone: row.time_zone ?? DEFAULT_TIME_ZONE } : null,
  };
}

/**
 * What the feed of a team holds since `since` (ISO instant) sums to: an event added, changed (its `updated_at` and
 * `sequence` move), cancelled, moved out of the window or deleted changes it. The feed's ETag is made from it, so
 * an unchanged feed answers 304 without reading its events.
 */
export async function calendarFingerprint(db: Kysely<DB>, teamId: string, since: string): Promise<string> {
  const row = await db
    .selectFrom("schedule_events")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      eb.fn.max("updated_at").as("latest"),
      eb.fn.sum<number | string | null>("sequence").as("sequences"),
      eb.fn.min("id").as("first_id"),
    ])
    .where("team_id", "=", teamId)
    .where("starts_at", ">=", since)
    .executeTakeFirstOrThrow();
  return `${Number(row.n)}|${row.latest ?? ""}|${Number(row.sequences ?? 0)}|${row.first_id ?? ""}`;
}

/** The team's events that start at or after `since`, cancelled ones included, by start. */
export async function calendarEvents(db: Kysely<DB>, teamId: string, since: string): Promise<CalendarEventRow[]> {
  return db
    .selectFrom("schedule_events")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("starts_at", ">=", since)
    .orderBy("starts_at")
    .orderBy("id")
    .execute();
}

/** One event of the team with the team's name and zone; null for an id the team does not have. */
export async function calendarEvent(
  db: Kysely<DB>,
  teamId: string,
  id: string,
): Promise<{ event: CalendarEventRow; team: { id: string; name: string; timeZone: string } } | null> {
  const event = await db
    .selectFrom("schedule_events")
    .selectAll()
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
  if (!event) return null;
  const team = await db
    .selectFrom("teams")
    .select(["id", "name", "time_zone"])
    .where("id", "=", teamId)
    .executeTakeFirstOrThrow();
  return { event, team: { id: team.id, name: team.name, timeZone: team.time_zone } };
}
