import type { Kysely } from "kysely";
import { macMatches, readIdMacToken, useMac } from "../auth/signed-tokens.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * Follow links (migration 023, docs/product.md §15, issue #30): a game's public address.
 *
 * The address holds a token `<session id, base64url>.<MAC>`: an HMAC-SHA256 of the session id and the row's
 * `generation` under the "follow link" key (auth/signed-tokens.ts). Nothing secret is stored, yet a coach can copy
 * the address again later; revoking raises the generation, so the old MAC stops matching at once, on every server,
 * and a link made afterwards is a new address.
 */

function macOf(authSecret: string, sessionId: string, generation: number): Buffer {
  return useMac(authSecret, "follow link", `${sessionId}\n${generation}`);
}

/** The token of a game's link at this generation. */
export function followToken(authSecret: string, sessionId: string, generation: number): string {
  const game = Buffer.from(sessionId, "utf8").toString("base64url");
  return `${game}.${macOf(authSecret, sessionId, generation).toString("base64url")}`;
}

/** A game's link as its team sees it: when it was made, by whom, and its current generation. */
export interface FollowLinkRow {
  sessionId: string;
  teamId: string;
  generation: number;
  createdAt: string;
  createdBy: string | null;
}

/** The game's active link, or null when it has none (never made, or revoked). */
export async function activeFollowLink(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<FollowLinkRow | null> {
  const row = await db
    .selectFrom("follow_links")
    .select(["session_id", "team_id", "generation", "created_at", "created_by"])
    .where("session_id", "=", sessionId)
    .where("team_id", "=", teamId)
    .where("active", "=", 1)
    .executeTakeFirst();
  return row
    ? {
        sessionId: row.session_id,
        teamId: row.team_id,
        generation: Number(row.generation),
        createdAt: row.created_at,
        createdBy: row.created_by,
      }
    : null;
}

/**
 * Makes the game's link (or keeps the one it has): a game that never had one starts at generation 1, a game whose
 * link was revoked gets the generation the revocation left (a new address). `made` is false when the game already
 * had its link. The session must be the team's game: the caller checks it first.
 */
export async function ensureFollowLink(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
  userId: string,
): Promise<{ link: FollowLinkRow; made: boolean }> {
  // A row back: inserted, or a revoked link made again; none: the active link was already there.
  const made = await db
    .insertInto("follow_links")
    .values({
      session_id: sessionId,
      team_id: teamId,
      generation: 1,
      active: 1,
      created_by: userId,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .column("session_id")
        .doUpdateSet({ active: 1, created_by: userId, created_at: nowIso() })
        .where("follow_links.active", "=", 0),
    )
    .returning("session_id")
    .execute();
  const link = await activeFollowLink(db, teamId, sessionId);
  if (!link) throw new Error("follow link vanished after it was made");
  return { link, made: made.length > 0 };
}

/** Revokes the game's link: the address answers 404 from now on. False when there was none to revoke. */
export async function revokeFollowLink(db: Kysely<DB>, teamId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .updateTable("follow_links")
    .set((eb) => ({ active: 0, generation: eb("generation", "+", 1) }))
    .where("session_id", "=", sessionId)
    .where("team_id", "=", teamId)
    .where("active", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The game a token opens: its team, session and generation; null when malformed, revoked or never made. */
export async function findFollowLink(
  db: Kysely<DB>,
  authSecret: string,
  token: string,
): Promise<{ teamId: string; sessionId: string; generation: number } | null> {
  const read = readIdMacToken(token);
  if (!read) return null;
  const { id: sessionId, mac: given } = read;
  const row = await db
    .selectFrom("follow_links")
    .select(["team_id", "generation"])
    .where("session_id", "=", sessionId)
    .where("active", "=", 1)
    .executeTakeFirst();
  if (!row) return null;
  if (!macMatches(given, macOf(authSecret, sessionId, Number(row.generation)))) return null;
  return { teamId: row.team_id, sessionId, generation: Number(row.generation) };
}
