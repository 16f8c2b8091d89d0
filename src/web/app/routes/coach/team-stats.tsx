import { pageMeta } from "~/app/meta";
import { TeamStatsPage } from "~/features/team-stats/team-stats-page";

export const meta = () => pageMeta("Team Stats", "Team totals: yards, touchdowns, flag pulls and interceptions.");

export default function TeamStats() {
  return <TeamStatsPage />;
}
