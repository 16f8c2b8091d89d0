import { createRoute, z } from "@hono/zod-openapi";
import { statLinesResponseSchema } from "#domain/api/game.js";
import { playerStatLines } from "../db/stat-lines.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { seasonOfRequest, seasonQuery } from "../http/season.js";
import { coachOnly, playerOnly } from "../http/viewer.js";
import { idParams } from "../http/path-params.js";

/*
 * Football stat lines (docs/product.md §10): a player's season line and one line per game, for the team's
 * coaches (a player of another team, or none, answers 404 exactly like the player detail) and for the player
 * themself. The role check runs before the id is read; the team always comes from the session.
 */

const StatLines = statLinesResponseSchema.openapi("StatLines");

const playerParams = idParams("The player's user id");

const teamPlayerLines = createRoute({
  method: "get",
  path: "/api/team/players/{id}/stat-lines",
  operationId: "listTeamPlayerStatLines",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "A player's football stat lines: the season and each game they played in, newest game first",
  description:
    "Counts from the snaps the player took part in plus the events logged for them on their own. Yards-based " +
    "figures are null unless the yards of every completion, catch or carry they count were logged.",
  request: { params: playerParams, query: z.object({ season: seasonQuery }) },
  responses: {
    200: { description: "The player's lines", content: { "application/json": { schema: StatLines } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const ownLines = createRoute({
  method: "get",
  path: "/api/me/stat-lines",
  operationId: "listMyStatLines",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary: "The signed-in player's own football stat lines: the season and each game, newest game first",
  request: { query: z.object({ season: seasonQuery }) },
  responses: {
    200: { description: "The player's lines", content: { "application/json": { schema: StatLines } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function statLineRoutes() {
  return createRouter()
    .openapi(teamPlayerLines, async (c) => {
      const { id } = c.req.valid("param");
      const season = await seasonOfRequest(c, c.var.viewer.teamId, c.req.valid("query").season);
      const lines = await playerStatLines(c.get("services").database.db, c.var.viewer.teamId, id, {
        seasonId: season.id,
      });
      if (!lines) throw notFound("That player");
      return c.json(lines, 200);
    })
    .openapi(ownLines, async (c) => {
      const viewer = c.var.viewer;
      const season = await seasonOfRequest(c, viewer.teamId, c.req.valid("query").season);
      const lines = await playerStatLines(c.get("services").database.db, viewer.teamId, viewer.userId, {
        seasonId: season.id,
      });
      // A player is always on their own team; answered like an unknown player should that ever not hold.
      if (!lines) throw notFound("Your profile");
      return c.json(lines, 200);
    });
}
