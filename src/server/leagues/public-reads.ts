import type { Kysely } from "kysely";
import type { PublicLeague, PublicLeagueTeam } from "#domain/api/leagues.js";
import { leagueTeamOf } from "../db/league-division.js";
import { leagueDivisions, leagueFields, leagueSettings, leagueTeams, standingsRulesOf } from "../db/leagues.js";
import type { DB } from "../db/schema.js";
import { notFound } from "../http/errors.js";
import type { TeamHub } from "../realtime/hub.js";
import { bracketViews } from "./bracket-view.js";
import { byPlace, publicGame } from "./public-view.js";
import { standingsCacheOf } from "./standings-cache.js";

/*
 * What the public league pages show (docs/product.md §17), read once for both ways they are answered: as JSON
 * (routes/league-public.ts, routes/league-team-page.ts) and as the finished HTML pages parents open
 * (routes/league-pages.ts). Team-level only: a team by the name the league shows, never a player, a child's name or
 * photo, a coach, or a draft. Every division's standings come through the held copy (standings-cache.ts), so the
 * league's page and each team's page show the same numbers.
 */

/** A league's public page: published schedule, teams, fields, standings and published brackets. 404 when none. */
export async function readPublicLeague(db: Kysely<DB>, hub: TeamHub, id: string): Promise<PublicLeague> {
  const league = await leagueSettings(db, id);
  if (!league) throw notFound("That league");
  const [divisions, teams, fields] = await Promise.all([
    leagueDivisions(db, id),
    leagueTeams(db, id),
    leagueFields(db, id),
  ]);
  const rules = standingsRulesOf(league);
  // Division by division, as a team's page reads its own: the same numbers.
  const byDivision = await Promise.all(divisions.map((d) => standingsCacheOf(hub).get(db, d.id, rules)));
  const results = new Map(byDivision.flatMap((d) => d.games.map((g) => [g.id, g.result] as const)));
  const { brackets } = await bracketViews(db, id, { publishedOnly: true, results });
  return {
    id: league.id,
    name: league.name,
    timeZone: league.timeZone,
    tiebreakers: league.tiebreakers,
    divisions: divisions.map((d, i) => ({
      id: d.id,
      name: d.name,
      // Confirmed season results only count; teams sharing a rank are listed by name.
      standings: byDivision[i]!.standings.map((row) => ({ ...row, last5: [...row.last5] })),
    })),
    teams: teams.map((t) => ({ id: t.id, name: t.name, divisionId: t.divisionId })),
    fields,
    games: byDivision.flatMap((d, i) => d.games.map((g) => publicGame(divisions[i]!.id, g))).sort(byPlace),
    brackets,
  };
}

/**
 * A league team's public page: its division's standings and its own games, read from its division alone
 * (division-standings.ts), so it costs one query of games however large the league. 404 when either is unknown.
 */
export async function readPublicLeagueTeam(
  db: Kysely<DB>,
  hub: TeamHub,
  id: string,
  teamId: string,
): Promise<PublicLeagueTeam> {
  const [league, team] = await Promise.all([leagueSettings(db, id), leagueTeamOf(db, id, teamId)]);
  if (!league) throw notFound("That league");
  if (!team) throw notFound("That team of the league");
  const [divisions, allFields, division] = await Promise.all([
    leagueDivisions(db, id),
    leagueFields(db, id),
    standingsCacheOf(hub).get(db, team.divisionId, standingsRulesOf(league)),
  ]);
  const games = division.games.filter((g) => g.homeTeamId === team.id || g.awayTeamId === team.id);
  const used = new Set(games.map((g) => g.fieldId));
  return {
    league: { id: league.id, name: league.name, timeZone: league.timeZone },
    team: { id: team.id, name: team.name },
    division: {
      id: team.divisionId,
      name: divisions.find((d) => d.id === team.divisionId)?.name ?? "",
      standings: division.standings.map((row) => ({ ...row, last5: [...row.last5] })),
    },
    teams: division.teams.map((t) => ({ id: t.id, name: t.name })),
    fields: allFields.filter((f) => used.has(f.id)),
    games: games.map((g) => publicGame(team.divisionId, g)),
  };
}
