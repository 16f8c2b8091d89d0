import type { Kysely } from "kysely";
import { inTransaction, nowIso } from "./dialect.js";
import { inviteTokenHash } from "./guardian-invites.js";
import { newLeagueLinkToken } from "./league-admins.js";
import type { DB } from "./schema.js";

/*
 * A coach for a team a league added by name (migration 032; docs/product.md §17): the admin's single-use link, and
 * a head coach taking it, which puts their Flagline team in that place of the league.
 */

/** The league team has a Flagline team (and so its coach) already. */
export async function leagueTeamOnFlagline(db: Kysely<DB>, leagueTeamId: string): Promise<boolean> {
  const row = await db.selectFrom("league_teams").select("team_id").where("id", "=", leagueTeamId).executeTakeFirst();
  return row?.team_id != null;
}

/** A new coach link for a league team: its token (shown once) and its last moment. */
export async function createLeagueCoachInvite(
  db: Kysely<DB>,
  leagueTeamId: string,
  createdBy: string,
): Promise<{ token: string; expiresAt: string }> {
  const link = newLeagueLinkToken();
  await db
    .insertInto("league_coach_invites")
    .values({
      token_hash: link.hash,
      league_team_id: leagueTeamId,
      created_by: createdBy,
      created_at: link.createdAt,
      expires_at: link.expiresAt,
    })
    .execute();
  return { token: link.token, expiresAt: link.expiresAt };
}

export interface CoachInviteInfo {
  leagueId: string;
  leagueName: string;
  leagueTeamId: string;
  teamName: string;
  divisionName: string;
  invitedBy: string | null;
  /** The place has a Flagline team already. */
  taken: boolean;
}

/** What an open coach link is for; null when it is unknown, taken or expired. */
export async function findLeagueCoachInvite(db: Kysely<DB>, token: string): Promise<CoachInviteInfo | null> {
  const row = await db
    .selectFrom("league_coach_invites as i")
    .innerJoin("league_teams as t", "t.id", "i.league_team_id")
    .innerJoin("league_divisions as d", "d.id", "t.division_id")
    .innerJoin("leagues as l", "l.id", "t.league_id")
    .leftJoin("user as u", "u.id", "i.created_by")
    .select(["l.id as league_id", "l.name as league_name", "t.id", "t.name", "t.team_id", "d.name as division"])
    .select("u.name as invited_by")
    .where("i.token_hash", "=", inviteTokenHash(token))
    .where("i.expires_at", ">", nowIso())
    .executeTakeFirst();
  if (!row) return null;
  return {
    leagueId: row.league_id,
    leagueName: row.league_name,
    leagueTeamId: row.id,
    teamName: row.name,
    divisionName: row.division,
    invitedBy: row.invited_by,
    taken: row.team_id !== null,
  };
}

export type TakeOutcome = "gone" | "taken" | "already_in" | { leagueId: string; leagueTeamId: string };

/**
 * Takes a coach link for `teamId`: the league team becomes that Flagline team's place and the link is gone, in one
 * transaction. Refused when the place has a team already or the team is in the league already.
 */
export async function takeLeagueCoachInvite(db: Kysely<DB>, token: string, teamId: string): Promise<TakeOutcome> {
  return inTransaction(db, async (trx) => {
    const hash = inviteTokenHash(token);
    const invite = await trx
      .selectFrom("league_coach_invites as i")
      .innerJoin("league_teams as t", "t.id", "i.league_team_id")
      .select(["t.id", "t.league_id", "t.team_id"])
      .where("i.token_hash", "=", hash)
      .where("i.expires_at", ">", nowIso())
      .executeTakeFirst();
    if (!invite) return "gone";
    if (invite.team_id !== null) return "taken";
    const already = await trx
      .selectFrom("league_teams")
      .select("id")
      .where("league_id", "=", invite.league_id)
      .where("team_id", "=", teamId)
      .executeTakeFirst();
    if (already) return "already_in";
    await trx.deleteFrom("league_coach_invites").where("token_hash", "=", hash).execute();
    await trx.updateTable("league_teams").set({ team_id: teamId }).where("id", "=", invite.id).execute();
    // The place's games already published are the team's now: publishing writes them into its schedule.
    await trx
      .updateTable("league_games")
      .set((eb) => ({ revision: eb("revision", "+", 1) }))
      .where((eb) => eb.or([eb("home_team_id", "=", invite.id), eb("away_team_id", "=", invite.id)]))
      .where("published_revision", "is not", null)
      .where((eb) => eb("published_revision", "=", eb.ref("revision")))
      .execute();
    return { leagueId: invite.league_id, leagueTeamId: invite.id };
  });
}
