import { pageMeta } from "~/app/meta";
import { BoxScorePage } from "~/features/games/box-score-page";
import type { Route } from "./+types/games-box-score";

export const meta = () => pageMeta("Box Score", "One game's score, team and player lines, and play-by-play.");

export default function CoachBoxScore({ params }: Route.ComponentProps) {
  return <BoxScorePage key={params.id} sessionId={params.id} area="coach" />;
}
