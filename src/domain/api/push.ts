/**
 * Notifications by Web Push (docs/product.md §16, issue #30): the caller's devices, their choices and the test
 * notification (GET /api/me/push, PUT and DELETE /api/me/push/devices…, PATCH /api/me/push/preferences, POST
 * /api/me/push/test).
 */
import { hasSomeField, NOTHING_TO_CHANGE, z } from "../zod.js";
import { PUSH_KINDS, type PushKind } from "../push.js";

const preferenceShape = Object.fromEntries(PUSH_KINDS.map((k) => [k, z.boolean()])) as Record<PushKind, z.ZodBoolean>;

/** GET /api/me/push: the server's key, the caller's devices and choices. */
export const pushStateSchema = z.object({
  /** The application server key to subscribe with (VAPID, base64url). */
  publicKey: z.string(),
  devices: z.array(
    z.object({
      id: z.string(),
      /** "Chrome on Android". */
      device: z.string(),
      createdAt: z.string(),
      lastSentAt: z.string().nullable(),
      /** The device's push endpoint: a browser finds its own device in the list by it. */
      endpoint: z.string(),
    }),
  ),
  preferences: z.object(preferenceShape),
});
export type PushState = z.infer<typeof pushStateSchema>;

const base64url = (what: string, min: number, max: number) =>
  z
    .string({ error: `${what} is missing.` })
    .min(min, { error: `${what} is not a key.` })
    .max(max, { error: `${what} is not a key.` })
    .regex(/^[A-Za-z0-9_-]+=*$/, { error: `${what} is not a key.` });

/** PUT /api/me/push/devices: a browser's PushSubscription as its toJSON() gives it. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.url({ error: "The push endpoint must be a URL." }).max(1000, { error: "The push endpoint is too long." }),
  keys: z.object({
    /** The device's P-256 public key: 65 bytes, 87 characters of base64url. */
    p256dh: base64url("The device's key", 80, 100),
    /** The device's auth secret: 16 bytes, 22 characters. */
    auth: base64url("The device's auth secret", 16, 40),
  }),
  /** Ignored: browsers send it (null); the server keeps its own expiry rules. */
  expirationTime: z.number().nullable().optional(),
});

export const pushDeviceSchema = z.object({ id: z.string(), device: z.string() });

const flag = (label: string) => z.boolean({ error: `${label} must be true or false.` }).optional();

/** PATCH /api/me/push/preferences. */
export const pushPreferencesBodySchema = z
  .object({
    game_start: flag("Kickoff"),
    scores: flag("Every score"),
    game_final: flag("Final score"),
    schedule: flag("Schedule changes and reminders"),
    announcements: flag("Team announcements"),
  })
  .refine(hasSomeField, { error: NOTHING_TO_CHANGE })
  .meta({ minProperties: 1 });

export const pushPreferencesSchema = z.object(preferenceShape);

/** POST /api/me/push/test: to one device, or (no body field) to every device of the caller. */
export const pushTestBodySchema = z.object({ deviceId: z.string().min(1).max(200).optional() });

export const pushTestSchema = z.object({
  /** How many devices it was queued for. */
  devices: z.number().int(),
});
