import type { ReactNode } from "react";
import { CartesianGrid, ComposedChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { CHART_COLORS, ChartFrame } from "./chart-frame";
import { formatDay, formatScore, formatShortDay } from "./format";

export interface ScorePoint {
  /** YYYY-MM-DD, in the viewer's zone. */
  date: string;
  /** Points earned that day. */
  points: number;
  /** The performance score after that day. */
  score: number;
}

/**
 * A player's performance score over the days with logged plays: the chart (day labels, grid, axes, tooltip)
 * and the table behind it (day, points that day, score). The series (`children`) and the words are the caller's:
 * the player sees their score as an area, a coach sees the day's points as bars too.
 */
export function ScoreChart({
  history,
  title,
  description,
  empty,
  height,
  tooltip,
  children,
}: {
  history: readonly ScorePoint[];
  title: string;
  description: string;
  empty: string;
  height?: number;
  /** Recharts' tooltip formatter; the score with one decimal by default. */
  tooltip?: (value: unknown) => ReactNode | [ReactNode, ReactNode];
  children: ReactNode;
}) {
  const data = history.map((p) => ({ ...p, label: formatShortDay(p.date) }));
  return (
    <ChartFrame
      headingLevel={2}
      title={title}
      description={description}
      empty={empty}
      columns={[{ label: "Day" }, { label: "Points that day", numeric: true }, { label: "Score", numeric: true }]}
      rows={history.map((p) => [formatDay(p.date), formatScore(p.points), formatScore(p.score)])}
      height={height}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" tick={{ fill: CHART_COLORS.axis, fontSize: 12 }} tickLine={false} minTickGap={12} />
          <YAxis
            tick={{ fill: CHART_COLORS.axis, fontSize: 12 }}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
          />
          <Tooltip formatter={tooltip ?? ((value) => formatScore(Number(value)))} />
          {children}
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFrame>
  );
}
