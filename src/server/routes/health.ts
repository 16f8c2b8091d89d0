import { createRoute, z } from "@hono/zod-openapi";
import { pingDatabase } from "../db/dialect.js";
import { createRouter } from "../http/context.js";

const HealthSchema = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.enum(["sqlite", "postgres"]),
    version: z.string(),
    uptimeSeconds: z.number(),
  })
  .openapi("Health");

const health = createRoute({
  method: "get",
  path: "/api/health",
  operationId: "getHealth",
  tags: ["system"],
  summary: "Liveness and which database is in use",
  responses: {
    200: { description: "Serving", content: { "application/json": { schema: HealthSchema } } },
    503: { description: "Database unreachable", content: { "application/json": { schema: HealthSchema } } },
  },
});

export function healthRoutes(version: string) {
  return createRouter().openapi(health, async (c) => {
    const { database } = c.get("services");
    let ok = true;
    try {
      await pingDatabase(database.db);
    } catch {
      ok = false;
    }
    const body = {
      status: ok ? ("ok" as const) : ("degraded" as const),
      database: database.engine,
      version,
      uptimeSeconds: Math.round(process.uptime()),
    };
    return ok ? c.json(body, 200) : c.json(body, 503);
  });
}
