import { describe, expect, it } from "vitest";
import { currentPeriod, periodAt, periodChange, snapPeriod, type PeriodStart } from "./periods";

const at = (minute: number) => `2026-10-03T14:${String(minute).padStart(2, "0")}:00.000Z`;
const halftime: PeriodStart[] = [{ period: 2, startedAt: at(30) }];

describe("the game's period timeline", () => {
  it("a game is in its 1st period until a coach moves it on", () => {
    expect(currentPeriod([])).toBe(1);
    expect(periodAt([], at(59))).toBe(1);
    expect(currentPeriod(halftime)).toBe(2);
  });

  it("a snap is filed by its time: before halftime 1st half, after it 2nd, whatever its phone thought", () => {
    expect(snapPeriod(halftime, at(10), 1)).toBe(1);
    expect(snapPeriod(halftime, at(30), 1)).toBe(2);
    expect(snapPeriod(halftime, at(45), 1)).toBe(2);
  });

  it("a phone that heard of halftime keeps its snap there though its clock is a little behind", () => {
    expect(snapPeriod(halftime, at(29), 2)).toBe(2);
  });

  it("a phone claiming a period the game has not reached is not believed", () => {
    expect(snapPeriod(halftime, at(45), 3)).toBe(2);
    expect(snapPeriod([], at(45), 2)).toBe(1);
  });

  it("Next half starts the period; a second tap of it keeps the first tap's time, an earlier one moves it back", () => {
    expect(periodChange([], 2, at(30))).toEqual({ remove: [], start: { period: 2, startedAt: at(30) } });
    expect(periodChange(halftime, 2, at(31))).toEqual({ remove: [], start: null });
    expect(periodChange(halftime, 2, at(29))).toEqual({ remove: [], start: { period: 2, startedAt: at(29) } });
  });

  it("a step back takes back the later periods' starts; a late step forward takes nothing back", () => {
    const quarters: PeriodStart[] = [...halftime, { period: 3, startedAt: at(45) }];
    expect(periodChange(quarters, 2, at(46))).toEqual({ remove: [3], start: null });
    expect(periodChange(quarters, 1, at(50))).toEqual({ remove: [2, 3], start: null });
    // Sent late by a phone that tapped Next half at :40, before it heard of the 3rd period at :45.
    expect(periodChange(quarters, 2, at(40))).toEqual({ remove: [], start: null });
  });
});
