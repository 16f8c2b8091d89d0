import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { CHART_COLORS, ChartFrame } from "~/ui/chart-frame";
import { formatCount, formatDay, formatPercent, formatScore, formatShortDay } from "~/ui/format";
import type { TeamStatsResponse } from "#domain/api/team";
import { sessionLabel } from "#domain/reads";

type TrendRow = TeamStatsResponse["trend"][number];
type AttendanceRow = TeamStatsResponse["attendance"][number];

const axisTick = { fill: CHART_COLORS.axis, fontSize: 12 };

function chartRows<T extends { date: string; kind: "practice" | "game" }>(rows: readonly T[]) {
  return rows.map((r) => ({ ...r, label: `${formatShortDay(r.date)}${r.kind === "game" ? " (G)" : ""}` }));
}

function fullLabel(row: { date: string; kind: "practice" | "game"; opponent?: string | null }): string {
  return `${row.kind === "game" ? (row.opponent ? `Game vs ${row.opponent}` : "Game") : "Practice"}, ${formatDay(row.date)}`;
}

/** Points scored by the team's players per session. */
export function PointsTrendChart({ trend, kindLabel }: { trend: readonly TrendRow[]; kindLabel: string }) {
  const data = chartRows(trend);
  return (
    <ChartFrame
      title="Points per session"
      description={`Performance points earned in each ${kindLabel} (games are marked G).`}
      empty={`Points appear here per ${kindLabel} once plays are logged in one.`}
      columns={[{ label: "Session" }, { label: "Plays", numeric: true }, { label: "Points", numeric: true }]}
      rows={trend.map((r) => [sessionLabel(r, formatDay), formatCount(r.events), formatScore(r.points)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={8} />
          <YAxis tick={axisTick} tickLine={false} axisLine={false} />
          <Tooltip
            labelFormatter={(_, payload) => (payload[0]?.payload ? fullLabel(payload[0].payload as TrendRow) : "")}
            formatter={(value) => formatScore(Number(value))}
          />
          <Bar
            dataKey="points"
            name="Points"
            fill={CHART_COLORS.primary}
            radius={[3, 3, 0, 0]}
            maxBarSize={40}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/**
 * The offense's yards per session: passing and rushing, stacked, whose sum is the offense's yards. Receiving yards
 * are the passing yards seen from the catch, so they are never stacked on top (that counted every completion twice).
 */
export function YardsTrendChart({ trend, kindLabel }: { trend: readonly TrendRow[]; kindLabel: string }) {
  const data = chartRows(trend);
  return (
    <ChartFrame
      title="Yards per session"
      description={`Offense yards (passing plus rushing) gained in each ${kindLabel}; a completion's yards count once.`}
      empty={`Yards appear here per ${kindLabel} once plays with yards are logged in one.`}
      columns={[
        { label: "Session" },
        { label: "Passing", numeric: true },
        { label: "Rushing", numeric: true },
        { label: "Offense", numeric: true },
      ]}
      rows={trend.map((r) => [
        sessionLabel(r, formatDay),
        formatCount(r.passingYards),
        formatCount(r.rushingYards),
        formatCount(r.offenseYards),
      ])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={8} />
          <YAxis tick={axisTick} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip
            labelFormatter={(_, payload) => (payload[0]?.payload ? fullLabel(payload[0].payload as TrendRow) : "")}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            dataKey="passingYards"
            name="Passing"
            stackId="yards"
            fill={CHART_COLORS.primary}
            maxBarSize={40}
            isAnimationActive={false}
          />
          <Bar
            dataKey="rushingYards"
            name="Rushing"
            stackId="yards"
            fill={CHART_COLORS.tertiary}
            maxBarSize={40}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}

/** The share of marked players present at each session. */
export function AttendanceChart({ rows: all }: { rows: readonly AttendanceRow[] }) {
  // A session nobody was marked for has no attendance to show (not 0%): it is left out, and with none marked yet
  // the chart says how it fills in (docs/product.md §9).
  const rows = all.filter((r) => r.marked > 0);
  const data = chartRows(rows);
  return (
    <ChartFrame
      headingLevel={2}
      title="Attendance over time"
      description="The percentage of marked players who were present at each practice and game."
      empty="Attendance appears here once you mark who came to a practice or game."
      columns={[
        { label: "Session" },
        { label: "Present", numeric: true },
        { label: "Marked", numeric: true },
        { label: "Attendance", numeric: true },
      ]}
      rows={rows.map((r) => [fullLabel(r), formatCount(r.present), formatCount(r.marked), formatPercent(r.percent)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} minTickGap={8} />
          <YAxis
            domain={[0, 100]}
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            tickFormatter={(v: number) => `${v}%`}
          />
          <Tooltip
            labelFormatter={(_, payload) => (payload[0]?.payload ? fullLabel(payload[0].payload as AttendanceRow) : "")}
            formatter={(value) => formatPercent(Number(value))}
          />
          <Line
            dataKey="percent"
            name="Attendance"
            type="monotone"
            stroke={CHART_COLORS.primary}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
