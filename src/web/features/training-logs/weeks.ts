import { addDays, type WeeklyTotal } from "#domain/api/player";

/** More weeks than this between the first and the last with training are drawn as they come, without gaps filled. */
export const MAX_FILLED_WEEKS = 104;

/**
 * The API lists only weeks holding training; a chart reads true only with the empty weeks between them drawn as
 * zero. Returns every Monday from the first week to the last, in order (input oldest first, as the API sends it).
 */
export function fillWeeks(weeks: readonly WeeklyTotal[]): WeeklyTotal[] {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  if (!first || !last) return [];
  const byStart = new Map(weeks.map((w) => [w.weekStart, w]));
  const out: WeeklyTotal[] = [];
  for (let day = first.weekStart; day <= last.weekStart; day = addDays(day, 7)) {
    if (out.length > MAX_FILLED_WEEKS) return [...weeks];
    out.push(byStart.get(day) ?? { weekStart: day, minutes: 0, sessions: 0 });
  }
  return out;
}

/** How hard a session was, in a word, for the intensity slider's read-out. */
export function intensityWord(intensity: number): string {
  if (intensity <= 3) return "easy";
  if (intensity <= 6) return "moderate";
  if (intensity <= 8) return "hard";
  return "all-out";
}
