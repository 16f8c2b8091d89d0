/**
 * One result from two scorebooks (docs/product.md §17, issue #31). Each team logs its own game as it always does;
 * a league game's result follows from what the two teams' final scores say, and from what a coach or an admin
 * decided about them. Pure: the server reads the scorebooks and decisions and stores nothing derived, so a result
 * is never out of step with the scorebooks it comes from.
 */

/** A team's final score of a league game, turned to the league game's sides. */
export interface Scorebook {
  readonly home: number;
  readonly away: number;
}

export type ResultDecisionKind = "admin" | "accepted" | "confirmed";

/**
 * What someone decided about a game's result. `admin`: the league's admin entered or overrode it (a forfeit is
 * one); `accepted`: a coach accepted the other team's differing scorebook; `confirmed`: a coach whose team did not
 * log the game confirmed the other team's score.
 */
export interface ResultDecision {
  readonly kind: ResultDecisionKind;
  readonly home: number;
  readonly away: number;
  /** The side that forfeited (it loses): admin decisions only. */
  readonly forfeit: "home" | "away" | null;
}

export const RESULT_STATES = ["scheduled", "awaiting_confirmation", "disputed", "confirmed"] as const;

export const RESULT_SOURCES = ["scorebooks", "accepted", "confirmed", "admin"] as const;
type ResultSource = (typeof RESULT_SOURCES)[number];

export type LeagueGameResult =
  | { readonly state: "scheduled" }
  /** One team logged the game: its score waits for the other team's coach, or the admin. */
  | {
      readonly state: "awaiting_confirmation";
      readonly home: number;
      readonly away: number;
      readonly loggedBy: "home" | "away";
    }
  /** Both teams logged it and their final scores differ. */
  | { readonly state: "disputed"; readonly homeBook: Scorebook; readonly awayBook: Scorebook }
  | {
      readonly state: "confirmed";
      readonly home: number;
      readonly away: number;
      readonly forfeit: "home" | "away" | null;
      readonly source: ResultSource;
    };

const same = (a: Scorebook, b: Scorebook) => a.home === b.home && a.away === b.away;

/**
 * The result of a league game from its two scorebooks (null: that team has not ended its game, or does not play
 * on Flagline) and the decision kept for it. A coach's decision counts only while a scorebook still shows the
 * score it was about: a game reopened and changed afterwards makes it stale, and the scorebooks speak again. An
 * admin's decision always stands.
 */
export function resolveResult(
  homeBook: Scorebook | null,
  awayBook: Scorebook | null,
  decision: ResultDecision | null,
): LeagueGameResult {
  if (decision?.kind === "admin") {
    return { state: "confirmed", home: decision.home, away: decision.away, forfeit: decision.forfeit, source: "admin" };
  }
  const books = [homeBook, awayBook].filter((b): b is Scorebook => b !== null);
  const backed = decision !== null && books.some((b) => same(b, decision));
  if (homeBook && awayBook) {
    if (same(homeBook, awayBook)) {
      return { state: "confirmed", home: homeBook.home, away: homeBook.away, forfeit: null, source: "scorebooks" };
    }
    if (backed && decision.kind === "accepted") {
      return { state: "confirmed", home: decision.home, away: decision.away, forfeit: null, source: "accepted" };
    }
    return { state: "disputed", homeBook, awayBook };
  }
  const only = homeBook ?? awayBook;
  if (!only) return { state: "scheduled" };
  if (backed && decision.kind === "confirmed") {
    return { state: "confirmed", home: only.home, away: only.away, forfeit: null, source: "confirmed" };
  }
  return { state: "awaiting_confirmation", home: only.home, away: only.away, loggedBy: homeBook ? "home" : "away" };
}

/** One scoring play of a scorebook, turned to the league game's sides. */
export interface ScoringPlay {
  readonly period: number;
  /** The snap's kind as the logger names it ("pass", "run", "try", …). */
  readonly kind: string;
  readonly home: number;
  readonly away: number;
}

/**
 * Where two scorebooks of one game part: the index of the first scoring play that differs (in who scored, how
 * many points, or the period), or the shorter list's length when one book has a scoring play the other lacks;
 * null when they agree play for play.
 */
export function firstDivergence(a: readonly ScoringPlay[], b: readonly ScoringPlay[]): number | null {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x.home !== y.home || x.away !== y.away || x.period !== y.period) return i;
  }
  return a.length === b.length ? null : n;
}
