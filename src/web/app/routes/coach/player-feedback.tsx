import { ArrowLeft, MessageSquareText } from "lucide-react";
import { Link } from "react-router";
import { pageMeta } from "~/app/meta";
import { AppPageHeader, Panel } from "~/ui/app-page";
import type { Route } from "./+types/player-feedback";

export const meta = () => pageMeta("Player Feedback", "Feedback for one of your players.");

export default function PlayerFeedback({ params }: Route.ComponentProps) {
  return (
    <div className="space-y-8">
      <AppPageHeader
        title="Player Feedback"
        lead="Write feedback for this player: what went well, what to work on next. Players read it on their own dashboard."
        actions={
          <Link to={`/coach/player-detail/${encodeURIComponent(params.id)}`} className="btn btn-secondary">
            <ArrowLeft aria-hidden="true" className="size-4" /> Player detail
          </Link>
        }
      />
      <Panel title="Feedback history" icon={<MessageSquareText className="size-5" />}>
        <p>Notes you and the other coaches have left for this player will be listed here, newest first.</p>
      </Panel>
    </div>
  );
}
