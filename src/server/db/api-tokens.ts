import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ApiTokenDto, ApiTokenScope } from "#domain/api/api-tokens.js";
import { MAX_API_TOKENS_PER_TEAM } from "#domain/limits.js";
import { nowIso } from "./dialect.js";
import type { CoachRole, DB } from "./schema.js";

/*
 * Personal API tokens (migration 015, docs/product.md §11 "API tokens"). A token is `flt_` and 32 random bytes
 * (base64url, 256 bits): guessing one is hopeless, so one SHA-256 (no salt, no slow hash) is enough to keep the
 * stored value useless to whoever reads the table, and lets a request find its token with one indexed lookup.
 */

const PREFIX = "flt_";
const SECRET_SHAPE = /^flt_[A-Za-z0-9_-]{43}$/;
/** last_used_at is kept to this: a busy token costs one write a minute, not one per request. */
const TOUCH_EVERY_MS = 60_000;

function hashApiToken(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

function newSecret(): string {
  return PREFIX + randomBytes(32).toString("base64url");
}

/** A token as the Bearer check needs it, with the coach who made it as they are now. */
interface ApiTokenHolder {
  id: string;
  teamId: string;
  scope: ApiTokenScope;
  lastUsedAt: string | null;
  userId: string;
  email: string;
  fullName: string;
  coachRole: CoachRole | null;
}

/**
 * The token this text names, while its coach is still a coach of its team and has been since before it was made
 * (a coach removed and let back in does not get their old tokens back); null otherwise.
 */
export async function findApiToken(db: Kysely<DB>, secret: string): Promise<ApiTokenHolder | null> {
  if (!SECRET_SHAPE.test(secret)) return null;
  const row = await db
    .selectFrom("api_tokens as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .innerJoin("user as u", "u.id", "t.user_id")
    .select([
      "t.id",
      "t.team_id",
      "t.scope",
      "t.created_at",
      "t.last_used_at",
      "t.user_id",
      "u.email",
      "p.full_name",
      "p.role",
      "p.coach_role",
      "p.team_id as profile_team_id",
      "p.joined_at",
    ])
    .where("t.token_hash", "=", hashApiToken(secret))
    .executeTakeFirst();
  if (!row || row.role !== "coach" || row.profile_team_id !== row.team_id) return null;
  if (row.joined_at !== null && row.joined_at > row.created_at) return null;
  return {
    id: row.id,
    teamId: row.team_id,
    scope: row.scope,
    lastUsedAt: row.last_used_at,
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    coachRole: row.coach_role,
  };
}

/** Notes the token was used now, unless that was noted less than a minute ago. */
export async function touchApiToken(db: Kysely<DB>, token: ApiTokenHolder, now = Date.now()): Promise<void> {
  if (token.lastUsedAt !== null && now - Date.parse(token.lastUsedAt) < TOUCH_EVERY_MS) return;
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: new Date(now).toISOString() })
    .where("id", "=", token.id)
    .execute();
}

/** The team's tokens, newest first, with who made each. */
export async function listApiTokens(db: Kysely<DB>, teamId: string): Promise<ApiTokenDto[]> {
  const rows = await db
    .selectFrom("api_tokens as t")
    .innerJoin("profiles as p", "p.user_id", "t.user_id")
    .select(["t.id", "t.name", "t.scope", "t.created_at", "t.last_used_at", "t.user_id", "p.full_name"])
    .where("t.team_id", "=", teamId)
    .orderBy("t.created_at", "desc")
    .orderBy("t.id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: r.scope,
    createdAt: r.created_at,
    lastUsedAt: r.last_used_at,
    createdBy: { id: r.user_id, fullName: r.full_name },
  }));
}

/**
 * Makes a token for the team, acting as `coach`: its row (the hash only) and the text to show once. Null when the
 * team already holds MAX_API_TOKENS_PER_TEAM.
 */
export async function createApiToken(
  db: Kysely<DB>,
  teamId: string,
  coach: { userId: string; fullName: string },
  input: { name: string; scope: ApiTokenScope },
): Promise<{ token: ApiTokenDto; secret: string } | null> {
  const held = await db
    .selectFrom("api_tokens")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("team_id", "=", teamId)
    .executeTakeFirstOrThrow();
  if (Number(held.n) >= MAX_API_TOKENS_PER_TEAM) return null;
  const secret = newSecret();
  const id = randomUUID();
  const createdAt = nowIso();
  await db
    .insertInto("api_tokens")
    .values({
      id,
      team_id: teamId,
      user_id: coach.userId,
      name: input.name,
      scope: input.scope,
      token_hash: hashApiToken(secret),
      created_at: createdAt,
      last_used_at: null,
    })
    .execute();
  return {
    token: {
      id,
      name: input.name,
      scope: input.scope,
      createdAt,
      lastUsedAt: null,
      createdBy: { id: coach.userId, fullName: coach.fullName },
    },
    secret,
  };
}

/** Deletes the team's token with this id; false when the team has none such. */
export async function revokeApiToken(db: Kysely<DB>, teamId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom("api_tokens")
    .where("team_id", "=", teamId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
