import type { PublicLeague } from "#domain/api/leagues.js";
import type { LeagueGameResult } from "#domain/leagues/results.js";
import type { DivisionGame } from "./division-standings.js";

/*
 * What the public league pages show of a game (routes/league-public.ts, routes/league-team-page.ts): team-level
 * only, a confirmed score or that a result is not settled yet. The scorebooks are the teams'.
 */

/** How long a browser or proxy may keep a public league page or feed: a league's crowd costs one read a minute. */
export const PUBLIC_MAX_AGE_SECONDS = 60;

export type PublicGame = PublicLeague["games"][number];

/** What the public sees of a result: a confirmed score, or that it is not settled yet. */
function publicResult(result: LeagueGameResult | undefined): PublicGame["result"] {
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

export function publicGame(divisionId: string, g: DivisionGame): PublicGame {
  return {
    id: g.id,
    divisionId,
    homeTeamId: g.homeTeamId,
    awayTeamId: g.awayTeamId,
    fieldId: g.fieldId,
    subField: g.subField,
    date: g.date,
    startTime: g.startTime,
    durationMinutes: g.durationMinutes,
    cancelled: g.cancelled,
    result: publicResult(g.result),
  };
}

const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** By day, start time, field and sub-field (then id): as a schedule is read, the same on both engines. */
export function byPlace(
  a: Pick<PublicGame, "date" | "startTime" | "fieldId" | "subField" | "id">,
  b: Pick<PublicGame, "date" | "startTime" | "fieldId" | "subField" | "id">,
): number {
  return (
    order(a.date, b.date) ||
    order(a.startTime, b.startTime) ||
    order(a.fieldId, b.fieldId) ||
    order(a.subField, b.subField) ||
    order(a.id, b.id)
  );
}
