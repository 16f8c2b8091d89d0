import { createRoute, z } from "@hono/zod-openapi";
import { contactSchema } from "#domain/schemas.js";
import { saveContactMessage } from "../db/contact.js";
import { createRouter } from "../http/context.js";
import { errorResponses } from "../http/errors.js";
import { countContactMessage } from "../http/rate-limit.js";
import { contactMail } from "../mail/messages.js";

const contact = createRoute({
  method: "post",
  path: "/api/contact",
  operationId: "sendContactMessage",
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
    const { database, config, mailer } = c.get("services");
    const ip = c.get("clientIp");
    await countContactMessage(database.db, config, ip);
    const input = c.req.valid("json");
    await saveContactMessage(database.db, { ...input, ip });
    // Emailed in the background (never delaying this answer), replying to the sender: docs/product.md §11.
    if (mailer?.contactTo) mailer.send(contactMail(mailer.contactTo, input), "contact message");
    return c.json({ ok: true as const }, 201);
  });
}
