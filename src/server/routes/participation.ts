import { createRoute, z } from "@hono/zod-openapi";
import { participationResponseSchema, type ParticipationResponse } from "#domain/api/participation.js";
import { participationCsv, participationFileName } from "#domain/participation-csv.js";
import { participationRows, periodsOfGame } from "#domain/playing-time.js";
import { participationData, type ParticipationData } from "../db/participation.js";
import { getTeam } from "../db/teams.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";

/*
 * Playing time (docs/product.md §12 "Playing time", issue #29): a game's participation report, each roster
 * player's snaps per period and in total, counted from the lineups the logger sent with the snaps
 * (domain/playing-time.ts), as JSON for the report page and as CSV for the league. Coaches only: it is the
 * coaches' record of who played, and the roster it lists is theirs.
 */

const SESSION = "That session";

const sessionIdParam = z.object({
  id: z.uuid({ error: "Session id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const getParticipation = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/participation",
  operationId: "getParticipation",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "A game's playing time: each roster player's snaps per period and in total, and who is below the minimum",
  description:
    "Coaches only. Counted from the lineups sent with the snaps (lineup mode); a snap without a lineup counts for " +
    "nobody. Every roster player has a row, zero included.",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The participation report",
      content: { "application/json": { schema: participationResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getParticipationCsv = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/participation.csv",
  operationId: "getParticipationCsv",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "A game's participation report as a CSV download for the league",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The participation report (text/csv, as an attachment)",
      content: { "text/csv": { schema: z.string() } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

function report(data: ParticipationData): ParticipationResponse {
  const { rules } = data;
  const periods = periodsOfGame(data.snaps, rules, data.period);
  return {
    session: data.session,
    rules: {
      playersOnField: rules.playersOnField,
      minSnapsPerPeriod: rules.minSnapsPerPeriod,
      periodKind: rules.periodKind,
    },
    periods,
    players: participationRows(data.snaps, data.players, rules, periods, data.period),
  };
}

export function participationRoutes() {
  return createRouter()
    .openapi(getParticipation, async (c) => {
      const { id } = c.req.valid("param");
      const data = await participationData(c.get("services").database.db, c.var.viewer.teamId, id);
      if (!data) throw notFound(SESSION);
      return c.json(report(data), 200);
    })
    .openapi(getParticipationCsv, async (c) => {
      const { id } = c.req.valid("param");
      const db = c.get("services").database.db;
      const data = await participationData(db, c.var.viewer.teamId, id);
      if (!data) throw notFound(SESSION);
      const out = report(data);
      const team = await getTeam(db, c.var.viewer.teamId);
      const game = { date: data.session.date, opponent: data.session.opponent };
      const csv = participationCsv({
        game,
        rules: data.rules,
        periods: out.periods,
        rows: out.players,
        teamName: team?.name,
      });
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${participationFileName(game)}"`,
      });
    });
}
