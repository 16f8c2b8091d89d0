/**
 * docs/product.md §9. All arithmetic is done in integer tenths so a score never carries float noise
 * (0.1 + 0.2 style) and one-decimal rounding is exact.
 */
export const BASE_WEIGHTS: Readonly<Record<string, number>> = {
  "Pass TD": 6,
  "TD Catch": 6,
  "Rush TD": 6,
  Interception: 6,
  Sack: 5,
  "Pass Completion": 1,
  Catch: 1,
  "Flag Pull": 2,
  "Defensive Stop": 2,
};

export const POSITION_WEIGHT_OVERRIDES: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  qb: { "Pass Completion": 1.5, "Pass TD": 8 },
  wr: { Catch: 1.5, "TD Catch": 8 },
  slot: { Catch: 1.5, "TD Catch": 8 },
  rb: { "Rush TD": 8, Catch: 1.2 },
  cb: { Interception: 8, "Flag Pull": 3 },
  safety: { Interception: 8, "Flag Pull": 3 },
};

export const DEFAULT_WEIGHT = 0.5;
export const PER_EVENT_BONUS = 0.1;

function toTenths(value: number): number {
  return Math.round(value * 10);
}

/** Own properties only: an event type or position like "constructor" must not read Object.prototype. */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The weight of one event of a type for a player at a position. */
export function eventWeight(eventType: string, position: string | null | undefined): number {
  const overrides = position ? own(POSITION_WEIGHT_OVERRIDES, position) : undefined;
  const override = overrides ? own(overrides, eventType) : undefined;
  return override ?? own(BASE_WEIGHTS, eventType) ?? DEFAULT_WEIGHT;
}

/** Points one event of a type is worth, weight plus the per-event bonus, in tenths. */
export function eventPointsTenths(eventType: string, position: string | null | undefined): number {
  return toTenths(eventWeight(eventType, position)) + toTenths(PER_EVENT_BONUS);
}

/** Points one event is worth, as shown (one decimal). */
export function eventPoints(eventType: string, position: string | null | undefined): number {
  return eventPointsTenths(eventType, position) / 10;
}

/** Score in tenths: sum of count x weight plus 0.1 per event. Non-positive or non-finite counts add nothing. */
export function performanceScoreTenths(
  countsByEventType: Readonly<Record<string, number>>,
  position: string | null | undefined,
): number {
  let tenths = 0;
  for (const [eventType, rawCount] of Object.entries(countsByEventType)) {
    const count = Number.isFinite(rawCount) && rawCount > 0 ? Math.floor(rawCount) : 0;
    if (count === 0) continue;
    tenths += count * eventPointsTenths(eventType, position);
  }
  return tenths;
}

/** docs/product.md §9 performance score, rounded to one decimal; no events gives 0. */
export function performanceScore(
  countsByEventType: Readonly<Record<string, number>>,
  position: string | null | undefined,
): number {
  return performanceScoreTenths(countsByEventType, position) / 10;
}

/** docs/product.md §9: round(attended / total * 100), 0 when total is 0. Integer arithmetic, half rounds up. */
export function attendancePercentage(attended: number, total: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(attended)) return 0;
  const a = Math.floor(attended);
  const t = Math.floor(total);
  // Checked after flooring: a total of 0.5 is 0 sessions, not a division by zero.
  if (t <= 0 || a <= 0) return 0;
  return Math.floor((200 * a + t) / (2 * t));
}

const MIN_TEAM_RANKING = 1;
const MAX_TEAM_RANKING = 10;

/** docs/product.md §9: round(score / 10) + 1, clamped to 1..10. Infinities clamp like any other score; NaN ranks last. */
export function teamRanking(score: number): number {
  if (Number.isNaN(score)) return MAX_TEAM_RANKING;
  const tenths = toTenths(score);
  // round(score / 10) == floor((tenths + 50) / 100), matching Math.round's half-up rule without float noise.
  const rounded = Math.floor((tenths + 50) / 100);
  return Math.min(MAX_TEAM_RANKING, Math.max(MIN_TEAM_RANKING, rounded + 1));
}
