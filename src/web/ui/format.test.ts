import { describe, expect, it } from "vitest";
import { sessionLabel } from "#domain/reads";
import { formatDay } from "./format";

describe("session labels on screen", () => {
  it("word the API's session with the day as the viewer reads days", () => {
    const day = formatDay("2026-10-03");
    expect(day).not.toBe("2026-10-03");
    expect(sessionLabel({ kind: "game", date: "2026-10-03", opponent: " Eagles " }, formatDay)).toBe(
      `Game vs Eagles · ${day}`,
    );
    expect(sessionLabel({ kind: "game", date: "2026-10-03", opponent: null }, formatDay)).toBe(`Game · ${day}`);
    expect(sessionLabel({ kind: "practice", date: "2026-10-03", opponent: null }, formatDay)).toBe(`Practice · ${day}`);
  });

  it("leave an opponent named like a date as typed", () => {
    const session = { kind: "game" as const, date: "2026-10-03", opponent: "2026-10-03 Stars" };
    expect(sessionLabel(session, formatDay)).toBe(`Game vs 2026-10-03 Stars · ${formatDay("2026-10-03")}`);
  });
});
