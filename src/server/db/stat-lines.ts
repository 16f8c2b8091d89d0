/*
 * Football stat lines (docs/product.md §10, domain/football-stats.ts): what a player's snaps and loose events add
 * up to, for the season and per game, and the reads the team's own line is built from. Every function takes the
 * caller's team id and reads only that team's rows; each answers in a fixed handful of queries whatever the
 * season's size (loose events are grouped in SQL; snaps are read as their detail only).
 *
 * Loose events are events logged on their own (events.snap_id null: everything logged before snaps existed, and
 * what the logger's "More" adds); an event a snap implied is never read here, its snap is.
 */
import type { Kysely } from "kysely";
import type { StatLinesResponse } from "#domain/api/game.js";
import {
  playerStatLine,
  statFigures,
  statGroupsFor,
  type LooseEventCount,
  type StatLine,
} from "#domain/football-stats.js";
import { resultOf, type SnapDetail } from "#domain/snaps.js";
import { looseCount, parseSnapDetail, positionOfRow } from "./rows.js";
import type { DB } from "./schema.js";
import { teamPlayersQuery } from "./summaries.js";
import { seasonOrCurrent, type SeasonOption } from "./seasons.js";

type StatLineDto = StatLinesResponse["season"];

/** A line as the API sends it: the counts, the figures read from them, and the groups in the order to show. */
export function statLineDto(position: string | null, line: StatLine): StatLineDto {
  return { line: { ...line }, figures: statFigures(line), groups: statGroupsFor(position, line) };
}

/** The team's sessions of a season (absent: the current one), as a subquery: snaps carry no season of their own. */
function sessionsOfSeason(db: Kysely<DB>, teamId: string, seasonId: string | undefined) {
  return db
    .selectFrom("team_sessions")
    .select("id")
    .where("team_id", "=", teamId)
    .where("season_id", "=", seasonOrCurrent(teamId, seasonId));
}

/** The detail of every snap of the team (practices and games), for the team's line. One query. */
export async function teamSnapDetails(
  db: Kysely<DB>,
  teamId: string,
  seasonId?: string,
): Promise<{ sessionId: string; detail: SnapDetail }[]> {
  const rows = await db
    .selectFrom("snaps")
    .select(["session_id", "detail"])
    .where("team_id", "=", teamId)
    .where("session_id", "in", sessionsOfSeason(db, teamId, seasonId))
    .execute();
  const out: { sessionId: string; detail: SnapDetail }[] = [];
  for (const r of rows) {
    const detail = parseSnapDetail(r.detail);
    if (detail) out.push({ sessionId: r.session_id, detail });
  }
  return out;
}

/**
 * One player's football lines: the season (every loose event of theirs logged for the team plus every snap of
 * the team they took part in) and one line per game they have snaps or loose events in, newest game first, with
 * the game's result once it has a final score. null when the id is not a player of this team (whether it exists
 * elsewhere or not). Four queries, run together.
 */
export async function playerStatLines(
  db: Kysely<DB>,
  teamId: string,
  playerId: string,
  opts: SeasonOption = {},
): Promise<StatLinesResponse | null> {
  const seasonId = seasonOrCurrent(teamId, opts.seasonId);
  const [player, loose, snaps, games] = await Promise.all([
    teamPlayersQuery(db, teamId, { includeWaiting: true }).where("p.user_id", "=", playerId).executeTakeFirst(),
    // From the tallies (decision 0015): the player's rows of the season, not their events.
    db
      .selectFrom("session_tallies")
      .select(["session_key", "event_type", "count as n", "yards", "with_yards"])
      .where("player_id", "=", playerId)
      .where("season_id", "=", seasonId)
      .where("loose", "=", 1)
      .where("count", "<>", 0)
      .execute(),
    db
      .selectFrom("snaps")
      .select(["session_id", "detail"])
      .where("team_id", "=", teamId)
      .where("id", "in", db.selectFrom("snap_players").select("snap_id").where("player_id", "=", playerId))
      .where("session_id", "in", sessionsOfSeason(db, teamId, opts.seasonId))
      .execute(),
    db
      .selectFrom("team_sessions as s")
      .select(["s.id", "s.date", "s.opponent", "s.final_us", "s.final_them"])
      .where("s.team_id", "=", teamId)
      .where("s.season_id", "=", seasonId)
      .where("s.kind", "=", "game")
      .where((eb) =>
        eb.or([
          eb.exists(
            eb
              .selectFrom("session_tallies as e")
              .select("e.player_id")
              .whereRef("e.session_key", "=", "s.id")
              .where("e.player_id", "=", playerId)
              .where("e.loose", "=", 1)
              .where("e.count", "<>", 0),
          ),
          eb.exists(
            eb
              .selectFrom("snaps as n")
              .innerJoin("snap_players as sp", "sp.snap_id", "n.id")
              .select("n.id")
              .whereRef("n.session_id", "=", "s.id")
              .where("sp.player_id", "=", playerId),
          ),
        ]),
      )
      .orderBy("s.date", "desc")
      .orderBy("s.created_at", "desc")
      .orderBy("s.id", "desc")
      .execute(),
  ]);
  if (!player) return null;
  const position = positionOfRow(player);

  const looseBySession = new Map<string | null, LooseEventCount[]>();
  for (const r of loose) {
    const sessionId = r.session_key === "" ? null : r.session_key;
    const list = looseBySession.get(sessionId) ?? [];
    list.push(looseCount(r));
    looseBySession.set(sessionId, list);
  }
  const snapsBySession = new Map<string, { detail: SnapDetail }[]>();
  for (const r of snaps) {
    const detail = parseSnapDetail(r.detail);
    if (!detail) continue;
    const list = snapsBySession.get(r.session_id) ?? [];
    list.push({ detail });
    snapsBySession.set(r.session_id, list);
  }
  const lineOf = (sessionId: string) =>
    playerStatLine(playerId, looseBySession.get(sessionId) ?? [], snapsBySession.get(sessionId) ?? []);

  const season = playerStatLine(playerId, [...looseBySession.values()].flat(), [...snapsBySession.values()].flat());

  return {
    season: statLineDto(position, season),
    games: games.map((g) => ({
      sessionId: g.id,
      date: g.date,
      opponent: g.opponent,
      result:
        g.final_us !== null && g.final_them !== null
          ? resultOf({ us: Number(g.final_us), them: Number(g.final_them) })
          : null,
      stat: statLineDto(position, lineOf(g.id)),
    })),
  };
}
