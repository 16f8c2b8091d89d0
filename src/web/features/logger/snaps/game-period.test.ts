import { describe, expect, it } from "vitest";
import { gameSheetResponseSchema } from "#domain/api/game";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules";
import { gamePeriod, withAppliedPeriod } from "./game-period";
import { storedItem, type OutboxItem } from "../outbox/outbox";

const GAME = "00000000-0000-4000-8000-00000000a001";
const change = (period: number, seq: number, sessionId = GAME): OutboxItem =>
  storedItem(
    { op: "period", ownerId: "coach-1", sessionId, period, at: "2026-10-03T14:30:00.000Z", view: { label: "" } },
    seq,
  );

describe("the game's period on this phone", () => {
  it("is the server's, unless this phone's own change is still waiting to be sent (the newest wins)", () => {
    expect(gamePeriod(2, [], GAME, 1)).toBe(2);
    expect(gamePeriod(1, [change(2, 1), change(3, 2)], GAME, 1)).toBe(3);
    // Another game's change, or one the server refused, does not count.
    expect(gamePeriod(1, [change(2, 1, "other")], GAME, 1)).toBe(1);
    expect(gamePeriod(1, [{ ...change(2, 1), state: "failed" }], GAME, 1)).toBe(1);
  });

  it("before the game sheet is read (offline, a game started offline), is the latest snap's", () => {
    expect(gamePeriod(null, [], GAME, 2)).toBe(2);
  });

  it("a change the server just applied is written into the sheet, in words too", () => {
    const sheet = gameSheetResponseSchema.parse({
      scoreboard: {
        sessionId: GAME,
        kind: "game",
        date: "2026-10-03",
        opponent: "Eagles",
        homeAway: null,
        score: { us: 0, them: 0 },
        final: null,
        result: null,
        period: 1,
        periodLabel: "1st half",
        down: null,
        snapCount: 0,
      },
      rules: DEFAULT_LEAGUE_RULES,
      snaps: [],
      players: [],
    });
    expect(withAppliedPeriod(sheet, [change(2, 1)]).scoreboard).toMatchObject({ period: 2, periodLabel: "2nd half" });
    expect(withAppliedPeriod(sheet, [change(2, 1, "other")])).toBe(sheet);
  });
});
