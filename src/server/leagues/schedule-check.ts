import type { Kysely } from "kysely";
import { describeConflict, scheduleConflicts } from "#domain/leagues/conflicts.js";
import { fieldLabel, minutesOfWallTime } from "#domain/leagues/league.js";
import { slotKey, type LeagueSlot } from "#domain/leagues/slots.js";
import { leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import type { DB } from "../db/schema.js";

/*
 * What is wrong with a league's schedule, in the admin's words (docs/product.md §17): the games as they stand, or as
 * the admin's changes would leave them (routes/league-edits.ts), checked by domain/leagues/conflicts.ts, which the
 * generator does not use. Cancelled games are off the fields.
 */

export interface CheckableGame {
  id: string;
  homeTeamId: string;
  awayTeamId: string;
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: string;
}

export async function scheduleConflictWords(
  db: Kysely<DB>,
  leagueId: string,
  games: readonly CheckableGame[],
): Promise<string[]> {
  const [league, teams, fields] = await Promise.all([
    leagueSettings(db, leagueId),
    leagueTeams(db, leagueId),
    leagueFields(db, leagueId),
  ]);
  const slots = new Map<string, LeagueSlot>();
  const checked = games
    .filter((g) => g.status !== "cancelled")
    .map((g) => {
      const slot = {
        fieldId: g.fieldId,
        subField: g.subField,
        date: g.date,
        startMinute: minutesOfWallTime(g.startTime),
        durationMinutes: g.durationMinutes,
      };
      const key = slotKey(slot);
      if (!slots.has(key)) slots.set(key, { id: key, ...slot });
      return { id: g.id, homeTeamId: g.homeTeamId, awayTeamId: g.awayTeamId, slotId: key };
    });
  const found = scheduleConflicts({
    games: checked,
    slots: [...slots.values()],
    minRestMinutes: league?.minRestMinutes ?? 0,
    blackouts: new Map(teams.map((t) => [t.id, t.blackoutDates])),
  });
  const name = new Map(teams.map((t) => [t.id, t.name]));
  const fieldName = new Map(fields.map((f) => [f.id, f.name]));
  const place = (slotId: string) => {
    const slot = slots.get(slotId);
    const field = slot && fieldName.get(slot.fieldId);
    return field === undefined ? undefined : fieldLabel(field, slot!.subField);
  };
  return found.map((c) => describeConflict(c, (teamId) => name.get(teamId) ?? teamId, place));
}
