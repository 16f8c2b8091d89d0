import { pageMeta } from "~/app/meta";
import { CoachDashboardPage } from "~/features/coach-dashboard/coach-dashboard-page";

export const meta = () =>
  pageMeta("Coach Dashboard", "Your team at a glance, its codes and the way to every coaching tool.");

export default function CoachDashboard() {
  return <CoachDashboardPage />;
}
