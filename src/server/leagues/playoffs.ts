import type { Kysely } from "kysely";
import type { CreateBracketInput } from "#domain/api/league-playoffs.js";
import { roundName, seedBracket } from "#domain/leagues/bracket.js";
import { describeConflict } from "#domain/leagues/conflicts.js";
import { minutesOfWallTime, wallTimeOfMinutes } from "#domain/leagues/league.js";
import { planBracket, type BookedGame } from "#domain/leagues/playoffs.js";
import { buildSlots, slotKey, type LeagueSlot } from "#domain/leagues/slots.js";
import { addDays, todayIn } from "#domain/schedule.js";
import {
  dropPlayoffGame,
  insertBracket,
  leagueBracketPlaces,
  leagueBrackets,
  makePlayoffGame,
  playoffGameRows,
  playoffLeagueOfSession,
} from "../db/league-brackets.js";
import { leagueGameRows } from "../db/league-games.js";
import { leagueCalendar, leagueFields, leagueSettings, leagueTeams, standingsRulesOf } from "../db/leagues.js";
import type { DB } from "../db/schema.js";
import type { Services } from "../services.js";
import { playBrackets } from "./bracket-view.js";
import { divisionStandings } from "./division-standings.js";
import { publishLeagueSchedule } from "./publish.js";
import { leagueResults } from "./results.js";

/*
 * League playoffs (docs/product.md §17, decision 0038). Making a division's bracket: the best teams of its standings
 * (confirmed season results only, the league's tiebreakers), the top seeds given the byes, every round planned into
 * free fields and times of the league's calendar (domain/leagues/playoffs.ts). Then, whenever a result may have
 * changed, advancePlayoffs makes the league game of each bracket game whose two teams are now known (published at
 * once when the bracket's games are in the teams' schedules already), so publishing, the two scorebooks, the result
 * flow and the calendar feeds treat a playoff game as any league game.
 */

type Db = Kysely<DB>;

const slotOfGame = (g: {
  field_id: string;
  sub_field: string;
  local_date: string;
  start_time: string;
  duration_minutes: number;
}): LeagueSlot => {
  const slot = {
    fieldId: g.field_id,
    subField: g.sub_field,
    date: g.local_date,
    startMinute: minutesOfWallTime(g.start_time),
    durationMinutes: Number(g.duration_minutes),
  };
  return { id: slotKey(slot), ...slot };
};

/** Seeds and plans a division's bracket and keeps it; else why not, in the admin's words. */
export async function makeBracket(
  services: Pick<Services, "database" | "config" | "hub" | "push" | "mailOutbox">,
  leagueId: string,
  divisionId: string,
  input: CreateBracketInput,
  actorId: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const db: Db = services.database.db;
  const [league, teams, fields, calendar, rows, brackets, places] = await Promise.all([
    leagueSettings(db, leagueId),
    leagueTeams(db, leagueId),
    leagueFields(db, leagueId),
    leagueCalendar(db, leagueId),
    leagueGameRows(db, leagueId),
    leagueBrackets(db, leagueId),
    leagueBracketPlaces(db, leagueId),
  ]);
  if (!league) return { ok: false, message: "That league does not exist." };
  if (brackets.some((b) => b.divisionId === divisionId)) {
    return { ok: false, message: "This division has a bracket already: delete it to make it again." };
  }
  const inDivision = teams.filter((t) => t.divisionId === divisionId).length;
  if (inDivision < input.teams) {
    return {
      ok: false,
      message: `A bracket of ${input.teams} teams needs ${input.teams} teams in the division; it has ${inDivision}.`,
    };
  }
  if (fields.length === 0 || calendar.gameDays.length === 0 || calendar.timeSlots.length === 0) {
    return { ok: false, message: "Set the league's fields, game days and start times first." };
  }
  // The division's standings as its public pages show them: confirmed season results only; teams sharing a rank by name.
  const { standings } = await divisionStandings(db, divisionId, standingsRulesOf(league));
  const seeds = standings.map((row) => row.teamId).slice(0, input.teams);

  const divisionDays = rows.filter((g) => g.division_id === divisionId && g.status !== "cancelled");
  const afterSeason = divisionDays.length === 0 ? "" : addDays(divisionDays.at(-1)!.local_date, 1);
  const today = todayIn(league.timeZone);
  const startDate = input.startDate ?? (afterSeason > today ? afterSeason : today);

  const slots = buildSlots({
    fields: fields.map((f) => ({ id: f.id, subFields: f.subFields })),
    dates: calendar.gameDays.filter((d) => d >= startDate),
    times: calendar.timeSlots.map((t) => ({
      startMinute: minutesOfWallTime(t.startTime),
      durationMinutes: t.durationMinutes,
    })),
  });
  const booked: BookedGame[] = rows
    .filter((g) => g.status !== "cancelled")
    .map((g) => ({ id: g.id, homeTeamId: g.home_team_id, awayTeamId: g.away_team_id, slot: slotOfGame(g) }));
  // Other divisions' planned bracket games hold their fields too (their teams are never this division's).
  for (const p of places) {
    if (p.leagueGameId !== null || p.fieldId === null) continue;
    const id = `${p.bracketId}:${p.round}:${p.position}`;
    const slot = slotOfGame({
      field_id: p.fieldId,
      sub_field: p.subField,
      local_date: p.date,
      start_time: p.startTime,
      duration_minutes: p.durationMinutes,
    });
    booked.push({ id, homeTeamId: `${id}:home`, awayTeamId: `${id}:away`, slot });
  }
  const rounds = seedBracket(seeds);
  const plan = planBracket({
    rounds,
    slots,
    booked,
    minRestMinutes: league.minRestMinutes,
    blackouts: new Map(teams.map((t) => [t.id, t.blackoutDates])),
  });
  if (!plan.ok) {
    const name = new Map(teams.map((t) => [t.id, t.name]));
    const why = plan.conflicts.map((c) => describeConflict(c, (id) => name.get(id) ?? "A team")).join(" ");
    return {
      ok: false,
      message:
        `No free field and time for the ${roundName(plan.round, rounds.length).toLowerCase()} on or after ` +
        `${startDate}: add game days or start times.${why ? ` ${why}` : ""}`,
    };
  }
  const made = await insertBracket(db, {
    leagueId,
    divisionId,
    seeds,
    startDate,
    createdBy: actorId,
    places: plan.games.map((g) => ({
      round: g.round,
      position: g.index,
      fieldId: g.slot.fieldId,
      subField: g.slot.subField,
      date: g.slot.date,
      startTime: wallTimeOfMinutes(g.slot.startMinute),
      durationMinutes: g.slot.durationMinutes,
    })),
  });
  if (made === "exists") {
    return { ok: false, message: "This division has a bracket already: delete it to make it again." };
  }
  await advancePlayoffs(services, leagueId, actorId);
  return { ok: true };
}

/**
 * Makes the league game of every bracket game whose two teams are known and that has none, and takes off (a draft
 * deleted, a published game cancelled) a league game whose bracket game now has other teams because an earlier
 * result changed. When a bracket's games are in the teams' schedules already, the league's schedule is published
 * so the new game reaches both teams. Idempotent: call it after any change to a league result. The number of league
 * games made or taken off.
 */
export async function advancePlayoffs(
  services: Pick<Services, "database" | "config" | "hub" | "push" | "mailOutbox">,
  leagueId: string,
  actorId: string,
): Promise<number> {
  const db: Db = services.database.db;
  const brackets = await leagueBrackets(db, leagueId);
  if (brackets.length === 0) return 0;
  const [league, teams, places, games, results] = await Promise.all([
    leagueSettings(db, leagueId),
    leagueTeams(db, leagueId),
    leagueBracketPlaces(db, leagueId),
    playoffGameRows(db, leagueId),
    leagueResults(db, leagueId),
  ]);
  if (!league) return 0;
  const teamIds = new Set(teams.map((t) => t.id));
  const gameById = new Map(games.map((g) => [g.id, g]));
  let changed = 0;
  // The games made or taken off in brackets already in the teams' schedules: those, and nothing else of the league
  // (another division's draft bracket, say), are published.
  const toPublish: string[] = [];
  for (const played of playBrackets(brackets, places, games, results)) {
    const changedHere: string[] = [];
    for (const [key, place] of played.places) {
      const game = played.rounds[place.round - 1]?.[place.position];
      if (!game) continue;
      const linked = place.leagueGameId ? gameById.get(place.leagueGameId) : undefined;
      if (linked?.status === "cancelled") continue; // taken off by an admin: theirs to sort out
      if (linked && played.games.has(key)) continue; // still between the bracket's two teams
      if (linked) {
        await dropPlayoffGame(db, played.bracket.id, linked.id);
        changedHere.push(linked.id);
      }
      const { homeTeamId, awayTeamId } = game;
      if (homeTeamId === null || awayTeamId === null || place.fieldId === null) continue;
      if (!teamIds.has(homeTeamId) || !teamIds.has(awayTeamId)) continue;
      const made = await makePlayoffGame(db, {
        leagueId,
        divisionId: played.bracket.divisionId,
        bracketId: played.bracket.id,
        round: place.round,
        position: place.position,
        homeTeamId,
        awayTeamId,
        fieldId: place.fieldId,
        subField: place.subField,
        date: place.date,
        startTime: place.startTime,
        durationMinutes: place.durationMinutes,
        timeZone: league.timeZone,
      });
      if (made) changedHere.push(made);
    }
    changed += changedHere.length;
    if (played.published) toPublish.push(...changedHere);
  }
  if (toPublish.length > 0) await publishLeagueSchedule(services, leagueId, actorId, { gameIds: new Set(toPublish) });
  return changed;
}

/**
 * advancePlayoffs for a team's game that just ended or was reopened (its final score posted or cleared), when that
 * game is a playoff game: two agreeing scorebooks confirm a result with no league-result write. One indexed query
 * for any other game.
 */
export async function advancePlayoffsAfterGame(
  services: Pick<Services, "database" | "config" | "hub" | "push" | "mailOutbox">,
  teamId: string,
  sessionId: string,
  actorId: string,
): Promise<void> {
  const leagueId = await playoffLeagueOfSession(services.database.db, teamId, sessionId);
  if (leagueId !== null) await advancePlayoffs(services, leagueId, actorId);
}
