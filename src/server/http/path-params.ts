import { z } from "@hono/zod-openapi";

/**
 * A route's text path parameter as every route module writes it: 1 to 200 characters (a value that cannot be an
 * id or a token is refused before any query), documented as `description`.
 */
export function pathParam(name: string, description: string) {
  return z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name, in: "path" }, description });
}

/** The `{id}` path parameter of a route. */
export function idParams(description: string) {
  return z.object({ id: pathParam("id", description) });
}

/** The `{token}` path parameter of a link's route (an invite, a guardian link). */
export function tokenParams(description: string) {
  return z.object({ token: pathParam("token", description) });
}
