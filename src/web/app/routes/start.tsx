import { Navigate } from "react-router";
import { pageMeta } from "~/app/meta";
import { useSession } from "~/lib/session-context";
import { dashboardPath } from "~/lib/session-paths";
import { FullPageSpinner } from "~/ui/spinner";

export const meta = () => pageMeta("Flagline", "Opens your dashboard when you are signed in.");

/**
 * The installed app's start address (the web manifest's start_url, docs/product.md §2): the signed-in user's
 * dashboard, else the home page. Waits for the session check only.
 */
export default function Start() {
  const { status, user } = useSession();
  if (status === "loading") return <FullPageSpinner />;
  return <Navigate to={user ? dashboardPath(user.role) : "/"} replace />;
}
