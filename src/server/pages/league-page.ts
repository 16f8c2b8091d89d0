import type { PublicLeague } from "#domain/api/leagues.js";
import type { BracketView } from "#domain/api/league-playoffs.js";
import { bracketGameTitle, bracketOutcome } from "#domain/leagues/bracket-words.js";
import { fieldLabel } from "#domain/leagues/league.js";
import { html, page, type SafeHtml } from "./html.js";
import {
  calendarPath,
  confirmedScore,
  dayLabel,
  gameState,
  leaguePath,
  standingsTable,
  type LeagueNow,
  type PublicGame,
} from "./league-parts.js";

/*
 * /league/:id (docs/product.md §17): a league's public page as finished HTML, for parents on a Saturday morning,
 * no sign-in and no script. The schedule is narrowed by a plain form (team, field, day), so it works on any phone;
 * a large league's schedule opens on one day (today's, or the next with games) with links to the days around it,
 * and on that day on what is on now and next: a Saturday of a 200-team league is 240 games, and a page of them all
 * was most of a slow phone's first second (decision 0042). The whole day is a link away.
 */

/** A league with at most this many published games shows its whole schedule at once; a larger one, a day. */
export const WHOLE_SCHEDULE_UP_TO = 120;
/** How many of the day's games a large league's page opens on, from the games under way on. */
export const NOW_AND_NEXT_GAMES = 48;

export interface ScheduleQuery {
  team?: string;
  field?: string;
  /** "YYYY-MM-DD", or "all". */
  day?: string;
}

/** What the schedule shows for a query: its games, the days they fall on, and the days before and after. */
export interface ScheduleView {
  games: PublicGame[];
  days: string[];
  /** The one day shown, or null for every day. */
  day: string | null;
  previous: string | null;
  next: string | null;
  /** Every day with a game of the team or field asked for (the day picker's choices). */
  allDays: string[];
  /** Set when only the day's games under way and next are shown: how many games the whole day has. */
  dayTotal: number | null;
}

/**
 * The schedule for a query: the team's or field's games, on the day asked for. With no day asked, a team's or
 * field's whole season (a few games), or, for a large league unfiltered, the day of `now` or the next day with
 * games (the last day once the season is over), from its games under way (started within the hour) on, at most
 * NOW_AND_NEXT_GAMES of them.
 */
export function scheduleView(league: PublicLeague, query: ScheduleQuery, now: LeagueNow): ScheduleView {
  const matching = league.games.filter(
    (g) =>
      (!query.team || g.homeTeamId === query.team || g.awayTeamId === query.team) &&
      (!query.field || g.fieldId === query.field),
  );
  const allDays = [...new Set(matching.map((g) => g.date))];
  let day: string | null = null;
  let opening = false;
  if (query.day && query.day !== "all") day = query.day;
  else if (!query.day && !query.team && !query.field && matching.length > WHOLE_SCHEDULE_UP_TO) {
    day = allDays.find((d) => d >= now.date) ?? allDays.at(-1) ?? null;
    opening = true;
  }
  let games = day === null ? matching : matching.filter((g) => g.date === day);
  let dayTotal: number | null = null;
  if (opening && games.length > NOW_AND_NEXT_GAMES) {
    const from = day === now.date ? hourBefore(now.time) : "";
    const next = games.filter((g) => g.startTime >= from);
    // After the day's last start, its last games.
    const shown = (next.length > 0 ? next : games.slice(-NOW_AND_NEXT_GAMES)).slice(0, NOW_AND_NEXT_GAMES);
    dayTotal = games.length;
    games = shown;
  }
  const days = [...new Set(games.map((g) => g.date))];
  const previous = day === null ? null : (allDays.filter((d) => d < day).at(-1) ?? null);
  const next = day === null ? null : (allDays.find((d) => d > day) ?? null);
  return { games, days, day, previous, next, allDays, dayTotal };
}

/** "HH:MM" an hour before: a game started within the hour is still on. */
function hourBefore(time: string): string {
  const [h, m] = time.split(":").map(Number);
  const minutes = Math.max(0, (h ?? 0) * 60 + (m ?? 0) - 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** This page's address for a query, with the schedule in view. */
function schedulePath(leagueId: string, query: ScheduleQuery): string {
  const params = new URLSearchParams();
  if (query.team) params.set("team", query.team);
  if (query.field) params.set("field", query.field);
  if (query.day) params.set("day", query.day);
  const search = params.toString();
  return `${leaguePath(leagueId)}${search ? `?${search}` : ""}#schedule-heading`;
}

function bracketSection(bracket: BracketView, divisionName: string): SafeHtml {
  const label = `${divisionName} playoffs`;
  const rounds = bracket.rounds.map((round) => {
    const headingId = `bracket-${bracket.divisionId}-${round.round}`;
    const games = round.games.map((game) => {
      const title = bracketGameTitle(game);
      const outcome = bracketOutcome(game);
      return html`<li aria-label="${title}">
        <strong>${title}</strong>${
          game.place
            ? html`<span class="muted line"
                >${dayLabel(game.place.date)}, ${game.place.startTime} ·
                ${fieldLabel(game.place.field, game.place.subField)}</span
              >`
            : null
        }${outcome ? html`<span class="line">${outcome}</span>` : null}
      </li>`;
    });
    return html`<section aria-labelledby="${headingId}">
      <h4 id="${headingId}">${round.name}</h4>
      <ol class="round">
        ${games}
      </ol>
    </section>`;
  });
  return html`<section aria-label="${label}" class="card">
    <h3>${divisionName}</h3>
    ${
      bracket.champion
        ? html`<p><strong>Champions: ${bracket.champion.team} (seed ${bracket.champion.seed})</strong></p>`
        : null
    }
    <div class="rounds">${rounds}</div>
  </section>`;
}

function scheduleSection(league: PublicLeague, query: ScheduleQuery, view: ScheduleView): SafeHtml {
  const teamName = new Map(league.teams.map((t) => [t.id, t.name]));
  const fields = new Map(league.fields.map((f) => [f.id, f]));
  const divisionName = new Map(league.divisions.map((d) => [d.id, d.name]));
  const option = (value: string, label: string, chosen: string | null | undefined) =>
    html`<option value="${value}" ${value === (chosen ?? "") ? html` selected` : null}>${label}</option>`;
  const form = html`<form class="filters" method="get" action="${leaguePath(league.id)}#schedule-heading">
    <label
      >Team<select name="team">
        ${option("", "All teams", query.team)}${league.teams.map((t) => option(t.id, t.name, query.team))}
      </select></label
    >
    <label
      >Field<select name="field">
        ${option("", "All fields", query.field)}${league.fields.map((f) => option(f.id, f.name, query.field))}
      </select></label
    >
    <label
      >Day<select name="day">
        ${option("all", "All days", view.day === null ? "all" : view.day)}${view.allDays.map((d) => option(d, dayLabel(d), view.day))}
      </select></label
    >
    <button type="submit">Show games</button>
  </form>`;
  const subject = query.team
    ? `${teamName.get(query.team)}'s games`
    : query.field
      ? "this field's games"
      : "every game";
  const around =
    view.previous || view.next
      ? html`<nav class="days" aria-label="Days">
          ${
            view.previous
              ? html`<a href="${schedulePath(league.id, { ...query, day: view.previous })}"
                  >‹ ${dayLabel(view.previous)}</a
                >`
              : html`<span></span>`
          }${view.next ? html`<a href="${schedulePath(league.id, { ...query, day: view.next })}">${dayLabel(view.next)} ›</a>` : null}
        </nav>`
      : null;
  const line = (g: PublicGame) => {
    const field = fields.get(g.fieldId);
    return html`<li>
      <span class="time">${g.startTime}</span
      ><span>${teamName.get(g.homeTeamId)} v ${teamName.get(g.awayTeamId)}${gameState(g, confirmedScore(g))}</span
      ><span class="place">${field ? fieldLabel(field.name, g.subField) : ""} · ${divisionName.get(g.divisionId)}</span>
    </li>`;
  };
  // A day's games by start time, each time its own list: a Saturday of 100 games is laid out as it is scrolled to.
  const days = view.days.map((day) => {
    const games = view.games.filter((g) => g.date === day);
    const times = [...new Set(games.map((g) => g.startTime))];
    return html`<div class="card">
      <h3>${dayLabel(day)}</h3>
      ${times.map(
        (time) =>
          html`<ul class="games later">
            ${games.filter((g) => g.startTime === time).map(line)}
          </ul>`,
      )}
    </div>`;
  });
  return html`<section aria-labelledby="schedule-heading">
    <h2 id="schedule-heading">Schedule</h2>
    ${form}
    <p>
      <a href="${calendarPath(league.id, { team: query.team, field: query.field })}"
        >Subscribe to ${subject} in your calendar</a
      >
      <span class="muted">(copy the link into your calendar app; changes follow).</span>
    </p>
    ${around}${
      view.dayTotal !== null && view.day !== null
        ? html`<p>
            The games under way and next: ${view.games.length} of the day's ${view.dayTotal}.
            <a href="${schedulePath(league.id, { day: view.day })}"
              >Show all ${view.dayTotal} games of ${dayLabel(view.day)}</a
            >
          </p>`
        : null
    }${view.days.length === 0 ? html`<p>No games published yet.</p>` : days}${around}
  </section>`;
}

/** The whole page for a league and a schedule query (already checked: its team and field are the league's). */
export function renderLeaguePage(league: PublicLeague, query: ScheduleQuery, now: LeagueNow): string {
  const teamName = new Map(league.teams.map((t) => [t.id, t.name]));
  const divisionName = new Map(league.divisions.map((d) => [d.id, d.name]));
  const view = scheduleView(league, query, now);
  const body = html`<p class="eyebrow">League</p>
    <h1>${league.name}</h1>
    <p class="muted">Times are ${league.timeZone}.</p>
    <nav aria-label="On this page">
      <a href="#standings-heading">Standings</a>${
        league.brackets.length > 0 ? html` · <a href="#playoffs-heading">Playoffs</a>` : null
      }
      · <a href="#schedule-heading">Schedule</a>
    </nav>
    <section aria-labelledby="standings-heading">
      <h2 id="standings-heading">Standings</h2>
      ${league.divisions.map((d) =>
        standingsTable({ leagueId: league.id, standings: d.standings, teamName, caption: d.name }),
      )}
    </section>
    ${
      league.brackets.length > 0
        ? html`<section aria-labelledby="playoffs-heading">
            <h2 id="playoffs-heading">Playoffs</h2>
            ${league.brackets.map((b) => bracketSection(b, divisionName.get(b.divisionId) ?? ""))}
          </section>`
        : null
    }
    ${scheduleSection(league, query, view)}`;
  return page({
    title: `${league.name} · Flagline`,
    description: `${league.name}: standings, results and schedule.`,
    body,
  });
}
