/*
 * The league Saturday's leagues (league.ts), written straight into the tables (bench/league-seed.ts) over the
 * saturday scenario's game teams (seed.ts: head coach, players, assistant coaches, an open season). The teams go
 * into leagues of `leagueTeams`, in divisions of `divisionTeams`, each division in groups of four teams that play
 * each other today, one game after another (rounds cycle through the three pairings of four). Before today, every
 * division has played `weeksPlayed` weekly rounds (a round robin's), their results as a season leaves them, so the
 * result reads work over a league's worth of games. Today's games are published; the first round's are under way
 * when the window opens (each side's game started from its event, not ended), the later rounds' schedule events
 * wait for their coaches to start them.
 */
import type { Kysely } from "kysely";
import type { DB } from "../../src/server/db/schema.js";
import { random, seasonResult, seedLeague, seedOwner, type FlaglineTeam, type SeedGame } from "../league-seed.js";
import type { EndPlan, GroupSpec, LeagueTeamSpec } from "./league-protocol.js";
import type { GameTeamSpec } from "./protocol.js";

interface LeaguePlan {
  leagueTeams: number;
  divisionTeams: number;
  weeksPlayed: number;
  /** Rounds today (each group's games one after another). */
  rounds: number;
  /** Shares of today's games whose result comes by a coach's confirmation, or by accepting the other's score. */
  confirmShare: number;
  acceptShare: number;
  /** Today, as YYYY-MM-DD. */
  today: string;
}

/** The pairs of a round robin's round `r` among `n` teams (n even), by the circle method. */
function roundPairs(n: number, r: number): Array<[number, number]> {
  const others = Array.from({ length: n - 1 }, (_, i) => ((i + r) % (n - 1)) + 1);
  const ring = [0, ...others];
  return Array.from({ length: n / 2 }, (_, i) => [ring[i]!, ring[n - 1 - i]!]);
}

/** Four teams' three pairings: a round's two games. */
const FOUR: Array<Array<[number, number]>> = [
  [
    [0, 1],
    [2, 3],
  ],
  [
    [2, 0],
    [1, 3],
  ],
  [
    [0, 3],
    [1, 2],
  ],
];

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * A time of today (UTC, the leagues' zone) `minutes` before now, or midnight: today's games have begun, as on the
 * Saturday itself, so the server's reminders (due before an event starts) have nothing left to send for them. Games
 * starting later today would each remind every player of both teams in the window, a reminder burst of their own
 * (issue #29's scenario), not the Saturday's.
 */
function startedAgo(minutes: number): string {
  const now = new Date();
  const at = Math.max(0, now.getUTCHours() * 60 + now.getUTCMinutes() - minutes);
  return `${String(Math.floor(at / 60)).padStart(2, "0")}:${String(at % 60).padStart(2, "0")}`;
}

/** Seeds the leagues over `teams` (in order); returns the groups the load workers play (offsets not set). */
export async function seedLeagues(
  db: Kysely<DB>,
  teams: GameTeamSpec[],
  plan: LeaguePlan,
): Promise<{ groups: Array<Omit<GroupSpec, "offsetMs">>; leagueIds: string[]; gamesBefore: number }> {
  if (plan.divisionTeams % 4 !== 0) throw new Error("--division-teams must be a multiple of 4");
  if (plan.leagueTeams % plan.divisionTeams !== 0)
    throw new Error("--league-teams must be a multiple of --division-teams");
  if (teams.length % plan.divisionTeams !== 0) throw new Error("--games must be a multiple of --division-teams");
  // Each team's season and head coach, for the games it logged before today.
  const ids = teams.map((t) => t.teamId);
  const seasons = new Map<string, string>();
  const coaches = new Map<string, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    for (const s of await db.selectFrom("seasons").select(["id", "team_id"]).where("team_id", "in", chunk).execute())
      seasons.set(s.team_id, s.id);
    const heads = await db
      .selectFrom("profiles")
      .select(["user_id", "team_id"])
      .where("team_id", "in", chunk)
      .where("coach_role", "=", "head")
      .execute();
    for (const p of heads) coaches.set(p.team_id!, p.user_id);
  }
  const owner = await seedOwner(db);
  const next = random(2032);
  const groups: Array<Omit<GroupSpec, "offsetMs">> = [];
  const leagueIds: string[] = [];
  let gamesBefore = 0;
  let todayGame = 0;
  for (let first = 0; first < teams.length; first += plan.leagueTeams) {
    const members = teams.slice(first, first + plan.leagueTeams);
    const divisions = Math.ceil(members.length / plan.divisionTeams);
    const games: SeedGame[] = [];
    /** Per today's game: where it is in `games`, its group, round and plan. */
    const today: Array<{ at: number; group: number; round: number; home: number; away: number; plan: EndPlan }> = [];
    for (let d = 0; d < divisions; d++) {
      const firstTeam = d * plan.divisionTeams;
      const size = Math.min(plan.divisionTeams, members.length - firstTeam);
      for (let w = 0; w < plan.weeksPlayed; w++) {
        for (const [x, y] of roundPairs(size, w % (size - 1))) {
          const [home, away] = w % 2 ? [y, x] : [x, y];
          games.push({
            division: d,
            home: firstTeam + home,
            away: firstTeam + away,
            round: w + 1,
            date: addDays(plan.today, -7 * (plan.weeksPlayed - w)),
            startTime: `${String(8 + (home % 10)).padStart(2, "0")}:00`,
            field: home % 12,
            subField: "A",
            result: seasonResult(next),
          });
        }
      }
      for (let g = 0; g < size / 4; g++) {
        const group = groups.length + firstTeam / 4 + g;
        for (let r = 0; r < plan.rounds; r++) {
          for (const [x, y] of FOUR[r % 3]!) {
            const k = todayGame++;
            const share = (k * 0.618034) % 1; // spread the plans evenly over the games
            const endPlan: EndPlan =
              share < plan.confirmShare ? "confirm" : share < plan.confirmShare + plan.acceptShare ? "accept" : "agree";
            today.push({ at: games.length, group, round: r, home: x, away: y, plan: endPlan });
            games.push({
              division: d,
              home: firstTeam + g * 4 + x,
              away: firstTeam + g * 4 + y,
              round: plan.weeksPlayed + 1 + r,
              date: plan.today,
              startTime: startedAgo(180 - 30 * r),
              field: (g * 2 + (x === 0 ? 0 : 1)) % 12,
              subField: x === 0 ? "A" : "B",
              result: null,
              // The round under way when the window opens: its games were started before it.
              started: r === 0,
            });
          }
        }
      }
    }
    const played = games.length - today.length;
    gamesBefore += played;
    const flagline = (t: GameTeamSpec): FlaglineTeam => ({
      teamId: t.teamId,
      seasonId: seasons.get(t.teamId)!,
      coachId: coaches.get(t.teamId)!,
    });
    const seeded = await seedLeague(db, {
      name: `Saturday League ${leagueIds.length + 1}`,
      timeZone: "UTC",
      ownerId: owner,
      divisions: Array.from({ length: divisions }, (_, d) => `Division ${d + 1}`),
      teams: members.map((t, i) => ({
        name: `Team ${first + i + 1}`,
        division: Math.floor(i / plan.divisionTeams),
        flagline: flagline(t),
      })),
      fields: Array.from({ length: 12 }, (_, i) => ({ name: `Park ${i + 1}`, subFields: ["A", "B"] })),
      games,
    });
    leagueIds.push(seeded.leagueId);
    // The groups of this league, their teams in group order.
    for (let g = 0; g < members.length / 4; g++) {
      const four = members.slice(g * 4, g * 4 + 4);
      groups.push({
        teams: four.map((t): LeagueTeamSpec => ({
          teamId: t.teamId,
          scorerCookie: t.scorerCookie,
          viewerCookies: t.viewers.map((v) => v.cookie),
          playerIds: t.playerIds,
          phaseMs: 0, // set by league.ts
        })),
        rounds: Array.from({ length: plan.rounds }, () => []),
      });
    }
    today.forEach(({ at, ...t }) => {
      const events = seeded.events[at]!;
      groups[t.group]!.rounds[t.round]!.push({
        gameId: seeded.gameIds[at]!,
        home: t.home,
        away: t.away,
        homeEventId: events.home!,
        awayEventId: events.away!,
        sessions: [seeded.sessions[at]!.home, seeded.sessions[at]!.away],
        plan: t.plan,
        score: [7 * (at % 5), 7 * ((at * 3) % 5)],
      });
    });
  }
  return { groups, leagueIds, gamesBefore };
}
