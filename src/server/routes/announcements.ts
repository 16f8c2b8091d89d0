import { createRoute } from "@hono/zod-openapi";
import { PIN_IN_PAST } from "#domain/announcements.js";
import {
  announcementResponseSchema,
  announcementsResponseSchema,
  createAnnouncementSchema,
} from "#domain/api/announcements.js";
import { todayIn } from "#domain/schedule.js";
import { deleteAnnouncement, listAnnouncements } from "../db/announcements.js";
import { teamNameAndZone } from "../db/reminders.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { coachOnly, teamMemberOnly } from "../http/viewer.js";
import { postAnnouncement } from "../mail/team-announcements.js";

/*
 * Team announcements (docs/product.md §14): every member of the team reads them (a guardian acting for a child
 * too); the team's coaches post and delete them. Team from the session only: another team's id is a 404.
 */

const ANNOUNCEMENT = "That announcement";

const listRoute = createRoute({
  method: "get",
  path: "/api/team/announcements",
  operationId: "listAnnouncements",
  tags: ["team"],
  middleware: [teamMemberOnly] as const,
  summary: "The team's announcements: pinned ones first, then the newest",
  responses: {
    200: {
      description: "At most 20",
      content: { "application/json": { schema: announcementsResponseSchema.openapi("Announcements") } },
    },
    ...errorResponses(401, 403),
  },
});

const postRoute = createRoute({
  method: "post",
  path: "/api/team/announcements",
  operationId: "postAnnouncement",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Post an announcement to the team (mailed to its members and the players' guardians)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: createAnnouncementSchema.openapi("NewAnnouncement") } },
    },
  },
  responses: {
    201: {
      description: "Posted",
      content: { "application/json": { schema: announcementResponseSchema.openapi("AnnouncementResponse") } },
    },
    ...errorResponses(400, 401, 403, 415),
  },
});

const deleteRoute = createRoute({
  method: "delete",
  path: "/api/team/announcements/{id}",
  operationId: "deleteAnnouncement",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Delete one of the team's announcements",
  request: { params: idParams("The announcement's id") },
  responses: {
    204: { description: "Deleted" },
    ...errorResponses(401, 403, 404),
  },
});

export function announcementRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const db = c.get("services").database.db;
      const team = await teamNameAndZone(db, c.var.viewer.teamId);
      return c.json({ announcements: await listAnnouncements(db, c.var.viewer.teamId, todayIn(team.timeZone)) }, 200);
    })
    .openapi(postRoute, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const services = c.get("services");
      const announcement = await postAnnouncement(services, viewer, {
        body: input.body,
        pinnedUntil: input.pinnedUntil ?? null,
      });
      if (announcement === "pin_in_past") {
        throw new ApiError(400, "invalid_input", PIN_IN_PAST, { pinnedUntil: PIN_IN_PAST });
      }
      services.push.wake();
      services.mailOutbox.wake();
      return c.json({ announcement }, 201);
    })
    .openapi(deleteRoute, async (c) => {
      const { id } = c.req.valid("param");
      if (!(await deleteAnnouncement(c.get("services").database.db, c.var.viewer.teamId, id))) {
        throw notFound(ANNOUNCEMENT);
      }
      return c.body(null, 204);
    });
}
