import type { GameSheetResponse } from "#domain/api/game";
import { periodLabel } from "#domain/league-rules";
import type { OutboxItem, OutboxPeriodItem } from "../outbox/outbox";

/*
 * The game's period on this phone (decision 0022): the game owns it, so it is the server's (the game sheet's
 * scoreboard, refreshed live when another coach changes it), unless this phone has changed it since and the change
 * is still waiting in the outbox (then that change, which the server will take: offline, the phone goes on in the
 * period it moved to). Before the sheet is read (offline, or a game started offline), the latest snap's period.
 */

/** The newest change of the session's period still waiting to be sent (a refused one does not count). */
function waitingChange(items: readonly OutboxItem[], sessionId: string): OutboxPeriodItem | undefined {
  return items.findLast(
    (i): i is OutboxPeriodItem => i.op === "period" && i.sessionId === sessionId && i.state === "pending",
  );
}

export function gamePeriod(
  sheetPeriod: number | null,
  items: readonly OutboxItem[],
  sessionId: string,
  latestSnapPeriod: number,
): number {
  return waitingChange(items, sessionId)?.period ?? sheetPeriod ?? latestSnapPeriod;
}

/** The game sheet with the period changes the server has just applied (so the period does not blink back). */
export function withAppliedPeriod(sheet: GameSheetResponse, items: readonly OutboxItem[]): GameSheetResponse {
  const change = items.findLast(
    (i): i is OutboxPeriodItem => i.op === "period" && i.sessionId === sheet.scoreboard.sessionId,
  );
  if (!change || change.period === sheet.scoreboard.period) return sheet;
  const scoreboard = {
    ...sheet.scoreboard,
    period: change.period,
    periodLabel: periodLabel(change.period, sheet.rules),
  };
  return { ...sheet, scoreboard };
}
