import { Link } from "react-router";
import { CtaBand, PageHero, Section, SectionHeading } from "./components";

const STEPS = [
  {
    title: "The coach signs up and gets a team code",
    body: "The head coach creates an account and names the team. Flagline answers with two codes: a team code for players, and a coach invite code for assistant coaches.",
    detail: "Assistant coaches sign up with the invite code and see the same team as the head coach.",
  },
  {
    title: "Players join with the code",
    body: "Each player signs up with the team code, a jersey number (0–99), a primary position and any other positions they play.",
    detail: "Nobody is added by hand and nobody outside your team can see its players.",
  },
  {
    title: "Log plays from the sideline",
    body: "During practice or a game, a coach opens the logger on a phone: tap the player, tap the play. Touchdowns, catches, completions, flag pulls, interceptions, sacks and stops.",
    detail: "Yards go with the plays that gain them, and a wrong entry can be undone.",
  },
  {
    title: "Everyone sees the stats live",
    body: "Each play updates the player's performance score, the team leaderboard and the player's own dashboard for everyone who has them open.",
    detail:
      "After the game, coaches dig into team stats, playbook analysis and each player's detail, and leave feedback.",
  },
];

export default function HowItWorksPage() {
  return (
    <>
      <PageHero
        eyebrow="How it works"
        title="From sign-up to live stats in four steps"
        lead="Flagline is organised around one team code. The coach creates it, players join with it, and everything logged afterwards belongs to that team."
      />

      <Section labelledBy="steps-title">
        <SectionHeading id="steps-title" title="The four steps" />
        <ol className="mt-10 grid gap-6 md:grid-cols-2">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card relative pl-20">
              <span
                aria-hidden="true"
                className="absolute top-6 left-6 flex size-10 items-center justify-center rounded-full bg-accent-400 text-lg font-extrabold text-stone-950"
              >
                {index + 1}
              </span>
              <h3 className="text-lg font-bold text-stone-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 leading-relaxed text-stone-700">{step.body}</p>
              <p className="mt-2 text-sm leading-relaxed text-stone-600">{step.detail}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section labelledBy="install-title" className="bg-field-50">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="install-title"
              eyebrow="Before step one"
              title="Install Flagline where your team can reach it"
              lead="Someone on the team — a coach, a parent, the club's volunteer IT person — runs Flagline once. Everybody else only needs a browser."
            />
            <ul className="mt-6 list-disc space-y-2 pl-5 text-stone-700">
              <li>Any machine with Node.js 20 or newer: a laptop, a club PC, a small cloud server.</li>
              <li>Everything is stored in one data folder; back it up and you have backed up the team.</li>
              <li>For a league, set a PostgreSQL URL and S3-compatible storage and run as many servers as you need.</li>
            </ul>
          </div>
          <div className="surface-dark self-center rounded-2xl bg-stone-900 p-6 text-stone-100 shadow-lg">
            <p className="text-sm font-semibold text-stone-300">From the Flagline folder:</p>
            <pre className="mt-4 overflow-x-auto font-mono text-sm leading-7">
              <code>
                <span className="text-accent-300">$</span> npm install{"\n"}
                <span className="text-accent-300">$</span> npm start
              </code>
            </pre>
            <p className="mt-4 text-sm text-stone-300">
              Flagline listens on port 3000. Put it behind HTTPS with a domain name and your team can sign up from
              anywhere.
            </p>
          </div>
        </div>
      </Section>

      <Section labelledBy="faq-title">
        <SectionHeading id="faq-title" title="Common questions" />
        <dl className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="card">
            <dt className="font-bold text-stone-900">A player lost the team code. Now what?</dt>
            <dd className="mt-2 text-stone-700">
              Coaches always see it on the Coach Dashboard. Send it again; it does not change.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">Can one coach run several teams?</dt>
            <dd className="mt-2 text-stone-700">
              A coach account belongs to one team. For a club with several teams, each head coach signs up and creates
              their own; one installation holds them all.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">Do players see each other's stats?</dt>
            <dd className="mt-2 text-stone-700">
              Players see their own dashboard, profile and training logs. Rosters, leaderboards and per-player detail
              are for coaches.
            </dd>
          </div>
          <div className="card">
            <dt className="font-bold text-stone-900">What if I need help setting it up?</dt>
            <dd className="mt-2 text-stone-700">
              Our{" "}
              <Link to="/pricing" className="font-semibold text-field-700 underline">
                Club and League plans
              </Link>{" "}
              include help with installation and upgrades, or just{" "}
              <Link to="/contact" className="font-semibold text-field-700 underline">
                send us a message
              </Link>
              .
            </dd>
          </div>
        </dl>
      </Section>

      <CtaBand title="Start with step one" lead="Sign up as a head coach and your team code is ready straight away." />
    </>
  );
}
