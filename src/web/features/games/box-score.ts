/**
 * The box score of one game, built from its game sheet (GET /api/team/sessions/{id}/snaps): the score and how it
 * stands, the team's lines, each player's lines by group, and the play-by-play by period with the running score.
 * Pure: the page only lays out what this returns. The numbers come from the domain's stat lines
 * (football-stats.ts), so the box score, the players' stat lines and the CSV agree: a touchdown pass is one team
 * touchdown, receiving yards are the passing yards seen from the catch (never added to them), and a yards-based
 * figure is null (shown "—") unless yards were logged on every play it covers.
 */
import type { GameSheetResponse, ScoreboardDto, SheetPlayer } from "#domain/api/game";
import { linesBySnapPlayer, statFigures, teamLine, type StatLine, type TeamLine } from "#domain/football-stats";
import { periodLabel } from "#domain/league-rules";
import { lineScore, opponentLine, type LineScore, type OpponentLine } from "#domain/line-score";
import {
  describeSnap,
  playerLabeler,
  playersOfSnap,
  resultOf,
  snapPointsText,
  type GameResult,
  type SnapPoints,
} from "#domain/snaps";

/** Where a game stands: ended by the coach, under way (snaps logged), or not begun. */
type GameStatus = "final" | "in_progress" | "not_started";

export interface GameState {
  status: GameStatus;
  /** The official score once final, else the snaps' running total. */
  score: SnapPoints;
  /** W, L or T once final; null before. */
  result: GameResult | null;
}

/** How a scoreboard stands: the one reading the season list and the box score share. */
export function gameState(board: ScoreboardDto): GameState {
  if (board.final) {
    const score = { us: board.final.us, them: board.final.them };
    return { status: "final", score, result: board.result ?? resultOf(score) };
  }
  return { status: board.snapCount > 0 ? "in_progress" : "not_started", score: board.score, result: null };
}

/** "21–14": our points first, with an en dash. */
export function scoreText(score: SnapPoints): string {
  return `${score.us}–${score.them}`;
}

/** "vs Eagles" at home (or when the coach did not say), "at Eagles" away; a game without a named opponent, or a
 * practice, by its kind. */
export function opponentText(
  board: Pick<ScoreboardDto, "kind" | "opponent"> & { homeAway?: ScoreboardDto["homeAway"] },
): string {
  if (board.kind === "practice") return "Practice";
  if (!board.opponent) return "Game";
  return `${board.homeAway === "away" ? "at" : "vs"} ${board.opponent}`;
}

/** How a player is named in the tables: "#7 Pat Player", or the name alone without a jersey. */
export function playerName(player: SheetPlayer | undefined): string {
  if (!player) return "Unknown player";
  return player.jerseyNumber === null ? player.name : `#${player.jerseyNumber} ${player.name}`;
}

// ---- Team lines ------------------------------------------------------------------------------------------------

interface TeamLines {
  passing: {
    completions: number;
    attempts: number;
    yards: number | null;
    touchdowns: number;
    interceptions: number;
    rating: number | null;
  };
  rushing: { carries: number; yards: number | null; average: number | null; touchdowns: number };
  /** The same yards as passing, seen from the catches: shown beside passing, never added to it. */
  receiving: { catches: number; yards: number | null };
  defense: { flagPulls: number; sacks: number; interceptions: number; passesDefended: number; stops: number };
  penalties: { onUs: number; yardsOnUs: number; onThem: number; yardsOnThem: number };
  turnovers: number;
  touchdowns: number;
  /** Passing + rushing yards; null unless every completion and carry had its yards. */
  totalYards: number | null;
}

function teamLines(team: TeamLine): TeamLines {
  const { line } = team;
  const figures = statFigures(line);
  return {
    passing: {
      completions: line.completions,
      attempts: line.passAttempts,
      yards: figures.passYards,
      touchdowns: line.passTouchdowns,
      interceptions: line.interceptionsThrown,
      rating: figures.passerRating,
    },
    rushing: {
      carries: line.carries,
      yards: figures.rushingYards,
      average: figures.yardsPerCarry,
      touchdowns: line.rushingTouchdowns,
    },
    receiving: { catches: line.catches, yards: figures.receivingYards },
    defense: {
      flagPulls: line.flagPulls,
      sacks: line.sacks,
      interceptions: line.interceptions,
      passesDefended: line.passesDefended,
      stops: line.stops,
    },
    penalties: {
      onUs: team.penaltiesOnUs,
      yardsOnUs: team.penaltyYardsOnUs,
      onThem: team.penaltiesOnThem,
      yardsOnThem: team.penaltyYardsOnThem,
    },
    turnovers: team.turnovers,
    touchdowns: team.touchdowns,
    totalYards: team.totalYards,
  };
}

// ---- Player lines ----------------------------------------------------------------------------------------------

interface Row {
  playerId: string;
  /** "#7 Pat Player" */
  name: string;
}
interface PassingRow extends Row {
  completions: number;
  attempts: number;
  yards: number | null;
  touchdowns: number;
  interceptions: number;
  rating: number | null;
}
interface ReceivingRow extends Row {
  targets: number;
  catches: number;
  yards: number | null;
  touchdowns: number;
  drops: number;
}
interface RushingRow extends Row {
  carries: number;
  yards: number | null;
  average: number | null;
  touchdowns: number;
}
interface DefenseRow extends Row {
  flagPulls: number;
  sacks: number;
  interceptions: number;
  passesDefended: number;
  stops: number;
}

interface PlayerLines {
  passing: PassingRow[];
  receiving: ReceivingRow[];
  rushing: RushingRow[];
  defense: DefenseRow[];
}

/**
 * Most involved first (by the group's lead count, then its second), then by jersey ("#7" before "#22", players
 * without one last) and name: a stable, readable order.
 */
function ordered<T extends Row>(rows: T[], ...by: ((row: T) => number)[]): T[] {
  return rows.sort((a, b) => {
    for (const key of by) {
      const d = key(b) - key(a);
      if (d !== 0) return d;
    }
    return a.name.localeCompare(b.name, undefined, { numeric: true }) || a.playerId.localeCompare(b.playerId);
  });
}

function playerLines(lines: ReadonlyMap<string, StatLine>, players: ReadonlyMap<string, SheetPlayer>): PlayerLines {
  const out: PlayerLines = { passing: [], receiving: [], rushing: [], defense: [] };
  for (const [playerId, line] of lines) {
    const name = playerName(players.get(playerId));
    const f = statFigures(line);
    if (line.passAttempts > 0)
      out.passing.push({
        playerId,
        name,
        completions: line.completions,
        attempts: line.passAttempts,
        yards: f.passYards,
        touchdowns: line.passTouchdowns,
        interceptions: line.interceptionsThrown,
        rating: f.passerRating,
      });
    if (line.targets > 0)
      out.receiving.push({
        playerId,
        name,
        targets: line.targets,
        catches: line.catches,
        yards: f.receivingYards,
        touchdowns: line.receivingTouchdowns,
        drops: line.drops,
      });
    if (line.carries > 0)
      out.rushing.push({
        playerId,
        name,
        carries: line.carries,
        yards: f.rushingYards,
        average: f.yardsPerCarry,
        touchdowns: line.rushingTouchdowns,
      });
    if (line.flagPulls + line.sacks + line.interceptions + line.passesDefended + line.stops > 0)
      out.defense.push({
        playerId,
        name,
        flagPulls: line.flagPulls,
        sacks: line.sacks,
        interceptions: line.interceptions,
        passesDefended: line.passesDefended,
        stops: line.stops,
      });
  }
  return {
    passing: ordered(
      out.passing,
      (r) => r.attempts,
      (r) => r.completions,
    ),
    receiving: ordered(
      out.receiving,
      (r) => r.catches,
      (r) => r.targets,
    ),
    rushing: ordered(out.rushing, (r) => r.carries),
    defense: ordered(
      out.defense,
      (r) => r.flagPulls + r.sacks + r.interceptions + r.passesDefended + r.stops,
      (r) => r.flagPulls,
    ),
  };
}

// ---- Play-by-play ----------------------------------------------------------------------------------------------

interface PlayRow {
  id: string;
  /** describeSnap's words: "#7 → #11, 12 yds". */
  text: string;
  /** "+6" for our points, "Opp +6" for theirs; null for a snap that scored nothing. */
  points: string | null;
  /** The score after this snap ("7–6"), on scoring snaps only. */
  scoreAfter: string | null;
  loggedBy: string;
  edited: boolean;
  /** The ids of the players the snap names (the "my player" highlight). */
  players: string[];
}

export interface PeriodPlays {
  period: number;
  /** "1st half", "2nd quarter", "OT". */
  label: string;
  plays: PlayRow[];
}

function playByPlay(sheet: GameSheetResponse, label: (id: string) => string): PeriodPlays[] {
  const periods = new Map<number, PeriodPlays>();
  const running = { us: 0, them: 0 };
  // The sheet's snaps are in game order: the running score is taken in that order, whatever period a snap has.
  for (const snap of sheet.snaps) {
    const scored = snap.points.us > 0 || snap.points.them > 0;
    running.us += snap.points.us;
    running.them += snap.points.them;
    let group = periods.get(snap.period);
    if (!group) {
      group = { period: snap.period, label: periodLabel(snap.period, sheet.rules), plays: [] };
      periods.set(snap.period, group);
    }
    group.plays.push({
      id: snap.id,
      text: describeSnap(snap.detail, label),
      points: snapPointsText(snap.points),
      scoreAfter: scored ? scoreText(running) : null,
      loggedBy: snap.loggedBy.name,
      edited: snap.editedAt !== null,
      players: playersOfSnap(snap.detail),
    });
  }
  return [...periods.values()].sort((a, b) => a.period - b.period);
}

// ---- The whole box score ---------------------------------------------------------------------------------------

export interface BoxScore extends GameState {
  /** "vs Eagles" */
  title: string;
  /** The snaps' own total; differs from `score` when the coach corrected the final by hand. */
  snapsScore: SnapPoints;
  /** Set when the final was entered by hand and differs from the snaps: who entered it. */
  correctedBy: string | null;
  team: TeamLines;
  /** The opponent's touchdowns, tries and safeties, from their scoring snaps. */
  opponent: OpponentLine;
  /** Points by period and the final (docs/product.md §10, "Line score"). */
  lineScore: LineScore;
  players: PlayerLines;
  periods: PeriodPlays[];
  snapCount: number;
}

export function buildBoxScore(sheet: GameSheetResponse): BoxScore {
  const board = sheet.scoreboard;
  const players = new Map(sheet.players.map((p) => [p.id, p]));
  const final = board.final;
  let correctedBy: string | null = null;
  if (final?.corrected) {
    // The scoreboard names who ended the game; when it gives a coach's id instead, the sheet's snaps may name them.
    correctedBy = sheet.snaps.find((s) => s.loggedBy.id === final.endedBy)?.loggedBy.name ?? final.endedBy;
  }
  return {
    ...gameState(board),
    title: opponentText(board),
    snapsScore: board.score,
    correctedBy,
    team: teamLines(teamLine(sheet.snaps)),
    opponent: opponentLine(sheet.snaps),
    lineScore: lineScore({ rules: sheet.rules, snaps: sheet.snaps, final, period: board.period }),
    players: playerLines(linesBySnapPlayer(sheet.snaps), players),
    periods: playByPlay(sheet, playerLabeler(sheet.players)),
    snapCount: sheet.snaps.length,
  };
}
