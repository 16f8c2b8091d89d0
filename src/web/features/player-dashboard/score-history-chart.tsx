import { Area, CartesianGrid, ComposedChart, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "~/ui/chart-frame";
import { formatDay, formatScore, formatShortDay } from "~/ui/format";
import type { PlayerDashboardResponse } from "../../../domain/api/player";

type ScorePoint = PlayerDashboardResponse["scoreHistory"][number];

/** The player's performance score after each day with logged plays, in the viewer's zone. */
export function ScoreHistoryChart({ history }: { history: readonly ScorePoint[] }) {
  const data = history.map((p) => ({ ...p, label: formatShortDay(p.date) }));
  return (
    <ChartFrame
      headingLevel={2}
      title="Your score over time"
      description="Your performance score after each day your coach logged plays for you."
      empty="Your coach hasn't logged any plays for you yet. Your score's history draws here after your first one."
      columns={[{ label: "Day" }, { label: "Points that day", numeric: true }, { label: "Score", numeric: true }]}
      rows={history.map((p) => [formatDay(p.date), formatScore(p.points), formatScore(p.score)])}
      height={240}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} minTickGap={12} />
          <YAxis tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} axisLine={false} allowDecimals={false} />
          <Tooltip formatter={(value) => [formatScore(Number(value)), "Score"]} />
          <Area dataKey="score" type="monotone" stroke="none" fill={CHART_COLORS.primary} fillOpacity={0.12} isAnimationActive={false} tooltipType="none" />
          <Line dataKey="score" name="Score" type="monotone" stroke={CHART_COLORS.primary} strokeWidth={2.5} dot={{ r: 3 }} isAnimationActive={false} />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
