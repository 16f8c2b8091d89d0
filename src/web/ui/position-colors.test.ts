import { describe, expect, it } from "vitest";
import { POSITIONS } from "#domain/positions";
import { contrastRatio, POSITION_COLORS, positionColor } from "./position-colors";

describe("position colours", () => {
  it("has a colour for each of the ten positions and for other", () => {
    for (const p of POSITIONS) expect(POSITION_COLORS[p.key]).toMatch(/^#[0-9a-f]{6}$/i);
    expect(positionColor("unknown")).toBe(POSITION_COLORS.other);
    expect(positionColor("constructor")).toBe(POSITION_COLORS.other);
    expect(positionColor(null)).toBe(POSITION_COLORS.other);
  });

  it("gives each position its own colour", () => {
    const colours = POSITIONS.map((p) => POSITION_COLORS[p.key].toLowerCase());
    expect(new Set(colours).size).toBe(colours.length);
  });

  it("keeps at least 4.5:1 contrast with white text and icons (WCAG AA)", () => {
    for (const [key, colour] of Object.entries(POSITION_COLORS)) {
      expect(contrastRatio(colour, "#ffffff"), key).toBeGreaterThanOrEqual(4.5);
    }
  });

  it("computes known contrast ratios", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#ffffff")).toBeCloseTo(1, 5);
  });
});
