import type { BracketGameView } from "../api/league-playoffs.js";

/*
 * A playoff game in words (docs/product.md §17, decision 0038), as the admin's bracket panel
 * (web/features/leagues/league-bracket.tsx) and the public league page (server/pages/league-page.ts) both say it.
 */

/** One side of a bracket game: "1 Harbor Hawks", or "To be decided" before the game before it is settled. */
function bracketSide(side: BracketGameView["home"]): string {
  return side ? `${side.seed} ${side.team}` : "To be decided";
}

/** A bracket game's name: "1 Harbor Hawks v 4 Rockets", or the team with a bye alone. */
export function bracketGameTitle(game: BracketGameView): string {
  return game.state === "bye"
    ? bracketSide(game.home ?? game.away)
    : `${bracketSide(game.home)} v ${bracketSide(game.away)}`;
}

/** What a bracket game's result says, in words; "" for a game still to be played. */
export function bracketOutcome(game: BracketGameView): string {
  const winner = game.winnerTeamId === game.home?.teamId ? game.home : game.away;
  switch (game.state) {
    case "bye":
      return `Bye: ${game.home?.team ?? game.away?.team} go through.`;
    case "waiting":
      return "Waiting for the games before it.";
    case "scheduled":
      return "";
    case "pending":
      return "Result pending.";
    case "tied":
      return `Tied ${game.score!.home}–${game.score!.away}: the admin enters the result.`;
    case "final":
      return `${game.score!.home}–${game.score!.away}${game.score!.forfeit ? " (forfeit)" : ""}: ${winner?.team} win.`;
    case "cancelled":
      return "Cancelled.";
  }
}
