import { pageMeta } from "~/app/meta";
import { CoachDashboardPage } from "~/features/coach-dashboard/coach-dashboard-page";
import { primeFirstReads } from "~/lib/first-reads";
import { noticesQuery, scheduleQuery, scoreboardQuery, seasonsQuery, teamDashboardQuery } from "~/lib/queries";

export const meta = () =>
  pageMeta("Coach Dashboard", "Your team at a glance, its codes and the way to every coaching tool.");

/**
 * The first load's reads in the cache before the dashboard renders (lib/first-reads.ts): its own, the notices and the
 * next event (a read answering after the first render renders the whole screen again).
 */
export const clientLoader = () =>
  primeFirstReads([
    teamDashboardQuery(),
    scoreboardQuery(),
    seasonsQuery(),
    noticesQuery(),
    scheduleQuery("upcoming", 1),
  ]);

export default function CoachDashboard() {
  return <CoachDashboardPage />;
}
