import { clsx } from "clsx";
import { LogOut, Menu, Search, X } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useLocation, type NavLinkProps } from "react-router";
import { usePlayerSearch } from "~/lib/player-search";
import { useLogout, useSession } from "~/lib/session-context";

interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (Home would otherwise be active everywhere). */
  end?: boolean;
  /** Rendered as the call-to-action button (Sign Up). */
  cta?: boolean;
}

/** docs/product.md §2 top navigation, per audience. */
const VISITOR_NAV: readonly NavItem[] = [
  { to: "/", label: "Home", end: true },
  { to: "/features", label: "Features" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
  { to: "/login", label: "Login" },
  { to: "/signup", label: "Sign Up", cta: true },
];

const PLAYER_NAV: readonly NavItem[] = [
  { to: "/player/dashboard", label: "Dashboard" },
  { to: "/player/schedule", label: "Schedule" },
  { to: "/player/games", label: "Games" },
  { to: "/player/profile", label: "My Profile" },
];

/** A guardian-only account (docs/product.md §13): its family page. */
const GUARDIAN_NAV: readonly NavItem[] = [{ to: "/family", label: "Family" }];

/** A guardian acting for a child: the child's screens, and the way back to the family. */
const ACTING_NAV: readonly NavItem[] = [
  { to: "/family", label: "Family" },
  { to: "/player/dashboard", label: "Dashboard" },
  { to: "/player/schedule", label: "Schedule" },
  { to: "/player/games", label: "Games" },
  { to: "/player/profile", label: "Profile" },
];

const COACH_NAV: readonly NavItem[] = [
  { to: "/coach/dashboard", label: "Coach Dashboard" },
  { to: "/coach/schedule", label: "Schedule" },
  { to: "/coach/team-roster", label: "Team Roster" },
  { to: "/coach/leaderboard", label: "Leaderboard" },
  { to: "/coach/games", label: "Games" },
  { to: "/coach/log", label: "Log" },
];

const MENU_ID = "primary-menu";

const linkClass: NavLinkProps["className"] = ({ isActive }) =>
  clsx(
    "block rounded-lg px-3 py-2 text-sm font-semibold transition-colors md:py-1.5",
    isActive
      ? "bg-white/15 text-white underline decoration-accent-400 decoration-2 underline-offset-6"
      : "text-field-100 hover:bg-white/10 hover:text-white",
  );

const ctaClass: NavLinkProps["className"] = ({ isActive }) =>
  clsx(
    "block rounded-lg bg-accent-400 px-4 py-2 text-center text-sm font-bold text-stone-950 transition-colors hover:bg-accent-300 md:py-1.5",
    isActive && "ring-2 ring-white/70",
  );

export function TopNav() {
  const { status, user } = useSession();
  const { openPlayerSearch } = usePlayerSearch();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  // Any navigation closes the small-screen menu (a link chosen inside it, the back button, a redirect).
  const [menuPath, setMenuPath] = useState(pathname);
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const close = () => setMenuOpen(false);

  const onLogout = async () => {
    close();
    setLoggingOut(true);
    try {
      await logout();
    } finally {
      setLoggingOut(false);
    }
  };

  const pending = status === "loading";
  const items = !user
    ? VISITOR_NAV
    : user.actingGuardian
      ? ACTING_NAV
      : user.role === "coach"
        ? COACH_NAV
        : user.role === "player"
          ? PLAYER_NAV
          : GUARDIAN_NAV;

  // One tree before and after the session check answers, so a visitor's menu stays the very same elements: a
  // press on a link, or keyboard focus in the menu, is not lost when the answer comes (the menu used to be
  // rebuilt then, and a click pressed before the answer and released after it went nowhere).
  return (
    <>
      {pending ? (
        // Until the session check answers, show no audience's menu, so a wrong one never flashes. A prerendered
        // public page holds the visitor menu too, hidden: its boot script makes its own session check before the
        // app runs, and app.css shows that menu once it marks the page a visitor's (decision 0006).
        <div className="session-pending flex items-center" aria-hidden="true" data-testid="nav-placeholder">
          <span className="block h-8 w-24 rounded-lg bg-white/10" />
        </div>
      ) : null}
      <div className={pending ? "visitor-early" : "contents"}>
        <NavBar
          items={items}
          menuOpen={menuOpen}
          onToggle={() => setMenuOpen((open) => !open)}
          onNavigate={close}
          onSearch={user?.role === "coach" ? openPlayerSearch : undefined}
          logout={user ? { onLogout, loggingOut } : undefined}
        />
      </div>
    </>
  );
}

interface NavBarProps {
  items: readonly NavItem[];
  menuOpen: boolean;
  onToggle: () => void;
  onNavigate: () => void;
  /** The coach's player search button. */
  onSearch?: () => void;
  /** Signed in: the Logout button. */
  logout?: { onLogout: () => Promise<void>; loggingOut: boolean };
}

function NavBar({ items, menuOpen, onToggle, onNavigate, onSearch, logout }: NavBarProps) {
  return (
    <nav aria-label="Main" className="flex items-center gap-1">
      {onSearch ? (
        <button
          type="button"
          onClick={onSearch}
          aria-label="Search players"
          title="Search players"
          className="rounded-lg p-2 text-field-100 transition-colors hover:bg-white/10 hover:text-white"
        >
          <Search aria-hidden="true" className="size-5" />
        </button>
      ) : null}

      <button
        type="button"
        className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-white hover:bg-white/10 md:hidden"
        aria-expanded={menuOpen}
        aria-controls={MENU_ID}
        onClick={onToggle}
      >
        {menuOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        Menu
      </button>

      <ul
        id={MENU_ID}
        className={clsx(
          "absolute inset-x-0 top-full z-40 flex-col gap-1 border-t border-white/10 bg-field-900 px-4 pt-2 pb-4 shadow-lg",
          "md:static md:flex md:flex-row md:items-center md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none",
          menuOpen ? "flex" : "hidden",
        )}
      >
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to} end={item.end} className={item.cta ? ctaClass : linkClass} onClick={onNavigate}>
              {item.label}
            </NavLink>
          </li>
        ))}
        {logout ? (
          <li>
            <button
              type="button"
              onClick={() => void logout.onLogout()}
              disabled={logout.loggingOut}
              className="flex w-full items-center gap-1.5 rounded-lg px-3 py-2 text-left text-sm font-semibold text-field-100 transition-colors hover:bg-white/10 hover:text-white disabled:opacity-70 md:py-1.5"
            >
              <LogOut aria-hidden="true" className="size-4" />
              {logout.loggingOut ? "Logging out…" : "Logout"}
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
