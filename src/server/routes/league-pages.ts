import type { Context } from "hono";
import type { AppEnv } from "../http/context.js";
import { createRouter } from "../http/context.js";
import { ApiError } from "../http/errors.js";
import { readPublicLeague, readPublicLeagueTeam } from "../leagues/public-reads.js";
import { PUBLIC_MAX_AGE_SECONDS } from "../leagues/public-view.js";
import { messagePage, PAGE_CSP } from "../pages/html.js";
import { renderLeaguePage, type ScheduleQuery } from "../pages/league-page.js";
import { leaguePath, nowIn } from "../pages/league-parts.js";
import { renderLeagueTeamPage } from "../pages/league-team-page.js";

/*
 * The public league pages a parent opens (docs/product.md §17, decision 0042): /league/:id and
 * /league/:id/teams/:teamId, answered as finished HTML with no script (pages/), from the same reads as their JSON
 * (leagues/public-reads.ts). Cached a minute by browsers and proxies, like the JSON and the calendar feeds; a
 * division's standings are held between changes (leagues/standings-cache.ts). Not part of the API document: they
 * are pages. Bad input gets a page that says what is wrong, with a 4xx; a failure of the server (the database out
 * of reach) a page saying to come back in a minute, naming the request (leaguePageFailure, from app.ts onError).
 */

/** As long as an id of the API may be (http/path-params.ts). */
const ID_MAX = 200;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function answer(c: Context<AppEnv>, status: 200 | 400 | 404, body: string, cache: boolean): Response {
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("Cache-Control", cache ? `public, max-age=${PUBLIC_MAX_AGE_SECONDS}` : "no-store");
  return c.html(body, status);
}

/** An ApiError of the reads (a league or team not there) as a page saying so; anything else is the app's error. */
function refusal(c: Context<AppEnv>, error: unknown, back?: { href: string; label: string }): Response {
  if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
    const title = error.status === 404 ? "Not found" : "Not a valid address";
    return answer(c, error.status, messagePage(title, error.message, back), false);
  }
  throw error;
}

const LEAGUE_PAGES = "/league/";

/**
 * The answer to a failure of the server (app.ts onError) when the request was for a league page: a page, not the
 * API's JSON, that says to come back in a minute and names the request (the reqId of the failure's log line).
 * A 503 (the database out of reach or out of room, the file store down) keeps the Retry-After onError set.
 * null: not a league page.
 */
export function leaguePageFailure(c: Context<AppEnv>, status: 500 | 503): Response | null {
  if (!c.req.path.startsWith(LEAGUE_PAGES)) return null;
  const [title, message] =
    status === 503
      ? ["Unavailable for a moment", "This league's pages are unavailable for a moment. Please try again in a minute."]
      : ["Something went wrong", "Something went wrong on our side showing this page. Please try again in a minute."];
  c.header("Content-Security-Policy", PAGE_CSP);
  c.header("Cache-Control", "no-store");
  // The same address again, as it was sent (a league page's path: the link stays on this site).
  const url = new URL(c.req.url);
  const again = { href: url.pathname + url.search, label: "Try again" };
  return c.html(messagePage(title, message, again, c.get("requestId")), status);
}

/** A query value as given, or undefined for none (a form's "All teams" sends an empty value). */
function optional(value: string | undefined): string | undefined {
  return value === undefined || value === "" ? undefined : value;
}

export function leaguePageRoutes() {
  return createRouter()
    .get("/league/:id", async (c) => {
      const id = c.req.param("id");
      const home = { href: "/", label: "Go to Flagline" };
      try {
        if (id.length > ID_MAX) throw new ApiError(404, "not_found", "There is no league at this address.");
        const query: ScheduleQuery = {
          team: optional(c.req.query("team")),
          field: optional(c.req.query("field")),
          day: optional(c.req.query("day")),
        };
        if (query.day !== undefined && query.day !== "all" && !DAY.test(query.day)) {
          throw new ApiError(400, "invalid_day", "The day must be a date (YYYY-MM-DD) or all.");
        }
        const { database, hub } = c.get("services");
        const league = await readPublicLeague(database.db, hub, id).catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) {
            throw new ApiError(404, "not_found", "There is no league at this address.");
          }
          throw error;
        });
        const back = { href: leaguePath(id), label: `Go to ${league.name}` };
        if (query.team !== undefined && !league.teams.some((t) => t.id === query.team)) {
          return answer(c, 404, messagePage("Not found", "That team is not in this league.", back), false);
        }
        if (query.field !== undefined && !league.fields.some((f) => f.id === query.field)) {
          return answer(c, 404, messagePage("Not found", "That field is not this league's.", back), false);
        }
        return answer(c, 200, renderLeaguePage(league, query, nowIn(league.timeZone)), true);
      } catch (error) {
        return refusal(c, error, home);
      }
    })
    .get("/league/:id/teams/:teamId", async (c) => {
      const id = c.req.param("id");
      const teamId = c.req.param("teamId");
      try {
        if (id.length > ID_MAX || teamId.length > ID_MAX) {
          throw new ApiError(404, "not_found", "There is no league team at this address.");
        }
        const { database, hub } = c.get("services");
        const data = await readPublicLeagueTeam(database.db, hub, id, teamId);
        return answer(c, 200, renderLeagueTeamPage(data), true);
      } catch (error) {
        return refusal(c, error, { href: leaguePath(id), label: "Go to the league" });
      }
    });
}
