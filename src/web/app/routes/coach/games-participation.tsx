import { pageMeta } from "~/app/meta";
import { ParticipationPage } from "~/features/games/participation-page";
import type { Route } from "./+types/games-participation";

export const meta = () => pageMeta("Participation", "One game's playing time: each player's snaps per period.");

export default function CoachParticipation({ params }: Route.ComponentProps) {
  return <ParticipationPage key={params.id} sessionId={params.id} />;
}
