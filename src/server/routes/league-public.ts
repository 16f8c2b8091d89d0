import { createRoute } from "@hono/zod-openapi";
import { publicLeagueSchema, type PublicLeague } from "#domain/api/leagues.js";
import type { LeagueGameResult } from "#domain/leagues/results.js";
import { computeStandings } from "#domain/leagues/standings.js";
import { leagueGameRows } from "../db/league-games.js";
import { leagueDivisions, leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { confirmedResults, leagueResults } from "../leagues/results.js";

/*
 * A league's public page (docs/product.md §17): without sign-in, the league's published schedule, its teams,
 * fields and each division's standings. Team-level only: a team by the name the league shows, never a player, a
 * child's name or photo, a coach, an address of a person, or a draft. Parents open it on Saturday morning: it is
 * cached for a minute by the browser and any proxy, so a league's crowd costs one read a minute per page.
 */

const PUBLIC_MAX_AGE_SECONDS = 60;

const read = createRoute({
  method: "get",
  path: "/api/public/leagues/{id}",
  operationId: "getPublicLeague",
  tags: ["leagues"],
  summary: "A league's public page: published schedule, teams, fields and standings (no sign-in)",
  request: { params: idParams("The league's id") },
  responses: {
    200: {
      description: "The league",
      content: { "application/json": { schema: publicLeagueSchema.openapi("PublicLeague") } },
    },
    ...errorResponses(404),
  },
});

/** What the public sees of a result: a confirmed score, or that it is not settled yet. Scorebooks are the teams'. */
function publicResult(result: LeagueGameResult | undefined): PublicLeague["games"][number]["result"] {
  if (result?.state === "confirmed") {
    return { state: "confirmed", home: result.home, away: result.away, forfeit: result.forfeit };
  }
  return {
    state: result?.state === "disputed" || result?.state === "awaiting_confirmation" ? "pending" : "none",
    home: null,
    away: null,
    forfeit: null,
  };
}

export function leaguePublicRoutes() {
  return createRouter().openapi(read, async (c) => {
    const { id } = c.req.valid("param");
    const db = c.get("services").database.db;
    const league = await leagueSettings(db, id);
    if (!league) throw notFound("That league");
    const [divisions, teams, fields, rows] = await Promise.all([
      leagueDivisions(db, id),
      leagueTeams(db, id),
      leagueFields(db, id),
      leagueGameRows(db, id),
    ]);
    const name = new Map(teams.map((t) => [t.id, t.name]));
    const published = rows.filter((r) => r.published_revision !== null);
    const results = await leagueResults(db, id);
    const division = new Map(published.map((g) => [g.id, g.division_id]));
    const confirmed = confirmedResults(published, results).map((r) => ({ ...r, divisionId: division.get(r.gameId) }));
    const rules = {
      tiebreakers: league.tiebreakers,
      pointDifferenceCap: league.pointDifferenceCap,
      coinToss: league.coinToss,
    };
    const body: PublicLeague = {
      id: league.id,
      name: league.name,
      timeZone: league.timeZone,
      tiebreakers: league.tiebreakers,
      divisions: divisions.map((d) => ({
        id: d.id,
        name: d.name,
        // Confirmed results only count; teams sharing a rank are listed by name, as a reader looks for theirs.
        standings: computeStandings(
          teams.filter((t) => t.divisionId === d.id).map((t) => t.id),
          confirmed.filter((r) => r.divisionId === d.id),
          rules,
        )
          .map((row) => ({ ...row, last5: [...row.last5] }))
          .sort((a, b) => a.rank - b.rank || (name.get(a.teamId) ?? "").localeCompare(name.get(b.teamId) ?? "")),
      })),
      teams: teams.map((t) => ({ id: t.id, name: t.name, divisionId: t.divisionId })),
      fields,
      games: published.map((r) => ({
        id: r.id,
        divisionId: r.division_id,
        homeTeamId: r.home_team_id,
        awayTeamId: r.away_team_id,
        fieldId: r.field_id,
        subField: r.sub_field,
        date: r.local_date,
        startTime: r.start_time,
        durationMinutes: Number(r.duration_minutes),
        cancelled: r.status === "cancelled",
        result: publicResult(results.get(r.id)),
      })),
    };
    c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
    return c.json(body, 200);
  });
}
