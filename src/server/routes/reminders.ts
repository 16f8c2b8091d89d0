import { createRoute } from "@hono/zod-openapi";
import { reminderSettingsBodySchema, reminderSettingsSchema } from "#domain/api/reminders.js";
import { reminderSettings, updateReminderSettings } from "../db/reminders.js";
import { createRouter } from "../http/context.js";
import { errorResponses } from "../http/errors.js";
import { coachOnly, teamMemberOnly } from "../http/viewer.js";

/*
 * The team's reminder times (docs/product.md §12, issue #29): when players who have not answered are reminded
 * (default: two days before at the event's time of day, and 08:00 on its day) and whether the coaches are warned
 * when too few are going. Every member reads them (a player sees when they will be reminded); coaches change
 * them. The reminders themselves: mail/reminders.ts.
 */

const Settings = reminderSettingsSchema.openapi("ReminderSettings");

const getSettings = createRoute({
  method: "get",
  path: "/api/team/reminder-settings",
  operationId: "getReminderSettings",
  tags: ["schedule"],
  middleware: [teamMemberOnly] as const,
  summary: "When the team's reminders go out, and whether coaches are warned when too few are going",
  responses: {
    200: { description: "The team's reminder times", content: { "application/json": { schema: Settings } } },
    ...errorResponses(401, 403),
  },
});

const patchSettings = createRoute({
  method: "patch",
  path: "/api/team/reminder-settings",
  operationId: "updateReminderSettings",
  tags: ["schedule"],
  middleware: [coachOnly] as const,
  summary: "Coaches: change the team's reminder times (null turns a reminder off)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: reminderSettingsBodySchema.openapi("ReminderSettingsChange") } },
    },
  },
  responses: {
    200: { description: "The team's reminder times now", content: { "application/json": { schema: Settings } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

export function reminderRoutes() {
  return createRouter()
    .openapi(getSettings, async (c) => {
      return c.json(await reminderSettings(c.get("services").database.db, c.var.viewer.teamId), 200);
    })
    .openapi(patchSettings, async (c) => {
      const input = c.req.valid("json");
      const settings = await updateReminderSettings(c.get("services").database.db, c.var.viewer.teamId, input);
      return c.json(settings, 200);
    });
}
