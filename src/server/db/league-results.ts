import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ResultDecision, ResultDecisionKind, Scorebook, ScoringPlay } from "#domain/leagues/results.js";
import { inTransaction, nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/*
 * A league game's scorebooks and the decisions about its result (migration 028; docs/product.md §17). The result
 * itself is worked out from these by domain/leagues/results.ts and never stored.
 */

export interface GameScorebooks {
  home: (Scorebook & { sessionId: string; teamId: string }) | null;
  away: (Scorebook & { sessionId: string; teamId: string }) | null;
}

/**
 * The ended games the two teams logged for a league's games (one query): each through the team's schedule event
 * publishing made (`league_game_id`) and the game started from it (`session_id`), its final score turned to the
 * league game's sides. `gameId` narrows it to one game, or to some (not none).
 */
export async function leagueScorebooks(
  db: Kysely<DB>,
  leagueId: string,
  gameId?: string | readonly string[],
): Promise<Map<string, GameScorebooks>> {
  let query = db
    .selectFrom("league_games as g")
    .innerJoin("schedule_events as se", "se.league_game_id", "g.id")
    .innerJoin("team_sessions as ts", "ts.id", "se.session_id")
    .innerJoin("league_teams as ht", "ht.id", "g.home_team_id")
    .innerJoin("league_teams as at", "at.id", "g.away_team_id")
    .select([
      "g.id as game_id",
      "se.team_id",
      "ts.id as session_id",
      "ts.final_us",
      "ts.final_them",
      "ht.team_id as home_team",
      "at.team_id as away_team",
    ])
    .where("g.league_id", "=", leagueId)
    .where("ts.ended_at", "is not", null);
  if (gameId !== undefined) query = query.where("g.id", "in", typeof gameId === "string" ? [gameId] : gameId);
  const rows = await query.execute();
  const books = new Map<string, GameScorebooks>();
  for (const r of rows) {
    if (r.final_us === null || r.final_them === null) continue;
    const entry = books.get(r.game_id) ?? { home: null, away: null };
    const us = Number(r.final_us);
    const them = Number(r.final_them);
    if (r.team_id === r.home_team) entry.home = { home: us, away: them, sessionId: r.session_id, teamId: r.team_id };
    else if (r.team_id === r.away_team)
      entry.away = { home: them, away: us, sessionId: r.session_id, teamId: r.team_id };
    books.set(r.game_id, entry);
  }
  return books;
}

/** The decisions of a league's games (or one game's). */
export async function leagueDecisions(
  db: Kysely<DB>,
  leagueId: string,
  gameId?: string | readonly string[],
): Promise<Map<string, ResultDecision & { decidedByName: string; decidedAt: string }>> {
  let query = db
    .selectFrom("league_result_decisions as d")
    .innerJoin("league_games as g", "g.id", "d.game_id")
    .select(["d.game_id", "d.kind", "d.home_score", "d.away_score", "d.forfeit", "d.decided_by_name", "d.decided_at"])
    .where("g.league_id", "=", leagueId);
  if (gameId !== undefined) query = query.where("g.id", "in", typeof gameId === "string" ? [gameId] : gameId);
  const rows = await query.execute();
  return new Map(
    rows.map((r) => [
      r.game_id,
      {
        kind: r.kind,
        home: Number(r.home_score),
        away: Number(r.away_score),
        forfeit: r.forfeit,
        decidedByName: r.decided_by_name,
        decidedAt: r.decided_at,
      },
    ]),
  );
}

export interface Actor {
  id: string;
  name: string;
}

type LogAction = "entered" | "forfeit" | "accepted" | "confirmed" | "disputed" | "cleared";

async function log(
  db: Kysely<DB>,
  leagueId: string,
  gameId: string,
  action: LogAction,
  actor: Actor,
  score: { home: number; away: number; forfeit: "home" | "away" | null } | null,
  note: string | null,
): Promise<void> {
  await db
    .insertInto("league_result_log")
    .values({
      id: randomUUID(),
      league_id: leagueId,
      game_id: gameId,
      action,
      home_score: score?.home ?? null,
      away_score: score?.away ?? null,
      forfeit: score?.forfeit ?? null,
      note,
      actor_id: actor.id,
      actor_name: actor.name,
      created_at: nowIso(),
    })
    .execute();
}

/** Keeps a decision about a game's result (replacing any earlier one) and logs it, in one transaction. */
export async function decideResult(
  db: Kysely<DB>,
  d: {
    leagueId: string;
    gameId: string;
    kind: ResultDecisionKind;
    home: number;
    away: number;
    forfeit: "home" | "away" | null;
    actor: Actor;
    note: string | null;
  },
): Promise<void> {
  const action: LogAction = d.kind === "admin" ? (d.forfeit ? "forfeit" : "entered") : d.kind;
  await inTransaction(db, async (trx) => {
    const row = {
      kind: d.kind,
      home_score: d.home,
      away_score: d.away,
      forfeit: d.forfeit,
      decided_by: d.actor.id,
      decided_by_name: d.actor.name,
      decided_at: nowIso(),
    };
    await trx
      .insertInto("league_result_decisions")
      .values({ game_id: d.gameId, ...row })
      .onConflict((oc) => oc.column("game_id").doUpdateSet(row))
      .execute();
    await log(trx, d.leagueId, d.gameId, action, d.actor, d, d.note);
  });
}

/** Takes the admin's result back: the scorebooks speak again. Logged. False when there was none. */
export async function clearAdminResult(
  db: Kysely<DB>,
  leagueId: string,
  gameId: string,
  actor: Actor,
): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    const gone = await trx
      .deleteFrom("league_result_decisions")
      .where("game_id", "=", gameId)
      .where("kind", "=", "admin")
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return false;
    await log(trx, leagueId, gameId, "cleared", actor, null, null);
    return true;
  });
}

/** A coach disputes the other team's scorebook: logged for the admin, who decides. */
export async function logDispute(
  db: Kysely<DB>,
  leagueId: string,
  gameId: string,
  actor: Actor,
  note: string | null,
): Promise<void> {
  await log(db, leagueId, gameId, "disputed", actor, null, note);
}

/** A game's audit log, oldest first. */
export async function resultLog(db: Kysely<DB>, gameId: string) {
  const rows = await db
    .selectFrom("league_result_log")
    .select(["action", "home_score", "away_score", "forfeit", "note", "actor_name", "created_at"])
    .where("game_id", "=", gameId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    action: r.action,
    home: r.home_score === null ? null : Number(r.home_score),
    away: r.away_score === null ? null : Number(r.away_score),
    forfeit: r.forfeit,
    note: r.note,
    by: r.actor_name,
    at: r.created_at,
  }));
}

/** A logged game's scoring plays in order, turned to the league game's sides (`home`: the logging team is home). */
export async function scoringPlays(db: Kysely<DB>, sessionId: string, home: boolean): Promise<ScoringPlay[]> {
  const rows = await db
    .selectFrom("snaps")
    .select(["kind", "period", "our_points", "their_points"])
    .where("session_id", "=", sessionId)
    .where((eb) => eb.or([eb("our_points", ">", 0), eb("their_points", ">", 0)]))
    .orderBy("occurred_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => {
    const us = Number(r.our_points);
    const them = Number(r.their_points);
    return { period: Number(r.period), kind: r.kind, home: home ? us : them, away: home ? them : us };
  });
}
