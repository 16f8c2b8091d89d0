import { randomInt, randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import { inTransaction, isUniqueViolation, nowIso } from "./dialect.js";
import type { CoachRole, DB, ProfileRecord, Role, SeasonRecord, TeamRecord } from "./schema.js";
import { addCoachNotices, addNotice, type WrittenNotice } from "./notices.js";
import { serializeStringList, stringListOrEmpty } from "./rows.js";

/** No 0/O, 1/I: codes are read aloud and typed from a phone screen. */
export const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const TEAM_CODE_LENGTH = 6;
const COACH_INVITE_CODE_LENGTH = 8;

export interface Team {
  id: string;
  name: string;
  /** Players join with it. */
  teamCode: string;
  /** Coaches join with it; never show it to players. */
  coachInviteCode: string;
  createdAt: string;
}

export interface Profile {
  userId: string;
  teamId: string | null;
  role: Role;
  coachRole: CoachRole | null;
  fullName: string;
  jerseyNumber: number | null;
  primaryPosition: string | null;
  positions: string[];
  photoFileId: string | null;
  joinedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

function randomCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** Codes are shown upper case; people type them in any case with stray spaces. */
function normalizeCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase();
}

function toTeam(r: TeamRecord): Team {
  return {
    id: r.id,
    name: r.name,
    teamCode: r.team_code,
    coachInviteCode: r.coach_invite_code,
    createdAt: r.created_at,
  };
}

function toProfile(r: ProfileRecord): Profile {
  const positions = stringListOrEmpty(r.positions);
  return {
    userId: r.user_id,
    teamId: r.team_id,
    role: r.role,
    coachRole: r.coach_role,
    fullName: r.full_name,
    jerseyNumber: r.jersey_number,
    primaryPosition: r.primary_position,
    positions,
    photoFileId: r.photo_file_id,
    joinedAt: r.joined_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

function randomTeamCodes(): { teamCode: string; coachInviteCode: string } {
  return { teamCode: randomCode(TEAM_CODE_LENGTH), coachInviteCode: randomCode(COACH_INVITE_CODE_LENGTH) };
}

/**
 * Creates a team with fresh unique codes (a collision, rare, is retried with new codes).
 * `generate` is for tests; leave it out.
 */
export async function createTeam(
  db: Kysely<DB>,
  t: { name: string; id?: string },
  generate: () => { teamCode: string; coachInviteCode: string } = randomTeamCodes,
): Promise<Team> {
  return inTransaction(db, async (trx) => {
    const team = await insertTeam(trx, t, generate);
    // Every team has a current season from the start (decision 0013).
    await createFirstSeason(trx, team.id);
    return team;
  });
}

/**
 * Creates a team's first season (open, starting `startsOn`, default today in UTC; named for the year it starts in).
 * Here rather than in db/seasons.ts, which builds on the roster's removal below: a team is made with its first
 * season (decision 0013), and seasons.ts calls this for a team that has none.
 */
export async function createFirstSeason(
  db: Kysely<DB>,
  teamId: string,
  startsOn = nowIso().slice(0, 10),
): Promise<SeasonRecord> {
  return db
    .insertInto("seasons")
    .values({
      id: randomUUID(),
      team_id: teamId,
      name: `${startsOn.slice(0, 4)} season`,
      starts_on: startsOn,
      ends_on: null,
      created_at: nowIso(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function insertTeam(
  db: Kysely<DB>,
  t: { name: string; id?: string },
  generate: () => { teamCode: string; coachInviteCode: string },
): Promise<Team> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const codes = generate();
    // ON CONFLICT DO NOTHING rather than catching the unique violation: an error would abort a caller's
    // PostgreSQL transaction, a skipped insert does not.
    const row = await db
      .insertInto("teams")
      .values({
        id: t.id ?? randomUUID(),
        name: t.name,
        team_code: codes.teamCode,
        coach_invite_code: codes.coachInviteCode,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    if (row) return toTeam(row);
    if (t.id && (await getTeam(db, t.id))) throw new Error(`team ${t.id} already exists`);
  }
  throw new Error("could not find a free team code");
}

export async function getTeam(db: Kysely<DB>, id: string): Promise<Team | null> {
  const row = await db.selectFrom("teams").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The team a player joins with this code (any case, spaces ignored), or null. */
export async function findTeamByCode(db: Kysely<DB>, code: string): Promise<Team | null> {
  const row = await db.selectFrom("teams").selectAll().where("team_code", "=", normalizeCode(code)).executeTakeFirst();
  return row ? toTeam(row) : null;
}

/** The team a coach joins with this invite code (any case, spaces ignored), or null. */
export async function findTeamByCoachInviteCode(db: Kysely<DB>, code: string): Promise<Team | null> {
  const row = await db
    .selectFrom("teams")
    .selectAll()
    .where("coach_invite_code", "=", normalizeCode(code))
    .executeTakeFirst();
  return row ? toTeam(row) : null;
}

export interface NewProfile {
  /** Better Auth user id (the user row must exist). */
  userId: string;
  teamId: string | null;
  role: Role;
  coachRole?: CoachRole | null;
  fullName: string;
  jerseyNumber?: number | null;
  primaryPosition?: string | null;
  positions?: readonly string[];
  photoFileId?: string | null;
}

export async function createProfile(db: Kysely<DB>, p: NewProfile): Promise<Profile> {
  const now = nowIso();
  const row = await db
    .insertInto("profiles")
    .values({
      user_id: p.userId,
      team_id: p.teamId,
      role: p.role,
      coach_role: p.role === "coach" ? (p.coachRole ?? null) : null,
      full_name: p.fullName,
      jersey_number: p.jerseyNumber ?? null,
      primary_position: p.primaryPosition ?? null,
      positions: serializeStringList(p.positions ?? []),
      photo_file_id: p.photoFileId ?? null,
      joined_at: p.teamId ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProfile(row);
}

/**
 * A new account's profile in one transaction: on a new team it makes (a head coach signing up) or on the team
 * it joins by code.
 */
export async function createAccountProfile(
  db: Kysely<DB>,
  team: { kind: "create"; teamName: string } | { kind: "join"; teamId: string },
  profile: Omit<NewProfile, "teamId">,
  told: WrittenNotice[] = [],
): Promise<Profile> {
  return inTransaction(db, async (trx) => {
    if (team.kind === "create") {
      const teamId = (await createTeam(trx, { name: team.teamName })).id;
      return createProfile(trx, { ...profile, teamId });
    }
    const created = await createProfile(trx, { ...profile, teamId: null });
    return (await joinTeam(trx, created.userId, team.teamId, told)) ?? created;
  });
}

/**
 * Puts an account's profile on a team it joins with a code: the one way onto a team after the profile exists,
 * shared by sign-up (createAccountProfile) and a removed member joining again (POST /api/me/join), so a rule
 * about joining holds for both. Clears the team the member last left. A player who rejoins the team they left
 * finds their events there again (events are kept per player and team). Returns the profile as it now is, or null
 * when there is no such profile or it is on a team already.
 */
/** The SET expressions that turn a jersey number taken on the team being joined into a request. */
function jerseyOnJoin(teamId: string, now: string) {
  const taken = sql<boolean>`exists (select 1 from profiles o where o.team_id = ${teamId} and o.role = 'player'
    and o.jersey_number = profiles.jersey_number and o.user_id <> profiles.user_id)`;
  return {
    jersey_number: sql<number | null>`case when role = 'player' and ${taken} then null else jersey_number end`,
    requested_jersey_number: sql<
      number | null
    >`case when role = 'player' and ${taken} then jersey_number else requested_jersey_number end`,
    requested_at: sql<string | null>`case when role = 'player' and ${taken} then ${now} else requested_at end`,
  };
}

export async function joinTeam(
  db: Kysely<DB>,
  userId: string,
  teamId: string,
  told: WrittenNotice[] = [],
): Promise<Profile | null> {
  try {
    return await joinTeamOnce(db, userId, teamId, told);
  } catch (error) {
    // Two players who join at the same moment with the same number: the second one's number was free when its
    // update looked, and the unique index refused it. Once more: now the number is seen as taken, and becomes a request.
    if (!isUniqueViolation(error)) throw error;
    told.length = 0;
    return joinTeamOnce(db, userId, teamId, told);
  }
}

async function joinTeamOnce(
  db: Kysely<DB>,
  userId: string,
  teamId: string,
  told: WrittenNotice[],
): Promise<Profile | null> {
  return inTransaction(db, (trx) => joinTeamIn(trx, userId, teamId, told));
}

async function joinTeamIn(
  db: Kysely<DB>,
  userId: string,
  teamId: string,
  told: WrittenNotice[],
): Promise<Profile | null> {
  const now = nowIso();
  const row = await db
    .updateTable("profiles")
    .set({
      team_id: teamId,
      // A coach joins with the coach invite code, always as an assistant (the team has its head coach).
      coach_role: sql<CoachRole | null>`case when role = 'coach' then 'assistant' else null end`,
      joined_at: now,
      left_team_id: null,
      left_at: null,
      updated_at: now,
      // docs/product.md §11: a player who joins with the team code waits for the coach to confirm them, and a
      // jersey number a teammate already wears becomes their request (numbers are unique per team).
      confirmed: sql<0 | 1>`case when role = 'player' then 0 else 1 end`,
      ...jerseyOnJoin(teamId, now),
    })
    .where("user_id", "=", userId)
    // Only from no team: two joins at once cannot move a member from one team to another.
    .where("team_id", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (!row) return null;
  // A player waiting for the coach: every coach of the team is told (docs/product.md §11 Notices).
  if (row.role === "player") {
    told.push(...(await addCoachNotices(db, teamId, "player_waiting", { playerName: row.full_name })));
  }
  return toProfile(row);
}

export async function getProfile(db: Kysely<DB>, userId: string): Promise<Profile | null> {
  const row = await db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toProfile(row) : null;
}

/**
 * Takes a player off the team: their profile's team is cleared (and with it the time they joined; the team they
 * left is kept for their "no longer on the roster" page); their events, counters, attendance and logs stay with
 * them. Returns false when the id is not a player of the team.
 */
export async function removePlayerFromTeam(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  notice?: { kind: "removed" | "declined"; told: WrittenNotice[] },
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const now = nowIso();
    const result = await trx
      .updateTable("profiles")
      .set({ team_id: null, joined_at: null, left_team_id: teamId, left_at: now, updated_at: now })
      .where("user_id", "=", playerId)
      .where("team_id", "=", teamId)
      .where("role", "=", "player")
      .executeTakeFirst();
    const removed = Number(result.numUpdatedRows) > 0;
    // The player is told (docs/product.md §11 Notices) in the same transaction.
    if (removed && notice) notice.told.push(await addNotice(trx, playerId, teamId, notice.kind));
    return removed;
  });
}

/**
 * Replaces the team's code (`team`, players join with it) or coach invite code (`coach`) with a fresh random one
 * of the same format, so the old one stops working for sign-up at once. A new code that another team holds (rare)
 * is retried with another. Returns the team as it now is, or null when there is no such team.
 * `generate` is for tests; leave it out.
 */
export async function rotateTeamCode(
  db: Kysely<DB>,
  teamId: string,
  which: "team" | "coach",
  generate: () => string = () => randomCode(which === "team" ? TEAM_CODE_LENGTH : COACH_INVITE_CODE_LENGTH),
): Promise<Team | null> {
  const column = which === "team" ? "team_code" : "coach_invite_code";
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = generate();
    // The code must be free: no team (this one included, so it always changes) holds it. Checked in the update
    // itself rather than by catching the unique violation, which would abort a caller's PostgreSQL transaction.
    const row = await db
      .updateTable("teams")
      .set({ [column]: code })
      .where("id", "=", teamId)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom("teams as other").select("other.id").where(`other.${column}`, "=", code))),
      )
      .returningAll()
      .executeTakeFirst();
    if (row) return toTeam(row);
    if (!(await getTeam(db, teamId))) return null;
  }
  throw new Error("could not find a free team code");
}
