import { Panel } from "./app-page";
import { formatCount } from "./format";
import type { PlayerSummaryDto } from "#domain/api/team";

type Stats = PlayerSummaryDto["stats"];

/** What a player's touchdowns are, wherever they are shown. */
export const TOUCHDOWNS_EXPLAINED =
  "Touchdowns are the ones a player scored: caught, run in or returned. A touchdown pass counts once for its " +
  "catcher under Touchdowns and once for the passer under TD passes.";

const STAT_ROWS: readonly { key: keyof Stats; label: string; unit?: string }[] = [
  { key: "totalEvents", label: "Logged plays" },
  { key: "passingYards", label: "Passing yards", unit: "yds" },
  { key: "receivingYards", label: "Receiving yards", unit: "yds" },
  { key: "rushingYards", label: "Rushing yards", unit: "yds" },
  { key: "touchdownsScored", label: "Touchdowns" },
  { key: "touchdownPasses", label: "TD passes" },
  { key: "flagPulls", label: "Flag pulls" },
  { key: "interceptions", label: "Interceptions" },
];

/** docs/product.md §3 stats summary; its Touchdowns are those scored (§10 "Touchdowns and safeties"). */
export function StatsSummary({ stats }: { stats: Stats }) {
  return (
    <Panel title="Stats summary">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {STAT_ROWS.map((row) => (
          <div key={row.key} className="rounded-xl bg-stone-50 px-3 py-2">
            <dt className="text-xs font-semibold text-stone-600">{row.label}</dt>
            <dd className="mt-0.5 text-xl font-extrabold text-stone-900 tabular-nums">
              {formatCount(stats[row.key])}
              {row.unit ? <span className="ml-1 text-xs font-semibold text-stone-600">{row.unit}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-stone-700">{TOUCHDOWNS_EXPLAINED}</p>
    </Panel>
  );
}
