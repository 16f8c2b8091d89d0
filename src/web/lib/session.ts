/**
 * The signed-in user as the web app sees it: GET /api/me, POST /api/session and POST /api/signup all answer
 * `{ user: Me }`. The shape is the server's own response schema (src/domain/account.ts), so the two cannot drift.
 *
 * This module holds the zod schema, so it is loaded only where an answer has to be read (the login and signup
 * pages, and the session check once /api/me answers 200): a visitor on a public page never downloads zod.
 * Code that only needs the type imports it with `import type`.
 */
import { z } from "#domain/zod";
import { meSchema, type Me } from "#domain/account";

export { type Me };
export type Role = Me["role"];
export type MeTeam = NonNullable<Me["team"]>;

const meResponseSchema = z.object({ user: meSchema });

/** Reads `{ user: Me }` from an API answer; null when the answer does not hold a usable user. */
export function parseMeResponse(payload: unknown): Me | null {
  const result = meResponseSchema.safeParse(payload);
  return result.success ? result.data.user : null;
}
