import { randomUUID } from "node:crypto";
import { createRoute } from "@hono/zod-openapi";
import { scheduleEditsResponseSchema, scheduleEditsSchema } from "#domain/api/league-edits.js";
import { applyScheduleEdits, type EditableGame } from "#domain/leagues/edits.js";
import { inTransaction } from "../db/dialect.js";
import { playedLeagueGames, saveScheduleEdits } from "../db/league-game-edits.js";
import { hasPublishedGames, leagueGameOf, leagueGameRows } from "../db/league-games.js";
import { leagueFields, leagueSettings, leagueTeams } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";
import { publishLeagueSchedule } from "../leagues/publish.js";
import { scheduleConflictWords } from "../leagues/schedule-check.js";
import { callerOf, leagueAdmin } from "./leagues.js";

/*
 * A league admin's changes to the schedule by hand (docs/product.md §17): move, swap, add, cancel a game or switch
 * home and away, all or none. `dryRun` only checks: the admin sees the conflicts a change would cause before saving
 * it, and a change that causes one is refused. Once the league has published, saved changes go into both teams'
 * schedules at once (leagues/publish.ts), announced to the teams. League admins only; anyone else gets a 404.
 */

const edit = createRoute({
  method: "post",
  path: "/api/leagues/{id}/schedule/edits",
  operationId: "editLeagueSchedule",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Check, and unless dryRun save, changes to the league's games by hand",
  request: {
    params: idParams("The league's id"),
    body: {
      required: true,
      content: { "application/json": { schema: scheduleEditsSchema.openapi("ScheduleEdits") } },
    },
  },
  responses: {
    200: {
      description: "Checked, and saved unless dryRun",
      content: { "application/json": { schema: scheduleEditsResponseSchema.openapi("ScheduleEditsResult") } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const editableOf =
  (played: Set<string>) =>
  (row: Parameters<typeof leagueGameOf>[0]): EditableGame => {
    const g = leagueGameOf(row);
    return { ...g, played: played.has(g.id) };
  };

function difference(after: readonly string[], before: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const c of before) left.set(c, (left.get(c) ?? 0) + 1);
  return after.filter((c) => {
    const n = left.get(c) ?? 0;
    if (n > 0) left.set(c, n - 1);
    return n === 0;
  });
}

export function leagueEditRoutes() {
  return createRouter().openapi(edit, async (c) => {
    const { id } = c.req.valid("param");
    const caller = callerOf(c);
    await leagueAdmin(caller, id);
    const { edits, dryRun } = c.req.valid("json");
    const checked = await inTransaction(caller.db, async (trx) => {
      const [league, rows, teams, fields, played] = await Promise.all([
        leagueSettings(trx, id),
        leagueGameRows(trx, id),
        leagueTeams(trx, id),
        leagueFields(trx, id),
        playedLeagueGames(trx, id),
      ]);
      const before = rows.map(editableOf(played));
      const outcome = applyScheduleEdits(
        before,
        edits,
        {
          fields: new Map(fields.map((f) => [f.id, { name: f.name, subFields: f.subFields }])),
          teams: new Map(teams.map((t) => [t.id, { divisionId: t.divisionId, name: t.name }])),
        },
        randomUUID,
      );
      if (!outcome.ok) {
        const code = { 400: "invalid_change", 404: "not_found", 409: "cannot_change" }[outcome.status];
        throw new ApiError(outcome.status, code, outcome.message);
      }
      const [was, now] = await Promise.all([
        scheduleConflictWords(trx, id, before),
        scheduleConflictWords(trx, id, outcome.games),
      ]);
      const introduced = difference(now, was);
      if (!dryRun && introduced.length > 0) {
        throw new ApiError(409, "schedule_conflicts", `Not saved: ${introduced.join(" ")}`);
      }
      if (!dryRun) await saveScheduleEdits(trx, id, league!.timeZone, outcome);
      return { conflicts: now, introduced };
    });
    let teamEvents = 0;
    if (!dryRun && checked.conflicts.length === 0 && (await hasPublishedGames(caller.db, id))) {
      teamEvents = (await publishLeagueSchedule(c.get("services"), id, caller.userId)).teamEvents;
    }
    return c.json({ saved: !dryRun, ...checked, teamEvents }, 200);
  });
}
