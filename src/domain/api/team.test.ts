import { describe, expect, it } from "vitest";
import { LAST_WINDOW_DAYS, rollingWindowSince } from "../reads.js";

describe("rollingWindowSince (decision 0020)", () => {
  it("starts at midnight UTC of the day the window's length before today, whatever the time of day", () => {
    for (const time of ["00:00:00.000", "09:30:00.000", "12:00:00.000", "23:59:59.999"]) {
      expect(rollingWindowSince(new Date(`2026-11-11T${time}Z`), LAST_WINDOW_DAYS)).toBe("2026-10-12T00:00:00.000Z");
    }
    expect(rollingWindowSince(new Date("2026-11-12T00:00:00.000Z"), LAST_WINDOW_DAYS)).toBe("2026-10-13T00:00:00.000Z");
  });

  it("covers at least the window's length in whole days, across month, year and leap-day edges", () => {
    expect(rollingWindowSince(new Date("2026-03-01T08:00:00.000Z"), 7)).toBe("2026-02-22T00:00:00.000Z");
    expect(rollingWindowSince(new Date("2028-03-01T08:00:00.000Z"), 1)).toBe("2028-02-29T00:00:00.000Z");
    expect(rollingWindowSince(new Date("2027-01-05T23:00:00.000Z"), 30)).toBe("2026-12-06T00:00:00.000Z");
    const now = new Date("2026-07-15T17:45:00.000Z");
    const since = Date.parse(rollingWindowSince(now, 30));
    expect(now.getTime() - since).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(now.getTime() - since).toBeLessThan(31 * 86_400_000);
  });
});
