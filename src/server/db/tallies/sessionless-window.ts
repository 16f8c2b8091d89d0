/*
 * Which rows of sessionless_tallies sum to a window of time (migration 011): pure arithmetic on minutes since
 * 1970-01-01 UTC, so it is tested on its own (sessionless-window.test.ts). A from/to window of local days is a
 * range of whole quarter hours in UTC; it is read as whole ISO weeks (level 3) and whole UTC days (level 0) in its
 * middle, and at each edge the part of the edge's UTC day that is in (or, when that is cheaper, out of) the window,
 * as six-hour spans (level 2) and quarter hours (level 1). Each piece is added or taken away, so the number of rows
 * read is bounded by the window's weeks and a few days and spans, not by its events.
 */
import { SESSIONLESS_LEVEL, SIX_HOURS, SLOT_MINUTES, weekOf } from "./sql.js";

export const DAY_MINUTES = 1440;

/** Rows of whole days (level 0) or whole weeks (level 3, keyed by their Monday) with day in [fromDay, toDay). */
interface DaysPiece {
  sign: 1 | -1;
  level: typeof SESSIONLESS_LEVEL.day | typeof SESSIONLESS_LEVEL.week;
  fromDay?: number;
  toDay?: number;
}

/** Rows of one UTC day's quarter hours (level 1) or six-hour spans (level 2) starting in [fromMinute, toMinute). */
interface SpanPiece {
  sign: 1 | -1;
  level: typeof SESSIONLESS_LEVEL.quarterHour | typeof SESSIONLESS_LEVEL.sixHours;
  day: number;
  fromMinute: number;
  toMinute: number;
}

export type WindowPiece = DaysPiece | SpanPiece;

/*
 * Relative costs, in quarter-hour row sets: a six-hour span holds about 5 quarter hours' rows, a day about 7 and a
 * week about 10 at a million events (the combinations of play, type and source saturate as the span grows); at a
 * tenth of that the ratios are larger, so preferring the longer spans never reads more.
 */
const COST = { quarterHour: 1, sixHours: 5, day: 7, week: 10 };

const floorTo = (n: number, step: number) => Math.floor(n / step) * step;

/** One UTC day's minutes [lo, hi) (whole quarter hours), with `sign`, as six-hour spans and quarter hours. */
function spanPieces(sign: 1 | -1, day: number, lo: number, hi: number): { pieces: SpanPiece[]; cost: number } {
  const qh = (s: 1 | -1, from: number, to: number): SpanPiece[] =>
    from === to
      ? []
      : [
          {
            sign: s,
            level: SESSIONLESS_LEVEL.quarterHour,
            day,
            fromMinute: Math.min(from, to),
            toMinute: Math.max(from, to),
          },
        ];
  let best = { pieces: qh(sign, lo, hi), cost: ((hi - lo) / SLOT_MINUTES) * COST.quarterHour };
  const los = [floorTo(lo, SIX_HOURS), floorTo(lo, SIX_HOURS) + SIX_HOURS];
  const his = [floorTo(hi, SIX_HOURS), floorTo(hi, SIX_HOURS) + SIX_HOURS].filter((h) => h <= DAY_MINUTES);
  for (const l of los)
    for (const h of his) {
      if (h <= l) continue;
      const cost =
        ((h - l) / SIX_HOURS) * COST.sixHours +
        ((Math.abs(lo - l) + Math.abs(hi - h)) / SLOT_MINUTES) * COST.quarterHour;
      if (cost >= best.cost) continue;
      const flip = (sign * -1) as 1 | -1;
      best = {
        cost,
        pieces: [
          { sign, level: SESSIONLESS_LEVEL.sixHours, day, fromMinute: l, toMinute: h },
          // Below lo: taken away (l < lo) or added (l > lo); above hi the same the other way round.
          ...qh(l < lo ? flip : sign, l, lo),
          ...qh(h > hi ? flip : sign, hi, h),
        ],
      };
    }
  return best;
}

/** The whole days [a, b) (either end open), as whole weeks and the days at their ends added or taken away. */
function dayPieces(a: number | undefined, b: number | undefined): WindowPiece[] {
  const day = (sign: 1 | -1, from: number, to: number): DaysPiece[] =>
    from === to ? [] : [{ sign, level: SESSIONLESS_LEVEL.day, fromDay: Math.min(from, to), toDay: Math.max(from, to) }];
  const options = (x: number | undefined) => (x === undefined ? [undefined] : [weekOf(x), weekOf(x) + 7]);
  let best: { pieces: WindowPiece[]; cost: number } | null =
    a !== undefined && b !== undefined ? { pieces: day(1, a, b), cost: (b - a) * COST.day } : null;
  for (const wa of options(a))
    for (const wb of options(b)) {
      if (wa !== undefined && wb !== undefined && wb < wa) continue;
      // An open end reads every week to it either way: only the bounded ends' costs differ.
      const weeks = wa !== undefined && wb !== undefined ? (wb - wa) / 7 : 0;
      const edges = (a === undefined ? 0 : Math.abs(a - wa!)) + (b === undefined ? 0 : Math.abs(b - wb!));
      const cost = weeks * COST.week + edges * COST.day;
      if (best && cost >= best.cost) continue;
      best = {
        cost,
        pieces: [
          ...(wa === wb && wa !== undefined
            ? []
            : [{ sign: 1 as const, level: SESSIONLESS_LEVEL.week, fromDay: wa, toDay: wb }]),
          ...(a === undefined ? [] : day(wa! > a ? 1 : -1, a, wa!)),
          ...(b === undefined ? [] : day(wb! < b ? 1 : -1, b, wb!)),
        ],
      };
    }
  return best!.pieces;
}

/**
 * The pieces whose signed sum is the quarter hours in [start, end) (minutes since 1970, UTC, multiples of 15;
 * either end open). An empty list for an empty window.
 */
export function sessionlessWindowPieces(start: number | undefined, end: number | undefined): WindowPiece[] {
  if (start !== undefined && end !== undefined && start >= end) return [];
  const pieces: WindowPiece[] = [];
  let firstDay: number | undefined;
  let endDay: number | undefined;
  if (start !== undefined) {
    const day = Math.floor(start / DAY_MINUTES);
    const minute = start - day * DAY_MINUTES;
    firstDay = day;
    if (minute !== 0) {
      // The edge's day less its minutes before the window, or its minutes in the window: the cheaper.
      const less = spanPieces(-1, day, 0, minute);
      const only = spanPieces(1, day, minute, DAY_MINUTES);
      if (only.cost < less.cost + COST.day) {
        firstDay = day + 1;
        pieces.push(...only.pieces);
      } else pieces.push(...less.pieces);
    }
  }
  if (end !== undefined) {
    const day = Math.floor(end / DAY_MINUTES);
    const minute = end - day * DAY_MINUTES;
    endDay = day;
    if (minute !== 0) {
      const only = spanPieces(1, day, 0, minute);
      const less = spanPieces(-1, day, minute, DAY_MINUTES);
      if (less.cost + COST.day < only.cost) {
        endDay = day + 1;
        pieces.push(...less.pieces);
      } else pieces.push(...only.pieces);
    }
  }
  // Both edges in one day: its spans alone (the whole-day terms cancel).
  if (firstDay !== undefined && endDay !== undefined && endDay <= firstDay) {
    if (endDay < firstDay) pieces.push(...dayPieces(endDay, firstDay).map((p) => ({ ...p, sign: -p.sign as 1 | -1 })));
    return pieces;
  }
  return [...dayPieces(firstDay, endDay), ...pieces];
}
