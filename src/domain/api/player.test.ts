import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NOTHING_TO_CHANGE } from "../zod.js";
import {
  addDays,
  changePasswordSchema,
  createFeedbackSchema,
  createTrainingLogSchema,
  localToday,
  orderPositions,
  SAME_PASSWORD,
  trainingLogQuerySchema,
  updateProfileSchema,
  updateTrainingLogSchema,
  weeklyTotals,
  weekStartOf,
} from "./player.js";

const fieldsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.map(String).join("."), i.message]));

describe("weeks start on Monday", () => {
  it.each([
    ["2024-01-01", "2024-01-01"], // a Monday
    ["2024-01-07", "2024-01-01"], // the Sunday after
    ["2023-12-31", "2023-12-25"], // a Sunday in the year before
    ["2024-03-01", "2024-02-26"], // across a leap day
    ["2026-02-04", "2026-02-02"],
  ])("%s is in the week of %s", (day, monday) => {
    expect(weekStartOf(day)).toBe(monday);
  });

  it("property: the week start is a Monday at most six days before", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2000-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }), (d) => {
        const day = d.toISOString().slice(0, 10);
        const start = weekStartOf(day);
        expect(new Date(`${start}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(start <= day && addDays(start, 6) >= day).toBe(true);
      }),
    );
  });

  it("weekly totals add minutes and sessions per week, oldest week first", () => {
    expect(
      weeklyTotals([
        { date: "2024-01-08", durationMinutes: 30 },
        { date: "2024-01-07", durationMinutes: 45 },
        { date: "2024-01-01", durationMinutes: 60 },
        { date: "2023-12-31", durationMinutes: 20 },
      ]),
    ).toEqual([
      { weekStart: "2023-12-25", minutes: 20, sessions: 1 },
      { weekStart: "2024-01-01", minutes: 105, sessions: 2 },
      { weekStart: "2024-01-08", minutes: 30, sessions: 1 },
    ]);
    expect(weeklyTotals([])).toEqual([]);
  });

  it("today in the viewer's zone", () => {
    const now = new Date("2026-03-01T23:30:00Z");
    expect(localToday(now, 0)).toBe("2026-03-01");
    expect(localToday(now, 60)).toBe("2026-03-02");
    expect(localToday(new Date("2026-03-01T00:30:00Z"), -120)).toBe("2026-02-28");
  });
});

describe("positions", () => {
  it.each<[string | null, string[], string[]]>([
    ["qb", ["wr", "qb", "cb"], ["qb", "wr", "cb"]],
    ["cb", ["qb", "cb", "qb"], ["cb", "qb"]],
    ["rb", [], ["rb"]],
    [null, ["wr", "wr"], ["wr"]],
  ])("primary %s with %j -> %j", (primary, positions, expected) => {
    expect(orderPositions(primary, positions)).toEqual(expected);
  });

  it("profile edits are checked by field", () => {
    const result = updateProfileSchema.safeParse({
      fullName: " ",
      jerseyNumber: 140,
      primaryPosition: "goalie",
      positions: ["qb", "zz"],
    });
    expect(fieldsOf(result)).toEqual({
      fullName: "Full name is required.",
      jerseyNumber: "Jersey number must be between 0 and 99.",
      primaryPosition: "Choose one of the ten positions.",
      "positions.1": "Choose one of the ten positions.",
    });
    expect(updateProfileSchema.safeParse({}).error?.issues[0]?.message).toBe(NOTHING_TO_CHANGE);
    expect(updateProfileSchema.parse({ jerseyNumber: "12" })).toEqual({ jerseyNumber: 12 });
  });
});

describe("password change", () => {
  it("needs the current password and a new one of eight characters or more, different from it", () => {
    expect(fieldsOf(changePasswordSchema.safeParse({ currentPassword: "", newPassword: "short" }))).toEqual({
      currentPassword: "Enter your current password.",
      newPassword: "New password must be at least 8 characters.",
    });
    expect(
      fieldsOf(changePasswordSchema.safeParse({ currentPassword: "same-password", newPassword: "same-password" })),
    ).toEqual({
      newPassword: SAME_PASSWORD,
    });
    expect(
      changePasswordSchema.safeParse({ currentPassword: "old-password", newPassword: "new-password" }).success,
    ).toBe(true);
  });
});

describe("training logs", () => {
  const valid = { date: "2024-01-01", activityType: "Route running", durationMinutes: 45, intensity: 7 };

  it("a valid log, notes optional", () => {
    expect(createTrainingLogSchema.parse(valid)).toEqual({ ...valid, notes: "" });
    expect(createTrainingLogSchema.parse({ ...valid, notes: "  ladders  " }).notes).toBe("ladders");
  });

  it("every field is checked by name", () => {
    const result = createTrainingLogSchema.safeParse({
      date: "2024-02-30",
      activityType: "Napping",
      durationMinutes: 601,
      intensity: 2.5,
      notes: "x".repeat(2001),
    });
    expect(fieldsOf(result)).toEqual({
      date: "That date does not exist.",
      activityType: "Choose one of the listed activities.",
      durationMinutes: "Duration must be between 1 and 600.",
      intensity: "Intensity must be a whole number.",
      notes: "Notes must be at most 2000 characters.",
    });
    expect(fieldsOf(createTrainingLogSchema.safeParse({ ...valid, durationMinutes: 0, intensity: 11 }))).toEqual({
      durationMinutes: "Duration must be between 1 and 600.",
      intensity: "Intensity must be between 1 and 10.",
    });
  });

  it("a date after tomorrow is in the future", () => {
    const later = addDays(new Date().toISOString().slice(0, 10), 3);
    expect(fieldsOf(createTrainingLogSchema.safeParse({ ...valid, date: later }))).toEqual({
      date: "That date is in the future.",
    });
    expect(updateTrainingLogSchema.safeParse({ date: new Date().toISOString().slice(0, 10) }).success).toBe(true);
  });

  it("the query's end date cannot come before its start", () => {
    expect(fieldsOf(trainingLogQuerySchema.safeParse({ from: "2024-02-01", to: "2024-01-01" }))).toEqual({
      to: "The end date is before the start date.",
    });
    expect(trainingLogQuerySchema.parse({ type: "Throwing", from: "2024-01-01", to: "2024-01-01" })).toEqual({
      type: "Throwing",
      from: "2024-01-01",
      to: "2024-01-01",
    });
  });
});

describe("feedback", () => {
  it("a category from the list and a body of 1 to 2000 characters", () => {
    expect(createFeedbackSchema.parse({ category: "Game IQ", body: "  Read the safety.  " })).toEqual({
      category: "Game IQ",
      body: "Read the safety.",
    });
    expect(fieldsOf(createFeedbackSchema.safeParse({ category: "Vibes", body: "   " }))).toEqual({
      category: "Choose one of the listed categories.",
      body: "Write your feedback.",
    });
    expect(fieldsOf(createFeedbackSchema.safeParse({ category: "Effort", body: "x".repeat(2001) }))).toEqual({
      body: "Feedback must be at most 2000 characters.",
    });
  });
});
