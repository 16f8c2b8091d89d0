import { Flag, Footprints, Hand, Send, ShieldCheck, Target, Trophy, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import type { Leaders } from "#domain/api/team";
import { LEADER_STATS, type LeaderStat } from "#domain/reads";
import { formatCount } from "./format";
import { TOUCHDOWNS_EXPLAINED } from "./stats-summary";

const LEADER_STAT_LABELS: Readonly<Record<LeaderStat, { label: string; unit: string; icon: LucideIcon }>> = {
  passingYards: { label: "Passing yards", unit: "yds", icon: Send },
  receivingYards: { label: "Receiving yards", unit: "yds", icon: Hand },
  rushingYards: { label: "Rushing yards", unit: "yds", icon: Footprints },
  touchdownsScored: { label: "Touchdowns", unit: "TD", icon: Trophy },
  touchdownPasses: { label: "TD passes", unit: "TD", icon: Target },
  flagPulls: { label: "Flag pulls", unit: "", icon: Flag },
  interceptions: { label: "Interceptions", unit: "INT", icon: ShieldCheck },
};

/**
 * Category leaders: one card per statistic (passing, receiving and rushing yards, touchdowns scored, touchdown
 * passes, flag pulls, interceptions) listing its top players, and what the touchdown cards count (docs/product.md
 * §10 "Touchdowns and safeties"). Names link to the player's detail page, which comes back to `returnTo`.
 */
export function LeaderCards({
  leaders,
  returnTo,
  headingLevel = 3,
}: {
  leaders: Leaders;
  returnTo: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {LEADER_STATS.map((stat) => {
          const { label, unit, icon: Icon } = LEADER_STAT_LABELS[stat];
          const rows = leaders[stat];
          return (
            <li key={stat} className="card p-5">
              <Heading className="flex items-center gap-2 font-bold text-stone-900">
                <span aria-hidden="true" className="rounded-lg bg-field-100 p-1.5 text-field-700">
                  <Icon className="size-4" />
                </span>
                {label}
              </Heading>
              {rows.length === 0 ? (
                <p className="mt-3 text-sm text-stone-700">
                  No {label.startsWith("TD") ? label : label.toLowerCase()} logged yet.
                </p>
              ) : (
                <ol className="mt-3 space-y-1.5">
                  {rows.map((row, i) => (
                    <li key={row.playerId} className="flex items-baseline justify-between gap-3 text-sm">
                      <span className="flex min-w-0 items-baseline gap-2">
                        <span className="w-4 shrink-0 font-bold text-stone-600 tabular-nums">{i + 1}.</span>
                        <Link
                          to={`/coach/player-detail/${encodeURIComponent(row.playerId)}`}
                          state={{ returnTo }}
                          className="truncate font-semibold text-field-800 underline-offset-2 hover:underline"
                        >
                          {row.name}
                        </Link>
                      </span>
                      <span className="shrink-0 font-bold text-stone-900 tabular-nums">
                        {formatCount(row.value)}
                        {unit ? <span className="ml-1 text-xs font-semibold text-stone-600">{unit}</span> : null}
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-stone-700">{TOUCHDOWNS_EXPLAINED}</p>
    </>
  );
}
