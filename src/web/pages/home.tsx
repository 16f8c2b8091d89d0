import { BarChart3, ClipboardList, Gauge, HardDrive, NotebookPen, Search, Trophy, UserRound, Zap } from "lucide-react";
import { Link } from "react-router";
import { CtaBand, FeatureCard, Section, SectionHeading } from "./components";

/** Made-up players for the illustration in the hero. */
const EXAMPLE_LEADERBOARD = [
  { rank: 1, name: "Maya Okafor", position: "QB", jersey: 7, score: 48.6 },
  { rank: 2, name: "Diego Ramos", position: "WR", jersey: 11, score: 41.2 },
  { rank: 3, name: "Sam Whitfield", position: "CB", jersey: 24, score: 37.9 },
  { rank: 4, name: "Lena Brooks", position: "RB", jersey: 3, score: 29.4 },
];

function LeaderboardIllustration() {
  return (
    <figure className="w-full max-w-md rounded-2xl bg-white p-5 text-stone-900 shadow-2xl ring-1 ring-black/5">
      <div className="flex items-center justify-between">
        <p className="text-sm font-bold">Leaderboard</p>
        <p className="inline-flex items-center gap-1.5 rounded-full bg-field-100 px-2.5 py-1 text-xs font-semibold text-field-800">
          <span className="size-2 rounded-full bg-field-600" aria-hidden="true" />
          Live
        </p>
      </div>
      <table className="mt-4 w-full text-left text-sm">
        <thead>
          <tr className="text-xs text-stone-600">
            <th scope="col" className="pb-2 font-semibold">
              #
            </th>
            <th scope="col" className="pb-2 font-semibold">
              Player
            </th>
            <th scope="col" className="pb-2 text-right font-semibold">
              Score
            </th>
          </tr>
        </thead>
        <tbody>
          {EXAMPLE_LEADERBOARD.map((row) => (
            <tr key={row.rank} className="border-t border-stone-100">
              <td className="py-2.5 font-bold text-field-700">{row.rank}</td>
              <td className="py-2.5">
                <span className="font-semibold">{row.name}</span>
                <span className="ml-2 text-xs text-stone-600">
                  {row.position} · #{row.jersey}
                </span>
              </td>
              <td className="py-2.5 text-right font-mono font-semibold tabular-nums">{row.score.toFixed(1)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <figcaption className="mt-3 text-xs text-stone-600">Example: a team leaderboard during a game.</figcaption>
    </figure>
  );
}

export default function HomePage() {
  return (
    <>
      <section className="surface-dark field-lines relative overflow-hidden bg-field-900 text-white">
        <div className="container-page grid items-center gap-12 py-16 sm:py-24 lg:grid-cols-[1.25fr_1fr]">
          <div>
            <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
              Performance tracking for flag football
            </p>
            <h1 className="mt-4 text-4xl font-extrabold tracking-tight sm:text-5xl">
              <span className="block">Track every snap.</span>{" "}
              <span className="block text-accent-300">Grow every player.</span>
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-field-100">
              Flagline turns what happens on the field into numbers your whole team can use. Coaches log plays from the
              sideline in two taps; scores, rankings and player dashboards update as the game goes on. It is open
              software you run yourself, so your team's data stays with your team.
            </p>
            {/* A signed-in visitor's calls to action come first (app.css, lib/role-hint.ts: chosen before the first
                paint, so nothing moves); everyone else's are the sign-up ones. */}
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/coach/dashboard" className="when-coach btn btn-primary px-6 py-3 text-base">
                Go to your dashboard
              </Link>
              <Link to="/player/dashboard" className="when-player btn btn-primary px-6 py-3 text-base">
                Go to your dashboard
              </Link>
              <Link to="/signup" className="when-visitor btn btn-primary px-6 py-3 text-base">
                Sign up — it's free
              </Link>
              <Link to="/login" className="when-visitor btn btn-ghost-light px-6 py-3 text-base">
                Log in
              </Link>
            </div>
            <p className="when-visitor mt-4 text-sm text-field-200">
              Coaches create a team; players join with its team code.
            </p>
            <p className="when-coach mt-4 text-sm text-field-200">You are signed in as a coach.</p>
            <p className="when-player mt-4 text-sm text-field-200">You are signed in as a player.</p>
          </div>
          <div className="flex justify-center lg:justify-end">
            <LeaderboardIllustration />
          </div>
        </div>
      </section>

      <Section labelledBy="coaches-title">
        <SectionHeading
          id="coaches-title"
          eyebrow="For coaches"
          title="Coach the game, not the clipboard"
          lead="Everything you used to scribble on a clipboard and type into a spreadsheet on Sunday night, captured while you watch."
        />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<Zap className="size-6" />} title="Sideline logging in two taps">
            Tap the player, tap what happened — Flag Pull, Catch, Pass TD. Yards when they matter, undo when you slip.
            Built for a phone in one hand.
          </FeatureCard>
          <FeatureCard icon={<Trophy className="size-6" />} title="A live leaderboard">
            Every logged play feeds a performance score weighted by position, so a cornerback's interception counts like
            a quarterback's touchdown pass. Rankings move as the game does.
          </FeatureCard>
          <FeatureCard icon={<Search className="size-6" />} title="Player search">
            Find anyone on your roster by name, filter by position, sort by score, ranking, activity or attendance, and
            open their full detail in one click.
          </FeatureCard>
          <FeatureCard icon={<BarChart3 className="size-6" />} title="Playbook analysis">
            See which positions and plays produce your yards and touchdowns, and where the defense makes its stops.
          </FeatureCard>
        </ul>
      </Section>

      <Section labelledBy="players-title" className="bg-field-50">
        <SectionHeading
          id="players-title"
          eyebrow="For players"
          title="See your own progress, week by week"
          lead="Players get their own account on the team: no more asking the coach how the season is going."
        />
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          <FeatureCard icon={<Gauge className="size-6" />} title="Your dashboard">
            Your performance score, your rank on the team, attendance and the plays you have been credited with.
          </FeatureCard>
          <FeatureCard icon={<UserRound className="size-6" />} title="Your profile">
            Photo, jersey number, primary position and the other spots you can play — the details your coach sees.
          </FeatureCard>
          <FeatureCard icon={<NotebookPen className="size-6" />} title="Your training log">
            Record the sessions and drills you put in between games and look back over your history.
          </FeatureCard>
        </ul>
      </Section>

      <Section labelledBy="selfhost-title">
        <div className="grid items-center gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="selfhost-title"
              eyebrow="Self-hosted"
              title="Your data stays on your machine"
              lead="Flagline is not a cloud service you rent. You install it on a laptop, a club computer or a small server, and it keeps every account, play and photo there."
            />
            <ul className="mt-6 space-y-3 text-stone-700">
              <li className="flex gap-3">
                <HardDrive aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-field-700" />
                <span>One process, one port. The database is a single file in your data folder.</span>
              </li>
              <li className="flex gap-3">
                <ClipboardList aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-field-700" />
                <span>
                  Grows with you: point it at PostgreSQL and S3-compatible storage when one machine is not enough.
                </span>
              </li>
            </ul>
          </div>
          <div className="surface-dark rounded-2xl bg-stone-900 p-6 text-stone-100 shadow-lg">
            <p className="text-sm font-semibold text-stone-300">Two commands, from the Flagline folder:</p>
            <pre className="mt-4 overflow-x-auto font-mono text-sm leading-7">
              <code>
                <span className="text-accent-300">$</span> npm install{"\n"}
                <span className="text-accent-300">$</span> npm start
              </code>
            </pre>
            <p className="mt-4 text-sm text-stone-300">
              Then open <span className="font-mono text-white">http://localhost:3000</span> and sign up as the head
              coach.{" "}
              <Link to="/how-it-works" className="font-semibold text-accent-300 underline">
                How it works
              </Link>
            </p>
          </div>
        </div>
      </Section>

      <CtaBand
        title="Ready for kickoff?"
        lead="Create your team in a minute, share the team code with your players, and log your first play at the next practice."
      />
    </>
  );
}
