import { pageMeta } from "~/app/meta";
import { RosterPage } from "~/features/roster/roster-page";

export const meta = () => pageMeta("Team Roster", "Every player on your team.");

export default function TeamRoster() {
  return <RosterPage />;
}
