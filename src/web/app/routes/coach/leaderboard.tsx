import { pageMeta } from "~/app/meta";
import { LeaderboardPage } from "~/features/leaderboard/leaderboard-page";

export const meta = () => pageMeta("Leaderboard", "Players ranked by performance score.");

export default function Leaderboard() {
  return <LeaderboardPage />;
}
