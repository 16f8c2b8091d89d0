import { lazy, Suspense, type ReactNode } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { FullPageSpinner } from "~/ui/spinner";
import type { Role } from "~/lib/session";
import { loginPathFor } from "~/lib/session-paths";
import { useSession } from "~/lib/session-context";

// Rare (an account taken off its team) and heavy (a form with its validation): loaded only when it shows, so no
// signed-in screen's first load carries it (decision 0017).
const NoLongerOnTeamPage = lazy(() =>
  import("~/features/rejoin/no-longer-on-team-page").then((m) => ({ default: m.NoLongerOnTeamPage })),
);

/** The pages an account without a team still opens: the player's profile, the coach's account (§11). */
const WITHOUT_TEAM = new Set(["/player/profile", "/coach/account"]);

/**
 * docs/product.md §4 access guard. While the session check runs only a spinner shows; a signed-out user goes to /login
 * (with the asked-for path as `next`), a signed-in user of the other role goes to "/". The server checks every
 * request again: this guard only spares people pages they cannot use.
 */
export function RequireRole({ role, banner }: { role: Role; banner?: ReactNode }) {
  const { status, user, loggingOut } = useSession();
  const location = useLocation();

  // Logging out: the way out is already under way (to "/"); sending the user to /login would undo it.
  if (loggingOut && user?.role !== role) return null;
  if (status === "loading") return <FullPageSpinner />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search + location.hash)} replace />;
  // A guardian-only account's home is its family page (docs/product.md §13); anyone else of another role goes home.
  if (user.role !== role) return <Navigate to={user.role === "guardian" ? "/family" : "/"} replace />;
  // An account taken off its team (docs/product.md §6) sees why and how to join again, not each page's error; their
  // profile and account screens stay open.
  if (!user.team && !WITHOUT_TEAM.has(location.pathname)) {
    return (
      <GuardedContent>
        <Suspense fallback={<FullPageSpinner />}>
          <NoLongerOnTeamPage user={user} />
        </Suspense>
      </GuardedContent>
    );
  }
  return (
    <GuardedContent>
      {banner}
      <Outlet />
    </GuardedContent>
  );
}

function GuardedContent({ children }: { children?: ReactNode }) {
  return <div className="container-page flex-1 py-8 sm:py-10">{children ?? <Outlet />}</div>;
}

/** Any signed-in account (/family): signed out goes to /login and comes back. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { status, user, loggingOut } = useSession();
  const location = useLocation();
  if (loggingOut) return null;
  if (status === "loading") return <FullPageSpinner />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return <GuardedContent>{children}</GuardedContent>;
}

/**
 * /operator (docs/product.md §2 "Operator"): the accounts in OPERATOR_EMAILS, whatever their role. Signed out goes
 * to /login, anyone else to "/", as for the other role's area; the server answers 404 to them anyway.
 */
export function RequireOperator({ children }: { children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === "loading") return <FullPageSpinner />;
  if (!user) return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  if (user.operator !== true) return <Navigate to="/" replace />;
  return <GuardedContent>{children}</GuardedContent>;
}
