import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "~/ui/chart-frame";
import { formatDay, formatScore, formatShortDay } from "~/ui/format";
import type { PlayerDetailResponse } from "../../../domain/api/team";

type ScorePoint = PlayerDetailResponse["scoreHistory"][number];

/** The player's performance score over time: the running total as a line, each day's points as bars. */
export function ScoreChart({ history }: { history: readonly ScorePoint[] }) {
  const data = history.map((p) => ({ ...p, label: formatShortDay(p.date) }));
  return (
    <ChartFrame
      headingLevel={2}
      title="Score over time"
      description="The performance score after each day with logged plays (line), and the points earned that day (bars)."
      empty="The score's history appears here once plays are logged for this player."
      columns={[{ label: "Day" }, { label: "Points that day", numeric: true }, { label: "Score", numeric: true }]}
      rows={history.map((p) => [formatDay(p.date), formatScore(p.points), formatScore(p.score)])}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} minTickGap={12} />
          <YAxis tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip formatter={(value) => formatScore(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="points" name="Points that day" fill={CHART_COLORS.secondary} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
          <Line
            dataKey="score"
            name="Score"
            type="monotone"
            stroke={CHART_COLORS.primary}
            strokeWidth={2.5}
            dot={{ r: 3 }}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
