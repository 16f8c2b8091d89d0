import { useState } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "~/ui/chart-frame";
import { formatScore } from "~/ui/format";
import { SegmentedControl } from "~/ui/segmented-control";
import type { PlaybookAnalysisRow } from "#domain/api/plays";
import { CHART_LIMIT, CHART_METRICS, chartRows, formatYardsPerPlay, type ChartMetric } from "./analysis-sort";

const axisTick = { fill: CHART_COLORS.axis, fontSize: 12 };

const METRIC_TEXT: Readonly<Record<ChartMetric, { title: string; unit: string; none: string }>> = {
  points: { title: "Points by play", unit: "points", none: "Points appear here once events are tagged with a play." },
  yardsPerPlay: {
    title: "Yards per play",
    unit: "yards per run",
    none: "Yards per play appear once a play has been run (offense or defense snaps).",
  },
  completionRate: {
    title: "Completion % by play",
    unit: "percent of passes completed",
    none: "Completion % appears once a play has a pass thrown on it.",
  },
};

function formatValue(metric: ChartMetric, value: number): string {
  if (metric === "points") return formatScore(value);
  if (metric === "yardsPerPlay") return formatYardsPerPlay(value);
  return `${Math.round(value)}%`;
}

function shortName(name: string): string {
  return name.length > 16 ? `${name.slice(0, 15)}…` : name;
}

/** A bar per play, best first, for one metric the coach picks. */
export function AnalysisChart({ rows }: { rows: readonly PlaybookAnalysisRow[] }) {
  const [metric, setMetric] = useState<ChartMetric>("points");
  const { shown, total } = chartRows(rows, metric);
  const text = METRIC_TEXT[metric];
  const data = shown.map(({ row, value }) => ({ id: row.playId, name: row.name, label: shortName(row.name), value }));

  return (
    <section aria-label="Compare plays" className="space-y-3">
      <SegmentedControl legend="Compare plays by" options={CHART_METRICS} value={metric} onChange={setMetric} />
      <ChartFrame
        headingLevel={2}
        title={text.title}
        description={
          total > CHART_LIMIT
            ? `The ${CHART_LIMIT} best of ${total} plays, in ${text.unit}.`
            : `Each play with a value, best first, in ${text.unit}.`
        }
        empty={text.none}
        columns={[{ label: "Play" }, { label: CHART_METRICS.find((m) => m.value === metric)!.label, numeric: true }]}
        rows={data.map((d) => [d.name, formatValue(metric, d.value)])}
        height={Math.max(140, 40 + data.length * 34)}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            data={data}
            layout="vertical"
            margin={{ top: 4, right: 16, bottom: 4, left: 0 }}
            accessibilityLayer={false}
          >
            <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
            <XAxis
              type="number"
              tick={axisTick}
              tickLine={false}
              domain={metric === "completionRate" ? [0, 100] : [0, "auto"]}
              tickFormatter={(v: number) => (metric === "completionRate" ? `${v}%` : String(v))}
            />
            <YAxis type="category" dataKey="label" tick={axisTick} tickLine={false} width={116} interval={0} />
            <Tooltip
              cursor={{ fill: "rgb(0 0 0 / 0.04)" }}
              labelFormatter={(_, payload) =>
                String((payload[0]?.payload as { name?: string } | undefined)?.name ?? "")
              }
              formatter={(value) => [
                formatValue(metric, Number(value)),
                CHART_METRICS.find((m) => m.value === metric)!.label,
              ]}
            />
            <Bar
              dataKey="value"
              fill={CHART_COLORS.primary}
              radius={[0, 3, 3, 0]}
              maxBarSize={24}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </ChartFrame>
    </section>
  );
}
