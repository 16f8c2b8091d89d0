import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";

export const meta = () => pageMeta("Team Stats", "Team totals: yards, touchdowns, flag pulls and interceptions.");

export default function TeamStats() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader eyebrow={me.team?.name} title="Team Stats" lead="Season totals for the whole team, and how they change from game to game." />
      <Panel title="Team totals">
        <p>Passing, receiving and rushing yards, touchdowns, flag pulls and interceptions across the team, with charts over time. They fill in as plays are logged.</p>
      </Panel>
    </div>
  );
}
