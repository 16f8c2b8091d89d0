/*
 * Leagues written straight into the tables for the league benches (issue #31; no HTTP, no password hashing): a
 * league with its owner, divisions, teams, fields and published games, and, per game, the result as the server
 * would find it. A result stands on what the two teams logged (docs/product.md §17): each side that logged the game
 * has its schedule event (`league_game_id`, as publishing writes it) and an ended game session linked to it
 * (`session_id`, `final_us`, `final_them`); a coach's or an admin's decision is a `league_result_decisions` row. So
 * the server's reads (leagues/results.ts) find exactly what a Saturday of real logging would have left.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { DEFAULT_STANDINGS_RULES } from "../src/domain/leagues/standings.js";
import { zonedTimeToUtc } from "../src/domain/schedule.js";
import type { DB } from "../src/server/db/schema.js";
import { code } from "./generate.js";

/** A Flagline team a league team stands for: its open season and its head coach (who logs its games). */
export interface FlaglineTeam {
  teamId: string;
  seasonId: string;
  coachId: string;
}

/** What the two teams' scorebooks and the decisions say of a game; `score`s are [home, away]. */
type SeedResult =
  /** Both teams logged the game and their finals agree: confirmed by the scorebooks. */
  | { kind: "agreed"; score: [number, number] }
  /** One team logged it: awaiting the other coach, or `confirmed` by them. */
  | { kind: "one-book"; side: "home" | "away"; score: [number, number]; confirmed: boolean }
  /** Both logged it and their finals differ: disputed, or settled by a coach who `accepted` the other's. */
  | { kind: "two-books"; home: [number, number]; away: [number, number]; accepted: "home" | "away" | null }
  /** The admin entered it (a forfeit is one). */
  | { kind: "admin"; score: [number, number]; forfeit: "home" | "away" | null };

export interface SeedGame {
  division: number;
  /** Indexes into the plan's teams. */
  home: number;
  away: number;
  round: number;
  date: string;
  startTime: string;
  field: number;
  subField: string;
  /** null: not played yet (its schedule events are written, no session). */
  result: SeedResult | null;
  /** Not played yet but under way: each Flagline side's game is started from its event, not ended. */
  started?: boolean;
}

interface LeagueSeedPlan {
  name: string;
  timeZone: string;
  ownerId: string;
  divisions: string[];
  teams: Array<{ name: string; division: number; flagline: FlaglineTeam | null }>;
  fields: Array<{ name: string; subFields: string[] }>;
  games: SeedGame[];
  /** Minutes a game lasts (default 60). */
  durationMinutes?: number;
}

interface SeededLeague {
  leagueId: string;
  divisionIds: string[];
  /** League team ids, in the plan's order. */
  teamIds: string[];
  /** League game ids, in the plan's order. */
  gameIds: string[];
  /** Per game, the schedule event of each side that plays on Flagline (for starting the game over the API). */
  events: Array<{ home: string | null; away: string | null }>;
  /** Per game, each side's game session, where one was written (a logged or a started game). */
  sessions: Array<{ home: string | null; away: string | null }>;
}

type Row = Record<string, unknown>;

/** Inserts rows table by table in chunks, in one transaction (both engines bind few enough parameters). */
async function insertRows(db: Kysely<DB>, tables: Array<[keyof DB, Row[]]>): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [table, rows] of tables) {
      for (let i = 0; i < rows.length; i += 400) {
        // The rows are built for these tables by this file; the inserts check their columns.
        const chunk = rows.slice(i, i + 400) as unknown as Parameters<
          ReturnType<typeof tx.insertInto<"teams">>["values"]
        >[0];
        await tx
          .insertInto(table as "teams")
          .values(chunk)
          .execute();
      }
    }
  });
}

/** A user who runs the league (or coaches a team): a Better Auth user row and, for a coach, a profile. */
function userRow(id: string, name: string, now: string): Row {
  return { id, name, email: `${id}@league.bench.flagline.test`, emailVerified: 0, createdAt: now, updatedAt: now };
}

/** The league's owner: an account with no team. */
export async function seedOwner(db: Kysely<DB>): Promise<string> {
  const id = randomUUID();
  await insertRows(db, [["user", [userRow(id, "League Admin", new Date().toISOString())]]]);
  return id;
}

/** `n` Flagline teams, each with an open season and a head coach (no players: the standings need none). */
export async function seedFlaglineTeams(db: Kysely<DB>, n: number, firstCode = 7_000_000): Promise<FlaglineTeam[]> {
  const now = new Date().toISOString();
  const teams: Row[] = [];
  const seasons: Row[] = [];
  const users: Row[] = [];
  const profiles: Row[] = [];
  const out: FlaglineTeam[] = [];
  for (let i = 0; i < n; i++) {
    const teamId = randomUUID();
    const seasonId = randomUUID();
    const coachId = randomUUID();
    teams.push({
      id: teamId,
      name: `League Team ${i + 1}`,
      team_code: code(firstCode + i, 6),
      coach_invite_code: code(firstCode + i, 8),
      created_at: now,
    });
    seasons.push({ id: seasonId, team_id: teamId, name: "Spring", starts_on: "2026-01-01", created_at: now });
    users.push(userRow(coachId, `Coach ${i + 1}`, now));
    profiles.push({
      user_id: coachId,
      team_id: teamId,
      role: "coach",
      coach_role: "head",
      full_name: `Coach ${i + 1}`,
      positions: "[]",
      joined_at: now,
      created_at: now,
      updated_at: now,
    });
    out.push({ teamId, seasonId, coachId });
  }
  await insertRows(db, [
    ["teams", teams],
    ["seasons", seasons],
    ["user", users],
    ["profiles", profiles],
  ]);
  return out;
}

/** A side's final as that team logged it: [us, them] from the league game's [home, away]. */
function finalOf(side: "home" | "away", score: [number, number]): { us: number; them: number } {
  return side === "home" ? { us: score[0], them: score[1] } : { us: score[1], them: score[0] };
}

/** The scorebooks (home, away) a result stands on: null where that side did not log the game. */
function booksOf(r: SeedResult | null): { home: [number, number] | null; away: [number, number] | null } {
  if (!r || r.kind === "admin") return { home: null, away: null };
  if (r.kind === "agreed") return { home: r.score, away: r.score };
  if (r.kind === "one-book") return r.side === "home" ? { home: r.score, away: null } : { home: null, away: r.score };
  return { home: r.home, away: r.away };
}

/** Writes the league of `plan`; returns its ids. */
export async function seedLeague(db: Kysely<DB>, plan: LeagueSeedPlan): Promise<SeededLeague> {
  const now = new Date().toISOString();
  const duration = plan.durationMinutes ?? 60;
  const leagueId = randomUUID();
  const divisionIds = plan.divisions.map(() => randomUUID());
  const teamIds = plan.teams.map(() => randomUUID());
  const fieldIds = plan.fields.map(() => randomUUID());
  const rows: Record<string, Row[]> = {
    leagues: [],
    league_admins: [],
    league_divisions: [],
    league_teams: [],
    league_fields: [],
    league_games: [],
    // Before the events that link them (schedule_events.session_id).
    team_sessions: [],
    schedule_events: [],
    league_result_decisions: [],
  };
  rows.leagues!.push({
    id: leagueId,
    name: plan.name,
    // Unique per league; a bench league is never joined.
    join_code: `B${leagueId.replace(/-/g, "").slice(0, 11).toUpperCase()}`,
    time_zone: plan.timeZone,
    min_rest_minutes: 0,
    tiebreakers: JSON.stringify(DEFAULT_STANDINGS_RULES.tiebreakers),
    point_difference_cap: DEFAULT_STANDINGS_RULES.pointDifferenceCap,
    coin_toss: "[]",
    created_by: plan.ownerId,
    created_at: now,
    updated_at: now,
  });
  rows.league_admins!.push({ league_id: leagueId, user_id: plan.ownerId, role: "owner", created_at: now });
  plan.divisions.forEach((name, i) =>
    rows.league_divisions!.push({ id: divisionIds[i], league_id: leagueId, name, created_at: now }),
  );
  plan.teams.forEach((t, i) =>
    rows.league_teams!.push({
      id: teamIds[i],
      league_id: leagueId,
      division_id: divisionIds[t.division],
      team_id: t.flagline?.teamId ?? null,
      name: t.name,
      blackout_dates: "[]",
      created_at: now,
    }),
  );
  plan.fields.forEach((f, i) =>
    rows.league_fields!.push({
      id: fieldIds[i],
      league_id: leagueId,
      name: f.name,
      address: `${i + 1} Park Road`,
      sub_fields: JSON.stringify(f.subFields),
      created_at: now,
    }),
  );

  const gameIds: string[] = [];
  const events: SeededLeague["events"] = [];
  const sessions: SeededLeague["sessions"] = [];
  for (const g of plan.games) {
    const id = randomUUID();
    gameIds.push(id);
    const startsAt = zonedTimeToUtc(g.date, g.startTime, plan.timeZone);
    const endsAt = new Date(startsAt.getTime() + duration * 60_000);
    const field = plan.fields[g.field]!;
    rows.league_games!.push({
      id,
      league_id: leagueId,
      division_id: divisionIds[g.division],
      round: g.round,
      home_team_id: teamIds[g.home],
      away_team_id: teamIds[g.away],
      field_id: fieldIds[g.field],
      sub_field: g.subField,
      local_date: g.date,
      start_time: g.startTime,
      duration_minutes: duration,
      starts_at: startsAt.toISOString(),
      status: "published",
      revision: 1,
      published_revision: 1,
      created_at: now,
      updated_at: now,
    });
    const books = booksOf(g.result);
    const eventOf: { home: string | null; away: string | null } = { home: null, away: null };
    const sessionOf: { home: string | null; away: string | null } = { home: null, away: null };
    for (const side of ["home", "away"] as const) {
      const team = plan.teams[side === "home" ? g.home : g.away]!;
      const opponent = plan.teams[side === "home" ? g.away : g.home]!;
      if (!team.flagline) continue;
      const book = books[side];
      const sessionId = book || g.started ? randomUUID() : null;
      sessionOf[side] = sessionId;
      const eventId = randomUUID();
      eventOf[side] = eventId;
      // As publishing writes it (leagues/publish.ts), the teams playing in the league's zone.
      rows.schedule_events!.push({
        id: eventId,
        team_id: team.flagline.teamId,
        series_id: null,
        kind: "game",
        status: "scheduled",
        local_date: g.date,
        start_time: g.startTime,
        arrive_by: null,
        duration_minutes: duration,
        starts_at: startsAt.toISOString(),
        ends_at: endsAt.toISOString(),
        place_name: field.name,
        address: null,
        field: g.subField === "" ? null : `Field ${g.subField}`,
        map_url: null,
        opponent: opponent.name,
        home_away: side,
        notes: `${plan.name} game`,
        session_id: sessionId,
        sequence: 0,
        created_by: plan.ownerId,
        created_at: now,
        updated_at: now,
        cancelled_at: null,
        league_game_id: id,
      });
      if (sessionId) {
        const final = book ? finalOf(side, book) : null;
        rows.team_sessions!.push({
          id: sessionId,
          team_id: team.flagline.teamId,
          season_id: team.flagline.seasonId,
          kind: "game",
          date: g.date,
          opponent: opponent.name,
          home_away: side,
          created_by: team.flagline.coachId,
          created_at: now,
          final_us: final?.us ?? null,
          final_them: final?.them ?? null,
          final_corrected: final ? 1 : 0,
          ended_at: final ? endsAt.toISOString() : null,
          ended_by: final ? team.flagline.coachId : null,
        });
      }
    }
    events.push(eventOf);
    sessions.push(sessionOf);
    const r = g.result;
    const decision =
      r?.kind === "admin"
        ? { kind: "admin", score: r.score, forfeit: r.forfeit }
        : r?.kind === "one-book" && r.confirmed
          ? { kind: "confirmed", score: r.score, forfeit: null }
          : r?.kind === "two-books" && r.accepted
            ? { kind: "accepted", score: r.accepted === "home" ? r.home : r.away, forfeit: null }
            : null;
    if (decision) {
      rows.league_result_decisions!.push({
        game_id: id,
        kind: decision.kind,
        home_score: decision.score[0],
        away_score: decision.score[1],
        forfeit: decision.forfeit,
        decided_by: plan.ownerId,
        decided_by_name: "League Admin",
        decided_at: endsAt.toISOString(),
      });
    }
  }
  await insertRows(
    db,
    Object.entries(rows).map(([table, list]) => [table as keyof DB, list]),
  );
  return { leagueId, divisionIds, teamIds, gameIds, events, sessions };
}

/** A deterministic pseudo-random sequence (mulberry32), so every run seeds the same league. */
export function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A played game's result as a season leaves them: mostly two agreeing scorebooks; some confirmed or accepted by a
 * coach, entered by the admin (a forfeit now and then), and a few still awaiting the other coach or disputed.
 */
export function seasonResult(next: () => number): SeedResult {
  const score = (): [number, number] => [Math.floor(next() * 6) * 7, Math.floor(next() * 6) * 7];
  const x = next();
  if (x < 0.8) return { kind: "agreed", score: score() };
  if (x < 0.87) return { kind: "one-book", side: next() < 0.5 ? "home" : "away", score: score(), confirmed: true };
  if (x < 0.9) {
    const s = score();
    return { kind: "two-books", home: s, away: [s[0] + 6, s[1]], accepted: next() < 0.5 ? "home" : "away" };
  }
  if (x < 0.93) {
    const forfeit = next() < 0.5 ? ("home" as const) : ("away" as const);
    return { kind: "admin", score: forfeit === "home" ? [0, 7] : [7, 0], forfeit };
  }
  if (x < 0.95) return { kind: "admin", score: score(), forfeit: null };
  if (x < 0.98) return { kind: "one-book", side: next() < 0.5 ? "home" : "away", score: score(), confirmed: false };
  const s = score();
  return { kind: "two-books", home: s, away: [s[0], s[1] + 7], accepted: null };
}
