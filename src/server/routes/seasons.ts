import { createRoute, z } from "@hono/zod-openapi";
import {
  patchSeasonBodySchema,
  seasonSchema,
  seasonsResponseSchema,
  startSeasonBodySchema,
} from "#domain/api/seasons.js";
import { listSeasons, startSeason, todayUtc, updateSeason, type SeasonConflict } from "../db/seasons.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly, headCoachOnly, teamMemberOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { idParams } from "../http/path-params.js";

/*
 * Seasons (docs/product.md §11 (#s11-seasons), decision 0013). Every member of the team reads the list (the season picker is on
 * the players' screens too); the head coach starts a new season; coaches rename a season or move its dates. The
 * team always comes from the session: another team's season id answers 404 like an unknown one.
 */

const Seasons = seasonsResponseSchema.openapi("Seasons");
const SeasonAnswer = z.object({ season: seasonSchema }).openapi("SeasonAnswer");

const seasonParams = idParams("The season's id");

const list = createRoute({
  method: "get",
  path: "/api/team/seasons",
  operationId: "listSeasons",
  tags: ["team"],
  middleware: [teamMemberOnly] as const,
  summary: "The team's seasons, newest first; the first is the current season",
  responses: {
    200: { description: "The seasons", content: { "application/json": { schema: Seasons } } },
    ...errorResponses(401, 403, 404),
  },
});

const start = createRoute({
  method: "post",
  path: "/api/team/seasons",
  operationId: "startSeason",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: start a new season; the current one ends the day before it starts",
  description:
    "The players in leaving (default none) leave the roster as Remove takes them off, their history staying in " +
    "the past seasons; the rest of the roster stays. New practices, games and events go to the new season, " +
    "whose numbers start at zero. Past " +
    "seasons stay readable through the season parameter of every stat read. startsOn defaults to today (UTC) " +
    "and must come after the current season's start; the name must differ from the team's other seasons'.",
  request: { body: { required: true, content: { "application/json": { schema: startSeasonBodySchema } } } },
  responses: {
    201: { description: "The new, current season", content: { "application/json": { schema: SeasonAnswer } } },
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const patch = createRoute({
  method: "patch",
  path: "/api/team/seasons/{id}",
  operationId: "updateSeason",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Rename a season of the team, or move its dates",
  description:
    "Dates stay consistent: the start is on or before the end, seasons do not overlap, the current season has " +
    "no end until the next one starts, and no practice or game of the season inside its dates is left out.",
  request: {
    params: seasonParams,
    body: { required: true, content: { "application/json": { schema: patchSeasonBodySchema } } },
  },
  responses: {
    200: { description: "The season as it now is", content: { "application/json": { schema: SeasonAnswer } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

/** The 409 for a refused season write, in the words of docs/product.md §11 (#s11-seasons). */
function conflict(c: SeasonConflict): ApiError {
  switch (c.code) {
    case "season_starts_too_early":
      return new ApiError(409, c.code, `A new season must start after the current one began (${c.after}).`, {
        startsOn: `Pick a day after ${c.after}.`,
      });
    case "season_name_taken":
      return new ApiError(409, c.code, "Another season already has this name.", {
        name: "Another season already has this name.",
      });
    case "season_dates_overlap":
      return new ApiError(409, c.code, `These dates overlap ${c.neighbour}.`);
    case "season_dates_order":
      return new ApiError(409, c.code, "A season cannot end before it starts.", {
        endsOn: "A season cannot end before it starts.",
      });
    case "season_open_end":
      return new ApiError(409, c.code, "The current season ends when you start the next one.", {
        endsOn: "The current season ends when you start the next one.",
      });
    case "season_leaving_unknown":
      return new ApiError(400, "invalid_input", "Some of the players who leave are not on your team.", {
        leaving: "Some of the players who leave are not on your team. Reload the roster and choose again.",
      });
    case "season_leaves_out_sessions":
      return new ApiError(
        409,
        c.code,
        c.count === 1
          ? "These dates would leave out a practice or game of this season."
          : `These dates would leave out ${c.count} practices and games of this season.`,
      );
  }
}

async function seasonDto(db: Parameters<typeof listSeasons>[0], teamId: string, id: string) {
  const season = (await listSeasons(db, teamId)).find((s) => s.id === id);
  if (!season) throw notFound("That season");
  return season;
}

export function seasonRoutes() {
  return createRouter()
    .openapi(list, async (c) => {
      const seasons = await listSeasons(c.get("services").database.db, c.var.viewer.teamId);
      if (seasons.length === 0) throw notFound("Your team's season");
      return c.json({ seasons, currentSeasonId: seasons[0]!.id }, 200);
    })
    .openapi(start, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const result = await startSeason(database.db, viewer.teamId, {
        name: input.name,
        startsOn: input.startsOn ?? todayUtc(),
        leaving: input.leaving,
      });
      if ("code" in result) throw conflict(result);
      // Every stat screen's current season changed.
      hub.publish(viewer.teamId, changeNow("sessions"));
      if (result.left.length > 0) {
        // As Remove does: the leavers' open live-update streams end now, and the team's screens lose them.
        for (const userId of result.left) hub.revoke({ userId });
        hub.publish(viewer.teamId, changeNow("roster"));
      }
      return c.json({ season: await seasonDto(database.db, viewer.teamId, result.season.id) }, 201);
    })
    .openapi(patch, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const result = await updateSeason(database.db, viewer.teamId, id, input);
      if (result === null) throw notFound("That season");
      if ("code" in result) throw conflict(result);
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ season: await seasonDto(database.db, viewer.teamId, id) }, 200);
    });
}
