/*
 * Game-day answers for the games feature's tests (src/web/features/games), parsed by the domain's response schemas
 * (src/domain/api/game.ts) so a fixture that drifts from the contract fails here. Test support, so it lives in tests/
 * (decision 0008), beside api-fixtures.ts.
 */
import {
  gameSheetResponseSchema,
  gamesResponseSchema,
  scoreboardSchema,
  type GameSheetResponse,
  type GamesResponse,
  type ScoreboardDto,
  type SheetPlayer,
} from "#domain/api/game";
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "#domain/league-rules";
import type { SnapDetail, SnapPoints } from "#domain/snaps";

export const QB: SheetPlayer = { id: "p-qb", name: "Pat Passer", jerseyNumber: 7, position: "qb" };
export const WR: SheetPlayer = { id: "p-wr", name: "Riley Receiver", jerseyNumber: 11, position: "wr" };
export const RB: SheetPlayer = { id: "p-rb", name: "Sam Runner", jerseyNumber: 22, position: "rb" };
export const CB: SheetPlayer = { id: "p-cb", name: "Dana Defender", jerseyNumber: 3, position: "cb" };
/** A player without a jersey: named by name in the snaps' words. */
export const SLOT: SheetPlayer = { id: "p-slot", name: "Jo Nojersey", jerseyNumber: null, position: "slot" };
const PLAYERS = [QB, WR, RB, CB, SLOT];

export function scoreboard(overrides: Partial<ScoreboardDto> = {}): ScoreboardDto {
  return scoreboardSchema.parse({
    sessionId: "game-1",
    kind: "game",
    date: "2026-10-03",
    opponent: "Eagles",
    homeAway: "home",
    score: { us: 0, them: 0 },
    final: null,
    result: null,
    period: 1,
    periodLabel: "1st half",
    down: null,
    snapCount: 0,
    ...overrides,
  });
}

export function games(list: ScoreboardDto[], record: GamesResponse["record"]): GamesResponse {
  return gamesResponseSchema.parse({ games: list, record });
}

export interface SnapSpec {
  detail: SnapDetail;
  period?: number;
  points?: SnapPoints;
  loggedBy?: { id: string; name: string };
  editedAt?: string | null;
}

const CASEY = { id: "coach-1", name: "Casey Coach" };

/** A game sheet of these snaps, in the order given (game order), a minute apart. */
export function gameSheet(
  snaps: SnapSpec[],
  opts: { scoreboard?: Partial<ScoreboardDto>; rules?: Partial<LeagueRules>; players?: SheetPlayer[] } = {},
): GameSheetResponse {
  const total = snaps.reduce(
    (sum, s) => ({ us: sum.us + (s.points?.us ?? 0), them: sum.them + (s.points?.them ?? 0) }),
    { us: 0, them: 0 },
  );
  return gameSheetResponseSchema.parse({
    scoreboard: scoreboard({ score: total, snapCount: snaps.length, ...opts.scoreboard }),
    rules: { ...DEFAULT_LEAGUE_RULES, ...opts.rules },
    snaps: snaps.map((s, i) => ({
      id: `snap-${String(i + 1).padStart(2, "0")}`,
      sessionId: "game-1",
      playId: null,
      period: s.period ?? 1,
      firstDown: false,
      occurredAt: new Date(Date.UTC(2026, 9, 3, 14, i)).toISOString(),
      detail: s.detail,
      points: s.points ?? { us: 0, them: 0 },
      loggedBy: s.loggedBy ?? CASEY,
      editedAt: s.editedAt ?? null,
      lineup: null,
    })),
    players: opts.players ?? PLAYERS,
  });
}

/**
 * The hand-worked game of the tests. 1st half: #7 → #11 for 12; #7 → #11 for 20, touchdown (+6, 6–0); try for 1
 * #7 → #11 good (+1, 7–0); #7 → Jo dropped; #22 runs for 5; the opponent scores a touchdown (Opp +6, 7–6).
 * 2nd half: flag pull #3; interception #3; penalty on them, 5 yards; #22 runs, yards not logged; penalty on us
 * (#11), 10 yards, loss of down.
 */
export const HAND_WORKED: SnapSpec[] = [
  { detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "complete", yards: 12 } },
  {
    detail: { kind: "pass", passerId: QB.id, targetId: WR.id, result: "touchdown", yards: 20 },
    points: { us: 6, them: 0 },
  },
  {
    detail: { kind: "try", points: 1, method: "pass", good: true, passerId: QB.id, scorerId: WR.id },
    points: { us: 1, them: 0 },
  },
  { detail: { kind: "pass", passerId: QB.id, targetId: SLOT.id, result: "drop", yards: null } },
  { detail: { kind: "run", runnerId: RB.id, yards: 5, touchdown: false } },
  {
    detail: { kind: "opponent_score", score: "touchdown" },
    points: { us: 0, them: 6 },
    loggedBy: { id: "coach-2", name: "Alex Assistant" },
  },
  { detail: { kind: "flag_pull", defenderId: CB.id, yards: null }, period: 2 },
  { detail: { kind: "interception", defenderId: CB.id, returnTouchdown: false, yards: null }, period: 2 },
  { detail: { kind: "penalty", on: "them", yards: 5, effect: "none", playerId: null }, period: 2 },
  {
    detail: { kind: "run", runnerId: RB.id, yards: null, touchdown: false },
    period: 2,
    editedAt: "2026-10-03T15:00:00.000Z",
  },
  { detail: { kind: "penalty", on: "us", yards: 10, effect: "loss_of_down", playerId: WR.id }, period: 2 },
];
