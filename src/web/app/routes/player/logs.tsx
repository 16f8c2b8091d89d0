import { NotebookPen } from "lucide-react";
import { pageMeta } from "~/app/meta";
import { useCurrentUser } from "~/app/session-context";
import { AppPageHeader, firstName, Panel } from "~/ui/app-page";

export const meta = () => pageMeta("Training Logs", "Your training sessions and history.");

export default function PlayerLogs() {
  const me = useCurrentUser();
  return (
    <div className="space-y-8">
      <AppPageHeader
        title="Training Logs"
        lead={`${firstName(me.fullName)}, this is your training history: the sessions and drills you put in between games.`}
      />
      <Panel title="Your sessions" icon={<NotebookPen className="size-5" />}>
        <p>
          Each entry will show the date, what you worked on and for how long, newest first. You have not logged any
          training yet.
        </p>
      </Panel>
    </div>
  );
}
