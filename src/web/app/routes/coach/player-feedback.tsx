import { pageMeta } from "~/app/meta";
import { CoachFeedbackPage } from "~/features/feedback/coach-feedback-page";
import type { Route } from "./+types/player-feedback";

export const meta = () =>
  pageMeta("Player Feedback", "Write feedback for one of your players and read what the team's coaches wrote before.");

export default function PlayerFeedback({ params }: Route.ComponentProps) {
  // Keyed by id: moving to another player starts with an empty form.
  return <CoachFeedbackPage key={params.id} id={params.id} />;
}
