import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";

export const meta = () => pageMeta("Playbook Analysis", "Which positions and plays produce results.");

export default function PlaybookAnalysis() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader eyebrow={me.team?.name} title="Playbook Analysis" lead="Where your yards, touchdowns and stops come from." />
      <Panel title="Analysis">
        <p>A breakdown of logged plays by position and play type, so you can see which parts of your playbook work and where the defense makes its stops.</p>
      </Panel>
    </div>
  );
}
