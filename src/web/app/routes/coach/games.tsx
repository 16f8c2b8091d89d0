import { pageMeta } from "~/app/meta";
import { GamesPage } from "~/features/games/games-page";

export const meta = () =>
  pageMeta("Games", "The team's record and every game of the season, with scores and box scores.");

export default function CoachGames() {
  return <GamesPage area="coach" />;
}
