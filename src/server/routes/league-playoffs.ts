import { createRoute, z } from "@hono/zod-openapi";
import { bracketResponseSchema, createBracketSchema } from "#domain/api/league-playoffs.js";
import { deleteBracket } from "../db/league-brackets.js";
import { divisionOfLeague } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { pathParam } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";
import { bracketViews } from "../leagues/bracket-view.js";
import { makeBracket } from "../leagues/playoffs.js";
import { callerOf, leagueAdmin } from "./leagues.js";

/*
 * A division's playoff bracket (docs/product.md §17, decision 0038): made by a league admin from the division's
 * standings and planned into the league's fields and times (leagues/playoffs.ts), read with its winners moved on
 * from confirmed results (leagues/bracket-view.ts), and deleted while none of its games is in the teams' schedules.
 * League admins only; to anyone else the league and its divisions are a 404. The public page has the bracket too
 * (routes/league-public.ts).
 */

const params = z.object({
  id: pathParam("id", "The league's id"),
  divisionId: pathParam("divisionId", "The division's id"),
});

const answer = (description: string) => ({
  description,
  content: { "application/json": { schema: bracketResponseSchema.openapi("LeagueBracket") } },
});

const make = createRoute({
  method: "post",
  path: "/api/leagues/{id}/divisions/{divisionId}/bracket",
  operationId: "makeLeagueBracket",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Seed the division's playoff bracket from its standings and plan its games into free fields and times",
  request: {
    params,
    body: {
      required: true,
      content: { "application/json": { schema: createBracketSchema.openapi("NewLeagueBracket") } },
    },
  },
  responses: { 201: answer("Made"), ...errorResponses(400, 401, 403, 404, 409, 415) },
});

const read = createRoute({
  method: "get",
  path: "/api/leagues/{id}/divisions/{divisionId}/bracket",
  operationId: "getLeagueBracket",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "The division's bracket as it stands: rounds, seeds, places and times, confirmed scores, winners",
  request: { params },
  responses: { 200: answer("The bracket (null: none yet)"), ...errorResponses(401, 403, 404) },
});

const remove = createRoute({
  method: "delete",
  path: "/api/leagues/{id}/divisions/{divisionId}/bracket",
  operationId: "deleteLeagueBracket",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Delete the division's bracket and its playoff games, while none of them is in the teams' schedules",
  request: { params },
  responses: { 200: answer("Deleted"), ...errorResponses(401, 403, 404, 409) },
});

/** The division, when the caller runs its league; else the league's or the division's 404. */
async function adminsDivision(c: Parameters<typeof callerOf>[0], id: string, divisionId: string) {
  const caller = callerOf(c);
  await leagueAdmin(caller, id);
  if (!(await divisionOfLeague(caller.db, id, divisionId))) throw notFound("That division");
  return caller;
}

export function leaguePlayoffRoutes() {
  return createRouter()
    .openapi(make, async (c) => {
      const { id, divisionId } = c.req.valid("param");
      const caller = await adminsDivision(c, id, divisionId);
      const input = c.req.valid("json");
      const made = await makeBracket(c.get("services"), id, divisionId, input, caller.userId);
      if (!made.ok) throw new ApiError(409, "bracket_not_made", made.message);
      const { brackets } = await bracketViews(caller.db, id, { divisionId });
      return c.json({ bracket: brackets[0] ?? null }, 201);
    })
    .openapi(read, async (c) => {
      const { id, divisionId } = c.req.valid("param");
      const caller = await adminsDivision(c, id, divisionId);
      const { brackets } = await bracketViews(caller.db, id, { divisionId });
      return c.json({ bracket: brackets[0] ?? null }, 200);
    })
    .openapi(remove, async (c) => {
      const { id, divisionId } = c.req.valid("param");
      const caller = await adminsDivision(c, id, divisionId);
      const gone = await deleteBracket(caller.db, divisionId);
      if (gone === "none") throw notFound("That division's bracket");
      if (gone === "published") {
        throw new ApiError(
          409,
          "bracket_published",
          "The bracket's games are in the teams' schedules: it stays. Change or cancel its games instead.",
        );
      }
      return c.json({ bracket: null }, 200);
    });
}
