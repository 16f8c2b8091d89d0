import { createRoute, z } from "@hono/zod-openapi";
import { publicLeagueSchema, type PublicLeague } from "#domain/api/leagues.js";
import type { LeagueGameResult } from "#domain/leagues/results.js";
import { computeStandings } from "#domain/leagues/standings.js";
import { leagueGameRows } from "../db/league-games.js";
import { leagueDivisions, leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { renderLeagueCalendar } from "../http/league-calendar-ics.js";
import { fieldLabel } from "#domain/leagues/league.js";
import { bracketViews } from "../leagues/bracket-view.js";
import { confirmedResults, leagueResults } from "../leagues/results.js";

/*
 * A league's public page (docs/product.md §17): without sign-in, the league's published schedule, its teams,
 * fields, each division's standings and its published playoff bracket. Team-level only: a team by the name the
 * league shows, never a player, a child's name or photo, a coach, an address of a person, or a draft. Parents open
 * it on Saturday morning: it is cached for a minute by the browser and any proxy, so a league's crowd costs one read
 * a minute per page.
 */

const PUBLIC_MAX_AGE_SECONDS = 60;

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
      // The brackets its teams have games of; playoff games do not count in the standings.
      const { brackets, playoffGameIds } = await bracketViews(db, id, { publishedOnly: true, results });
      const season = published.filter((g) => !playoffGameIds.has(g.id));
      const division = new Map(season.map((g) => [g.id, g.division_id]));
      const confirmed = confirmedResults(season, results).map((r) => ({ ...r, divisionId: division.get(r.gameId) }));
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
        brackets,
      };
      c.header("Cache-Control", `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`);
      return c.json(body, 200);
    });
}
