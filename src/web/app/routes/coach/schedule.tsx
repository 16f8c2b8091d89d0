import { pageMeta } from "~/app/meta";
import { SchedulePage } from "~/features/schedule/schedule-page";

export const meta = () => pageMeta("Schedule", "Your games and practices, and who is coming to each.");

export default function CoachSchedule() {
  return <SchedulePage area="coach" />;
}
