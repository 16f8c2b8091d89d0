/**
 * Following a game (docs/product.md §15, issue #30): what a follow page shows of one game, built from its game sheet.
 * Pure and free of zod: the server builds it, the follow page and the app draw it.
 *
 * - Players are named as the caller may see them: on a public follow link by first name and jersey number only
 *   ("Maya #7"), the full name only where a guardian allowed it; never a photo, never an id (each named player gets
 *   a key local to the page, for the "my player" filter).
 * - The plays are the snaps in words, in game order, each with the running score after it and the players it names.
 */
import { firstName } from "./family.js";
import { lineScore } from "./line-score.js";
import { periodLabel, type LeagueRules } from "./league-rules.js";
import { describeSnap, playersOfSnap, snapPointsText, type SnapDetail, type SnapPoints } from "./snaps.js";

/** Where a followed game stands. */
type FollowStatus = "not_started" | "live" | "final";

interface FollowPlayer {
  /** Local to this page: "p1", "p2", … in the order the game first names them. */
  key: string;
  /** "Maya #7", "Maya Rivera #7" where a guardian allowed it, "Maya" without a number. */
  name: string;
}

interface FollowPlay {
  /** 1, 2, …: the play's place in the game. */
  n: number;
  period: number;
  periodLabel: string;
  /** "Maya #7 → Leo #11, 12 yds, touchdown". */
  text: string;
  /** "+6", "Opp +6", or null. */
  points: string | null;
  /** The keys of the players the play names. */
  players: string[];
  /** The running score after this play. */
  score: { us: number; them: number };
}

export interface FollowGame {
  team: string;
  opponent: string | null;
  homeAway: "home" | "away" | null;
  /** The game's day, `YYYY-MM-DD`. */
  date: string;
  status: FollowStatus;
  /** The score as the scoreboard shows it: the official one once final. */
  score: { us: number; them: number };
  result: "W" | "L" | "T" | null;
  periodLabel: string;
  down: string | null;
  lineScore: { periods: { label: string; us: number; them: number }[]; final: { us: number; them: number } };
  players: FollowPlayer[];
  /** In game order (the page shows the newest first). */
  plays: FollowPlay[];
}

/** A jersey number as a page shows it after a name: " #7", or nothing. */
function jerseyText(jersey: number | null): string {
  return jersey === null ? "" : ` #${jersey}`;
}

/** How a public follow page names a player: first name and number; the full name only when `fullName` is allowed. */
export function followName(name: string, jersey: number | null, fullName: boolean): string {
  const shown = fullName ? name.trim() : firstName(name);
  return `${shown === "" ? "Player" : shown}${jerseyText(jersey)}`;
}

export interface FollowInput {
  team: string;
  scoreboard: {
    opponent: string | null;
    homeAway: "home" | "away" | null;
    date: string;
    score: { us: number; them: number };
    final: { us: number; them: number } | null;
    result: "W" | "L" | "T" | null;
    period: number;
    periodLabel: string;
    down: string | null;
    snapCount: number;
  };
  rules: LeagueRules;
  /** In game order, with the points the sheet gives each. */
  snaps: readonly { detail: SnapDetail; period: number; points: SnapPoints }[];
  /** The name each player id is shown by (followName, or the app's names for a signed-in viewer). */
  names: ReadonlyMap<string, string>;
}

/** The follow page's game, from its sheet and the names the caller may see. */
export function followGame(input: FollowInput): FollowGame {
  const { scoreboard, rules } = input;
  const keys = new Map<string, string>();
  const players: FollowPlayer[] = [];
  const keyOf = (id: string) => {
    let key = keys.get(id);
    if (!key) {
      key = `p${keys.size + 1}`;
      keys.set(id, key);
      players.push({ key, name: input.names.get(id) ?? "A player" });
    }
    return key;
  };
  const label = (id: string) => input.names.get(id) ?? "A player";
  const running = { us: 0, them: 0 };
  const plays = input.snaps.map((s, i): FollowPlay => {
    running.us += s.points.us;
    running.them += s.points.them;
    return {
      n: i + 1,
      period: s.period,
      periodLabel: periodLabel(s.period, rules),
      text: describeSnap(s.detail, label),
      points: snapPointsText(s.points),
      players: playersOfSnap(s.detail).map(keyOf),
      score: { ...running },
    };
  });
  const lines = lineScore({ rules, snaps: input.snaps, final: scoreboard.final, period: scoreboard.period });
  const status: FollowStatus = scoreboard.final ? "final" : scoreboard.snapCount > 0 ? "live" : "not_started";
  return {
    team: input.team,
    opponent: scoreboard.opponent,
    homeAway: scoreboard.homeAway,
    date: scoreboard.date,
    status,
    score: scoreboard.final ? { us: scoreboard.final.us, them: scoreboard.final.them } : { ...scoreboard.score },
    result: scoreboard.result,
    periodLabel: scoreboard.periodLabel,
    down: scoreboard.final ? null : scoreboard.down,
    lineScore: {
      periods: lines.periods.map((p) => ({ label: p.label, us: p.us, them: p.them })),
      final: lines.final,
    },
    players,
    plays,
  };
}

/** The follow stream's event with the game (its data: FollowGame). */
export const FOLLOW_EVENT = "game";
/** The follow stream's last event when the link was revoked or the game deleted. */
export const FOLLOW_GONE_EVENT = "gone";
