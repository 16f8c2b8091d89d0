import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";

export const meta = () => pageMeta("Leaderboard", "Players ranked by performance score.");

export default function Leaderboard() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader eyebrow={me.team?.name} title="Leaderboard" lead="Players ranked by performance score, updated live as plays are logged." />
      <Panel title="Rankings">
        <p>The team ranked by performance score, highest first, with each player's position, rank, attendance and number of logged plays.</p>
      </Panel>
    </div>
  );
}
