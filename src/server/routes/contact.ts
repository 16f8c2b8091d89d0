import { createRoute, z } from "@hono/zod-openapi";
import { contactSchema } from "#domain/schemas.js";
import { saveContactMessage } from "../db/contact.js";
import { createRouter } from "../http/context.js";
import { errorResponses, rateLimited } from "../http/errors.js";

const contact = createRoute({
  method: "post",
  path: "/api/contact",
  tags: ["public"],
  summary: "Send a message to the Flagline team",
  request: { body: { required: true, content: { "application/json": { schema: contactSchema } } } },
  responses: {
    201: {
      description: "Stored",
      content: { "application/json": { schema: z.object({ ok: z.literal(true) }).openapi("ContactReceived") } },
    },
    ...errorResponses(400, 415, 429),
  },
});

export function contactRoutes() {
  return createRouter().openapi(contact, async (c) => {
    const { database, contactLimiter } = c.get("services");
    const ip = c.get("clientIp");
    if (!contactLimiter.hit(ip)) {
      throw rateLimited("Too many messages — please try again later.", contactLimiter.retryAfterSeconds(ip));
    }
    const input = c.req.valid("json");
    await saveContactMessage(database.db, { ...input, ip: c.get("clientIp") });
    return c.json({ ok: true as const }, 201);
  });
}
