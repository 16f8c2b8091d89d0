import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";

export const meta = () => pageMeta("Team Roster", "Every player on your team.");

export default function TeamRoster() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader eyebrow={me.team?.name} title="Team Roster" lead="Everyone who joined with your team code." />
      <Panel title="Players">
        <p>Each player's name, jersey number, position, attendance, performance score and last activity. Players appear here as soon as they sign up with your team code.</p>
      </Panel>
    </div>
  );
}
