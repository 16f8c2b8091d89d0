import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "~/ui/chart-frame";
import { formatCount, formatDay, formatShortDay } from "~/ui/format";
import type { WeeklyTotal } from "#domain/api/player";
import { fillWeeks } from "./weeks";

/** Minutes trained per Monday-to-Sunday week, for the entries the filters show; weeks without training read 0. */
export function WeeklyChart({ weeks, filtered }: { weeks: readonly WeeklyTotal[]; filtered: boolean }) {
  const filled = fillWeeks(weeks);
  const data = filled.map((w) => ({ ...w, label: formatShortDay(w.weekStart) }));
  return (
    <ChartFrame
      headingLevel={2}
      title="Minutes per week"
      description={`Weeks run Monday to Sunday; each bar is labelled with its Monday.${filtered ? " Only the entries that match the filters count." : ""}`}
      empty={
        filtered
          ? "No entries match the filters, so there is nothing to add up."
          : "Your weekly minutes are drawn here once you add your first training entry."
      }
      columns={[{ label: "Week of" }, { label: "Minutes", numeric: true }, { label: "Sessions", numeric: true }]}
      rows={filled.map((w) => [formatDay(w.weekStart), formatCount(w.minutes), formatCount(w.sessions)])}
      height={220}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} minTickGap={8} />
          <YAxis
            tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
          />
          <Tooltip
            formatter={(value) => [`${formatCount(Number(value))} min`, "Minutes"]}
            labelFormatter={(label) => `Week of ${String(label)}`}
          />
          <Bar
            dataKey="minutes"
            name="Minutes"
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
