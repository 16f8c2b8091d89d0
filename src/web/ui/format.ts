/**
 * How numbers, times and days read on the coach pages. Times arrive as ISO-8601 UTC and are shown in the
 * viewer's own zone (docs/architecture.md); calendar days ("YYYY-MM-DD") are already days and are never shifted.
 */

/** What an empty cell shows (and exports): a dash, never a blank the eye skips. */
export const NONE = "—";

/**
 * A formatter made on its first use, not when this module loads: the first Intl formatter a page makes loads the
 * browser's locale data (12-22 ms on a fast machine, four times that on a slow phone), which made this shared
 * module's evaluation one of the first load's long tasks (issue #35). The SPA fallback's start script warms the
 * locale data while the app's code downloads (src/web/prerender/spa-boot.ts).
 */
export function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const dateTimeFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" }),
);
const dayFormat = lazyFormat(
  () => new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" }),
);
const shortDayFormat = lazyFormat(() => new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short" }));
const numberFormat = lazyFormat(() => new Intl.NumberFormat(undefined));

/** An ISO time in the viewer's zone ("Oct 3, 2026, 4:05 PM"); a dash for none or an unreadable value. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return NONE;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? NONE : dateTimeFormat().format(time);
}

function localDate(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** A calendar day "2026-10-03" as "Oct 3, 2026". */
export function formatDay(day: string): string {
  const date = localDate(day);
  return date ? dayFormat().format(date) : day;
}

/** A calendar day as "Oct 3", for chart axes. */
export function formatShortDay(day: string): string {
  const date = localDate(day);
  return date ? shortDayFormat().format(date) : day;
}

/** A performance score, always with its one decimal (docs/product.md §9): "12.5", "0.0". */
export function formatScore(score: number): string {
  return Number.isFinite(score) ? score.toFixed(1) : "0.0";
}

export function formatPercent(percent: number): string {
  return `${percent}%`;
}

export function formatCount(value: number): string {
  return numberFormat().format(value);
}

/** "#7"; the spec's "N/A" (no number given) stays "N/A". */
export function formatJersey(jersey: number | string): string {
  const text = String(jersey).trim();
  if (text === "" || text.toUpperCase() === "N/A") return "N/A";
  return text.startsWith("#") ? text : `#${text}`;
}

/** A name's possessive as English writes it: one rule for the screens and the notices' mail (domain/notices.ts). */
export { possessive } from "#domain/notices";

/** "1 player", "3 players". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}
