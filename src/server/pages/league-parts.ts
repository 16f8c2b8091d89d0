import type { PublicLeague } from "#domain/api/leagues.js";
import { html, type SafeHtml } from "./html.js";

/*
 * What both public league pages draw (league-page.ts, league-team-page.ts): a division's standings table, a day's
 * name, a game's confirmed score, and the addresses of the pages and feeds.
 */

export type StandingRow = PublicLeague["divisions"][number]["standings"][number];
export type PublicGame = PublicLeague["games"][number];

const id = encodeURIComponent;

export const leaguePath = (leagueId: string) => `/league/${id(leagueId)}`;
const teamPath = (leagueId: string, teamId: string) => `/league/${id(leagueId)}/teams/${id(teamId)}`;

/** The league's calendar feed, all of it or narrowed to one team or one field. */
export function calendarPath(leagueId: string, only: { team?: string; field?: string } = {}): string {
  const base = `/api/public/leagues/${id(leagueId)}/calendar.ics`;
  if (only.team) return `${base}?team=${id(only.team)}`;
  if (only.field) return `${base}?field=${id(only.field)}`;
  return base;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});

/** A calendar day "2027-03-06" as "Sat, Mar 6, 2027": a day of the league's, never shifted by a zone. */
export function dayLabel(day: string): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) ? day : dayFormat.format(time);
}

/** The date ("YYYY-MM-DD") and time ("HH:MM") where the league plays, for the schedule to open on. */
export interface LeagueNow {
  date: string;
  time: string;
}

export function nowIn(timeZone: string, now: Date = new Date()): LeagueNow {
  try {
    const parts = new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
    return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` };
  } catch {
    return { date: now.toISOString().slice(0, 10), time: now.toISOString().slice(11, 16) };
  }
}

/** A confirmed score, home first: "8–6", "8–0 (forfeit)"; null while the game has none. */
export function confirmedScore(game: PublicGame): string | null {
  const { result } = game;
  if (result.state !== "confirmed" || result.home === null || result.away === null) return null;
  return `${result.home}–${result.away}${result.forfeit ? " (forfeit)" : ""}`;
}

/** What a game's line adds after the teams: its score, that its result is pending, or that it is cancelled. */
export function gameState(game: PublicGame, score: string | null): SafeHtml {
  return html`${score ? html`<strong class="score">${score}</strong>` : null}${
    game.result.state === "pending" ? html`<span class="score muted">Result pending</span>` : null
  }${game.cancelled ? html`<strong class="cancelled">Cancelled</strong>` : null}`;
}

const COLUMNS: ReadonlyArray<{ label: string; title?: string; numeric?: boolean }> = [
  { label: "#", title: "Rank" },
  { label: "Team" },
  { label: "W", title: "Wins", numeric: true },
  { label: "L", title: "Losses", numeric: true },
  { label: "T", title: "Ties", numeric: true },
  { label: "Pct", title: "Winning percentage", numeric: true },
  { label: "PF", title: "Points for", numeric: true },
  { label: "PA", title: "Points against", numeric: true },
  { label: "Diff", title: "Point difference", numeric: true },
  { label: "Streak" },
  { label: "Last 5" },
];

/**
 * A division's standings (docs/product.md §17): rank, team, W-L-T, winning percentage, points, difference, streak
 * and the last five. Each team's name links to its page, except `currentTeamId`'s row, which is marked
 * aria-current (it is the page the reader is on). Named by `caption`, or by the element `labelledBy` names.
 */
export function standingsTable(opts: {
  leagueId: string;
  standings: readonly StandingRow[];
  teamName: ReadonlyMap<string, string>;
  caption?: string;
  labelledBy?: string;
  currentTeamId?: string;
}): SafeHtml {
  const { leagueId, standings, teamName, caption, labelledBy, currentTeamId } = opts;
  const rows = standings.map((row) => {
    const current = row.teamId === currentTeamId;
    const name = teamName.get(row.teamId) ?? "";
    const pct = row.winPct.toFixed(3).replace(/^0/, "");
    const diff = row.difference > 0 ? `+${row.difference}` : String(row.difference);
    return html`<tr${current ? html` aria-current="true"` : null}><td>${row.rank}</td><th scope="row">${
      current ? name : html`<a href="${teamPath(leagueId, row.teamId)}">${name}</a>`
    }</th><td class="n">${row.wins}</td><td class="n">${row.losses}</td><td class="n">${row.ties}</td><td class="n">${pct}</td><td class="n">${row.pointsFor}</td><td class="n">${row.pointsAgainst}</td><td class="n">${diff}</td><td>${row.streak || "—"}</td><td>${row.last5.length > 0 ? row.last5.join(" ") : "—"}</td></tr>`;
  });
  const head = COLUMNS.map(
    (c) =>
      html`<th scope="col" ${c.numeric ? html` class="n"` : null}${c.title ? html` title="${c.title}"` : null}>
        ${c.label}
      </th>`,
  );
  return html`<div class="card scroll"><table${labelledBy ? html` aria-labelledby="${labelledBy}"` : null}>${
    caption !== undefined
      ? html`<caption>
          ${caption}
        </caption>`
      : null
  }<thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>${
    standings.length === 0 ? html`<p class="muted">No teams yet.</p>` : null
  }</div>`;
}
