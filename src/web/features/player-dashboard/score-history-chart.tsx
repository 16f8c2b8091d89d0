import { Area, Line } from "recharts";
import { CHART_COLORS } from "~/ui/chart-frame";
import { formatScore } from "~/ui/format";
import { ScoreChart, type ScorePoint } from "~/ui/score-chart";

/** The player's performance score after each day with logged plays, in the viewer's zone. */
export function ScoreHistoryChart({ history }: { history: readonly ScorePoint[] }) {
  return (
    <ScoreChart
      history={history}
      title="Your score over time"
      description="Your performance score after each day your coach logged plays for you."
      empty="Your coach hasn't logged any plays for you yet. Your score's history draws here after your first one."
      height={240}
      tooltip={(value) => [formatScore(Number(value)), "Score"]}
    >
      <Area
        dataKey="score"
        type="monotone"
        stroke="none"
        fill={CHART_COLORS.primary}
        fillOpacity={0.12}
        isAnimationActive={false}
        tooltipType="none"
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
    </ScoreChart>
  );
}
