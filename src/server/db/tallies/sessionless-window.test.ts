import { describe, expect, it } from "vitest";
import { DAY_MINUTES, sessionlessWindowPieces, type WindowPiece } from "./sessionless-window.js";
import { SESSIONLESS_LEVEL, SIX_HOURS, SLOT_MINUTES, weekOf } from "./sql.js";

/*
 * The pieces must sum to exactly the window's quarter hours: every quarter hour of a span of days is expanded from
 * the pieces (a day's or a week's rows hold all of its quarter hours) and counted with the pieces' signs.
 */
const FIRST = 20_370; // 2025-10-09, a Thursday
const DAYS = 40;
const SLOTS_A_DAY = DAY_MINUTES / SLOT_MINUTES;

function expand(pieces: readonly WindowPiece[]): Int8Array {
  const counts = new Int8Array(DAYS * SLOTS_A_DAY);
  const addDay = (day: number, sign: number, from = 0, to = DAY_MINUTES) => {
    if (day < FIRST || day >= FIRST + DAYS) return;
    for (let m = from; m < to; m += SLOT_MINUTES) counts[(day - FIRST) * SLOTS_A_DAY + m / SLOT_MINUTES]! += sign;
  };
  for (const p of pieces) {
    if (!("day" in p)) {
      for (let d = FIRST - 7; d < FIRST + DAYS; d++) {
        const key = p.level === SESSIONLESS_LEVEL.week ? weekOf(d) : d;
        if ((p.fromDay === undefined || key >= p.fromDay) && (p.toDay === undefined || key < p.toDay))
          addDay(d, p.sign);
      }
    } else {
      const step = p.level === SESSIONLESS_LEVEL.sixHours ? SIX_HOURS : SLOT_MINUTES;
      for (let m = p.fromMinute; m < p.toMinute; m += step) addDay(p.day, p.sign, m, m + step);
    }
  }
  return counts;
}

function expected(start: number | undefined, end: number | undefined): Int8Array {
  const counts = new Int8Array(DAYS * SLOTS_A_DAY);
  for (let i = 0; i < counts.length; i++) {
    const minute = FIRST * DAY_MINUTES + i * SLOT_MINUTES;
    counts[i] = (start === undefined || minute >= start) && (end === undefined || minute < end) ? 1 : 0;
  }
  return counts;
}

describe("sessionlessWindowPieces", () => {
  it("sums to exactly the window's quarter hours, for every kind of edge", () => {
    const at = (day: number, minute: number) => (FIRST + day) * DAY_MINUTES + minute;
    const edges = [0, 15, 300, 345, 360, 600, 705, 720, 735, 1080, 1110, 1425];
    const starts = [undefined, ...[3, 5, 11].flatMap((d) => edges.map((m) => at(d, m)))];
    const ends = [undefined, ...[5, 6, 12, 30].flatMap((d) => edges.map((m) => at(d, m)))];
    let checked = 0;
    for (const start of starts)
      for (const end of ends) {
        const pieces = sessionlessWindowPieces(start, end);
        expect(Array.from(expand(pieces)), `${start} ${end}`).toEqual(Array.from(expected(start, end)));
        checked++;
      }
    expect(checked).toBe(37 * 49);
  });

  it("reads a week-long window as a week and a few days or spans, not as its quarter hours", () => {
    // 2025-10-13 (a Monday) 05:00 to 2025-10-21 05:00 UTC: local days 10-13..10-20 at UTC-5.
    const start = (FIRST + 4) * DAY_MINUTES + 300;
    const pieces = sessionlessWindowPieces(start, start + 8 * DAY_MINUTES);
    expect(pieces.filter((p) => p.level === SESSIONLESS_LEVEL.week)).toHaveLength(1);
    expect(pieces.length).toBeLessThanOrEqual(8);
    const quarterHours = pieces
      .filter((p) => p.level === SESSIONLESS_LEVEL.quarterHour)
      .reduce((n, p) => n + ("toMinute" in p ? (p.toMinute - p.fromMinute) / SLOT_MINUTES : 0), 0);
    expect(quarterHours).toBeLessThanOrEqual(8);
  });

  it("an empty window reads nothing", () => {
    expect(sessionlessWindowPieces(1_000_000, 1_000_000)).toEqual([]);
    expect(sessionlessWindowPieces(1_000_015, 1_000_000)).toEqual([]);
  });
});
