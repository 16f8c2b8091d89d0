import { createRoute, z } from "@hono/zod-openapi";
import {
  playAnalysisEventsResponseSchema,
  playbookAnalysisQuerySchema,
  playbookAnalysisResponseSchema,
  playEventsQuerySchema,
} from "#domain/api/plays.js";
import { playbookAnalysis, playDrillDown } from "../db/playbook-analysis.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { seasonOfRequest } from "../http/season.js";
import { coachOnly } from "../http/viewer.js";
import { decodeEventCursor, encodeEventCursor } from "./team-cursor.js";

/*
 * Playbook analysis: which plays work. Coaches only, checked before any input is read; the team comes from the
 * session, and a play that is not the team's is a 404. The metric definitions are in domain/playbook.ts (snaps
 * tagged with a play count from their detail; events logged on their own by the snap-level event rules).
 */

const playIdParam = z.object({
  playId: z.uuid({ error: "Play id must be a UUID." }).openapi({ param: { name: "playId", in: "path" } }),
});

const analysisRoute = createRoute({
  method: "get",
  path: "/api/team/playbook-analysis",
  operationId: "getPlaybookAnalysis",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Per-play figures (runs, completions, yards, touchdowns, turnovers, points) over a window",
  description:
    "A play's figures come from the snaps tagged with it and the events logged on their own tagged with it; " +
    "points from every tagged event. side: offense or defense (both without it). kind: practice, game or all " +
    "(all includes events logged outside a session). from/to: inclusive YYYY-MM-DD on the snap's or event's " +
    "session date, or for an event without a session the day it happened in the zone tzOffset (minutes east " +
    "of UTC).",
  request: { query: playbookAnalysisQuerySchema },
  responses: {
    200: {
      description: "The plays' figures",
      content: { "application/json": { schema: playbookAnalysisResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const drillDownRoute = createRoute({
  method: "get",
  path: "/api/team/playbook-analysis/{playId}/events",
  operationId: "getPlayAnalysisEvents",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "One play's figures, its tagged events a page at a time (newest first), and its players' credits",
  request: { params: playIdParam, query: playEventsQuerySchema },
  responses: {
    200: {
      description: "The drill-down",
      content: { "application/json": { schema: playAnalysisEventsResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

export function playbookAnalysisRoutes() {
  return createRouter()
    .openapi(analysisRoute, async (c) => {
      const viewer = c.var.viewer;
      const { season: seasonId, ...query } = c.req.valid("query");
      const season = await seasonOfRequest(c, viewer.teamId, seasonId);
      const body = await playbookAnalysis(c.get("services").database.db, viewer.teamId, {
        ...query,
        seasonId: season.id,
      });
      return c.json(body, 200);
    })
    .openapi(drillDownRoute, async (c) => {
      const viewer = c.var.viewer;
      const { playId } = c.req.valid("param");
      const { cursor, limit, season: seasonId, ...window } = c.req.valid("query");
      const before = cursor === undefined ? undefined : decodeEventCursor(cursor);
      if (before === null) {
        const message = "That cursor is not valid; start again from the first page.";
        throw new ApiError(400, "invalid_input", message, { cursor: message });
      }
      const season = await seasonOfRequest(c, viewer.teamId, seasonId);
      const result = await playDrillDown(
        c.get("services").database.db,
        viewer.teamId,
        playId,
        { ...window, seasonId: season.id },
        {
          before,
          limit,
        },
      );
      if (!result) throw notFound("That play");
      const { more, ...body } = result;
      const last = body.events.at(-1);
      return c.json({ ...body, nextCursor: more && last ? encodeEventCursor(last) : null }, 200);
    });
}
