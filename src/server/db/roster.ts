/*
 * The coach's roster (docs/product.md §11, decision 0011). A player the coach adds is an ordinary user row and
 * profile with no credential account (so it cannot sign in) and a placeholder email, so every table that points
 * at profiles keeps working; the row's claim token is its invite link until someone claims it (db/roster-claim.ts).
 * Jersey numbers are unique per team (a partial unique index, migration 005): every write checks first, and a
 * write that loses a race to the index is answered the same way by the caller (jerseyHolder after the error).
 */
import { photoUrl } from "../storage/photo-links.js";
import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { orderPositions } from "#domain/api/player.js";
import type { RosterEntry, RosterPlayerInput } from "#domain/api/roster.js";
import { engineOf, inTransaction, nowIso } from "./dialect.js";
import { numberOrNull, serializeStringList, stringListOrEmpty } from "./rows.js";
import { withPositionChange } from "./tallies/upkeep.js";
import { addNotice, type WrittenNotice } from "./notices.js";
import { isTeamPlayer } from "./profiles.js";
import type { DB } from "./schema.js";

/** The email domain of users the coach added and nobody has claimed yet (RFC 2606: it can never receive mail). */
const PLACEHOLDER_EMAIL_DOMAIN = "roster.invalid";

/** 192 random bits, URL-safe. */
function newClaimToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The name of the team's player who wears this number (other than `except`), or null when it is free. */
export async function jerseyHolder(
  db: Kysely<DB>,
  teamId: string,
  jerseyNumber: number,
  except?: string,
): Promise<string | null> {
  let q = db
    .selectFrom("profiles")
    .select("full_name")
    .where("team_id", "=", teamId)
    .where("role", "=", "player")
    .where("jersey_number", "=", jerseyNumber);
  if (except) q = q.where("user_id", "!=", except);
  const row = await q.executeTakeFirst();
  return row?.full_name ?? null;
}

type RosterRow = {
  user_id: string;
  full_name: string;
  jersey_number: number | null;
  primary_position: string | null;
  positions: string;
  photo_file_id: string | null;
  claim_token: string | null;
  confirmed: number;
  requested_jersey_number: number | null;
  requested_primary_position: string | null;
  requested_at: string | null;
};

const ROSTER_COLUMNS = [
  "user_id",
  "full_name",
  "jersey_number",
  "primary_position",
  "positions",
  "photo_file_id",
  "claim_token",
  "confirmed",
  "requested_jersey_number",
  "requested_primary_position",
  "requested_at",
] as const;

function toEntry(r: RosterRow): RosterEntry {
  const requested = r.requested_at !== null;
  return {
    id: r.user_id,
    fullName: r.full_name,
    jerseyNumber: numberOrNull(r.jersey_number),
    primaryPosition: r.primary_position,
    positions: orderPositions(r.primary_position, stringListOrEmpty(r.positions)),
    claimed: r.claim_token === null,
    inviteToken: r.claim_token,
    confirmed: Number(r.confirmed) === 1,
    request: requested
      ? {
          jerseyNumber: numberOrNull(r.requested_jersey_number),
          primaryPosition: r.requested_primary_position,
          requestedAt: r.requested_at!,
        }
      : null,
    photoUrl: photoUrl(r.photo_file_id),
  };
}

function rosterQuery(db: Kysely<DB>, teamId: string) {
  return db.selectFrom("profiles").select(ROSTER_COLUMNS).where("team_id", "=", teamId).where("role", "=", "player");
}

/** The team's players as the coach manages them: waiting sign-ups first, then by name. */
export async function listRoster(db: Kysely<DB>, teamId: string): Promise<RosterEntry[]> {
  const rows = await rosterQuery(db, teamId).orderBy("confirmed").orderBy("full_name").orderBy("user_id").execute();
  return rows.map(toEntry);
}

export async function getRosterEntry(db: Kysely<DB>, teamId: string, id: string): Promise<RosterEntry | null> {
  const row = await rosterQuery(db, teamId).where("user_id", "=", id).executeTakeFirst();
  return row ? toEntry(row) : null;
}

/** The row locked until the transaction ends (PostgreSQL; SQLite transactions run one at a time). */
export function lockedRosterRow(trx: Kysely<DB>, teamId: string, id: string) {
  const q = rosterQuery(trx, teamId).where("user_id", "=", id);
  return engineOf(trx) === "postgres" ? q.forNoKeyUpdate() : q;
}

/** A jersey number the write would give twice: which input row, the number and who has it already. */
export interface JerseyClash {
  index: number;
  jerseyNumber: number;
  holder: string;
}

/**
 * Adds players without accounts, all or none. Returns their entries in input order, or the first jersey clash
 * (with the team, or between two of the inputs) when there is one, having added nobody.
 */
export async function addRosterPlayers(
  db: Kysely<DB>,
  teamId: string,
  players: readonly RosterPlayerInput[],
): Promise<{ added: RosterEntry[] } | { clash: JerseyClash }> {
  return inTransaction(db, async (trx) => {
    const numbers = players.flatMap((p) => (p.jerseyNumber === null ? [] : [p.jerseyNumber]));
    const holders = new Map<number, string>();
    if (numbers.length > 0) {
      const rows = await trx
        .selectFrom("profiles")
        .select(["jersey_number", "full_name"])
        .where("team_id", "=", teamId)
        .where("role", "=", "player")
        .where("jersey_number", "in", numbers)
        .execute();
      for (const r of rows) holders.set(Number(r.jersey_number), r.full_name);
    }
    for (const [index, p] of players.entries()) {
      if (p.jerseyNumber === null) continue;
      const holder = holders.get(p.jerseyNumber);
      if (holder !== undefined) return { clash: { index, jerseyNumber: p.jerseyNumber, holder } };
      holders.set(p.jerseyNumber, p.fullName);
    }
    const now = nowIso();
    const added: RosterEntry[] = [];
    for (const p of players) {
      const id = randomUUID();
      await trx
        .insertInto("user")
        .values({
          id,
          name: p.fullName,
          email: `${id}@${PLACEHOLDER_EMAIL_DOMAIN}`,
          emailVerified: 0,
          image: null,
          createdAt: now,
          updatedAt: now,
        })
        .execute();
      const row = await trx
        .insertInto("profiles")
        .values({
          user_id: id,
          team_id: teamId,
          role: "player",
          coach_role: null,
          full_name: p.fullName,
          jersey_number: p.jerseyNumber,
          primary_position: p.primaryPosition,
          positions: serializeStringList(orderPositions(p.primaryPosition, p.positions)),
          photo_file_id: null,
          claim_token: newClaimToken(),
          confirmed: 1,
          joined_at: now,
          created_at: now,
          updated_at: now,
        })
        .returning(ROSTER_COLUMNS)
        .executeTakeFirstOrThrow();
      added.push(toEntry(row));
    }
    return { added };
  });
}

export interface RosterPatch {
  fullName?: string;
  jerseyNumber?: number | null;
  primaryPosition?: string;
  positions?: string[];
}

/**
 * The coach's edit of a player's name, jersey and positions. A jersey number or primary position the coach sets
 * settles the player's request for it. Null when the id is not a player of the team.
 */
export async function updateRosterPlayer(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  patch: RosterPatch,
): Promise<RosterEntry | { clash: JerseyClash } | null> {
  return inTransaction(db, async (trx) => {
    const current = await lockedRosterRow(trx, teamId, id).executeTakeFirst();
    if (!current) return null;
    if (patch.jerseyNumber !== undefined && patch.jerseyNumber !== null) {
      const holder = await jerseyHolder(trx, teamId, patch.jerseyNumber, id);
      if (holder !== null) return { clash: { index: 0, jerseyNumber: patch.jerseyNumber, holder } };
    }
    const now = nowIso();
    const next: Partial<Omit<RosterRow, "confirmed" | "user_id">> & { updated_at: string } = { updated_at: now };
    if (patch.fullName !== undefined) next.full_name = patch.fullName;
    if (patch.jerseyNumber !== undefined) {
      next.jersey_number = patch.jerseyNumber;
      next.requested_jersey_number = null;
    }
    if (patch.primaryPosition !== undefined || patch.positions !== undefined) {
      const primary = patch.primaryPosition ?? current.primary_position;
      if (patch.primaryPosition !== undefined) {
        next.primary_position = patch.primaryPosition;
        next.requested_primary_position = null;
      }
      next.positions = serializeStringList(
        orderPositions(primary, patch.positions ?? stringListOrEmpty(current.positions)),
      );
    }
    const jerseyAsked = next.requested_jersey_number === undefined ? current.requested_jersey_number : null;
    const positionAsked = next.requested_primary_position === undefined ? current.requested_primary_position : null;
    if (jerseyAsked === null && positionAsked === null) next.requested_at = null;
    const write = () => trx.updateTable("profiles").set(next).where("user_id", "=", id).execute();
    // A new position re-values the player's activity points (decision 0015).
    if (next.positions !== undefined) await withPositionChange(trx, id, write);
    else await write();
    if (patch.fullName !== undefined) {
      await trx.updateTable("user").set({ name: patch.fullName, updatedAt: now }).where("id", "=", id).execute();
    }
    return toEntry({ ...current, ...next });
  });
}

/** A new invite link for a row nobody has claimed (the old link stops working). */
export async function renewInvite(
  db: Kysely<DB>,
  teamId: string,
  id: string,
): Promise<{ token: string } | "claimed" | null> {
  const entry = await getRosterEntry(db, teamId, id);
  if (!entry) return null;
  if (entry.claimed) return "claimed";
  const token = newClaimToken();
  const result = await db
    .updateTable("profiles")
    .set({ claim_token: token, updated_at: nowIso() })
    .where("user_id", "=", id)
    .where("team_id", "=", teamId)
    .where("claim_token", "is not", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0 ? { token } : "claimed";
}

/**
 * Confirms a waiting team-code sign-up, and tells them (a notice in the same transaction, pushed to `told` for
 * the mail). Returns false when the id is not a player of the team.
 */
export async function confirmRosterPlayer(
  db: Kysely<DB>,
  teamId: string,
  id: string,
  told: WrittenNotice[] = [],
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable("profiles")
      .set({ confirmed: 1, updated_at: nowIso() })
      .where("user_id", "=", id)
      .where("team_id", "=", teamId)
      .where("role", "=", "player")
      .where("confirmed", "=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) > 0) {
      told.push(await addNotice(trx, id, teamId, "confirmed"));
      return true;
    }
    // Confirmed already (a second tap): still a player of the team, told once.
    return isTeamPlayer(trx, teamId, id);
  });
}
