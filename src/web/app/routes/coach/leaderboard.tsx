import { pageMeta } from "~/app/meta";
import { LeaderboardPage } from "~/features/leaderboard/leaderboard-page";
import { primeFirstReads } from "~/lib/first-reads";
import { leaderboardQuery, seasonsQuery } from "~/lib/queries";

export const meta = () => pageMeta("Leaderboard", "Players ranked by performance score.");

/** The first load's reads (the whole season, every group) in the cache before the board renders (lib/first-reads.ts). */
export const clientLoader = () => primeFirstReads([leaderboardQuery("season", null, "all"), seasonsQuery()]);

export default function Leaderboard() {
  return <LeaderboardPage />;
}
