import { useEffect } from "react";
import { RequireRole } from "~/app/guards";
import { whenIdle } from "~/lib/after-paint";
import { useSession } from "~/lib/session-context";
import { useTeamLiveUpdates } from "~/features/live";
import { loadPlayerSearchDialog } from "~/features/player-search";

/** Layout of /coach/*: only signed-in coaches pass. Team data on these pages stays live while one is open. */
export default function CoachLayout() {
  const { user } = useSession();
  const isCoach = user?.role === "coach";
  useTeamLiveUpdates();
  // The search dialog mounts at the root (its icon is on every page); fetch its code ahead so it opens at once, but
  // once the browser is idle, so it does not compete with the screen's own code and data (decision 0017).
  useEffect(() => {
    if (!isCoach) return;
    return whenIdle(() => void loadPlayerSearchDialog().catch(() => undefined));
  }, [isCoach]);
  return <RequireRole role="coach" />;
}
