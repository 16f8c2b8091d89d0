/*
 * The saturday scenario's game teams, written straight into the tables (no HTTP, no password hashing): each team
 * with its open season, a head coach (the scorer), confirmed players with jersey numbers, assistant coaches (the
 * viewers), and one game today with an opponent, so GET /api/team/scoreboard shows it. Signed-in sessions are
 * minted the way Better Auth makes them: a session row, and the cookie `flagline.session_token` holding the
 * token signed with the server's secret (HMAC-SHA256, base64, as better-call's signCookieValue; checked with a
 * real request by the caller). 11,000 sign-ups through the API would spend minutes hashing passwords.
 */
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { followToken as makeFollowToken } from "../../src/server/db/follow-links.js";
import type { DB } from "../../src/server/db/schema.js";
import { code } from "../generate.js";
import type { GameTeamSpec } from "./protocol.js";

/** Better Auth's session cookie name over http (createAuth's cookiePrefix "flagline"). */
const SESSION_COOKIE = "flagline.session_token";
const POSITIONS = ["qb", "wr", "slot", "rb", "center", "cb", "safety", "lb", "rusher", "te"];

export interface SeedPlan {
  games: number;
  /** Assistant coaches per team (each holds one stream). */
  viewers: number;
  /** Players per team who also watch (scoreboard only). */
  playerViewers: number;
  players: number;
  /** Follow pages per game (docs/product.md §15): each game gets a follow link when this is above 0. */
  followers: number;
  authSecret: string;
}

/** The cookie header Better Auth accepts for a session token. */
function sessionCookie(token: string, secret: string): string {
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${SESSION_COOKIE}=${encodeURIComponent(`${token}.${signature}`)}`;
}

/** The server's calendar day (it reads "today" in its own zone when no tzOffset is sent). */
function serverToday(now = Date.now()): string {
  return new Date(now - new Date(now).getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

type Rows = { [T in keyof DB]?: Array<Record<string, unknown>> };

async function insertAll(db: Kysely<DB>, rows: Rows): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const [table, list] of Object.entries(rows)) {
      for (let i = 0; i < list.length; i += 400) {
        // Rows are built per table by seedGameTeams; their columns are the tables' (checked by the inserts).
        const values = list.slice(i, i + 400) as unknown as Parameters<
          ReturnType<typeof tx.insertInto<"teams">>["values"]
        >[0];
        await tx
          .insertInto(table as "teams")
          .values(values)
          .execute();
      }
    }
  });
}

/** Writes `plan.games` game teams in chunks of 100 teams; returns what the load workers need. */
export async function seedGameTeams(db: Kysely<DB>, plan: SeedPlan, firstCode = 5_000_000): Promise<GameTeamSpec[]> {
  const now = new Date().toISOString();
  const today = serverToday();
  const seasonStart = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  // As a fresh sign-in: Better Auth's 30 days (createAuth's expiresIn). A session minted nearer its end would be
  // refreshed (a session write) on its first request, which a scorer signed in before the game does not cost.
  const expires = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const specs: GameTeamSpec[] = [];
  for (let start = 0; start < plan.games; start += 100) {
    // In insertion order (the follow links name their games).
    const rows: Required<
      Pick<Rows, "teams" | "seasons" | "user" | "profiles" | "team_sessions" | "follow_links" | "session">
    > = {
      teams: [],
      seasons: [],
      user: [],
      profiles: [],
      team_sessions: [],
      follow_links: [],
      session: [],
    };
    const person = (teamId: string, name: string, role: "coach" | "player", extra: Record<string, unknown>) => {
      const id = randomUUID();
      rows.user.push({
        id,
        name,
        email: `${id}@saturday.bench.flagline.test`,
        emailVerified: 0,
        createdAt: now,
        updatedAt: now,
      });
      rows.profiles.push({
        user_id: id,
        team_id: teamId,
        role,
        full_name: name,
        joined_at: now,
        created_at: now,
        updated_at: now,
        coach_role: null,
        jersey_number: null,
        primary_position: null,
        positions: "[]",
        ...extra,
      });
      return id;
    };
    const signIn = (userId: string) => {
      const token = randomBytes(24).toString("base64url");
      rows.session.push({ id: randomUUID(), token, userId, expiresAt: expires, createdAt: now, updatedAt: now });
      return sessionCookie(token, plan.authSecret);
    };
    for (let g = start; g < Math.min(plan.games, start + 100); g++) {
      const teamId = randomUUID();
      const seasonId = randomUUID();
      rows.teams.push({
        id: teamId,
        name: `Saturday ${g}`,
        team_code: code(firstCode + g, 6),
        coach_invite_code: code(firstCode + g, 8),
        created_at: now,
      });
      rows.seasons.push({ id: seasonId, team_id: teamId, name: "Fall", starts_on: seasonStart, created_at: now });
      const coachId = person(teamId, `Head Coach S${g}`, "coach", { coach_role: "head" });
      const playerIds: string[] = [];
      for (let p = 0; p < plan.players; p++) {
        const position = POSITIONS[p % POSITIONS.length]!;
        playerIds.push(
          person(teamId, `Player S${g}-${p}`, "player", {
            jersey_number: p + 1,
            primary_position: position,
            positions: JSON.stringify([position]),
          }),
        );
      }
      const sessionId = randomUUID();
      rows.team_sessions.push({
        id: sessionId,
        team_id: teamId,
        season_id: seasonId,
        kind: "game",
        date: today,
        opponent: `Rivals ${g}`,
        home_away: "home",
        created_by: coachId,
        created_at: now,
      });
      const viewers: GameTeamSpec["viewers"] = [];
      for (let v = 0; v < plan.viewers; v++)
        viewers.push({
          cookie: signIn(person(teamId, `Assistant S${g}-${v}`, "coach", { coach_role: "assistant" })),
          coach: true,
        });
      for (let v = 0; v < Math.min(plan.playerViewers, playerIds.length); v++)
        viewers.push({ cookie: signIn(playerIds[v]!), coach: false });
      let followToken: string | null = null;
      if (plan.followers > 0) {
        rows.follow_links.push({
          session_id: sessionId,
          team_id: teamId,
          generation: 1,
          active: 1,
          created_by: coachId,
          created_at: now,
        });
        followToken = makeFollowToken(plan.authSecret, sessionId, 1);
      }
      specs.push({
        teamId,
        sessionId,
        scorerCookie: signIn(coachId),
        viewers,
        playerIds,
        followToken,
        followers: plan.followers,
      });
    }
    await insertAll(db, rows);
  }
  return specs;
}
