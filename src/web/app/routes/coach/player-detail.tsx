import { pageMeta } from "~/app/meta";
import { PlayerDetailPage } from "~/features/player-detail/player-detail-page";
import type { Route } from "./+types/player-detail";

export const meta = () => pageMeta("Player Detail", "One player's stats, plays and attendance.");

export default function PlayerDetail({ params }: Route.ComponentProps) {
  // Keyed by id: moving from one player to another starts a fresh page (filters, paging, first paint).
  return <PlayerDetailPage key={params.id} id={params.id} />;
}
