import { createRoute } from "@hono/zod-openapi";
import {
  pushDeviceSchema,
  pushPreferencesBodySchema,
  pushPreferencesSchema,
  pushStateSchema,
  pushSubscriptionBodySchema,
  pushTestBodySchema,
  pushTestSchema,
} from "#domain/api/push.js";
import { deviceLabel, endpointAllowed, START_PAGE } from "#domain/push.js";
import { randomUUID } from "node:crypto";
import {
  deleteSubscription,
  enqueuePush,
  pushDevices,
  pushPreferences,
  saveSubscription,
  updatePushPreferences,
} from "../db/push.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { signedInOnly } from "../http/viewer.js";

/*
 * Notifications by Web Push (docs/product.md §16, issue #30, decision 0035): the caller's own devices and choices,
 * signed in (a guardian's own, never a child's: these are not operations a guardian does for a child). Every
 * signed-in person may turn them on: coaches, players and guardians.
 */

const NOT_A_PUSH_SERVICE =
  "That is not a push service this server sends to. Notifications need a browser's own push service (https).";
const NO_DEVICES = "Turn on notifications on a device first.";

const getState = createRoute({
  method: "get",
  path: "/api/me/push",
  operationId: "getPushState",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "The server's push key, the caller's devices with notifications on, and which notifications they get",
  responses: {
    200: {
      description: "The caller's notifications",
      content: { "application/json": { schema: pushStateSchema.openapi("PushState") } },
    },
    ...errorResponses(401),
  },
});

const putDevice = createRoute({
  method: "put",
  path: "/api/me/push/devices",
  operationId: "savePushDevice",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Turn notifications on for this device: its PushSubscription (kept by its endpoint)",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: pushSubscriptionBodySchema.openapi("PushSubscription") } },
    },
  },
  responses: {
    200: {
      description: "The device",
      content: { "application/json": { schema: pushDeviceSchema.openapi("PushDevice") } },
    },
    ...errorResponses(400, 401, 415),
  },
});

const deleteDevice = createRoute({
  method: "delete",
  path: "/api/me/push/devices/{id}",
  operationId: "deletePushDevice",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Turn notifications off for one of the caller's devices",
  request: { params: idParams("The device's id") },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 404),
  },
});

const patchPreferences = createRoute({
  method: "patch",
  path: "/api/me/push/preferences",
  operationId: "updatePushPreferences",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Choose which notifications the caller's devices get",
  request: {
    body: {
      required: true,
      content: { "application/json": { schema: pushPreferencesBodySchema.openapi("PushPreferencesChange") } },
    },
  },
  responses: {
    200: {
      description: "The caller's choices now",
      content: { "application/json": { schema: pushPreferencesSchema.openapi("PushPreferences") } },
    },
    ...errorResponses(400, 401, 415),
  },
});

const postTest = createRoute({
  method: "post",
  path: "/api/me/push/test",
  operationId: "sendTestNotification",
  tags: ["account"],
  middleware: [signedInOnly] as const,
  summary: "Send a test notification to one of the caller's devices, or to all of them",
  request: {
    body: { required: false, content: { "application/json": { schema: pushTestBodySchema.openapi("PushTest") } } },
  },
  responses: {
    202: {
      description: "Queued for the devices",
      content: { "application/json": { schema: pushTestSchema.openapi("PushTestQueued") } },
    },
    ...errorResponses(400, 401, 404, 415),
  },
});

export function pushRoutes() {
  return createRouter()
    .openapi(getState, async (c) => {
      const { database, config } = c.get("services");
      const { userId } = c.var.viewer;
      const [devices, preferences] = await Promise.all([
        pushDevices(database.db, userId),
        pushPreferences(database.db, userId),
      ]);
      return c.json({ publicKey: config.push.publicKey, devices, preferences }, 200);
    })
    .openapi(putDevice, async (c) => {
      const { database, config, push } = c.get("services");
      const body = c.req.valid("json");
      if (!endpointAllowed(body.endpoint, config.push.endpointOrigins)) {
        throw new ApiError(400, "bad_endpoint", NOT_A_PUSH_SERVICE, { endpoint: NOT_A_PUSH_SERVICE });
      }
      const device = deviceLabel(c.req.header("user-agent"));
      const id = await saveSubscription(database.db, {
        userId: c.var.viewer.userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        device,
      });
      push.devicesChanged();
      return c.json({ id, device }, 200);
    })
    .openapi(deleteDevice, async (c) => {
      const { database } = c.get("services");
      if (!(await deleteSubscription(database.db, c.var.viewer.userId, c.req.valid("param").id))) {
        throw notFound("That device");
      }
      return c.body(null, 204);
    })
    .openapi(patchPreferences, async (c) => {
      const { database } = c.get("services");
      return c.json(await updatePushPreferences(database.db, c.var.viewer.userId, c.req.valid("json")), 200);
    })
    .openapi(postTest, async (c) => {
      const { database, push } = c.get("services");
      const { userId } = c.var.viewer;
      const deviceId = c.req.valid("json")?.deviceId;
      const devices = await pushDevices(database.db, userId);
      if (deviceId !== undefined && !devices.some((d) => d.id === deviceId)) throw notFound("That device");
      if (devices.length === 0) throw new ApiError(400, "no_devices", NO_DEVICES);
      const now = new Date();
      const queued = await enqueuePush(database.db, {
        key: `test:${userId}:${randomUUID()}`,
        kind: "test",
        preference: null,
        audience: deviceId ? { deviceIds: [deviceId] } : { userIds: [userId] },
        payload: {
          title: "Flagline",
          body: "Notifications work on this device.",
          url: START_PAGE,
          tag: "test",
          at: now.getTime(),
        },
        urgency: "normal",
        ttlSeconds: 10 * 60,
        expiresAt: new Date(now.getTime() + 10 * 60_000).toISOString(),
      });
      push.wake();
      return c.json({ devices: queued }, 202);
    });
}
