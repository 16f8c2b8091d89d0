/**
 * A game's participation report as CSV for the league (docs/product.md §12 "Playing time"): one row per player,
 * their snaps in each period and in the game, and whether they fell below the league's minimum. Written as the box
 * score's CSV is (csvField: text quoted and defused against formulas, CRLF lines).
 */
import { csvField } from "./box-score-csv.js";
import { periodLabel, type LeagueRules } from "./league-rules.js";
import type { ReportRow } from "./playing-time.js";

export interface ParticipationCsvInput {
  game: { date: string; opponent: string | null };
  rules: Pick<LeagueRules, "periodKind" | "minSnapsPerPeriod">;
  periods: number;
  rows: readonly ReportRow[];
  teamName?: string;
}

const line = (cells: readonly (string | number | null)[]) => cells.map(csvField).join(",");

export function participationCsv(input: ParticipationCsvInput): string {
  const { game, rules, periods, rows } = input;
  const periodNames = Array.from({ length: periods }, (_, i) => periodLabel(i + 1, rules));
  const out = [
    line(["Team", "Date", "Opponent", "Minimum snaps per period"]),
    line([input.teamName ?? "Us", game.date, game.opponent ?? "", rules.minSnapsPerPeriod ?? "None"]),
    "",
    line(["Player", "Jersey", ...periodNames, "Total", "Below minimum"]),
    ...rows.map((r) =>
      line([r.fullName, r.jerseyNumber, ...r.byPeriod, r.total, r.belowMinimum ? "Below minimum" : ""]),
    ),
  ];
  return out.join("\r\n") + "\r\n";
}

/** "participation-2026-10-03-eagles.csv". */
export function participationFileName(game: { date: string; opponent: string | null }): string {
  const slug = (game.opponent ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return `participation-${game.date}${slug ? `-${slug}` : ""}.csv`;
}
