import { createRoute, z } from "@hono/zod-openapi";
import { publicLeagueSchema } from "#domain/api/leagues.js";
import { leagueGameRows } from "../db/league-games.js";
import { leagueDivisions, leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { renderLeagueCalendar } from "../http/league-calendar-ics.js";
import { fieldLabel } from "#domain/leagues/league.js";
import { readPublicLeague } from "../leagues/public-reads.js";
import { PUBLIC_MAX_AGE_SECONDS } from "../leagues/public-view.js";
import { leagueResults } from "../leagues/results.js";

/*
 * A league's public page (docs/product.md §17): without sign-in, the league's published schedule, its teams,
 * fields, each division's standings and its published playoff bracket. Team-level only: a team by the name the
 * league shows, never a player, a child's name or photo, a coach, an address of a person, or a draft. Parents open
 * it on Saturday morning: it is cached for a minute by the browser and any proxy, so a league's crowd costs one read
 * a minute per page.
 */

const read = createRoute({
  method: "get",
  path: "/api/public/leagues/{id}",
  operationId: "getPublicLeague",
  tags: ["leagues"],
  summary: "A league's public page: published schedule, teams, fields, standings and brackets (no sign-in)",
  request: { params: idParams("The league's id") },
  responses: {
    200: {
      description: "The league",
      content: { "application/json": { schema: publicLeagueSchema.openapi("PublicLeague") } },
    },
    ...errorResponses(404),
  },
});

const calendarRoute = createRoute({
  method: "get",
  path: "/api/public/leagues/{id}/calendar.ics",
  operationId: "getPublicLeagueCalendar",
  tags: ["leagues"],
  summary: "A league's published games as a calendar to subscribe to: all, one team's or one field's (no sign-in)",
  request: {
    params: idParams("The league's id"),
    query: z.object({
      team: z.string().max(200).optional().describe("Only this league team's games"),
      field: z.string().max(200).optional().describe("Only the games on this field"),
    }),
  },
  responses: {
    200: {
      description: "iCalendar (RFC 5545)",
      content: { "text/calendar": { schema: z.string().describe("iCalendar (RFC 5545)") } },
    },
    ...errorResponses(400, 404),
  },
});

export function leaguePublicRoutes() {
  return createRouter()
    .openapi(calendarRoute, async (c) => {
      const { id } = c.req.valid("param");
      const { team, field } = c.req.valid("query");
      const { database, config } = c.get("services");
      const db = database.db;
      const league = await leagueSettings(db, id);
      if (!league) throw notFound("That league");
      const [divisions, teams, fields, rows, results] = await Promise.all([
        leagueDivisions(db, id),
        leagueTeams(db, id),
        leagueFields(db, id),
        leagueGameRows(db, id),
        leagueResults(db, id),
      ]);
      const name = new Map(teams.map((t) => [t.id, t.name]));
      const fieldOf = new Map(fields.map((f) => [f.id, f]));
      if (team !== undefined && !name.has(team)) throw notFound("That team of the league");
      if (field !== undefined && !fieldOf.has(field)) throw notFound("That field of the league");
      const division = new Map(divisions.map((d) => [d.id, d.name]));
      const games = rows.filter(
        (g) =>
          g.published_revision !== null &&
          (team === undefined || g.home_team_id === team || g.away_team_id === team) &&
          (field === undefined || g.field_id === field),
      );
      const title = team
        ? `${name.get(team)} · ${league.name}`
        : field
          ? `${fieldLabel(fieldOf.get(field)!.name, "")} · ${league.name}`
          : league.name;
      const body = renderLeagueCalendar(
        {
          name: league.name,
          timeZone: league.timeZone,
          publicUrl: config.publicUrl,
          pageUrl: `${config.publicUrl}/league/${encodeURIComponent(id)}`,
        },
        title,
        games.map((g) => {
          const result = results.get(g.id);
          return {
            id: g.id,
            date: g.local_date,
            startTime: g.start_time,
            durationMinutes: Number(g.duration_minutes),
            homeTeam: name.get(g.home_team_id) ?? "",
            awayTeam: name.get(g.away_team_id) ?? "",
            field: fieldOf.get(g.field_id) ?? { name: "", address: null },
            subField: g.sub_field,
            division: division.get(g.division_id) ?? "",
            cancelled: g.status === "cancelled",
            revision: Number(g.published_revision),
            updatedAt: g.updated_at,
            score: result?.state === "confirmed" ? `${result.home}–${result.away}` : null,
          };
        }),
      );
      c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
      return c.body(body, 200, { "Content-Type": "text/calendar; charset=utf-8" });
    })
    .openapi(read, async (c) => {
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const body = await readPublicLeague(database.db, hub, id);
      c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
      return c.json(body, 200);
    });
}
