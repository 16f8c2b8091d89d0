import { pageMeta } from "~/app/meta";
import { TeamSettingsPage } from "~/features/team-settings/team-settings-page";

export const meta = () => pageMeta("Team Settings", "Your team's name and codes, and its coaches.");

export default function TeamSettings() {
  return <TeamSettingsPage />;
}
