import { Link } from "react-router";
import { useSession } from "~/lib/session-context";
import { dashboardPath } from "~/lib/session-paths";
import { Wordmark } from "./logo";

const PRODUCT_LINKS = [
  { to: "/features", label: "Features" },
  { to: "/how-it-works", label: "How It Works" },
  { to: "/pricing", label: "Pricing" },
];

const COMPANY_LINKS = [
  { to: "/about", label: "About Us" },
  { to: "/contact", label: "Contact" },
];

const ACCOUNT_LINKS = [
  { to: "/login", label: "Login" },
  { to: "/signup", label: "Sign Up" },
];

function LinkColumn({ title, links }: { title: string; links: { to: string; label: string }[] }) {
  return (
    <div>
      <h2 className="text-sm font-bold text-white">{title}</h2>
      <ul className="mt-3 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-field-100 hover:text-white hover:underline">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SiteFooter() {
  const { user } = useSession();
  const accountLinks = user
    ? [
        { to: dashboardPath(user.role), label: "Your dashboard" },
        // Email, your data, deleting the account (docs/product.md §11): My Profile holds them for players.
        {
          to: user.role === "coach" ? "/coach/account" : user.role === "guardian" ? "/family" : "/player/profile",
          label: "Your account",
        },
        // Leagues (docs/product.md §17): any account may run one; a head coach joins one.
        { to: "/leagues", label: "Leagues" },
      ]
    : ACCOUNT_LINKS;
  return (
    <footer className="surface-dark mt-auto bg-field-950 text-field-100">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="max-w-sm">
          <Wordmark className="text-white" />
          <p className="mt-3 text-sm leading-relaxed">
            Performance tracking for flag-football teams. Open software you run on your own machine, so your team's data
            stays with your team.
          </p>
        </div>
        <nav aria-label="Footer" className="contents">
          <LinkColumn title="Product" links={PRODUCT_LINKS} />
          <LinkColumn title="Company" links={COMPANY_LINKS} />
          <LinkColumn title="Account" links={accountLinks} />
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-field-200">
          Flagline is self-hosted: the server, the database and every upload live where you install them.
        </p>
      </div>
    </footer>
  );
}
