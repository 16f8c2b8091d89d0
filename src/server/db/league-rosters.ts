import type { Kysely } from "kysely";
import type { DivisionRules, RosterApproval, RosterDecision, RosterPlayer } from "#domain/leagues/eligibility.js";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * What a league's eligibility is worked out from (migration 030; docs/product.md §17): each league team's division
 * and zone, the roster of the Flagline team behind it, and the league's decisions about players who joined after the
 * roster lock. Three queries whatever the number of teams; the problems themselves are domain/leagues/eligibility.ts's.
 */

/** One league team, with everything its eligibility follows from. Player names are full: the route shortens them. */
export interface LeagueTeamRoster {
  id: string;
  name: string;
  /** The Flagline team behind it; null: added by name, no roster here. */
  teamId: string | null;
  leagueId: string;
  leagueName: string;
  division: DivisionRules & { id: string };
  roster: RosterPlayer[];
  approvals: RosterApproval[];
}

/**
 * The league teams of one league (`leagueId`), or those a Flagline team plays as (`teamId`), by division and name,
 * with their rosters: the team's confirmed players (a player waiting for the coach is on no list). A player's
 * joining is `joined_at`, or the profile's creation for a row older than it.
 */
export async function leagueTeamRosters(
  db: Kysely<DB>,
  scope: { leagueId: string } | { teamId: string },
): Promise<LeagueTeamRoster[]> {
  const teams = await db
    .selectFrom("league_teams as lt")
    .innerJoin("league_divisions as d", "d.id", "lt.division_id")
    .innerJoin("leagues as l", "l.id", "lt.league_id")
    .select([
      "lt.id",
      "lt.name",
      "lt.team_id",
      "l.id as league_id",
      "l.name as league_name",
      "l.time_zone",
      "d.id as division_id",
      "d.name as division_name",
      "d.age_cutoff",
      "d.roster_lock",
    ])
    .where((eb) =>
      "leagueId" in scope ? eb("lt.league_id", "=", scope.leagueId) : eb("lt.team_id", "=", scope.teamId),
    )
    .orderBy("l.name")
    .orderBy("d.name")
    .orderBy("lt.name")
    .orderBy("lt.id")
    .execute();
  if (teams.length === 0) return [];
  const ids = teams.map((t) => t.id);
  const [players, decisions] = await Promise.all([
    db
      .selectFrom("league_teams as lt")
      .innerJoin("profiles as p", "p.team_id", "lt.team_id")
      .select(["lt.id as league_team_id", "p.user_id", "p.full_name", "p.birth_date", "p.joined_at", "p.created_at"])
      .where("lt.id", "in", ids)
      .where("p.role", "=", "player")
      .where("p.confirmed", "=", 1)
      .execute(),
    db
      .selectFrom("league_roster_approvals")
      .select(["league_team_id", "player_id", "decision", "player_joined_at", "note"])
      .where("league_team_id", "in", ids)
      .execute(),
  ]);
  const rosters = new Map<string, RosterPlayer[]>();
  for (const p of players) {
    const list = rosters.get(p.league_team_id) ?? [];
    list.push({ id: p.user_id, name: p.full_name, birthDate: p.birth_date, joinedAt: p.joined_at ?? p.created_at });
    rosters.set(p.league_team_id, list);
  }
  const approvals = new Map<string, RosterApproval[]>();
  for (const d of decisions) {
    const list = approvals.get(d.league_team_id) ?? [];
    list.push({ playerId: d.player_id, decision: d.decision, joinedAt: d.player_joined_at, note: d.note });
    approvals.set(d.league_team_id, list);
  }
  return teams.map((t) => ({
    id: t.id,
    name: t.name,
    teamId: t.team_id,
    leagueId: t.league_id,
    leagueName: t.league_name,
    division: {
      id: t.division_id,
      name: t.division_name,
      ageCutoff: t.age_cutoff,
      rosterLock: t.roster_lock,
      timeZone: t.time_zone,
    },
    roster: rosters.get(t.id) ?? [],
    approvals: approvals.get(t.id) ?? [],
  }));
}

/** Keeps the league's decision about a player's joining of a team's roster, replacing any earlier one. */
export async function decideRosterPlayer(
  db: Kysely<DB>,
  d: {
    leagueTeamId: string;
    playerId: string;
    decision: RosterDecision;
    playerJoinedAt: string;
    note: string | null;
    actor: { id: string; name: string };
  },
): Promise<void> {
  const row = {
    decision: d.decision,
    player_joined_at: d.playerJoinedAt,
    note: d.note,
    decided_by: d.actor.id,
    decided_by_name: d.actor.name,
    decided_at: nowIso(),
  };
  await db
    .insertInto("league_roster_approvals")
    .values({ league_team_id: d.leagueTeamId, player_id: d.playerId, ...row })
    .onConflict((oc) => oc.columns(["league_team_id", "player_id"]).doUpdateSet(row))
    .execute();
}
