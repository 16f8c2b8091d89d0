import { Link } from "react-router";
import { useSession } from "~/lib/session-context";
import { dashboardPath } from "~/lib/session-paths";
import { Wordmark } from "./logo";
import { TopNav } from "./top-nav";

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-lg bg-accent-300 px-4 py-2 font-semibold text-stone-950 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}

export function SiteHeader() {
  const { user } = useSession();
  // The logo leads a signed-in user back to their dashboard, a visitor to the home page.
  const home = user ? dashboardPath(user.role) : "/";
  return (
    <header className="surface-dark sticky top-0 z-30 bg-field-900 text-white shadow-sm">
      <div className="container-page relative flex h-16 items-center justify-between gap-4">
        <Link
          to={home}
          className="rounded-lg text-white"
          aria-label={user ? "Flagline, your dashboard" : "Flagline, home"}
        >
          <Wordmark />
        </Link>
        <TopNav />
      </div>
    </header>
  );
}
