import { clsx } from "clsx";
import type { ReactNode } from "react";
import type { GameResult } from "#domain/snaps";
import { formatCount, lazyFormat, NONE } from "~/ui/format";
import { Missing, YARDS_NOT_LOGGED } from "~/ui/stat-lines";
import type { GameState } from "./box-score";

/** Whose pages these are: the same screens serve coaches (/coach/games) and players (/player/games). */
export type GamesArea = "coach" | "player";

export const gamesPath = (area: GamesArea) => `/${area}/games`;
export const boxScorePath = (area: GamesArea, sessionId: string) =>
  `${gamesPath(area)}/${encodeURIComponent(sessionId)}`;

const RESULT_WORDS: Record<GameResult, string> = { W: "Won", L: "Lost", T: "Tied" };
const RESULT_STYLES: Record<GameResult, string> = {
  W: "border-field-700 bg-field-700 text-white",
  L: "border-red-700 bg-red-700 text-white",
  T: "border-stone-600 bg-stone-600 text-white",
};

/** W, L or T once a game is final (spelled out for assistive technology); "In progress" or "Not started" before. */
export function ResultBadge({ state, className }: { state: GameState; className?: string }) {
  const base = "inline-flex min-w-8 items-center justify-center rounded-md border px-2 py-0.5 text-xs font-bold";
  if (state.result) {
    return (
      <abbr
        title={RESULT_WORDS[state.result]}
        className={clsx(base, "no-underline", RESULT_STYLES[state.result], className)}
      >
        {state.result}
      </abbr>
    );
  }
  return (
    <span
      className={clsx(
        base,
        state.status === "in_progress"
          ? "border-accent-500 bg-accent-100 text-stone-950"
          : "border-stone-300 bg-white text-stone-700",
        className,
      )}
    >
      {state.status === "in_progress" ? "In progress" : "Not started"}
    </span>
  );
}

const oneDecimal = lazyFormat(
  () => new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
);

/**
 * Why a yards-based figure is unknown: nothing of its kind yet (`noneYet`, when `of` is 0), or yards not logged on
 * every play (the stat lines' words, so every screen gives the same reason).
 */
export function whyNoYards(of: number, noneYet: string): string {
  return of === 0 ? noneYet : YARDS_NOT_LOGGED;
}

/** A whole figure (yards), or "—" with why it is missing. */
export function wholeFigure(value: number | null, why: string): ReactNode {
  return value === null ? <Missing reason={why} /> : formatCount(value);
}

/** A figure with one decimal (rating, average), or "—" with why it is missing. */
export function decimalFigure(value: number | null, why: string): ReactNode {
  return value === null ? <Missing reason={why} /> : oneDecimal().format(value);
}

/** "Home", "Away", or the dash when the coach did not say. */
export function homeAwayText(value: "home" | "away" | null): string {
  return value === "home" ? "Home" : value === "away" ? "Away" : NONE;
}
