/**
 * A game's box score as CSV (docs/product.md §10): the game line, every player's football line and the team's
 * line (domain/football-stats.ts), then the play-by-play in the snaps' own words (domain/snaps.ts describeSnap,
 * players as "#<jersey>", or their name when they have no jersey).
 *
 * Spreadsheet safety: every text field is quoted (quotes doubled), and one that starts with = + - @ (or a tab or
 * carriage return) gets a leading apostrophe, so a name like "=HYPERLINK(…)" is shown as text, never run as a
 * formula. Numbers are written as numbers. Lines end with CRLF (RFC 4180).
 */
import {
  addLines,
  emptyStatLine,
  linesBySnapPlayer,
  playerStatLine,
  statFigures,
  teamLine,
  type LooseEventCount,
  type StatLine,
} from "./football-stats.js";
import { periodLabel, type LeagueRules } from "./league-rules.js";
import { describeSnap, playerLabeler, type SnapDetail } from "./snaps.js";

export interface BoxScoreGame {
  date: string;
  opponent: string | null;
  homeAway: "home" | "away" | null;
  /** The snaps' total. */
  score: { us: number; them: number };
  /** Set once the game is final: the official score. */
  final: { us: number; them: number; corrected: boolean } | null;
  result: "W" | "L" | "T" | null;
}

interface BoxScorePlayer {
  id: string;
  name: string;
  jerseyNumber: number | null;
}

interface BoxScoreSnap {
  detail: SnapDetail;
  period: number;
  occurredAt: string;
  points: { us: number; them: number };
}

export interface BoxScoreInput {
  game: BoxScoreGame;
  rules: Pick<LeagueRules, "periodKind">;
  /** In game order. */
  snaps: readonly BoxScoreSnap[];
  /** Everyone the snaps and loose events name. */
  players: readonly BoxScorePlayer[];
  /** Events logged on their own in the game (not implied by a snap), per player. */
  loose?: ReadonlyMap<string, readonly LooseEventCount[]>;
  /** Our team's name, for the team row (issue #26.6); "Us" when not given. */
  teamName?: string;
}

type Cell = string | number | null;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV field: numbers as they are, text quoted and defused against formula injection, null empty. */
export function csvField(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

const row = (cells: readonly Cell[]) => cells.map(csvField).join(",");

/** "box-score-2026-10-03-eagles.csv": the opponent in plain lowercase letters, digits and dashes. */
export function boxScoreFileName(game: Pick<BoxScoreGame, "date" | "opponent">): string {
  const slug = (game.opponent ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return `box-score-${game.date}${slug ? `-${slug}` : ""}.csv`;
}

const STAT_HEADER = [
  "Cmp",
  "Att",
  "Cmp %",
  "Pass yds",
  "Pass TD",
  "INT thrown",
  "Rating",
  "Targets",
  "Catches",
  "Rec yds",
  "Rec TD",
  "Drops",
  "Carries",
  "Rush yds",
  "Rush TD",
  "Flag pulls",
  "Sacks",
  "INT",
  "Def TD",
  "Passes defended",
  "Stops",
  "Safeties",
  "Try att",
  "Try good",
  "Penalties",
  "Penalty yds",
];

function statCells(line: StatLine): Cell[] {
  const f = statFigures(line);
  return [
    line.completions,
    line.passAttempts,
    f.completionPct,
    f.passYards,
    line.passTouchdowns,
    line.interceptionsThrown,
    f.passerRating,
    line.targets,
    line.catches,
    f.receivingYards,
    line.receivingTouchdowns,
    line.drops,
    line.carries,
    f.rushingYards,
    line.rushingTouchdowns,
    line.flagPulls,
    line.sacks,
    line.interceptions,
    line.defensiveTouchdowns,
    line.passesDefended,
    line.stops,
    line.safeties,
    line.tryAttempts,
    line.tryGood,
    line.penalties,
    line.penaltyYards,
  ];
}

/** The whole box score as CSV text. */
export function boxScoreCsv(input: BoxScoreInput): string {
  const { game, rules, snaps, players } = input;
  const loose = input.loose ?? new Map<string, readonly LooseEventCount[]>();
  const lines: string[] = [];

  const official = game.final ?? game.score;
  lines.push(row(["Date", "Opponent", "Home or away", "Us", "Them", "Result", "Status"]));
  lines.push(
    row([
      game.date,
      game.opponent,
      game.homeAway,
      official.us,
      official.them,
      game.result,
      game.final ? (game.final.corrected ? "Final (corrected)" : "Final") : "In progress",
    ]),
  );
  lines.push("");

  const allLoose = [...loose.values()].flat();
  const team = teamLine(snaps, allLoose);
  lines.push(
    row([
      "Team",
      "Touchdowns",
      "Total yards",
      "Turnovers",
      "Penalties on us",
      "Penalty yds on us",
      "Penalties on them",
      "Penalty yds on them",
    ]),
  );
  lines.push(
    row([
      input.teamName?.trim() || "Us",
      team.touchdowns,
      team.totalYards,
      team.turnovers,
      team.penaltiesOnUs,
      team.penaltyYardsOnUs,
      team.penaltiesOnThem,
      team.penaltyYardsOnThem,
    ]),
  );
  lines.push("");

  // Every player with a line: from the snaps, plus what their loose events credit.
  const bySnap = linesBySnapPlayer(snaps);
  const ids = new Set([...bySnap.keys(), ...loose.keys()]);
  const byId = new Map(players.map((p) => [p.id, p]));
  const rows = [...ids].map((id) => {
    const fromLoose = loose.has(id) ? playerStatLine(id, loose.get(id)!, []) : emptyStatLine();
    return { player: byId.get(id), id, line: addLines(bySnap.get(id) ?? emptyStatLine(), fromLoose) };
  });
  rows.sort((a, b) => {
    const ja = a.player?.jerseyNumber ?? Number.MAX_SAFE_INTEGER;
    const jb = b.player?.jerseyNumber ?? Number.MAX_SAFE_INTEGER;
    if (ja !== jb) return ja - jb;
    const na = a.player?.name ?? "";
    const nb = b.player?.name ?? "";
    return na < nb ? -1 : na > nb ? 1 : a.id < b.id ? -1 : 1;
  });
  lines.push(row(["Player", "Jersey", ...STAT_HEADER]));
  for (const r of rows)
    lines.push(row([r.player?.name ?? "Unknown player", r.player?.jerseyNumber ?? null, ...statCells(r.line)]));
  lines.push(row(["Team total", null, ...statCells(team.line)]));
  lines.push("");

  const label = playerLabeler(players);
  lines.push(row(["Snap", "Period", "Time (UTC)", "Play", "Us", "Them"]));
  let us = 0;
  let them = 0;
  snaps.forEach((s, i) => {
    us += s.points.us;
    them += s.points.them;
    lines.push(row([i + 1, periodLabel(s.period, rules), s.occurredAt, describeSnap(s.detail, label), us, them]));
  });

  return `${lines.join("\r\n")}\r\n`;
}
