import { positionName } from "#domain/positions";
import type { PlayerSummaryDto } from "#domain/api/team";
import { attendanceText } from "~/ui/attendance";
import { formatDateTime, formatJersey, formatScore } from "~/ui/format";

/** The roster table's columns, in the order they are shown and exported. */
export const ROSTER_COLUMNS = [
  { key: "name", label: "Name" },
  { key: "jersey", label: "Jersey" },
  { key: "position", label: "Position" },
  { key: "attendance", label: "Attendance" },
  { key: "score", label: "Score" },
  { key: "ranking", label: "Team ranking" },
  { key: "lastActive", label: "Last active" },
] as const;

export type RosterColumnKey = (typeof ROSTER_COLUMNS)[number]["key"];

/** One roster row as it reads on screen; the CSV export is made from exactly these texts. */
export type RosterRow = { id: string } & Record<RosterColumnKey, string>;

/** The on-screen text of each cell of a player's row. `formatTime` is the viewer's zone formatter. */
export function rosterRow(
  player: PlayerSummaryDto,
  formatTime: (iso: string | null) => string = formatDateTime,
): RosterRow {
  return {
    id: player.id,
    name: player.name,
    jersey: formatJersey(player.jerseyNumber),
    position: positionName(player.position),
    attendance: attendanceText(player),
    score: formatScore(player.performanceScore),
    ranking: String(player.teamRanking),
    lastActive: formatTime(player.lastActive),
  };
}

/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). A cell a spreadsheet would run as a formula (starting = + - @, or a tab or carriage
 * return) gets a leading single quote, so it shows as text; a cell holding a comma, a double quote or a line
 * break is quoted, with its quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The roster as CSV: a header row, then the given rows in the given order; lines end with CRLF (RFC 4180). */
export function rosterCsv(rows: readonly RosterRow[]): string {
  const lines = [ROSTER_COLUMNS.map((c) => csvCell(c.label)).join(",")];
  for (const row of rows) lines.push(ROSTER_COLUMNS.map((c) => csvCell(row[c.key])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}

/** A file name for the export: "harbor-hawks-roster-2026-10-03.csv". */
export function rosterFileName(teamName: string | null | undefined, today: Date = new Date()): string {
  const slug = (teamName ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40);
  const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, "0"))
    .join("-");
  return `${slug || "team"}-roster-${day}.csv`;
}
