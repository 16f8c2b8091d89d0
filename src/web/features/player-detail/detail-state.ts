import { safeNextPath } from "~/lib/session-paths";
import type { PlayerSummaryDto } from "#domain/api/team";

/** Where Back goes when the page was opened by its URL, or with a return target we do not follow. */
export const DEFAULT_RETURN_TO = "/coach/leaderboard";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A summary good enough to paint the header with; anything else is ignored (state can be stale or forged). */
function readSummary(value: unknown, id: string): PlayerSummaryDto | null {
  if (!isRecord(value) || value.id !== id) return null;
  const stats = value.stats;
  const ok =
    typeof value.name === "string" &&
    typeof value.position === "string" &&
    (typeof value.jerseyNumber === "number" || typeof value.jerseyNumber === "string") &&
    typeof value.performanceScore === "number" &&
    typeof value.teamRanking === "number" &&
    typeof value.attendancePercentage === "number" &&
    typeof value.eventCount === "number" &&
    (value.lastActive === null || typeof value.lastActive === "string") &&
    isRecord(stats) &&
    typeof stats.totalEvents === "number";
  return ok ? (value as unknown as PlayerSummaryDto) : null;
}

/**
 * Reads router state. Back follows `returnTo` only when it is a coach page on this site ("/coach/..."), else
 * goes to the leaderboard.
 */
export function readDetailState(state: unknown, id: string): { player: PlayerSummaryDto | null; returnTo: string } {
  const s = isRecord(state) ? state : {};
  const raw = typeof s.returnTo === "string" ? safeNextPath(s.returnTo) : null;
  const returnTo = raw !== null && raw.startsWith("/coach/") ? raw : DEFAULT_RETURN_TO;
  return { player: readSummary(s.player, id), returnTo };
}
