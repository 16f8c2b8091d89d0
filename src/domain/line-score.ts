/**
 * A game's line score (docs/product.md §10, "Line score"): the points each side scored in each period, from the
 * snaps' own points, and the final. Pure: the box score and its print lay out what this returns.
 *
 * - One column per period of the league's rules (two halves, or four quarters), shown even when nobody scored in
 *   it, then one per overtime period a snap was logged in (or the game is in).
 * - The final column is the official score once the game is final (a coach's correction included), else the
 *   snaps' running total. When a correction makes the periods not add up to it, `corrected` says so.
 */
import { periodCount, periodLabel, type LeagueRules } from "./league-rules.js";

interface LineScorePeriod {
  period: number;
  /** "1st half", "3rd quarter", "OT". */
  label: string;
  us: number;
  them: number;
}

export interface LineScore {
  periods: LineScorePeriod[];
  final: { us: number; them: number };
  /** The final was entered by hand and differs from the periods' sum. */
  corrected: boolean;
}

export function lineScore(input: {
  rules: Pick<LeagueRules, "periodKind">;
  snaps: readonly { period: number; points: { us: number; them: number } }[];
  /** The official score once the game is final. */
  final: { us: number; them: number } | null;
  /** The game's current period (an overtime the game is in shows before anyone scores in it). */
  period?: number;
}): LineScore {
  const last = Math.max(periodCount(input.rules), input.period ?? 1, ...input.snaps.map((s) => s.period));
  const periods: LineScorePeriod[] = [];
  for (let p = 1; p <= last; p++) periods.push({ period: p, label: periodLabel(p, input.rules), us: 0, them: 0 });
  const sum = { us: 0, them: 0 };
  for (const s of input.snaps) {
    const column = periods[Math.max(1, s.period) - 1]!;
    column.us += s.points.us;
    column.them += s.points.them;
    sum.us += s.points.us;
    sum.them += s.points.them;
  }
  const final = input.final ? { us: input.final.us, them: input.final.them } : sum;
  return { periods, final, corrected: final.us !== sum.us || final.them !== sum.them };
}

/** The opponent's scoring as the snaps logged it: touchdowns, good tries for 1 and for 2, safeties, points. */
export interface OpponentLine {
  touchdowns: number;
  tries1: number;
  tries2: number;
  safeties: number;
  points: number;
}

export function opponentLine(
  snaps: readonly { detail: { kind: string; score?: string }; points: { them: number } }[],
): OpponentLine {
  const out: OpponentLine = { touchdowns: 0, tries1: 0, tries2: 0, safeties: 0, points: 0 };
  for (const s of snaps) {
    out.points += s.points.them;
    if (s.detail.kind !== "opponent_score") continue;
    if (s.detail.score === "touchdown") out.touchdowns++;
    else if (s.detail.score === "try1") out.tries1++;
    else if (s.detail.score === "try2") out.tries2++;
    else if (s.detail.score === "safety") out.safeties++;
  }
  return out;
}
