import { pageMeta } from "~/app/meta";
import { PlayerDashboardPage } from "~/features/player-dashboard/player-dashboard-page";
import { primeFirstReads } from "~/lib/first-reads";
import {
  meDashboardQuery,
  myStatLinesQuery,
  noticesQuery,
  scheduleQuery,
  scoreboardQuery,
  seasonsQuery,
} from "~/lib/queries";
import { viewerTzOffset } from "~/lib/time-zone";

export const meta = () =>
  pageMeta(
    "Player Dashboard",
    "Your performance score, team ranking, attendance, recent plays, coach feedback and this week's training.",
  );

/**
 * The first load's reads in the cache before the dashboard renders (lib/first-reads.ts): its own, the notices and the
 * next event (a read answering after the first render renders the whole screen again).
 */
export const clientLoader = () =>
  primeFirstReads([
    meDashboardQuery(viewerTzOffset()),
    myStatLinesQuery(),
    scoreboardQuery(),
    seasonsQuery(),
    noticesQuery(),
    scheduleQuery("upcoming", 1),
  ]);

export default function PlayerDashboard() {
  return <PlayerDashboardPage />;
}
