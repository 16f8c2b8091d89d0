import { sql, type Kysely } from "kysely";
import type { GameSheetResponse, GamesResponse, ScoreboardDto, SheetPlayer, SnapDto } from "#domain/api/game.js";
import type { LooseEventCount } from "#domain/football-stats.js";
import { periodLabel, type LeagueRules } from "#domain/league-rules.js";
import { currentPeriod } from "#domain/periods.js";
import { downLabel, downState, recordOf, resultOf, type GameSnap } from "#domain/snaps.js";
import { inTransaction, nowIso } from "./dialect.js";
import { getLeagueRules } from "./league-rules.js";
import { numberOrNull, parseSnapDetail, positionOfRow } from "./rows.js";
import { listSessionSnaps } from "./snaps.js";
import { sessionPeriods } from "./team-sessions.js";
import { sessionLooseCounts } from "./tallies/reads.js";
import type { DB } from "./schema.js";
import { seasonOrCurrent, type SeasonOption } from "./seasons.js";
import { prepared } from "./prepared.js";

/*
 * Games as scoreboards (docs/product.md §10): a session's running score is the sum of its snaps' stored points;
 * once the coach ends a game its final score (us, them, corrected by hand or not) is the official one and gives
 * the result. The season's list and record are read with SQL sums grouped by session, never by loading every snap.
 */

/** What a scoreboard needs of its session row (with the name of whoever ended the game). */
interface SessionGameRow {
  id: string;
  kind: "practice" | "game";
  date: string;
  opponent: string | null;
  home_away: "home" | "away" | null;
  final_us: number | null;
  final_them: number | null;
  final_corrected: number;
  ended_at: string | null;
  ended_by_name: string | null;
  created_at: string;
}

/** The snaps' totals of one session. */
interface SnapTotals {
  us: number;
  them: number;
  count: number;
  /** The game's period (decision 0022: the game owns it), null before any change. */
  lastPeriod: number | null;
}

const ENDED_BY_UNKNOWN = "Unknown";

function sessionGameQuery(db: Kysely<DB>, teamId: string) {
  return db
    .selectFrom("team_sessions as s")
    .leftJoin("profiles as ep", "ep.user_id", "s.ended_by")
    .select([
      "s.id",
      "s.kind",
      "s.date",
      "s.opponent",
      "s.home_away",
      "s.final_us",
      "s.final_them",
      "s.final_corrected",
      "s.ended_at",
      "ep.full_name as ended_by_name",
      "s.created_at",
    ])
    .where("s.team_id", "=", teamId);
}

async function sessionGameRow(db: Kysely<DB>, teamId: string, sessionId: string): Promise<SessionGameRow | null> {
  const row = await sessionGameQuery(db, teamId).where("s.id", "=", sessionId).executeTakeFirst();
  return row ?? null;
}

/** A scoreboard from its session, the snaps' totals, the rules and the down (null when not tracked or not on). */
function toScoreboard(s: SessionGameRow, totals: SnapTotals, rules: LeagueRules, down: string | null): ScoreboardDto {
  const final =
    s.ended_at !== null && s.final_us !== null && s.final_them !== null
      ? {
          us: Number(s.final_us),
          them: Number(s.final_them),
          corrected: Number(s.final_corrected) === 1,
          endedAt: s.ended_at,
          endedBy: s.ended_by_name ?? ENDED_BY_UNKNOWN,
        }
      : null;
  const period = totals.lastPeriod ?? 1;
  return {
    sessionId: s.id,
    kind: s.kind,
    date: s.date,
    opponent: s.opponent,
    homeAway: s.home_away,
    score: { us: totals.us, them: totals.them },
    final,
    result: final ? resultOf(final) : null,
    period,
    periodLabel: periodLabel(period, rules),
    down,
    snapCount: totals.count,
  };
}

function downOf(snaps: readonly GameSnap[], rules: LeagueRules): string | null {
  const state = downState(snaps, rules);
  return state ? downLabel(state) : null;
}

function totalsOf(snaps: readonly SnapDto[], period: number): SnapTotals {
  let us = 0;
  let them = 0;
  for (const s of snaps) {
    us += s.points.us;
    them += s.points.them;
  }
  return { us, them, count: snaps.length, lastPeriod: period };
}

/**
 * The players named by a session's snaps (through snap_players), and by its events logged on their own when
 * `withLooseEvents`: current members or not, so a former player is still named in an old game.
 */
async function sessionPlayers(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
  withLooseEvents = false,
): Promise<SheetPlayer[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .select(["p.user_id", "p.full_name", "p.jersey_number", "p.primary_position", "p.positions"])
    .where((eb) => {
      const bySnap = eb(
        "p.user_id",
        "in",
        eb
          .selectFrom("snap_players as sp")
          .innerJoin("snaps as s", "s.id", "sp.snap_id")
          .select("sp.player_id")
          .where("s.team_id", "=", teamId)
          .where("s.session_id", "=", sessionId),
      );
      if (!withLooseEvents) return bySnap;
      return eb.or([
        bySnap,
        eb(
          "p.user_id",
          "in",
          eb
            .selectFrom("session_tallies as e")
            .select("e.player_id")
            .where("e.session_key", "=", sessionId)
            .where("e.season_id", "in", eb.selectFrom("seasons as ts").select("ts.id").where("ts.team_id", "=", teamId))
            .where("e.loose", "=", 1)
            .where("e.count", "<>", 0),
        ),
      ]);
    })
    .orderBy("p.full_name")
    .orderBy("p.user_id")
    .execute();
  return rows.map((p) => ({
    id: p.user_id,
    name: p.full_name,
    jerseyNumber: numberOrNull(p.jersey_number),
    position: positionOfRow(p),
  }));
}

/** The game sheet of a session of the team (its scoreboard, the rules, its snaps in game order), or null. */
export async function gameSheet(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
  opts: { withLooseEventPlayers?: boolean } = {},
): Promise<GameSheetResponse | null> {
  const [session, rules, snaps, players, periods] = await Promise.all([
    sessionGameRow(db, teamId, sessionId),
    getLeagueRules(db, teamId),
    listSessionSnaps(db, teamId, sessionId),
    sessionPlayers(db, teamId, sessionId, opts.withLooseEventPlayers),
    sessionPeriods(db, [sessionId]),
  ]);
  if (!session) return null;
  const totals = totalsOf(snaps, currentPeriod(periods.get(sessionId) ?? []));
  return { scoreboard: toScoreboard(session, totals, rules, downOf(snaps, rules)), rules, snaps, players };
}

/**
 * The scoreboard of a session of the team, or null: the snaps' sums in SQL (the dashboards ask on every live
 * change, so neither the snaps nor the players are loaded unless the down is tracked).
 */
export async function scoreboardOf(db: Kysely<DB>, teamId: string, sessionId: string): Promise<ScoreboardDto | null> {
  return (await scoreboards(db, teamId, { sessionId }))[0] ?? null;
}

const gamesOfDay = prepared((db, p: { teamId: string; day: string }) =>
  db
    .selectFrom("team_sessions")
    .select(["id", "ended_at"])
    .where("team_id", "=", p.teamId)
    .where("kind", "=", "game")
    .where("date", "=", p.day)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc"),
);

/**
 * The scoreboard of the team's game on `day` (the viewer's calendar day): the one not yet final (the latest made
 * when there are several), else the latest made of the day; null when the team plays no game that day.
 */
export async function liveScoreboard(db: Kysely<DB>, teamId: string, day: string): Promise<ScoreboardDto | null> {
  const games = await gamesOfDay(db, { teamId, day });
  const pick = games.find((g) => g.ended_at === null) ?? games[0];
  return pick ? scoreboardOf(db, teamId, pick.id) : null;
}

type ScoreboardsOf = { sessionId: string } | { games: true; seasonId?: string };

/** The sessions' rows with their snaps' totals and period, newest first. */
function scoreRowsQuery(db: Kysely<DB>, teamId: string, which: ScoreboardsOf) {
  const base = sessionGameQuery(db, teamId);
  return (
    "sessionId" in which
      ? base.where("s.id", "=", which.sessionId)
      : base.where("s.kind", "=", "game").where("s.season_id", "=", seasonOrCurrent(teamId, which.seasonId))
  )
    .select((eb) => [
      eb
        .selectFrom("snaps as n")
        .select(sql<number | string>`coalesce(sum(n.our_points), 0)`.as("v"))
        .whereRef("n.session_id", "=", "s.id")
        .as("us"),
      eb
        .selectFrom("snaps as n")
        .select(sql<number | string>`coalesce(sum(n.their_points), 0)`.as("v"))
        .whereRef("n.session_id", "=", "s.id")
        .as("them"),
      eb
        .selectFrom("snaps as n")
        .select((n) => n.fn.countAll<number | string>().as("v"))
        .whereRef("n.session_id", "=", "s.id")
        .as("snap_count"),
      // The game's period (decision 0022): the latest started, none before the first change.
      eb
        .selectFrom("session_periods as sp")
        .select((sp) => sp.fn.max("sp.period").as("v"))
        .whereRef("sp.session_id", "=", "s.id")
        .as("last_period"),
    ])
    .orderBy("s.date", "desc")
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc");
}

/** One session's row: read for every change of a game being played (the stream's scoreboard), so prepared. */
const oneScoreRow = prepared((db, p: { teamId: string; sessionId: string }) =>
  scoreRowsQuery(db, p.teamId, { sessionId: p.sessionId }),
);

/**
 * Scoreboards of the team's sessions, newest first: one session (`sessionId`) or every game. Scores are SQL sums
 * grouped by session, never every snap loaded.
 */
async function scoreboards(db: Kysely<DB>, teamId: string, which: ScoreboardsOf): Promise<ScoreboardDto[]> {
  const [rows, rules] = await Promise.all([
    "sessionId" in which
      ? oneScoreRow(db, { teamId, sessionId: which.sessionId })
      : scoreRowsQuery(db, teamId, which).execute(),
    getLeagueRules(db, teamId),
  ]);

  // The down shows only on a game still being played, and only when the league tracks downs: those few games'
  // snaps are read (one query), not the season's.
  const open = rules.trackDowns ? rows.filter((r) => r.ended_at === null && Number(r.snap_count ?? 0) > 0) : [];
  const downs = new Map<string, string | null>();
  if (open.length > 0) {
    const snaps = await db
      .selectFrom("snaps")
      .select(["id", "session_id", "detail", "period", "occurred_at", "first_down"])
      .where("team_id", "=", teamId)
      .where(
        "session_id",
        "in",
        open.map((r) => r.id),
      )
      .execute();
    const bySession = new Map<string, GameSnap[]>();
    for (const s of snaps) {
      const detail = parseSnapDetail(s.detail);
      if (!detail) continue;
      const list = bySession.get(s.session_id) ?? [];
      list.push({
        id: s.id,
        detail,
        period: Number(s.period),
        occurredAt: s.occurred_at,
        firstDown: Number(s.first_down) === 1,
      });
      bySession.set(s.session_id, list);
    }
    for (const [sessionId, list] of bySession) downs.set(sessionId, downOf(list, rules));
  }

  return rows.map((r) =>
    toScoreboard(
      r,
      {
        us: Number(r.us ?? 0),
        them: Number(r.them ?? 0),
        count: Number(r.snap_count ?? 0),
        lastPeriod: r.last_period === null || r.last_period === undefined ? null : Number(r.last_period),
      },
      rules,
      downs.get(r.id) ?? null,
    ),
  );
}

/** Every game of the team's season (absent: the current one), newest first, as scoreboards; and its record. */
export async function listGames(db: Kysely<DB>, teamId: string, opts: SeasonOption = {}): Promise<GamesResponse> {
  const games = await scoreboards(db, teamId, { games: true, seasonId: opts.seasonId });
  const record = recordOf(games.flatMap((g) => (g.result ? [g.result] : [])));
  return { games, record };
}

export type FinalScoreOutcome = ScoreboardDto | "not_found" | "not_a_game";

/**
 * Ends a game of the team with this final score (posting again overwrites it), or reopens it (score null).
 * corrected: the final differs from the snaps' total at the time it is entered.
 */
export async function setFinalScore(
  db: Kysely<DB>,
  key: { id: string; teamId: string },
  endedBy: string,
  score: { us: number; them: number } | null,
): Promise<FinalScoreOutcome> {
  const outcome = await inTransaction(db, async (trx) => {
    const session = await trx
      .selectFrom("team_sessions")
      .select("kind")
      .where("id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .executeTakeFirst();
    if (!session) return "not_found" as const;
    if (session.kind !== "game") return "not_a_game" as const;
    if (score === null) {
      await trx
        .updateTable("team_sessions")
        .set({ final_us: null, final_them: null, final_corrected: 0, ended_at: null, ended_by: null })
        .where("id", "=", key.id)
        .where("team_id", "=", key.teamId)
        .execute();
      return "ok" as const;
    }
    const totals = await trx
      .selectFrom("snaps")
      .select([
        sql<number | string>`coalesce(sum(our_points), 0)`.as("us"),
        sql<number | string>`coalesce(sum(their_points), 0)`.as("them"),
      ])
      .where("team_id", "=", key.teamId)
      .where("session_id", "=", key.id)
      .executeTakeFirstOrThrow();
    const corrected = Number(totals.us) !== score.us || Number(totals.them) !== score.them;
    await trx
      .updateTable("team_sessions")
      .set({
        final_us: score.us,
        final_them: score.them,
        final_corrected: corrected ? 1 : 0,
        ended_at: nowIso(),
        ended_by: endedBy,
      })
      .where("id", "=", key.id)
      .where("team_id", "=", key.teamId)
      .execute();
    return "ok" as const;
  });
  if (outcome !== "ok") return outcome;
  return (await scoreboardOf(db, key.teamId, key.id)) ?? "not_found";
}

/** Everything a session's box score is made of (domain/box-score-csv.ts turns it into CSV). */
export interface BoxScoreData {
  /** Its players include those of the session's events logged on their own. */
  sheet: GameSheetResponse;
  /** The session's events logged on their own (not implied by a snap), per player and type. */
  loose: Map<string, LooseEventCount[]>;
}

/** A session's box score data, or null when the team has no such session. */
export async function boxScoreData(db: Kysely<DB>, teamId: string, sessionId: string): Promise<BoxScoreData | null> {
  const [sheet, loose] = await Promise.all([
    gameSheet(db, teamId, sessionId, { withLooseEventPlayers: true }),
    // From the tallies (decision 0015): the session's rows, not its events.
    sessionLooseCounts(db, teamId, sessionId),
  ]);
  if (!sheet) return null;
  return { sheet, loose };
}
