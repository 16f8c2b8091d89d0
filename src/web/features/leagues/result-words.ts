import type { LeagueResultDto } from "#domain/api/league-results";

/** How a league game's result reads (docs/product.md §17), from the home side's score first. */
export function resultWords(result: LeagueResultDto): string {
  switch (result.state) {
    case "scheduled":
      return "Not played yet";
    case "awaiting_confirmation":
      return `${result.home}–${result.away}, waiting for the other team's confirmation`;
    case "disputed":
      return `Disputed: ${result.homeBook!.home}–${result.homeBook!.away} in the home book, ${result.awayBook!.home}–${result.awayBook!.away} in the away book`;
    case "confirmed":
      return `${result.home}–${result.away}${result.forfeit ? ` (${result.forfeit} forfeited)` : ""}, confirmed`;
  }
}
