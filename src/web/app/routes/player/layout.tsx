import { RequireRole } from "~/app/guards";

/** Layout of /player/*: only signed-in players pass. */
export default function PlayerLayout() {
  return <RequireRole role="player" />;
}
