import { createRoute } from "@hono/zod-openapi";
import {
  leagueEligibilityResponseSchema,
  rosterApprovalSchema,
  teamLeagueEligibilityResponseSchema,
  type LeagueEligibility,
  type TeamLeagueEligibility,
} from "#domain/api/league-rosters.js";
import { shortName } from "#domain/family.js";
import { approvedAfterLock, eligibilityProblems, joinedAfterLock } from "#domain/leagues/eligibility.js";
import type { Kysely } from "kysely";
import { decideRosterPlayer, leagueTeamRosters, type LeagueTeamRoster } from "../db/league-rosters.js";
import type { DB } from "../db/schema.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { coachOnly, signedInOnly } from "../http/viewer.js";
import { callerOf, leagueAdmin } from "./leagues.js";

/*
 * Eligibility and the roster lock (docs/product.md §17, issue #31; decision 0037). The problems are worked out on
 * every read from the rosters, the birth dates, the divisions and the league's decisions
 * (domain/leagues/eligibility.ts). The league's admins see every team's, each player by first name and last initial
 * and no birth date (a child's data, least shown); they approve or reject a player who joined after the lock. A
 * team's coaches see their own players' problems, by full name and with the birth date they already keep. The lock
 * blocks nothing on the team's roster: the team is also used outside the league.
 */

const PLAYER = "That player";

const leagueEligibility = createRoute({
  method: "get",
  path: "/api/leagues/{id}/eligibility",
  operationId: "getLeagueEligibility",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Every division's teams with their players' eligibility problems (league admins)",
  request: { params: idParams("The league's id") },
  responses: {
    200: {
      description: "By division and team",
      content: { "application/json": { schema: leagueEligibilityResponseSchema.openapi("LeagueEligibility") } },
    },
    ...errorResponses(401, 404),
  },
});

const approve = createRoute({
  method: "post",
  path: "/api/leagues/{id}/roster-approvals",
  operationId: "decideLeagueRosterPlayer",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Approve or reject a player who joined a team's roster after the division's lock (league admins)",
  request: {
    params: idParams("The league's id"),
    body: {
      required: true,
      content: { "application/json": { schema: rosterApprovalSchema.openapi("RosterApproval") } },
    },
  },
  responses: {
    200: {
      description: "Decided; the league's eligibility as it now stands",
      content: { "application/json": { schema: leagueEligibilityResponseSchema } },
    },
    ...errorResponses(400, 401, 404, 415),
  },
});

const teamEligibility = createRoute({
  method: "get",
  path: "/api/team/league-eligibility",
  operationId: "getTeamLeagueEligibility",
  tags: ["leagues"],
  middleware: [coachOnly] as const,
  summary: "The team's own players' eligibility problems in each league division it plays in",
  responses: {
    200: {
      description: "By league",
      content: {
        "application/json": { schema: teamLeagueEligibilityResponseSchema.openapi("TeamLeagueEligibility") },
      },
    },
    ...errorResponses(401, 403),
  },
});

/** The league's eligibility as its admins see it: players short-named, no birth dates. */
function forAdmins(teams: readonly LeagueTeamRoster[]): LeagueEligibility {
  const divisions = new Map<string, LeagueEligibility["divisions"][number]>();
  for (const team of teams) {
    const { id, name, ageCutoff, rosterLock } = team.division;
    const division = divisions.get(id) ?? { id, name, ageCutoff, rosterLock, teams: [] };
    const roster = team.roster.map((p) => ({ ...p, name: shortName(p.name) }));
    division.teams.push({
      id: team.id,
      name: team.name,
      joined: team.teamId !== null,
      players: eligibilityProblems(team.division, roster, team.approvals).map(({ playerId, name, problems }) => ({
        playerId,
        name,
        problems,
      })),
      approved: approvedAfterLock(team.division, roster, team.approvals),
    });
    divisions.set(id, division);
  }
  return { divisions: [...divisions.values()] };
}

/** A team's own league places, as its coaches see them. */
function forCoaches(teams: readonly LeagueTeamRoster[]): TeamLeagueEligibility {
  return {
    teams: teams.map((team) => {
      const { id, name, ageCutoff, rosterLock } = team.division;
      return {
        id: team.id,
        leagueId: team.leagueId,
        leagueName: team.leagueName,
        name: team.name,
        division: { id, name, ageCutoff, rosterLock },
        players: eligibilityProblems(team.division, team.roster, team.approvals),
      };
    }),
  };
}

const ofLeague = async (db: Kysely<DB>, leagueId: string) => forAdmins(await leagueTeamRosters(db, { leagueId }));

export function leagueRosterRoutes() {
  return createRouter()
    .openapi(leagueEligibility, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      return c.json(await ofLeague(caller.db, id), 200);
    })
    .openapi(approve, async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      const team = (await leagueTeamRosters(caller.db, { leagueId: id })).find((t) => t.id === input.leagueTeamId);
      const player = team?.roster.find((p) => p.id === input.playerId);
      // Only a change the lock is about is the league's to decide: a player on the team's roster now, who joined
      // it after the lock.
      if (!team || !player || !joinedAfterLock(player, team.division)) throw notFound(PLAYER);
      await decideRosterPlayer(caller.db, {
        leagueTeamId: team.id,
        playerId: player.id,
        decision: input.decision,
        playerJoinedAt: player.joinedAt,
        note: input.note,
        actor: { id: caller.userId, name: c.var.viewer.fullName },
      });
      return c.json(await ofLeague(caller.db, id), 200);
    })
    .openapi(teamEligibility, async (c) => {
      const db = c.get("services").database.db;
      return c.json(forCoaches(await leagueTeamRosters(db, { teamId: c.var.viewer.teamId })), 200);
    });
}
