import type { Kysely } from "kysely";
import { wallClockOf, zonedTimeToUtc } from "#domain/schedule.js";
import { inTransaction } from "../db/dialect.js";
import {
  gamesToPublish,
  hasPublishedGames,
  leagueGameEventOf,
  markPublished,
  type LeagueGameRow,
} from "../db/league-games.js";
import { leagueFields, leagueSettings, leagueTeamsWithZones } from "../db/leagues.js";
import { createScheduleEvents } from "../db/schedule.js";
import type { DB } from "../db/schema.js";
import { ANNOUNCE_ANY_TIME_MS, announceAddedGames, updateScheduleEventAndAnnounce } from "../mail/announcements.js";
import { changeNow } from "../realtime/hub.js";
import type { Services } from "../services.js";

/*
 * Publishing a league's schedule (docs/product.md §17): every game not yet in its teams' schedules, or changed since
 * it was, is written into the schedule of each of its two teams that plays on Flagline, with the opponent, field
 * and time, as the team's own game event (linked by `schedule_events.league_game_id`). Nobody retypes it. A later
 * change rewrites the same event, so the team's answers, reminders and calendar subscriptions carry on, and is
 * announced to the team as a schedule change is (mail/announcements.ts), however far ahead the game is: the team did
 * not make the change. A game added to a schedule already published is announced as a new game. The first
 * publishing announces nothing (the season arrives at once). `only` publishes part of what is waiting, and nothing
 * else: a team that took its place by a coach link (routes/league-coach-invites.ts) gets the games published before it
 * came, quietly; the playoff games a result made or took off (leagues/playoffs.ts) go out, announced, while another
 * division's draft bracket, or anything else the admins have not published, stays theirs to publish. One
 * transaction.
 */

/** Which of the waiting games to publish: a team's games already published to others, or these games. */
type PublishOnly = { leagueTeamId: string } | { gameIds: ReadonlySet<string> };

function publishes(only: PublishOnly | undefined, g: LeagueGameRow): boolean {
  if (!only) return true;
  if ("gameIds" in only) return only.gameIds.has(g.id);
  return (
    g.published_revision !== null && (g.home_team_id === only.leagueTeamId || g.away_team_id === only.leagueTeamId)
  );
}

interface Side {
  leagueTeamId: string;
  teamId: string;
  timeZone: string;
  opponent: string;
  homeAway: "home" | "away";
}

/** The team's day and time of a league game's start, in the team's zone. */
function teamWallClock(game: LeagueGameRow, leagueZone: string, teamZone: string): { date: string; time: string } {
  const start = zonedTimeToUtc(game.local_date, game.start_time, leagueZone);
  const wall = wallClockOf(start, teamZone).toISOString();
  return { date: wall.slice(0, 10), time: wall.slice(11, 16) };
}

export async function publishLeagueSchedule(
  services: Pick<Services, "database" | "config" | "hub" | "push" | "mailOutbox">,
  leagueId: string,
  actorId: string,
  only?: PublishOnly,
): Promise<{ published: number; teamEvents: number }> {
  const db: Kysely<DB> = services.database.db;
  const touchedTeams = new Set<string>();
  const result = await inTransaction(db, async (trx) => {
    const league = await leagueSettings(trx, leagueId);
    if (!league) return { published: 0, teamEvents: 0 };
    const games = (await gamesToPublish(trx, leagueId)).filter((g) => publishes(only, g));
    if (games.length === 0) return { published: 0, teamEvents: 0 };
    // A team taking its place mid-season gets its games quietly: it asked for them.
    const announceNew = !(only && "leagueTeamId" in only) && (await hasPublishedGames(trx, leagueId));
    const fields = new Map((await leagueFields(trx, leagueId)).map((f) => [f.id, f]));
    const teams = await leagueTeamsWithZones(trx, leagueId);
    let teamEvents = 0;
    for (const game of games) {
      const home = teams.get(game.home_team_id)!;
      const away = teams.get(game.away_team_id)!;
      const field = fields.get(game.field_id)!;
      const sides: Side[] = [];
      if (home.teamId) {
        sides.push({
          leagueTeamId: home.id,
          teamId: home.teamId,
          timeZone: home.timeZone,
          opponent: away.name,
          homeAway: "home",
        });
      }
      if (away.teamId) {
        sides.push({
          leagueTeamId: away.id,
          teamId: away.teamId,
          timeZone: away.timeZone,
          opponent: home.name,
          homeAway: "away",
        });
      }
      for (const side of sides) {
        const { date, time } = teamWallClock(game, league.timeZone, side.timeZone);
        const details = {
          durationMinutes: Number(game.duration_minutes),
          placeName: field.name,
          address: field.address,
          field: game.sub_field === "" ? null : `Field ${game.sub_field}`,
          opponent: side.opponent,
          homeAway: side.homeAway,
        };
        const existing = await leagueGameEventOf(trx, side.teamId, game.id);
        if (existing) {
          const outcome = await updateScheduleEventAndAnnounce(
            { database: { db: trx }, config: services.config },
            { teamId: side.teamId, userId: actorId },
            existing,
            { ...details, date, startTime: time, status: game.status === "cancelled" ? "cancelled" : "scheduled" },
            new Date(),
            ANNOUNCE_ANY_TIME_MS,
          );
          if (outcome.kind === "ok" && outcome.changed.length > 0) {
            teamEvents += 1;
            touchedTeams.add(side.teamId);
          }
        } else if (game.status !== "cancelled") {
          const created = await createScheduleEvents(trx, side.teamId, actorId, {
            kind: "game",
            date,
            startTime: time,
            ...details,
            notes: `${league.name} game`,
            leagueGameId: game.id,
          });
          if (announceNew && created) await announceAddedGames(trx, services.config, side.teamId, actorId, created);
          teamEvents += 1;
          touchedTeams.add(side.teamId);
        }
      }
    }
    await markPublished(trx, games);
    return { published: games.length, teamEvents };
  });
  for (const teamId of touchedTeams) services.hub.publish(teamId, changeNow("schedule"));
  if (touchedTeams.size > 0) {
    services.push.wake();
    services.mailOutbox.wake();
  }
  return result;
}
