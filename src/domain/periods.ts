/**
 * The game's period (docs/product.md §10, decision 0022): a game owns its period, not a phone. It is kept as a
 * timeline, the time each period after the first started (the first runs from the start of the game). A snap's
 * period is read from that timeline at the snap's time, so a snap logged offline before anyone tapped "Next half"
 * stays in the 1st half, and one logged after it by a phone that had not heard of it lands in the 2nd half.
 * Zod-free: the logger imports it.
 */

/** When a period after the first started (ISO-8601 UTC). */
export interface PeriodStart {
  period: number;
  startedAt: string;
}

/** The period in force at `at`: the highest one started by then (1 before any). */
export function periodAt(timeline: readonly PeriodStart[], at: string): number {
  let period = 1;
  for (const p of timeline) if (p.startedAt <= at && p.period > period) period = p.period;
  return period;
}

/** The game's period now: the highest one started. */
export function currentPeriod(timeline: readonly PeriodStart[]): number {
  return timeline.reduce((max, p) => Math.max(max, p.period), 1);
}

/**
 * The period a new snap is filed in: the timeline's at the snap's time, or the period the phone said when that is
 * later and the game has reached it (the phone had heard of the change: its clock may run a little behind the
 * server's). A phone claiming a period the game is not in (it was taken back since) is not believed.
 */
export function snapPeriod(timeline: readonly PeriodStart[], occurredAt: string, claimed: number): number {
  return Math.max(periodAt(timeline, occurredAt), Math.min(claimed, currentPeriod(timeline)));
}

/** What setting the game's period to `period` at `at` does to the timeline. */
export interface PeriodChange {
  /** Periods whose start is taken back (a step back: "Previous period"). */
  remove: number[];
  /** The period's start to store, or null when it stays as it is (period 1, or already started earlier). */
  start: PeriodStart | null;
}

/**
 * Moving to `period` at `at`: the periods after it that had started by then are taken back (a step back
 * corrects a tap too many), and the period starts at `at` unless it had started earlier (two phones tapping "Next
 * half" file it once, at the first tap). A late step forward from a phone that had not heard of later periods
 * takes nothing back.
 */
export function periodChange(timeline: readonly PeriodStart[], period: number, at: string): PeriodChange {
  const remove = timeline.filter((p) => p.period > period && p.startedAt <= at).map((p) => p.period);
  if (period <= 1) return { remove, start: null };
  const known = timeline.find((p) => p.period === period);
  if (known && known.startedAt <= at) return { remove, start: null };
  return { remove, start: { period, startedAt: at } };
}
