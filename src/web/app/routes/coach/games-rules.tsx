import { pageMeta } from "~/app/meta";
import { LeagueRulesPage } from "~/features/games/league-rules-page";

export const meta = () =>
  pageMeta("League Rules", "Halves or quarters, what scores are worth, try distances and whether downs are tracked.");

export default function CoachLeagueRules() {
  return <LeagueRulesPage />;
}
