import {
  BarChart3,
  ClipboardList,
  Gauge,
  LineChart,
  MessageSquareText,
  NotebookPen,
  Radio,
  Search,
  ShieldCheck,
  Smartphone,
  Trophy,
  UserRound,
  Users,
  Zap,
} from "lucide-react";
import { POSITIONS } from "#domain/positions";
import { BASE_WEIGHTS, DEFAULT_WEIGHT, PER_EVENT_BONUS, POSITION_WEIGHT_OVERRIDES } from "#domain/scoring";
import { CtaBand, FeatureCard, PageHero, Section, SectionHeading } from "./components";

const positionNames = new Map<string, string>(POSITIONS.map((p) => [p.key, p.name]));

/** The position-specific weights, grouped by the positions that share them, read from the scoring rules. */
function overrideRows() {
  const groups = new Map<string, { positions: string[]; weights: Record<string, number> }>();
  for (const [position, weights] of Object.entries(POSITION_WEIGHT_OVERRIDES)) {
    const signature = JSON.stringify(weights);
    const group = groups.get(signature) ?? { positions: [], weights };
    group.positions.push(positionNames.get(position) ?? position);
    groups.set(signature, group);
  }
  return [...groups.values()];
}

function ScoringTable() {
  return (
    <div className="mt-10 grid gap-6 lg:grid-cols-2">
      <div className="card overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-3 text-left text-base font-bold text-stone-900">
            Points per play, every position
          </caption>
          <thead>
            <tr className="border-b border-stone-200 text-stone-600">
              <th scope="col" className="py-2 font-semibold">
                Play
              </th>
              <th scope="col" className="py-2 text-right font-semibold">
                Weight
              </th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(BASE_WEIGHTS).map(([eventType, weight]) => (
              <tr key={eventType} className="border-b border-stone-100">
                <th scope="row" className="py-2 font-medium text-stone-800">
                  {eventType}
                </th>
                <td className="py-2 text-right font-mono tabular-nums">{weight}</td>
              </tr>
            ))}
            <tr>
              <th scope="row" className="py-2 font-medium text-stone-800">
                Any other play
              </th>
              <td className="py-2 text-right font-mono tabular-nums">{DEFAULT_WEIGHT}</td>
            </tr>
          </tbody>
        </table>
      </div>
      <div className="card">
        <h3 className="text-base font-bold text-stone-900">Where a position changes the weight</h3>
        <ul className="mt-3 space-y-3 text-sm">
          {overrideRows().map((row) => (
            <li key={row.positions.join()} className="rounded-lg bg-field-50 p-3">
              <p className="font-semibold text-field-900">{row.positions.join(" and ")}</p>
              <p className="mt-1 text-stone-700">
                {Object.entries(row.weights)
                  .map(([eventType, weight]) => `${eventType} ${weight}`)
                  .join(" · ")}
              </p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-stone-700">
          Every logged play also adds {PER_EVENT_BONUS} for being involved. Scores are rounded to one decimal, and a
          player's team ranking follows from their score.
        </p>
      </div>
    </div>
  );
}

export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Everything your team needs, from the sideline to the season review"
        lead="Flagline covers the whole loop: log what happened, score it fairly, show it to the people who earned it, and help coaches decide what to work on next."
      />

      <Section labelledBy="coach-features">
        <SectionHeading id="coach-features" eyebrow="For coaches" title="Run your team from one screen" />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          <FeatureCard icon={<Zap className="size-6" />} title="Event logger">
            Two taps per play: choose the player, choose the play. Passing, receiving and rushing plays take the yards
            gained; a mistaken entry can be undone. Big buttons, made for a phone outdoors.
          </FeatureCard>
          <FeatureCard icon={<Trophy className="size-6" />} title="Live leaderboard">
            Players ranked by performance score, updated for everyone watching as plays are logged — on the bench tablet
            and the assistant coach's phone at once.
          </FeatureCard>
          <FeatureCard icon={<Users className="size-6" />} title="Team roster">
            Everyone who joined with your team code, with jersey numbers, positions, attendance and activity.
          </FeatureCard>
          <FeatureCard icon={<Search className="size-6" />} title="Player search">
            Search by name, filter by position, sort by performance score, team ranking, activity level, attendance or
            name, highest or lowest first.
          </FeatureCard>
          <FeatureCard icon={<LineChart className="size-6" />} title="Player detail and feedback">
            One player's stats — yards, touchdowns, flag pulls, interceptions — their recent plays, and a place to leave
            them feedback they will actually read.
          </FeatureCard>
          <FeatureCard icon={<BarChart3 className="size-6" />} title="Team stats and playbook analysis">
            Totals across the team, and which positions and plays produce your yards and scores, to plan the next
            practice around.
          </FeatureCard>
        </ul>
      </Section>

      <Section labelledBy="player-features" className="bg-field-50">
        <SectionHeading id="player-features" eyebrow="For players" title="A home for every player's season" />
        <ul className="mt-10 grid gap-5 md:grid-cols-3">
          <FeatureCard icon={<Gauge className="size-6" />} title="Player dashboard">
            Score, rank, attendance and the plays you were credited with, updated as your coach logs them.
          </FeatureCard>
          <FeatureCard icon={<UserRound className="size-6" />} title="Profile">
            Your photo, jersey number and positions. Keep them current so your coach finds you in the logger fast.
          </FeatureCard>
          <FeatureCard icon={<NotebookPen className="size-6" />} title="Training logs">
            Write down what you practised and look back over your training history.
          </FeatureCard>
        </ul>
      </Section>

      <Section labelledBy="scoring-title">
        <SectionHeading
          id="scoring-title"
          eyebrow="Fair scoring"
          title="A score that knows what position you play"
          lead="A receiver is judged on catches, a cornerback on interceptions and flag pulls. Flagline weights each play by position, so the leaderboard compares contributions, not just touches."
        />
        <ScoringTable />
      </Section>

      <Section labelledBy="platform-title" className="bg-stone-100">
        <SectionHeading id="platform-title" eyebrow="Under the hood" title="Built to be run by a volunteer" />
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          <FeatureCard icon={<ShieldCheck className="size-6" />} title="Your server, your data">
            Accounts, plays and photos are stored where you install Flagline. Teams only ever see their own data.
          </FeatureCard>
          <FeatureCard icon={<Radio className="size-6" />} title="Live updates">
            Logged plays reach every open leaderboard and dashboard within a moment, without reloading.
          </FeatureCard>
          <FeatureCard icon={<Smartphone className="size-6" />} title="Phone first">
            Every screen works on a phone in portrait, with large touch targets and readable contrast in sunlight.
          </FeatureCard>
          <FeatureCard icon={<ClipboardList className="size-6" />} title="Open API">
            Everything the app does goes through a documented JSON API, so you can export or connect your own tools.
          </FeatureCard>
        </ul>
        <p className="mt-8 flex items-start gap-2 text-stone-700">
          <MessageSquareText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-field-700" />
          Keyboard and screen-reader friendly throughout: labelled forms, visible focus and clear headings.
        </p>
      </Section>

      <CtaBand
        title="See it with your own team"
        lead="Sign up as a head coach, invite your players with the team code, and log a practice."
      />
    </>
  );
}
