import { pageMeta } from "~/app/meta";
import { PlayerDashboardPage } from "~/features/player-dashboard/player-dashboard-page";

export const meta = () =>
  pageMeta(
    "Player Dashboard",
    "Your performance score, team ranking, attendance, recent plays, coach feedback and this week's training.",
  );

export default function PlayerDashboard() {
  return <PlayerDashboardPage />;
}
