import { describe, expect, it } from "vitest";
import { factorFrom, parseFactor, REFERENCE_MS, sampleWorkload, scaled } from "./host-speed";

describe("the host-speed factor that stretches the suites' deadlines", () => {
  it("is 1 on a host as fast as the reference machine, or faster, with two or more cores", () => {
    expect(factorFrom(REFERENCE_MS, 2)).toBe(1);
    expect(factorFrom(REFERENCE_MS / 3, 8)).toBe(1);
  });

  it("grows with a slower host and doubles when the suite has one core to share", () => {
    expect(factorFrom(REFERENCE_MS * 2.5, 2)).toBe(2.5);
    expect(factorFrom(REFERENCE_MS, 1)).toBe(2);
    expect(factorFrom(REFERENCE_MS * 1.5, 1)).toBe(3);
  });

  it("stops growing at four times the CPU time, so a broken test still fails in bounded time", () => {
    expect(factorFrom(REFERENCE_MS * 100, 2)).toBe(4);
    expect(factorFrom(REFERENCE_MS * 100, 1)).toBe(8);
  });

  it("takes an override only when it is a number of at least 1", () => {
    expect(parseFactor("2.5")).toBe(2.5);
    expect(parseFactor("1")).toBe(1);
    for (const bad of [undefined, "", " ", "0.5", "0", "-2", "fast", "NaN", "Infinity"]) {
      expect(parseFactor(bad), String(bad)).toBeUndefined();
    }
  });

  it("stretches a deadline by the factor, in whole milliseconds", () => {
    expect(scaled(7_000, 1)).toBe(7_000);
    expect(scaled(7_000, 2.37)).toBe(16_590);
  });

  it("measures a real workload: positive times, one per run", () => {
    const times = sampleWorkload(3);
    expect(times).toHaveLength(3);
    for (const t of times) expect(t).toBeGreaterThan(0);
  });
});
