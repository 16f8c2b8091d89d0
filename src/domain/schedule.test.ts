import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  isCalendarDay,
  isShortOfPlayers,
  isTimeZone,
  isWallTime,
  minimumPlayers,
  SCHEDULE_LIMITS,
  todayIn,
  wallTimeOf,
  weekdayOf,
  weeklyDays,
  zonedTimeToUtc,
} from "./schedule";

const utc = (day: string, time: string, zone: string) => zonedTimeToUtc(day, time, zone).toISOString();

describe("zonedTimeToUtc", () => {
  it("is the identity in UTC", () => {
    expect(utc("2026-03-29", "02:30", "UTC")).toBe("2026-03-29T02:30:00.000Z");
  });

  it("keeps a wall-clock time across Europe/Berlin's spring change (29 March 2026): the instant moves", () => {
    expect(utc("2026-03-28", "18:00", "Europe/Berlin")).toBe("2026-03-28T17:00:00.000Z");
    expect(utc("2026-03-29", "18:00", "Europe/Berlin")).toBe("2026-03-29T16:00:00.000Z");
    expect(utc("2026-03-29", "01:59", "Europe/Berlin")).toBe("2026-03-29T00:59:00.000Z");
    expect(utc("2026-03-29", "03:00", "Europe/Berlin")).toBe("2026-03-29T01:00:00.000Z");
  });

  it("reads a skipped time with the offset before the change (02:30 becomes 03:30)", () => {
    const berlin = zonedTimeToUtc("2026-03-29", "02:30", "Europe/Berlin");
    expect(berlin.toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(wallTimeOf(berlin, "Europe/Berlin")).toBe("2026-03-29 03:30");
    const newYork = zonedTimeToUtc("2026-03-08", "02:30", "America/New_York");
    expect(newYork.toISOString()).toBe("2026-03-08T07:30:00.000Z");
    expect(wallTimeOf(newYork, "America/New_York")).toBe("2026-03-08 03:30");
  });

  it("takes the first of a repeated time when clocks go back", () => {
    // Europe/Berlin, 25 October 2026: 02:00–03:00 happens in CEST (+2), then again in CET (+1).
    expect(utc("2026-10-25", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
    expect(utc("2026-10-25", "18:00", "Europe/Berlin")).toBe("2026-10-25T17:00:00.000Z");
    expect(utc("2026-10-24", "18:00", "Europe/Berlin")).toBe("2026-10-24T16:00:00.000Z");
    // America/New_York, 1 November 2026: 01:00–02:00 happens in EDT (-4), then again in EST (-5).
    expect(utc("2026-11-01", "01:30", "America/New_York")).toBe("2026-11-01T05:30:00.000Z");
    expect(utc("2026-10-31", "18:00", "America/New_York")).toBe("2026-10-31T22:00:00.000Z");
    expect(utc("2026-11-01", "18:00", "America/New_York")).toBe("2026-11-01T23:00:00.000Z");
  });

  it("New York's spring change (8 March 2026) moves 18:00 by an hour too", () => {
    expect(utc("2026-03-07", "18:00", "America/New_York")).toBe("2026-03-07T23:00:00.000Z");
    expect(utc("2026-03-08", "18:00", "America/New_York")).toBe("2026-03-08T22:00:00.000Z");
  });

  it("shows the wall time asked for, or (a skipped time) the hour after it", () => {
    const zones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC"];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 365 * 12 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        fc.constantFrom(...zones),
        (offset, hour, minute, zone) => {
          const day = addDays("2020-01-01", offset);
          const time = `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
          const instant = zonedTimeToUtc(day, time, zone);
          const shown = wallTimeOf(instant, zone);
          const hourLater = wallTimeOf(new Date(Date.parse(`${day}T${time}:00Z`) + 3_600_000), "UTC");
          expect([`${day} ${time}`, hourLater]).toContain(shown);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("todayIn is the zone's day", () => {
    const instant = new Date("2026-03-28T23:30:00.000Z");
    expect(todayIn("UTC", instant)).toBe("2026-03-28");
    expect(todayIn("Europe/Berlin", instant)).toBe("2026-03-29");
    expect(todayIn("America/New_York", instant)).toBe("2026-03-28");
  });
});

describe("weeklyDays", () => {
  it("lists every chosen weekday from the first day to the last, both included, in order", () => {
    // 23 March 2026 is a Monday (0); Wednesdays are 2.
    expect(weekdayOf("2026-03-23")).toBe(0);
    expect(weekdayOf("2026-03-29")).toBe(6);
    expect(weeklyDays("2026-03-23", "2026-04-06", [0, 2])).toEqual([
      "2026-03-23",
      "2026-03-25",
      "2026-03-30",
      "2026-04-01",
      "2026-04-06",
    ]);
    expect(weeklyDays("2026-03-24", "2026-04-05", [0])).toEqual(["2026-03-30"]);
  });

  it("is empty when no chosen weekday falls in the span, or the span is backwards", () => {
    expect(weeklyDays("2026-03-23", "2026-03-24", [6])).toEqual([]);
    expect(weeklyDays("2026-03-23", "2026-03-22", [0, 1, 2, 3, 4, 5, 6])).toEqual([]);
    expect(weeklyDays("2026-03-23", "2026-03-30", [])).toEqual([]);
  });

  it("crosses month and year ends and stops at the most events a series may make", () => {
    expect(weeklyDays("2026-12-28", "2027-01-05", [3])).toEqual(["2026-12-31"]);
    expect(weeklyDays("2026-12-28", "2027-01-08", [3, 4])).toEqual([
      "2026-12-31",
      "2027-01-01",
      "2027-01-07",
      "2027-01-08",
    ]);
    const every = weeklyDays("2026-01-01", "2026-12-31", [0, 1, 2, 3, 4, 5, 6]);
    expect(every).toHaveLength(SCHEDULE_LIMITS.seriesMaxEvents);
    expect(every[0]).toBe("2026-01-01");
    expect(daysBetween(every[0]!, every.at(-1)!)).toBe(SCHEDULE_LIMITS.seriesMaxEvents - 1);
  });
});

describe("the checks of days, times and zones", () => {
  it("isCalendarDay accepts real days written YYYY-MM-DD only", () => {
    expect(isCalendarDay("2026-03-29")).toBe(true);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-02-29")).toBe(false);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-13-01")).toBe(false);
    expect(isCalendarDay("2026-3-29")).toBe(false);
    expect(isCalendarDay("2026-03-29T00:00")).toBe(false);
    expect(isCalendarDay("")).toBe(false);
  });

  it("isWallTime accepts HH:MM on a 24-hour clock", () => {
    expect(isWallTime("00:00")).toBe(true);
    expect(isWallTime("23:59")).toBe(true);
    expect(isWallTime("24:00")).toBe(false);
    expect(isWallTime("7:00")).toBe(false);
    expect(isWallTime("07:60")).toBe(false);
  });

  it("isTimeZone accepts the zones the runtime knows", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone(`Europe/${"x".repeat(70)}`)).toBe(false);
  });
});

describe("the minimum players", () => {
  it("is the coach's number, else 5; fewer going than it is short (maybes do not count)", () => {
    expect(minimumPlayers(null)).toBe(5);
    expect(minimumPlayers(undefined)).toBe(5);
    expect(minimumPlayers(7)).toBe(7);
    expect(isShortOfPlayers(4, 5)).toBe(true);
    expect(isShortOfPlayers(5, 5)).toBe(false);
  });
});
