import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "~/ui/spinner";
import type { Role } from "~/lib/session";
import { loginPathFor } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";

/**
 * docs/product.md §4 access guard. While the session check runs only a spinner shows; a signed-out user goes to /login
 * (with the asked-for path as `next`), a signed-in user of the other role goes to "/". The server checks every
 * request again: this guard only spares people pages they cannot use.
 */
export function RequireRole({ role }: { role: Role }) {
  const { status, user, loggingOut } = useSession();
  const location = useLocation();

  // Logging out: the way out is already under way (to "/"); sending the user to /login would undo it.
  if (loggingOut && user?.role !== role) return null;
  if (status === "loading") return <FullPageSpinner />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  if (user.role !== role) return <Navigate to="/" replace />;
  return <GuardedContent />;
}

function GuardedContent() {
  return (
    <div className="container-page flex-1 py-8 sm:py-10">
      <Outlet />
    </div>
  );
}
