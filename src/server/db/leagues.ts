import { randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LeagueDetail, LeagueDivision, LeagueField, LeagueTeam } from "#domain/api/leagues.js";
import {
  LEAGUE_CODE_ALPHABET,
  LEAGUE_CODE_LENGTH,
  type LeagueAdminRole,
  isLeagueCode,
  normalizeLeagueCode,
} from "#domain/leagues/league.js";
import { DEFAULT_STANDINGS_RULES, type StandingsRules, type Tiebreaker } from "#domain/leagues/standings.js";
import { inTransaction, isUniqueViolation, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * A league as its admins set it up (migration 027; docs/product.md §17): the league, who runs it, its divisions,
 * teams, fields and game calendar. The schedule's games are db/league-games.ts's. Every function is given a league
 * id the route has already checked the caller may use (leagueRole).
 */

function newLeagueCode(): string {
  let code = "";
  for (let i = 0; i < LEAGUE_CODE_LENGTH; i++) code += LEAGUE_CODE_ALPHABET[randomInt(LEAGUE_CODE_ALPHABET.length)];
  return code;
}

/** Makes a league run by `userId` (its owner). Retries the rare join-code collision. */
export async function createLeague(
  db: Kysely<DB>,
  userId: string,
  input: { name: string; timeZone: string },
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const id = randomUUID();
    const now = nowIso();
    try {
      await inTransaction(db, async (trx) => {
        await trx
          .insertInto("leagues")
          .values({
            id,
            name: input.name,
            join_code: newLeagueCode(),
            time_zone: input.timeZone,
            min_rest_minutes: 0,
            tiebreakers: JSON.stringify(DEFAULT_STANDINGS_RULES.tiebreakers),
            point_difference_cap: DEFAULT_STANDINGS_RULES.pointDifferenceCap,
            coin_toss: "[]",
            created_by: userId,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("league_admins")
          .values({ league_id: id, user_id: userId, role: "owner", created_at: now })
          .execute();
      });
      return id;
    } catch (error) {
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The caller's part in running a league; null: none (the league is then a 404 to them). */
export async function leagueRole(db: Kysely<DB>, leagueId: string, userId: string): Promise<LeagueAdminRole | null> {
  const row = await db
    .selectFrom("league_admins")
    .select("role")
    .where("league_id", "=", leagueId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** The league a division, team or field belongs to; null when there is none with that id. */
export async function leagueOf(
  db: Kysely<DB>,
  table: "league_divisions" | "league_teams" | "league_fields" | "league_games",
  id: string,
): Promise<string | null> {
  const row = await db.selectFrom(table).select("league_id").where("id", "=", id).executeTakeFirst();
  return row?.league_id ?? null;
}

export interface LeagueSettings {
  id: string;
  name: string;
  timeZone: string;
  minRestMinutes: number;
  tiebreakers: Tiebreaker[];
  pointDifferenceCap: number | null;
  coinToss: string[];
}

export async function leagueSettings(db: Kysely<DB>, leagueId: string): Promise<LeagueSettings | null> {
  const row = await db.selectFrom("leagues").selectAll().where("id", "=", leagueId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    timeZone: row.time_zone,
    minRestMinutes: Number(row.min_rest_minutes),
    tiebreakers: JSON.parse(row.tiebreakers) as Tiebreaker[],
    pointDifferenceCap: row.point_difference_cap === null ? null : Number(row.point_difference_cap),
    coinToss: JSON.parse(row.coin_toss) as string[],
  };
}

/** The rules a league's standings are ranked by (its tiebreakers, point difference cap and coin toss). */
export function standingsRulesOf(
  settings: Pick<LeagueSettings, "tiebreakers" | "pointDifferenceCap" | "coinToss">,
): StandingsRules {
  return {
    tiebreakers: settings.tiebreakers,
    pointDifferenceCap: settings.pointDifferenceCap,
    coinToss: settings.coinToss,
  };
}

export async function leagueDivisions(db: Kysely<DB>, leagueId: string): Promise<LeagueDivision[]> {
  const rows = await db
    .selectFrom("league_divisions")
    .selectAll()
    .where("league_id", "=", leagueId)
    .orderBy("name")
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, ageCutoff: r.age_cutoff, rosterLock: r.roster_lock }));
}

export async function leagueTeams(db: Kysely<DB>, leagueId: string): Promise<LeagueTeam[]> {
  const rows = await db
    .selectFrom("league_teams")
    .selectAll()
    .where("league_id", "=", leagueId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    divisionId: r.division_id,
    joined: r.team_id !== null,
    blackoutDates: JSON.parse(r.blackout_dates) as string[],
  }));
}

export async function leagueFields(db: Kysely<DB>, leagueId: string): Promise<LeagueField[]> {
  const rows = await db
    .selectFrom("league_fields")
    .selectAll()
    .where("league_id", "=", leagueId)
    .orderBy("name")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    address: r.address,
    subFields: JSON.parse(r.sub_fields) as string[],
  }));
}

export async function leagueCalendar(
  db: Kysely<DB>,
  leagueId: string,
): Promise<{ gameDays: string[]; timeSlots: { startTime: string; durationMinutes: number }[] }> {
  const [days, slots] = await Promise.all([
    db
      .selectFrom("league_game_days")
      .select("local_date")
      .where("league_id", "=", leagueId)
      .orderBy("local_date")
      .execute(),
    db.selectFrom("league_time_slots").selectAll().where("league_id", "=", leagueId).orderBy("start_time").execute(),
  ]);
  return {
    gameDays: days.map((d) => d.local_date),
    timeSlots: slots.map((s) => ({ startTime: s.start_time, durationMinutes: Number(s.duration_minutes) })),
  };
}

/** What a league's admins see of it. */
export async function leagueDetail(
  db: Kysely<DB>,
  leagueId: string,
  role: LeagueAdminRole,
): Promise<LeagueDetail | null> {
  const settings = await leagueSettings(db, leagueId);
  if (!settings) return null;
  const [code, admins, divisions, teams, fields, calendar, games] = await Promise.all([
    db.selectFrom("leagues").select("join_code").where("id", "=", leagueId).executeTakeFirstOrThrow(),
    db
      .selectFrom("league_admins")
      .innerJoin("user", "user.id", "league_admins.user_id")
      .select(["user.id", "user.name", "league_admins.role", "league_admins.created_at"])
      .where("league_admins.league_id", "=", leagueId)
      .orderBy("league_admins.created_at")
      .execute(),
    leagueDivisions(db, leagueId),
    leagueTeams(db, leagueId),
    leagueFields(db, leagueId),
    leagueCalendar(db, leagueId),
    db
      .selectFrom("league_games")
      .select(["status", "revision", "published_revision"])
      .where("league_id", "=", leagueId)
      .execute(),
  ]);
  return {
    id: settings.id,
    name: settings.name,
    joinCode: code.join_code,
    timeZone: settings.timeZone,
    minRestMinutes: settings.minRestMinutes,
    tiebreakers: settings.tiebreakers,
    pointDifferenceCap: settings.pointDifferenceCap,
    role,
    admins: admins.map((a) => ({ id: a.id, name: a.name, role: a.role })),
    divisions,
    teams,
    fields,
    ...calendar,
    games: {
      draft: games.filter((g) => g.status === "draft").length,
      published: games.filter((g) => g.status === "published").length,
      changed: games.filter(
        (g) =>
          g.status !== "draft" && g.published_revision !== null && Number(g.published_revision) !== Number(g.revision),
      ).length,
    },
  };
}

export async function updateLeague(
  db: Kysely<DB>,
  leagueId: string,
  change: {
    name?: string;
    timeZone?: string;
    minRestMinutes?: number;
    tiebreakers?: Tiebreaker[];
    pointDifferenceCap?: number | null;
  },
): Promise<void> {
  await db
    .updateTable("leagues")
    .set({
      ...(change.name !== undefined && { name: change.name }),
      ...(change.timeZone !== undefined && { time_zone: change.timeZone }),
      ...(change.minRestMinutes !== undefined && { min_rest_minutes: change.minRestMinutes }),
      ...(change.tiebreakers !== undefined && { tiebreakers: JSON.stringify(change.tiebreakers) }),
      ...(change.pointDifferenceCap !== undefined && { point_difference_cap: change.pointDifferenceCap }),
      updated_at: nowIso(),
    })
    .where("id", "=", leagueId)
    .execute();
}

/** The leagues a person runs, and those their team plays in. */
export async function myLeagues(
  db: Kysely<DB>,
  userId: string,
  teamId: string | null,
): Promise<{ id: string; name: string; role: LeagueAdminRole | "member"; teams: number }[]> {
  const run = await db
    .selectFrom("league_admins")
    .innerJoin("leagues", "leagues.id", "league_admins.league_id")
    .select(["leagues.id", "leagues.name", "league_admins.role"])
    .where("league_admins.user_id", "=", userId)
    .execute();
  const member =
    teamId === null
      ? []
      : await db
          .selectFrom("league_teams")
          .innerJoin("leagues", "leagues.id", "league_teams.league_id")
          .select(["leagues.id", "leagues.name"])
          .where("league_teams.team_id", "=", teamId)
          .execute();
  const byId = new Map<string, { id: string; name: string; role: LeagueAdminRole | "member" }>();
  for (const m of member) byId.set(m.id, { ...m, role: "member" });
  for (const r of run) byId.set(r.id, { id: r.id, name: r.name, role: r.role });
  if (byId.size === 0) return [];
  const counts = await db
    .selectFrom("league_teams")
    .select(["league_id", db.fn.countAll<number>().as("n")])
    .where("league_id", "in", [...byId.keys()])
    .groupBy("league_id")
    .execute();
  const count = new Map(counts.map((c) => [c.league_id, Number(c.n)]));
  return [...byId.values()]
    .map((l) => ({ ...l, teams: count.get(l.id) ?? 0 }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** A league by the code a coach typed, with its divisions to choose from; null: no such code. */
export async function leagueByCode(
  db: Kysely<DB>,
  typed: string,
): Promise<{ id: string; name: string; divisions: { id: string; name: string; ageCutoff: string | null }[] } | null> {
  const code = normalizeLeagueCode(typed);
  if (!isLeagueCode(code)) return null;
  const league = await db.selectFrom("leagues").select(["id", "name"]).where("join_code", "=", code).executeTakeFirst();
  if (!league) return null;
  const divisions = await leagueDivisions(db, league.id);
  return { ...league, divisions: divisions.map((d) => ({ id: d.id, name: d.name, ageCutoff: d.ageCutoff })) };
}

export async function countOf(
  db: Kysely<DB>,
  table: "league_divisions" | "league_teams" | "league_fields",
  leagueId: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(db.fn.countAll<number>().as("n"))
    .where("league_id", "=", leagueId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Runs a write; a unique-key violation is answered as `taken` instead of thrown. */
async function unlessTaken<T, K extends string>(write: () => Promise<T>, taken: K): Promise<T | K> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return taken;
    throw error;
  }
}

export async function addDivision(
  db: Kysely<DB>,
  leagueId: string,
  input: { name: string; ageCutoff: string | null; rosterLock: string | null },
): Promise<string | "name_taken"> {
  const id = randomUUID();
  const values = {
    id,
    league_id: leagueId,
    name: input.name,
    age_cutoff: input.ageCutoff,
    roster_lock: input.rosterLock,
    created_at: nowIso(),
  };
  return unlessTaken(async () => {
    await db.insertInto("league_divisions").values(values).execute();
    return id;
  }, "name_taken");
}

export async function updateDivision(
  db: Kysely<DB>,
  id: string,
  change: { name?: string; ageCutoff?: string | null; rosterLock?: string | null },
): Promise<"ok" | "name_taken"> {
  const set = {
    ...(change.name !== undefined && { name: change.name }),
    ...(change.ageCutoff !== undefined && { age_cutoff: change.ageCutoff }),
    ...(change.rosterLock !== undefined && { roster_lock: change.rosterLock }),
  };
  return unlessTaken(async () => {
    await db.updateTable("league_divisions").set(set).where("id", "=", id).execute();
    return "ok" as const;
  }, "name_taken");
}

/** Whether any game of the schedule is played by the league team (either side) or on the field. */
export async function hasGames(db: Kysely<DB>, what: "team" | "field", id: string): Promise<boolean> {
  const row = await db
    .selectFrom("league_games")
    .select("id")
    .where((eb) =>
      what === "team" ? eb.or([eb("home_team_id", "=", id), eb("away_team_id", "=", id)]) : eb("field_id", "=", id),
    )
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Whether a bracket plans a game on the field that is not a league game yet (its teams still to be decided): deleting
 * the field would leave that game with nowhere to be played, and it would never be made.
 */
export async function hasPlannedPlayoffGames(db: Kysely<DB>, fieldId: string): Promise<boolean> {
  const row = await db
    .selectFrom("league_bracket_games")
    .select("bracket_id")
    .where("field_id", "=", fieldId)
    .where("league_game_id", "is", null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteRow(
  db: Kysely<DB>,
  table: "league_divisions" | "league_teams" | "league_fields",
  id: string,
): Promise<void> {
  await db.deleteFrom(table).where("id", "=", id).execute();
}

/** The division, if it is this league's. */
export async function divisionOfLeague(db: Kysely<DB>, leagueId: string, divisionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("league_divisions")
    .select("id")
    .where("id", "=", divisionId)
    .where("league_id", "=", leagueId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A team the admin adds, with no Flagline team (no coach here) yet. */
export async function addLeagueTeam(
  db: Kysely<DB>,
  leagueId: string,
  input: { divisionId: string; name: string; teamId?: string },
): Promise<string | "already_in"> {
  const id = randomUUID();
  const values = {
    id,
    league_id: leagueId,
    division_id: input.divisionId,
    team_id: input.teamId ?? null,
    name: input.name,
    blackout_dates: "[]",
    created_at: nowIso(),
  };
  return unlessTaken(async () => {
    await db.insertInto("league_teams").values(values).execute();
    return id;
  }, "already_in");
}

export async function updateLeagueTeam(
  db: Kysely<DB>,
  id: string,
  change: { divisionId?: string; name?: string; blackoutDates?: string[] },
): Promise<void> {
  await db
    .updateTable("league_teams")
    .set({
      ...(change.divisionId !== undefined && { division_id: change.divisionId }),
      ...(change.name !== undefined && { name: change.name }),
      ...(change.blackoutDates !== undefined && {
        blackout_dates: JSON.stringify([...new Set(change.blackoutDates)].sort()),
      }),
    })
    .where("id", "=", id)
    .execute();
}

export async function addField(
  db: Kysely<DB>,
  leagueId: string,
  input: { name: string; address: string | null; subFields: string[] },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("league_fields")
    .values({
      id,
      league_id: leagueId,
      name: input.name,
      address: input.address,
      sub_fields: JSON.stringify(input.subFields),
      created_at: nowIso(),
    })
    .execute();
  return id;
}

/** Replaces the league's game days and start times, in one transaction. */
export async function setLeagueCalendar(
  db: Kysely<DB>,
  leagueId: string,
  input: { gameDays: string[]; timeSlots: { startTime: string; durationMinutes: number }[] },
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom("league_game_days").where("league_id", "=", leagueId).execute();
    await trx.deleteFrom("league_time_slots").where("league_id", "=", leagueId).execute();
    if (input.gameDays.length > 0) {
      await trx
        .insertInto("league_game_days")
        .values(input.gameDays.map((d) => ({ league_id: leagueId, local_date: d })))
        .execute();
    }
    if (input.timeSlots.length > 0) {
      await trx
        .insertInto("league_time_slots")
        .values(
          input.timeSlots.map((s) => ({
            league_id: leagueId,
            start_time: s.startTime,
            duration_minutes: s.durationMinutes,
          })),
        )
        .execute();
    }
  });
}

export async function divisionHasTeams(db: Kysely<DB>, divisionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("league_teams")
    .select("id")
    .where("division_id", "=", divisionId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The league's teams with the Flagline team each is (null: none) and that team's zone: what publishing needs. */
export async function leagueTeamsWithZones(
  db: Kysely<DB>,
  leagueId: string,
): Promise<Map<string, { id: string; name: string; teamId: string | null; timeZone: string }>> {
  const rows = await db
    .selectFrom("league_teams")
    .leftJoin("teams", "teams.id", "league_teams.team_id")
    .select(["league_teams.id", "league_teams.name", "league_teams.team_id", "teams.time_zone"])
    .where("league_teams.league_id", "=", leagueId)
    .execute();
  return new Map(
    rows.map((r) => [r.id, { id: r.id, name: r.name, teamId: r.team_id, timeZone: r.time_zone ?? "UTC" }]),
  );
}
