import type { PublicLeagueTeam } from "#domain/api/leagues.js";
import { fieldLabel } from "#domain/leagues/league.js";
import { html, page } from "./html.js";
import {
  calendarPath,
  confirmedScore,
  dayLabel,
  gameState,
  leaguePath,
  standingsTable,
  type PublicGame,
  type StandingRow,
} from "./league-parts.js";

/*
 * /league/:id/teams/:teamId (docs/product.md §17): one league team's public page as finished HTML, for its
 * parents, no sign-in and no script: its record, its games from its side with their results, its division's
 * standings with its row marked, and its calendar feed. Team-level only.
 */

/** 1st, 2nd, 3rd, 4th, … 11th, 12th, 13th, … 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th";
  return `${n}${suffix}`;
}

/** The team's record in a line: "3–1–0 · 2nd of 6 in 10U", or "No results yet" before its first result counts. */
function recordLine(row: StandingRow | undefined, teams: number, divisionName: string): string {
  if (!row || row.played === 0) return "No results yet";
  return `${row.wins}–${row.losses}–${row.ties} · ${ordinal(row.rank)} of ${teams} in ${divisionName}`;
}

/** A confirmed score from the team's side: "W 21–14", "L 6–8 (forfeit)", "T 7–7"; null while it has none. */
function scoreFromSide(game: PublicGame, teamId: string): string | null {
  const { result } = game;
  if (confirmedScore(game) === null || result.home === null || result.away === null) return null;
  const home = game.homeTeamId === teamId;
  const ours = home ? result.home : result.away;
  const theirs = home ? result.away : result.home;
  const outcome = ours > theirs ? "W" : ours < theirs ? "L" : "T";
  return `${outcome} ${ours}–${theirs}${result.forfeit ? " (forfeit)" : ""}`;
}

export function renderLeagueTeamPage(data: PublicLeagueTeam): string {
  const { league, team, division } = data;
  const teamName = new Map(data.teams.map((t) => [t.id, t.name]));
  const fields = new Map(data.fields.map((f) => [f.id, f]));
  const row = division.standings.find((r) => r.teamId === team.id);
  const days = [...new Set(data.games.map((g) => g.date))];
  const games = days.map((day) => {
    const lines = data.games
      .filter((g) => g.date === day)
      .map((g) => {
        const home = g.homeTeamId === team.id;
        const opponent = teamName.get(home ? g.awayTeamId : g.homeTeamId);
        const field = fields.get(g.fieldId);
        return html`<li>
          <span class="time">${g.startTime}</span
          ><span>${home ? "v" : "at"} ${opponent}${gameState(g, scoreFromSide(g, team.id))}</span
          ><span class="place">${field ? fieldLabel(field.name, g.subField) : ""}</span>
        </li>`;
      });
    return html`<div class="card">
      <h3>${dayLabel(day)}</h3>
      <ul class="games">
        ${lines}
      </ul>
    </div>`;
  });
  const body = html`<p class="eyebrow"><a href="${leaguePath(league.id)}">${league.name}</a> · ${division.name}</p>
    <h1>${team.name}</h1>
    <p class="record">${recordLine(row, division.standings.length, division.name)}</p>
    <p class="muted">Times are ${league.timeZone}.</p>
    <section aria-labelledby="games-heading">
      <h2 id="games-heading">Games</h2>
      ${days.length === 0 ? html`<p>No games published yet.</p>` : games}
    </section>
    <section aria-labelledby="standings-heading">
      <h2 id="standings-heading">${division.name} standings</h2>
      ${standingsTable({
        leagueId: league.id,
        standings: division.standings,
        teamName,
        labelledBy: "standings-heading",
        currentTeamId: team.id,
      })}
    </section>
    <p>
      <a href="${calendarPath(league.id, { team: team.id })}">Subscribe to ${team.name}'s games in your calendar</a>
      <span class="muted">(copy the link into your calendar app; changes follow).</span>
    </p>`;
  return page({
    title: `${team.name} · ${league.name} · Flagline`,
    description: `${team.name} in ${league.name}: record, games and ${division.name} standings.`,
    body,
  });
}
