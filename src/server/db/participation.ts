import type { Kysely } from "kysely";
import type { LeagueRules } from "#domain/league-rules.js";
import { currentPeriod } from "#domain/periods.js";
import { parseLineup, type LineupSnap } from "#domain/playing-time.js";
import { getLeagueRules } from "./league-rules.js";
import type { DB } from "./schema.js";
import { sessionPeriods } from "./team-sessions.js";

/*
 * What a game's participation report is made of (docs/product.md §12 "Playing time"): the session, the rules, the
 * period it reached, its snaps' periods and lineups (snaps.lineup, 019), the roster players and any former member
 * a lineup names. The counting is domain/playing-time.ts's.
 */

interface ParticipationPlayer {
  id: string;
  fullName: string;
  jerseyNumber: number | null;
}

export interface ParticipationData {
  session: { id: string; kind: "practice" | "game"; date: string; opponent: string | null };
  rules: LeagueRules;
  /** The game's period now (decision 0022). */
  period: number;
  snaps: LineupSnap[];
  /** The roster's confirmed players first, then former members named by a lineup. */
  players: ParticipationPlayer[];
}

const toPlayer = (r: { user_id: string; full_name: string; jersey_number: number | null }): ParticipationPlayer => ({
  id: r.user_id,
  fullName: r.full_name,
  jerseyNumber: r.jersey_number === null ? null : Number(r.jersey_number),
});

/** A session of the team's participation data, or null when the team has no such session. */
export async function participationData(
  db: Kysely<DB>,
  teamId: string,
  sessionId: string,
): Promise<ParticipationData | null> {
  const [session, rules, snapRows, roster, timelines] = await Promise.all([
    db
      .selectFrom("team_sessions")
      .select(["id", "kind", "date", "opponent"])
      .where("team_id", "=", teamId)
      .where("id", "=", sessionId)
      .executeTakeFirst(),
    getLeagueRules(db, teamId),
    db
      .selectFrom("snaps")
      .select(["period", "lineup"])
      .where("team_id", "=", teamId)
      .where("session_id", "=", sessionId)
      .execute(),
    db
      .selectFrom("profiles")
      .select(["user_id", "full_name", "jersey_number"])
      .where("team_id", "=", teamId)
      .where("role", "=", "player")
      .where("confirmed", "=", 1)
      .execute(),
    sessionPeriods(db, [sessionId]),
  ]);
  if (!session) return null;
  const snaps = snapRows.map((r) => ({ period: Number(r.period), lineup: parseLineup(r.lineup) }));
  const players = roster.map(toPlayer);
  const known = new Set(players.map((p) => p.id));
  const former = [...new Set(snaps.flatMap((s) => s.lineup ?? []))].filter((id) => !known.has(id));
  if (former.length > 0) {
    // Lineups were checked against the team when written: these are its former members.
    const rows = await db
      .selectFrom("profiles")
      .select(["user_id", "full_name", "jersey_number"])
      .where("user_id", "in", former)
      .execute();
    players.push(...rows.map(toPlayer));
  }
  return {
    session: { id: session.id, kind: session.kind, date: session.date, opponent: session.opponent },
    rules,
    period: currentPeriod(timelines.get(sessionId) ?? []),
    snaps,
    players,
  };
}
