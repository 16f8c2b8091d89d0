import { describe, expect, it } from "vitest";
import { sessionLabel } from "../../domain/api/team";
import { formatDay, formatSessionLabel } from "./format";

describe("session labels on screen", () => {
  it("show the API's label with the day as the viewer reads days", () => {
    const day = formatDay("2026-10-03");
    expect(day).not.toBe("2026-10-03");
    expect(formatSessionLabel("Game vs Eagles · 2026-10-03")).toBe(`Game vs Eagles · ${day}`);
    expect(formatSessionLabel("Practice · 2026-10-03")).toBe(`Practice · ${day}`);
  });

  it("leave a label without a trailing day alone (an opponent named like a date stays as typed)", () => {
    expect(formatSessionLabel("Game vs 2026-10-03 Stars · 2026-10-03")).toBe(`Game vs 2026-10-03 Stars · ${formatDay("2026-10-03")}`);
    expect(formatSessionLabel("Game")).toBe("Game");
  });

  it("build the same text from a session the page already holds", () => {
    const session = { kind: "game" as const, date: "2026-10-03", opponent: " Eagles " };
    expect(sessionLabel(session)).toBe("Game vs Eagles · 2026-10-03");
    expect(sessionLabel(session, formatDay)).toBe(formatSessionLabel(sessionLabel(session)));
  });
});
