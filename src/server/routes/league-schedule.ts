import { createRoute } from "@hono/zod-openapi";
import {
  generateScheduleSchema,
  generatedScheduleResponseSchema,
  leagueGamesResponseSchema,
  publishResponseSchema,
} from "#domain/api/leagues.js";
import { minutesOfWallTime, wallTimeOfMinutes } from "#domain/leagues/league.js";
import { generateSeason } from "#domain/leagues/schedule-generator.js";
import { buildSlots, type LeagueSlot } from "#domain/leagues/slots.js";
import type { Kysely } from "kysely";
import {
  hasPublishedGames,
  leagueGameOf,
  leagueGameRows,
  replaceDraftGames,
  type LeagueGameRow,
} from "../db/league-games.js";
import type { DB } from "../db/schema.js";
import { leagueCalendar, leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";
import { publishLeagueSchedule } from "../leagues/publish.js";
import { scheduleConflictWords } from "../leagues/schedule-check.js";
import { callerOf, leagueAdmin } from "./leagues.js";

/*
 * A league's schedule (docs/product.md §17): the generator's round robin over the league's fields and calendar
 * (domain/leagues/schedule-generator.ts) kept as drafts, the games with what is wrong with them (checked by
 * domain/leagues/conflicts.ts, which the generator does not use), and publishing into both teams' schedules
 * (leagues/publish.ts). League admins only; to anyone else the league is a 404.
 */

const generate = createRoute({
  method: "post",
  path: "/api/leagues/{id}/schedule",
  operationId: "generateLeagueSchedule",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Generate the season's round robin within each division as draft games (replacing earlier drafts)",
  request: {
    params: idParams("The league's id"),
    body: {
      required: true,
      content: { "application/json": { schema: generateScheduleSchema.openapi("GenerateSchedule") } },
    },
  },
  responses: {
    201: {
      description: "Drafts made",
      content: { "application/json": { schema: generatedScheduleResponseSchema.openapi("GeneratedSchedule") } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const games = createRoute({
  method: "get",
  path: "/api/leagues/{id}/games",
  operationId: "listLeagueGames",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Every game of the league's schedule, drafts included, with the schedule's conflicts",
  request: { params: idParams("The league's id") },
  responses: {
    200: {
      description: "By day and time",
      content: { "application/json": { schema: leagueGamesResponseSchema.openapi("LeagueGames") } },
    },
    ...errorResponses(401, 403, 404),
  },
});

const publish = createRoute({
  method: "post",
  path: "/api/leagues/{id}/schedule/publish",
  operationId: "publishLeagueSchedule",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Put every new or changed game into both teams' schedules",
  request: { params: idParams("The league's id") },
  responses: {
    200: {
      description: "Published",
      content: { "application/json": { schema: publishResponseSchema.openapi("PublishedSchedule") } },
    },
    ...errorResponses(401, 403, 404, 409),
  },
});

/** The league's games, and what is wrong with them in the admin's words. */
async function scheduleAsItStands(
  db: Kysely<DB>,
  leagueId: string,
): Promise<{ rows: LeagueGameRow[]; conflicts: string[] }> {
  const rows = await leagueGameRows(db, leagueId);
  const games = rows.map(leagueGameOf);
  return { rows, conflicts: await scheduleConflictWords(db, leagueId, games) };
}

function refuse(message: string): ApiError {
  return new ApiError(409, "schedule_not_ready", message);
}

export function leagueScheduleRoutes() {
  return createRouter()
    .openapi(generate, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      const { doubleRoundRobin } = c.req.valid("json");
      const db = caller.db;
      const [league, teams, fields, calendar] = await Promise.all([
        leagueSettings(db, id),
        leagueTeams(db, id),
        leagueFields(db, id),
        leagueCalendar(db, id),
      ]);
      if (await hasPublishedGames(db, id)) {
        throw refuse("The schedule is published: change its games one by one instead of generating it again.");
      }
      if (teams.length < 2) throw refuse("Add at least two teams to a division first.");
      if (fields.length === 0) throw refuse("Add a field first.");
      if (calendar.gameDays.length === 0 || calendar.timeSlots.length === 0) {
        throw refuse("Set the game days and start times first.");
      }
      const slots = buildSlots({
        fields: fields.map((f) => ({ id: f.id, subFields: f.subFields })),
        dates: calendar.gameDays,
        times: calendar.timeSlots.map((t) => ({
          startMinute: minutesOfWallTime(t.startTime),
          durationMinutes: t.durationMinutes,
        })),
      });
      const season = generateSeason({
        teams: teams.map((t) => ({ id: t.id, divisionId: t.divisionId, blackoutDates: t.blackoutDates })),
        slots,
        doubleRoundRobin,
        minRestMinutes: league!.minRestMinutes,
      });
      const bySlot = new Map<string, LeagueSlot>(slots.map((s) => [s.id, s]));
      await replaceDraftGames(
        db,
        id,
        league!.timeZone,
        season.games.map((g) => {
          const slot = bySlot.get(g.slotId)!;
          return {
            divisionId: g.divisionId,
            round: g.round,
            homeTeamId: g.homeTeamId,
            awayTeamId: g.awayTeamId,
            fieldId: slot.fieldId,
            subField: slot.subField,
            date: slot.date,
            startTime: wallTimeOfMinutes(slot.startMinute),
            durationMinutes: slot.durationMinutes,
          };
        }),
      );
      const name = new Map(teams.map((t) => [t.id, t.name]));
      return c.json(
        {
          placed: season.games.length,
          unplaced: season.unplaced.map((u) => ({
            homeTeam: name.get(u.homeTeamId) ?? "",
            awayTeam: name.get(u.awayTeamId) ?? "",
            round: u.round,
            reason: u.reason,
          })),
          byes: season.byes.length,
        },
        201,
      );
    })
    .openapi(games, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      const { rows, conflicts } = await scheduleAsItStands(caller.db, id);
      return c.json({ games: rows.map(leagueGameOf), conflicts }, 200);
    })
    .openapi(publish, async (c) => {
      const { id } = c.req.valid("param");
      const caller = callerOf(c);
      await leagueAdmin(caller, id);
      const { conflicts } = await scheduleAsItStands(caller.db, id);
      if (conflicts.length > 0) {
        throw new ApiError(409, "schedule_conflicts", `Fix the schedule's conflicts first: ${conflicts.join(" ")}`);
      }
      const result = await publishLeagueSchedule(c.get("services"), id, caller.userId);
      return c.json(result, 200);
    });
}
