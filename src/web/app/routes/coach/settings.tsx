import { pageMeta } from "~/app/meta";
import { TeamSettingsPage } from "~/features/team-settings/team-settings-page";
import { SeasonsPanel } from "~/features/seasons/seasons-panel";

export const meta = () => pageMeta("Team Settings", "Your team's name and codes, and its coaches.");

export default function TeamSettings() {
  return (
    <div className="space-y-8">
      <TeamSettingsPage />
      <SeasonsPanel />
    </div>
  );
}
