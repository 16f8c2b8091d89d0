import { useEffect } from "react";
import { RequireRole } from "~/app/guards";
import { useSession } from "~/lib/session-context";
import { useTeamLiveUpdates } from "~/features/live";
import { loadPlayerSearchDialog } from "~/features/player-search";

/** Layout of /coach/*: only signed-in coaches pass. Team data on these pages stays live while one is open. */
export default function CoachLayout() {
  const { user } = useSession();
  const isCoach = user?.role === "coach";
  useTeamLiveUpdates();
  // The search dialog mounts at the root (its icon is on every page); fetch its code now so it opens at once.
  useEffect(() => {
    if (isCoach) void loadPlayerSearchDialog().catch(() => undefined);
  }, [isCoach]);
  return <RequireRole role="coach" />;
}
