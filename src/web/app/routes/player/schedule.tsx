import { pageMeta } from "~/app/meta";
import { SchedulePage } from "~/features/schedule/schedule-page";

export const meta = () => pageMeta("Schedule", "Your team's games and practices, and whether you are coming.");

export default function PlayerSchedule() {
  return <SchedulePage area="player" />;
}
