/**
 * Where and when a league game can be played (issue "Leagues"): a league has fields (parks), a field may be split
 * into sub-fields played at the same time, and game days have time slots. A slot is one sub-field on one date at
 * one start time: the unit the schedule generator (schedule-generator.ts) fills with one game and the conflict
 * checker (conflicts.ts) checks. Pure: dates are the league's local days (YYYY-MM-DD), times are minutes after
 * local midnight, so no time zone enters here.
 */

/** One playable unit at one time: a sub-field of a field, on a date, at a start time. */
export interface LeagueSlot {
  /** Unique among a league's slots. buildSlots makes it from the other fields (slotKey). */
  readonly id: string;
  /** The field (a park); sub-fields of one field share fieldId. */
  readonly fieldId: string;
  /** e.g. "A"; "" when the field has none. */
  readonly subField: string;
  /** YYYY-MM-DD, the league's local day. */
  readonly date: string;
  /** Minutes after local midnight. */
  readonly startMinute: number;
  readonly durationMinutes: number;
}

interface SlotField {
  readonly id: string;
  /** The sub-fields played at the same time; empty: the field is one playing surface. */
  readonly subFields: readonly string[];
}

interface SlotTime {
  readonly startMinute: number;
  readonly durationMinutes: number;
}

export interface BuildSlotsInput {
  readonly fields: readonly SlotField[];
  readonly dates: readonly string[];
  readonly times: readonly SlotTime[];
}

const MINUTES_PER_DAY = 24 * 60;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The deterministic id of a slot: `${fieldId}|${subField}|${date}|${startMinute}`. */
export function slotKey(slot: Pick<LeagueSlot, "fieldId" | "subField" | "date" | "startMinute">): string {
  return `${slot.fieldId}|${slot.subField}|${slot.date}|${slot.startMinute}`;
}

/** The playing surface a slot is on: a sub-field of a field. Two slots of one place may not overlap in time. */
export function placeKey(slot: Pick<LeagueSlot, "fieldId" | "subField">): string {
  return `${slot.fieldId}|${slot.subField}`;
}

/** Minutes after local midnight at which the slot ends. */
export function slotEndMinute(slot: Pick<LeagueSlot, "startMinute" | "durationMinutes">): number {
  return slot.startMinute + slot.durationMinutes;
}

/** Whether two slots are on the same date and their time ranges intersect (touching ends do not). */
export function slotsOverlap(
  a: Pick<LeagueSlot, "date" | "startMinute" | "durationMinutes">,
  b: Pick<LeagueSlot, "date" | "startMinute" | "durationMinutes">,
): boolean {
  return a.date === b.date && a.startMinute < slotEndMinute(b) && b.startMinute < slotEndMinute(a);
}

/** Chronological order: date, start, then field and sub-field, then id. */
export function compareSlots(a: LeagueSlot, b: LeagueSlot): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.startMinute !== b.startMinute) return a.startMinute - b.startMinute;
  if (a.fieldId !== b.fieldId) return a.fieldId < b.fieldId ? -1 : 1;
  if (a.subField !== b.subField) return a.subField < b.subField ? -1 : 1;
  if (a.durationMinutes !== b.durationMinutes) return a.durationMinutes - b.durationMinutes;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A time of day written HH:MM ("09:00"); minutes past midnight of a later day wrap around. */
export function formatMinute(minute: number): string {
  const m = ((Math.round(minute) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
}

/**
 * Every slot of a league: each date × each time × each field × each of its sub-fields (or the whole field when it
 * has none), in that (chronological) order. Throws a RangeError on a malformed date, a time outside the day, a
 * duration that is not positive, two times that overlap (one sub-field cannot host both), or a repeated field,
 * sub-field or date.
 */
export function buildSlots(input: BuildSlotsInput): LeagueSlot[] {
  const dates = [...input.dates];
  for (const date of dates) if (!DATE.test(date)) throw new RangeError(`Not a date (YYYY-MM-DD): "${date}"`);
  if (new Set(dates).size !== dates.length) throw new RangeError("A date is listed twice");
  const fieldIds = new Set<string>();
  for (const field of input.fields) {
    if (fieldIds.has(field.id)) throw new RangeError(`Field "${field.id}" is listed twice`);
    fieldIds.add(field.id);
    if (new Set(field.subFields).size !== field.subFields.length)
      throw new RangeError(`Field "${field.id}" lists a sub-field twice`);
  }
  const times = [...input.times].sort((a, b) => a.startMinute - b.startMinute);
  for (const [i, time] of times.entries()) {
    if (!Number.isInteger(time.startMinute) || time.startMinute < 0 || time.startMinute >= MINUTES_PER_DAY)
      throw new RangeError(`A start time must be a whole minute of the day, not ${time.startMinute}`);
    if (!Number.isInteger(time.durationMinutes) || time.durationMinutes <= 0)
      throw new RangeError(`A duration must be a positive whole number of minutes, not ${time.durationMinutes}`);
    const next = times[i + 1];
    if (next && next.startMinute < slotEndMinute(time))
      throw new RangeError(
        `Times ${formatMinute(time.startMinute)} and ${formatMinute(next.startMinute)} overlap on one sub-field`,
      );
  }
  const slots: LeagueSlot[] = [];
  for (const date of [...dates].sort())
    for (const time of times)
      for (const field of input.fields)
        for (const subField of field.subFields.length > 0 ? field.subFields : [""]) {
          const base = { fieldId: field.id, subField, date, startMinute: time.startMinute };
          slots.push({ id: slotKey(base), ...base, durationMinutes: time.durationMinutes });
        }
  return slots;
}
