import { createRoute, z } from "@hono/zod-openapi";
import {
  addLeagueTeamSchema,
  createLeagueSchema,
  divisionInputSchema,
  fieldInputSchema,
  leagueCalendarSchema,
  leagueResponseSchema,
  myLeaguesResponseSchema,
  updateDivisionSchema,
  updateLeagueSchema,
  updateLeagueTeamSchema,
} from "#domain/api/leagues.js";
import { LEAGUE_LIMITS as L, type LeagueAdminRole } from "#domain/leagues/league.js";
import {
  addDivision,
  addField,
  addLeagueTeam,
  countOf,
  createLeague,
  deleteRow,
  divisionHasTeams,
  divisionOfLeague,
  hasGames,
  hasPlannedPlayoffGames,
  leagueDetail,
  leagueOf,
  leagueRole,
  myLeagues,
  setLeagueCalendar,
  updateDivision,
  updateLeague,
  updateLeagueTeam,
} from "../db/leagues.js";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Services, Viewer } from "../services.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";

/*
 * Running a league (docs/product.md §17, issue #31): any signed-in account makes one and is its owner; the league,
 * its divisions, teams, fields and game calendar are its admins' (owner and co-admins). To anyone else a league's
 * id, and its divisions', teams' and fields' ids, are a 404, exactly as an id that does not exist. The schedule is
 * routes/league-schedule.ts's; a team joining with the code, routes/league-join.ts's; the public pages',
 * routes/league-public.ts's.
 */

const LEAGUE = "That league";

/** Who is asking, as the checks below need it. */
interface Caller {
  db: Kysely<DB>;
  userId: string;
}

/** The caller's role in the league, or the league's 404. */
export async function leagueAdmin(caller: Caller, leagueId: string): Promise<LeagueAdminRole> {
  const role = await leagueRole(caller.db, leagueId, caller.userId);
  if (!role) throw notFound(LEAGUE);
  return role;
}

/** The league a division, team, field or game is in, and the caller's role, when they run it; else a 404. */
export async function leagueOfAdmin(
  caller: Caller,
  table: "league_divisions" | "league_teams" | "league_fields" | "league_games",
  id: string,
  what: string,
): Promise<{ leagueId: string; role: LeagueAdminRole }> {
  const leagueId = await leagueOf(caller.db, table, id);
  const role = leagueId ? await leagueRole(caller.db, leagueId, caller.userId) : null;
  if (!leagueId || !role) throw notFound(what);
  return { leagueId, role };
}

async function detailOf(caller: Caller, leagueId: string, role: LeagueAdminRole) {
  const league = await leagueDetail(caller.db, leagueId, role);
  if (!league) throw notFound(LEAGUE);
  return { league };
}

export function callerOf(c: { get(key: "services"): Services; var: { viewer: Viewer } }): Caller {
  return { db: c.get("services").database.db, userId: c.var.viewer.userId };
}

function tooMany(what: string, max: number): ApiError {
  return new ApiError(409, "too_many", `A league has at most ${max} ${what}.`);
}

const json = <T extends z.ZodType>(schema: T, name: string) => ({
  body: { required: true, content: { "application/json": { schema: schema.openapi(name) } } },
});
const leagueAnswer = (description: string) => ({
  description,
  content: { "application/json": { schema: leagueResponseSchema.openapi("LeagueResponse") } },
});

const list = createRoute({
  method: "get",
  path: "/api/leagues",
  operationId: "listMyLeagues",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "The leagues the caller runs, and those their team plays in",
  responses: {
    200: {
      description: "By name",
      content: { "application/json": { schema: myLeaguesResponseSchema.openapi("MyLeagues") } },
    },
    ...errorResponses(401, 403),
  },
});

const create = createRoute({
  method: "post",
  path: "/api/leagues",
  operationId: "createLeague",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Make a league; the caller is its owner",
  request: json(createLeagueSchema, "NewLeague"),
  responses: { 201: leagueAnswer("Made"), ...errorResponses(400, 401, 403, 415) },
});

const read = createRoute({
  method: "get",
  path: "/api/leagues/{id}",
  operationId: "getLeague",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "A league as its admins see it: divisions, teams, fields, calendar, join code",
  request: { params: idParams("The league's id") },
  responses: { 200: leagueAnswer("The league"), ...errorResponses(401, 403, 404) },
});

const update = createRoute({
  method: "patch",
  path: "/api/leagues/{id}",
  operationId: "updateLeague",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Change a league's name, zone, rest between games or standings tiebreakers",
  request: { params: idParams("The league's id"), ...json(updateLeagueSchema, "LeagueChange") },
  responses: { 200: leagueAnswer("Changed"), ...errorResponses(400, 401, 403, 404, 415) },
});

const addDivisionRoute = createRoute({
  method: "post",
  path: "/api/leagues/{id}/divisions",
  operationId: "addLeagueDivision",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Add a division (e.g. 10U) with its age cutoff and roster lock",
  request: { params: idParams("The league's id"), ...json(divisionInputSchema, "NewDivision") },
  responses: { 201: leagueAnswer("Added"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const updateDivisionRoute = createRoute({
  method: "patch",
  path: "/api/league-divisions/{id}",
  operationId: "updateLeagueDivision",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Change a division's name, age cutoff or roster lock",
  request: { params: idParams("The division's id"), ...json(updateDivisionSchema, "DivisionChange") },
  responses: { 200: leagueAnswer("Changed"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const deleteDivisionRoute = createRoute({
  method: "delete",
  path: "/api/league-divisions/{id}",
  operationId: "deleteLeagueDivision",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Delete a division that has no teams",
  request: { params: idParams("The division's id") },
  responses: { 200: leagueAnswer("Deleted"), ...errorResponses(401, 403, 404, 409) },
});

const addTeamRoute = createRoute({
  method: "post",
  path: "/api/leagues/{id}/teams",
  operationId: "addLeagueTeam",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Add a team that has no coach on Flagline yet to a division",
  request: { params: idParams("The league's id"), ...json(addLeagueTeamSchema, "NewLeagueTeam") },
  responses: { 201: leagueAnswer("Added"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const updateTeamRoute = createRoute({
  method: "patch",
  path: "/api/league-teams/{id}",
  operationId: "updateLeagueTeam",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Move a team to another division, rename it, or set the days it cannot play",
  request: { params: idParams("The league team's id"), ...json(updateLeagueTeamSchema, "LeagueTeamChange") },
  responses: { 200: leagueAnswer("Changed"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const deleteTeamRoute = createRoute({
  method: "delete",
  path: "/api/league-teams/{id}",
  operationId: "removeLeagueTeam",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Take a team out of the league (not once it has games on the schedule)",
  request: { params: idParams("The league team's id") },
  responses: { 200: leagueAnswer("Removed"), ...errorResponses(401, 403, 404, 409) },
});

const addFieldRoute = createRoute({
  method: "post",
  path: "/api/leagues/{id}/fields",
  operationId: "addLeagueField",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Add a field (a park, its address and sub-fields)",
  request: { params: idParams("The league's id"), ...json(fieldInputSchema, "NewLeagueField") },
  responses: { 201: leagueAnswer("Added"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const deleteFieldRoute = createRoute({
  method: "delete",
  path: "/api/league-fields/{id}",
  operationId: "deleteLeagueField",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Delete a field that no game is on and no bracket plans a game on",
  request: { params: idParams("The field's id") },
  responses: { 200: leagueAnswer("Deleted"), ...errorResponses(401, 403, 404, 409) },
});

const calendarRoute = createRoute({
  method: "put",
  path: "/api/leagues/{id}/calendar",
  operationId: "setLeagueCalendar",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Set the season's game days and the times a game may start on each",
  request: { params: idParams("The league's id"), ...json(leagueCalendarSchema, "LeagueCalendar") },
  responses: { 200: leagueAnswer("Set"), ...errorResponses(400, 401, 403, 404, 415) },
});

function divisionNameTaken(): ApiError {
  const message = "This league already has a division of that name.";
  return new ApiError(409, "name_taken", message, { name: message });
}

export function leagueRoutes() {
  return createRouter()
    .openapi(list, async (c) => {
      const viewer = c.var.viewer;
      return c.json({ leagues: await myLeagues(c.get("services").database.db, viewer.userId, viewer.teamId) }, 200);
    })
    .openapi(create, async (c) => {
      const input = c.req.valid("json");
      const id = await createLeague(c.get("services").database.db, c.var.viewer.userId, input);
      return c.json(await detailOf(callerOf(c), id, "owner"), 201);
    })
    .openapi(read, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      return c.json(await detailOf(caller, id, await leagueAdmin(caller, id)), 200);
    })
    .openapi(update, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      await updateLeague(c.get("services").database.db, id, c.req.valid("json"));
      return c.json(await detailOf(caller, id, role), 200);
    })
    .openapi(addDivisionRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      const input = c.req.valid("json");
      const db = c.get("services").database.db;
      if ((await countOf(db, "league_divisions", id)) >= L.divisions) throw tooMany("divisions", L.divisions);
      const made = await addDivision(db, id, {
        name: input.name,
        ageCutoff: input.ageCutoff ?? null,
        rosterLock: input.rosterLock ?? null,
      });
      if (made === "name_taken") throw divisionNameTaken();
      return c.json(await detailOf(caller, id, role), 201);
    })
    .openapi(updateDivisionRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const { leagueId, role } = await leagueOfAdmin(caller, "league_divisions", id, "That division");
      if ((await updateDivision(c.get("services").database.db, id, c.req.valid("json"))) === "name_taken") {
        throw divisionNameTaken();
      }
      return c.json(await detailOf(caller, leagueId, role), 200);
    })
    .openapi(deleteDivisionRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const { leagueId, role } = await leagueOfAdmin(caller, "league_divisions", id, "That division");
      const db = c.get("services").database.db;
      if (await divisionHasTeams(db, id))
        throw new ApiError(409, "division_has_teams", "Move or remove the division's teams first.");
      await deleteRow(db, "league_divisions", id);
      return c.json(await detailOf(caller, leagueId, role), 200);
    })
    .openapi(addTeamRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      const input = c.req.valid("json");
      const db = c.get("services").database.db;
      if (!(await divisionOfLeague(db, id, input.divisionId))) {
        const message = "Choose one of this league's divisions.";
        throw new ApiError(400, "invalid_input", message, { divisionId: message });
      }
      if ((await countOf(db, "league_teams", id)) >= L.teams) throw tooMany("teams", L.teams);
      await addLeagueTeam(db, id, input);
      return c.json(await detailOf(caller, id, role), 201);
    })
    .openapi(updateTeamRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const { leagueId, role } = await leagueOfAdmin(caller, "league_teams", id, "That team");
      const input = c.req.valid("json");
      const db = c.get("services").database.db;
      if (input.divisionId !== undefined) {
        if (!(await divisionOfLeague(db, leagueId, input.divisionId))) {
          const message = "Choose one of this league's divisions.";
          throw new ApiError(400, "invalid_input", message, { divisionId: message });
        }
        if (await hasGames(db, "team", id)) {
          throw new ApiError(409, "team_has_games", "A team with games on the schedule stays in its division.");
        }
      }
      await updateLeagueTeam(db, id, input);
      return c.json(await detailOf(caller, leagueId, role), 200);
    })
    .openapi(deleteTeamRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const { leagueId, role } = await leagueOfAdmin(caller, "league_teams", id, "That team");
      const db = c.get("services").database.db;
      if (await hasGames(db, "team", id)) {
        throw new ApiError(409, "team_has_games", "A team with games on the schedule cannot be taken out.");
      }
      await deleteRow(db, "league_teams", id);
      return c.json(await detailOf(caller, leagueId, role), 200);
    })
    .openapi(addFieldRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      const db = c.get("services").database.db;
      if ((await countOf(db, "league_fields", id)) >= L.fields) throw tooMany("fields", L.fields);
      await addField(db, id, c.req.valid("json"));
      return c.json(await detailOf(caller, id, role), 201);
    })
    .openapi(deleteFieldRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const { leagueId, role } = await leagueOfAdmin(caller, "league_fields", id, "That field");
      const db = c.get("services").database.db;
      if (await hasGames(db, "field", id)) {
        throw new ApiError(409, "field_has_games", "Games are on this field: move them before deleting it.");
      }
      if (await hasPlannedPlayoffGames(db, id)) {
        throw new ApiError(
          409,
          "field_has_games",
          "Playoff games are planned on this field: delete their bracket before deleting the field.",
        );
      }
      await deleteRow(db, "league_fields", id);
      return c.json(await detailOf(caller, leagueId, role), 200);
    })
    .openapi(calendarRoute, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      const role = await leagueAdmin(caller, id);
      await setLeagueCalendar(c.get("services").database.db, id, c.req.valid("json"));
      return c.json(await detailOf(caller, id, role), 200);
    });
}
