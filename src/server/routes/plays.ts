import { createRoute, z } from "@hono/zod-openapi";
import {
  createPlaySchema,
  diagramResponseSchema,
  listPlaysQuerySchema,
  PLAY_ARCHIVED,
  PLAY_NAME_TAKEN,
  playResponseSchema,
  playsResponseSchema,
  retagEventResponseSchema,
  retagEventSchema,
  updatePlaySchema,
} from "#domain/api/plays.js";
import {
  createPlay,
  getPlayDto,
  lastUsedAt,
  listPlays,
  PlayNameTakenError,
  setPlayArchived,
  toPlayDto,
  updatePlay,
  type Play,
} from "../db/plays.js";
import { retagEvent } from "../db/event-tags.js";
import { removePlayDiagram, replacePlayDiagram } from "../db/play-diagrams.js";
import { retryOnDeadlock } from "../db/retry.js";
import { fileUrl } from "../db/rows.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { coachOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { forgetObject, imageUploadBody, linkStoredImage, receiveImage } from "../http/image-upload.js";

/*
 * The team's playbook, coaches only (a player gets 403, signed out 401, checked before any input is read).
 * The team always comes from the session; a play or event id that is not the team's answers exactly like one
 * that does not exist (404). Every write tells the team's open screens through the hub.
 */

const PLAY = "That play";

const playIdParam = z.object({
  id: z.uuid({ error: "Play id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const eventIdParam = z.object({
  id: z.uuid({ error: "Event id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const PlayResponse = playResponseSchema;

const listRoute = createRoute({
  method: "get",
  path: "/api/team/plays",
  operationId: "listPlays",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "The team's plays, most recently used first (never used last), then by name",
  request: { query: listPlaysQuerySchema },
  responses: {
    200: { description: "The plays", content: { "application/json": { schema: playsResponseSchema } } },
    ...errorResponses(400, 401, 403),
  },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/api/team/plays",
  operationId: "createPlay",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Add a play; its name must not be taken by another current play (any case)",
  request: { body: { required: true, content: { "application/json": { schema: createPlaySchema } } } },
  responses: {
    201: { description: "Created", content: { "application/json": { schema: PlayResponse } } },
    ...errorResponses(400, 401, 403, 409, 415),
  },
});

const updateRouteDef = createRoute({
  method: "patch",
  path: "/api/team/plays/{id}",
  operationId: "updatePlay",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Change a play's name, side, formation, tags or notes (only the fields sent)",
  request: {
    params: playIdParam,
    body: { required: true, content: { "application/json": { schema: updatePlaySchema } } },
  },
  responses: {
    200: { description: "Updated", content: { "application/json": { schema: PlayResponse } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const archiveRouteDef = createRoute({
  method: "post",
  path: "/api/team/plays/{id}/archive",
  operationId: "archivePlay",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Archive a play: it leaves the picker and cannot be newly tagged; its tagged events keep it",
  request: { params: playIdParam },
  responses: {
    200: { description: "Archived", content: { "application/json": { schema: PlayResponse } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const unarchiveRouteDef = createRoute({
  method: "post",
  path: "/api/team/plays/{id}/unarchive",
  operationId: "unarchivePlay",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Bring an archived play back; 409 when a current play has taken its name meanwhile",
  request: { params: playIdParam },
  responses: {
    200: { description: "Current again", content: { "application/json": { schema: PlayResponse } } },
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const uploadDiagramRouteDef = createRoute({
  method: "post",
  path: "/api/team/plays/{id}/diagram",
  operationId: "uploadPlayDiagram",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Upload the play's diagram (replaces the previous one); served to the team's members only",
  request: { params: playIdParam, body: imageUploadBody },
  responses: {
    201: { description: "Stored", content: { "application/json": { schema: diagramResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 413, 415, 429),
  },
});

const deleteDiagramRouteDef = createRoute({
  method: "delete",
  path: "/api/team/plays/{id}/diagram",
  operationId: "deletePlayDiagram",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Remove the play's diagram",
  request: { params: playIdParam },
  responses: {
    204: { description: "Removed (or there was none)" },
    ...errorResponses(400, 401, 403, 404),
  },
});

const retagRouteDef = createRoute({
  method: "patch",
  path: "/api/team/events/{id}/play",
  operationId: "tagEventPlay",
  tags: ["playbook"],
  middleware: [coachOnly] as const,
  summary: "Tag an event with a play of the team, or take its tag off (null)",
  description:
    "404 when the event or the play is not the team's. 400 when the play is archived (an event already tagged " +
    "with it may keep it). The player's counters do not change.",
  request: {
    params: eventIdParam,
    body: { required: true, content: { "application/json": { schema: retagEventSchema } } },
  },
  responses: {
    200: { description: "The event's tag now", content: { "application/json": { schema: retagEventResponseSchema } } },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

function nameTaken(): ApiError {
  return new ApiError(409, "play_name_taken", PLAY_NAME_TAKEN, { name: PLAY_NAME_TAKEN });
}

/** Runs a playbook write, answering 409 for a taken name and retrying a PostgreSQL deadlock victim. */
async function playbookWrite<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await retryOnDeadlock(run);
  } catch (error) {
    if (error instanceof PlayNameTakenError) throw nameTaken();
    throw error;
  }
}

/** The play as the API shows it, with its last use read now. */
async function withLastUse<E extends AppEnv>(c: AppContext<E>, teamId: string, play: Play) {
  return toPlayDto(play, await lastUsedAt(c.get("services").database.db, teamId, play.id));
}

const EVENT_OF_SNAP_TAG = "This event is part of a snap. Change the snap's play in the game's list instead.";

export function playRoutes() {
  return createRouter()
    .openapi(listRoute, async (c) => {
      const viewer = c.var.viewer;
      const { includeArchived } = c.req.valid("query");
      const plays = await listPlays(c.get("services").database.db, viewer.teamId, { includeArchived });
      return c.json({ plays }, 200);
    })
    .openapi(createRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const input = c.req.valid("json");
      const { database, hub } = c.get("services");
      const play = await playbookWrite(() => createPlay(database.db, { teamId: viewer.teamId, ...input }));
      hub.publish(viewer.teamId, changeNow("plays"));
      return c.json({ play: toPlayDto(play, null) }, 201);
    })
    .openapi(updateRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const patch = c.req.valid("json");
      const { database, hub } = c.get("services");
      const before = await getPlayDto(database.db, viewer.teamId, id);
      if (!before) throw notFound(PLAY);
      const play = await playbookWrite(() => updatePlay(database.db, viewer.teamId, id, patch));
      if (!play) throw notFound(PLAY);
      if (play.updatedAt !== before.updatedAt) hub.publish(viewer.teamId, changeNow("plays"));
      return c.json({ play: await withLastUse(c, viewer.teamId, play) }, 200);
    })
    .openapi(archiveRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const before = await getPlayDto(database.db, viewer.teamId, id);
      if (!before) throw notFound(PLAY);
      const play = await playbookWrite(() => setPlayArchived(database.db, viewer.teamId, id, true));
      if (!play) throw notFound(PLAY);
      if (!before.archived) hub.publish(viewer.teamId, changeNow("plays"));
      return c.json({ play: await withLastUse(c, viewer.teamId, play) }, 200);
    })
    .openapi(unarchiveRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const before = await getPlayDto(database.db, viewer.teamId, id);
      if (!before) throw notFound(PLAY);
      const play = await playbookWrite(() => setPlayArchived(database.db, viewer.teamId, id, false));
      if (!play) throw notFound(PLAY);
      if (before.archived) hub.publish(viewer.teamId, changeNow("plays"));
      return c.json({ play: await withLastUse(c, viewer.teamId, play) }, 200);
    })
    .openapi(uploadDiagramRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      // Checked before the image is processed and stored, so another team's id costs no work; checked again
      // (locked) when the diagram is linked.
      if (!(await getPlayDto(database.db, viewer.teamId, id))) throw notFound(PLAY);
      const image = await receiveImage(c, "diagram");
      const owner = { teamId: viewer.teamId, ownerUserId: viewer.userId };
      const linked = await linkStoredImage(c, image, owner, (file) =>
        retryOnDeadlock(() => replacePlayDiagram(database.db, viewer.teamId, id, file)),
      );
      if (!linked) throw notFound(PLAY);
      hub.publish(viewer.teamId, changeNow("plays"));
      return c.json({ diagramUrl: fileUrl(image.id)! }, 201);
    })
    .openapi(deleteDiagramRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const removed = await retryOnDeadlock(() => removePlayDiagram(database.db, viewer.teamId, id));
      if (!removed) throw notFound(PLAY);
      if (removed.previousKey) {
        await forgetObject(c, removed.previousKey);
        hub.publish(viewer.teamId, changeNow("plays"));
      }
      return c.body(null, 204);
    })
    .openapi(retagRouteDef, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { playId } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const result = await retryOnDeadlock(() => retagEvent(database.db, viewer.teamId, id, playId));
      switch (result.status) {
        case "event_not_found":
          throw notFound("That event");
        case "event_of_snap":
          throw new ApiError(409, "event_of_snap", EVENT_OF_SNAP_TAG);
        case "play_not_found":
          throw notFound(PLAY);
        case "play_archived":
          throw new ApiError(400, "play_archived", PLAY_ARCHIVED, { playId: PLAY_ARCHIVED });
        case "ok":
          if (result.changed) {
            hub.publish(viewer.teamId, changeNow("events"));
            // The plays' last use (the picker's order) moves with the tag.
            hub.publish(viewer.teamId, changeNow("plays"));
          }
          return c.json({ event: result.event }, 200);
      }
    });
}
