import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  buildSlots,
  compareSlots,
  formatMinute,
  placeKey,
  slotEndMinute,
  slotKey,
  slotsOverlap,
  type LeagueSlot,
} from "./slots.js";

const at = (date: string, startMinute: number, durationMinutes = 60): LeagueSlot => ({
  id: `x|${date}|${startMinute}`,
  fieldId: "x",
  subField: "",
  date,
  startMinute,
  durationMinutes,
});

describe("buildSlots", () => {
  it("makes one slot per date, time, field and sub-field, chronologically, with deterministic ids", () => {
    const slots = buildSlots({
      fields: [
        { id: "north", subFields: ["A", "B"] },
        { id: "south", subFields: [] },
      ],
      dates: ["2027-03-13", "2027-03-06"],
      times: [
        { startMinute: 10 * 60, durationMinutes: 50 },
        { startMinute: 9 * 60, durationMinutes: 60 },
      ],
    });
    expect(slots).toHaveLength(2 * 2 * 3);
    expect(slots.slice(0, 3).map((s) => s.id)).toEqual([
      "north|A|2027-03-06|540",
      "north|B|2027-03-06|540",
      "south||2027-03-06|540",
    ]);
    expect(slots[3]).toEqual({
      id: "north|A|2027-03-06|600",
      fieldId: "north",
      subField: "A",
      date: "2027-03-06",
      startMinute: 600,
      durationMinutes: 50,
    });
    expect(new Set(slots.map((s) => s.id)).size).toBe(slots.length);
    expect([...slots].sort(compareSlots)).toEqual(slots);
    for (const slot of slots) expect(slot.id).toBe(slotKey(slot));
  });

  it("is empty without fields, dates or times", () => {
    expect(buildSlots({ fields: [], dates: ["2027-03-06"], times: [{ startMinute: 0, durationMinutes: 60 }] })).toEqual(
      [],
    );
    expect(buildSlots({ fields: [{ id: "f", subFields: [] }], dates: [], times: [] })).toEqual([]);
  });

  it.each([
    [{ dates: ["2027-3-6"] }, /Not a date/],
    [{ dates: ["2027-03-06", "2027-03-06"] }, /date is listed twice/],
    [{ times: [{ startMinute: -1, durationMinutes: 60 }] }, /whole minute of the day/],
    [{ times: [{ startMinute: 24 * 60, durationMinutes: 60 }] }, /whole minute of the day/],
    [{ times: [{ startMinute: 600, durationMinutes: 0 }] }, /positive whole number/],
    [{ times: [{ startMinute: 600, durationMinutes: 1.5 }] }, /positive whole number/],
    [
      {
        times: [
          { startMinute: 540, durationMinutes: 90 },
          { startMinute: 600, durationMinutes: 60 },
        ],
      },
      /09:00 and 10:00 overlap/,
    ],
    [{ fields: [{ id: "f", subFields: ["A", "A"] }] }, /sub-field twice/],
    [
      {
        fields: [
          { id: "f", subFields: [] },
          { id: "f", subFields: [] },
        ],
      },
      /"f" is listed twice/,
    ],
  ])("rejects %j", (bad, message) => {
    const base = {
      fields: [{ id: "f", subFields: [] }],
      dates: ["2027-03-06"],
      times: [{ startMinute: 540, durationMinutes: 60 }],
    };
    expect(() => buildSlots({ ...base, ...bad })).toThrow(RangeError);
    expect(() => buildSlots({ ...base, ...bad })).toThrow(message);
  });

  it("back-to-back times are fine", () => {
    const slots = buildSlots({
      fields: [{ id: "f", subFields: [] }],
      dates: ["2027-03-06"],
      times: [
        { startMinute: 540, durationMinutes: 60 },
        { startMinute: 600, durationMinutes: 60 },
      ],
    });
    expect(slots).toHaveLength(2);
    expect(slotsOverlap(slots[0]!, slots[1]!)).toBe(false);
  });
});

describe("slotsOverlap", () => {
  it("needs the same date and intersecting ranges; touching ends do not overlap", () => {
    expect(slotsOverlap(at("2027-03-06", 540), at("2027-03-06", 570))).toBe(true);
    expect(slotsOverlap(at("2027-03-06", 540), at("2027-03-06", 540))).toBe(true);
    expect(slotsOverlap(at("2027-03-06", 540, 120), at("2027-03-06", 570, 10))).toBe(true);
    expect(slotsOverlap(at("2027-03-06", 540), at("2027-03-06", 600))).toBe(false);
    expect(slotsOverlap(at("2027-03-06", 540), at("2027-03-07", 540))).toBe(false);
  });

  it("is symmetric and agrees with the intervals", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 240 }),
        fc.integer({ min: 0, max: 1439 }),
        fc.integer({ min: 1, max: 240 }),
        fc.boolean(),
        (s1, d1, s2, d2, sameDay) => {
          const a = at("2027-03-06", s1, d1);
          const b = at(sameDay ? "2027-03-06" : "2027-03-07", s2, d2);
          const minutes = (x: LeagueSlot) =>
            new Set(Array.from({ length: x.durationMinutes }, (_, i) => x.startMinute + i));
          const shared = [...minutes(a)].some((m) => minutes(b).has(m));
          expect(slotsOverlap(a, b)).toBe(slotsOverlap(b, a));
          expect(slotsOverlap(a, b)).toBe(sameDay && shared);
        },
      ),
    );
  });
});

describe("helpers", () => {
  it("formatMinute writes HH:MM", () => {
    expect(formatMinute(0)).toBe("00:00");
    expect(formatMinute(9 * 60 + 5)).toBe("09:05");
    expect(formatMinute(17 * 60 + 30)).toBe("17:30");
    expect(formatMinute(24 * 60 + 15)).toBe("00:15");
  });

  it("placeKey and slotEndMinute", () => {
    expect(placeKey({ fieldId: "north", subField: "B" })).toBe("north|B");
    expect(slotEndMinute(at("2027-03-06", 540, 75))).toBe(615);
  });
});
