import { z } from "@hono/zod-openapi";

/**
 * The `{id}` path parameter of a route, as every route module writes it: 1 to 200 characters (an id that cannot be
 * one is refused before any query), documented as `description`.
 */
export function idParams(description: string) {
  return z.object({
    id: z
      .string()
      .min(1)
      .max(200)
      .openapi({ param: { name: "id", in: "path" }, description }),
  });
}
