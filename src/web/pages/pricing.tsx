import { clsx } from "clsx";
import { Check } from "lucide-react";
import { Link } from "react-router";
import { PageHero, Section, SectionHeading } from "./components";

interface Plan {
  name: string;
  price: string;
  per: string;
  summary: string;
  features: string[];
  cta: { to: string; label: string };
  featured?: boolean;
}

const PLANS: Plan[] = [
  {
    name: "Self-hosted",
    price: "Free",
    per: "forever",
    summary: "The whole product, on your own machine. No accounts with us, no limits, no trial period.",
    features: [
      "Every feature: logger, leaderboard, roster, player search, stats, playbook analysis",
      "Unlimited teams, coaches and players on your installation",
      "Your data stays on your server",
      "Updates whenever you choose to install them",
      "Community help through the project's issue tracker",
    ],
    cta: { to: "/signup", label: "Create your team" },
    featured: true,
  },
  {
    name: "Club",
    price: "$49",
    per: "per team, per season",
    summary: "The same free software, plus people to call when the season depends on it.",
    features: [
      "Everything in Self-hosted",
      "Priority email support, answered within one business day",
      "A guided installation call and help with upgrades",
      "A backup and restore check before the season starts",
    ],
    cta: { to: "/contact", label: "Ask about Club" },
  },
  {
    name: "League",
    price: "Let's talk",
    per: "for many teams",
    summary: "For leagues and associations running Flagline for many teams on shared infrastructure.",
    features: [
      "Everything in Club, for every team in the league",
      "Help setting up PostgreSQL and S3-compatible storage across several servers",
      "Onboarding sessions for your coaches",
      "Agreed response times during the season",
    ],
    cta: { to: "/contact", label: "Contact us" },
  },
];

export default function PricingPage() {
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Free to run. Support if you want it."
        lead="Flagline is open software you host yourself, with every feature included. You never pay to use it; the paid plans buy our time, not the product."
      />

      <Section labelledBy="plans-title">
        <h2 id="plans-title" className="sr-only">
          Plans
        </h2>
        <ul className="grid gap-6 lg:grid-cols-3">
          {PLANS.map((plan) => (
            <li
              key={plan.name}
              className={clsx(
                "card relative flex flex-col",
                plan.featured && "border-2 border-field-600 shadow-lg lg:-translate-y-2",
              )}
            >
              {plan.featured ? (
                <p className="absolute -top-3.5 left-6 rounded-full bg-field-700 px-3 py-1 text-xs font-bold text-white">
                  Everything included
                </p>
              ) : null}
              <h3 className="text-xl font-extrabold text-stone-900">{plan.name}</h3>
              <p className="mt-4">
                <span className="text-4xl font-extrabold tracking-tight text-field-800">{plan.price}</span>{" "}
                <span className="text-sm font-medium text-stone-600">{plan.per}</span>
              </p>
              <p className="mt-3 text-stone-700">{plan.summary}</p>
              <ul className="mt-6 flex-1 space-y-3 text-sm text-stone-800">
                {plan.features.map((feature) => (
                  <li key={feature} className="flex gap-2.5">
                    <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-field-600" />
                    <span>{feature}</span>
                  </li>
                ))}
              </ul>
              <Link to={plan.cta.to} className={clsx("btn mt-8 py-3", plan.featured ? "btn-primary" : "btn-field")}>
                {plan.cta.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10 max-w-3xl text-sm text-stone-600">
          Prices are per season of up to six months and exclude any tax. Paid plans are support agreements: if you stop
          paying, the software keeps working exactly as before.
        </p>
      </Section>

      <Section labelledBy="pricing-faq" className="bg-field-50">
        <SectionHeading id="pricing-faq" title="Honest answers" />
        <dl className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="card">
            <dt className="font-bold text-stone-900">Is Flagline really free?</dt>
            <dd className="mt-2 text-stone-700">
              Yes. The source is open and the free plan is the whole product. There is no feature held back for paying
              customers and no limit on players or teams.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">Do you host it for me?</dt>
            <dd className="mt-2 text-stone-700">
              No. Flagline runs on a machine you control, which is why your data stays yours. The Club and League plans
              help you run it well; they do not move your data to us.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">What does it cost to run?</dt>
            <dd className="mt-2 text-stone-700">
              A team fits comfortably on a laptop or the smallest cloud server. Your only running cost is that machine
              and, if you want one, a domain name.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">Can I switch plans mid-season?</dt>
            <dd className="mt-2 text-stone-700">
              Any time. Nothing in your installation changes; only who answers when you ask for help.
            </dd>
          </div>
        </dl>
      </Section>
    </>
  );
}
