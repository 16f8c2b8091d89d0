import { Bar, Legend, Line } from "recharts";
import { CHART_COLORS } from "~/ui/chart-frame";
import { ScoreChart as ScoreChartFrame, type ScorePoint } from "~/ui/score-chart";

/** The player's performance score over time: the running total as a line, each day's points as bars. */
export function ScoreChart({ history }: { history: readonly ScorePoint[] }) {
  return (
    <ScoreChartFrame
      history={history}
      title="Score over time"
      description="The performance score after each day with logged plays (line), and the points earned that day (bars)."
      empty="The score's history appears here once plays are logged for this player."
    >
      <Legend wrapperStyle={{ fontSize: 12 }} />
      <Bar
        dataKey="points"
        name="Points that day"
        fill={CHART_COLORS.secondary}
        radius={[3, 3, 0, 0]}
        maxBarSize={28}
        isAnimationActive={false}
      />
      <Line
        dataKey="score"
        name="Score"
        type="monotone"
        stroke={CHART_COLORS.primary}
        strokeWidth={2.5}
        dot={{ r: 3 }}
        isAnimationActive={false}
      />
    </ScoreChartFrame>
  );
}
