import { createMiddleware } from "hono/factory";
import type { Config } from "../config.js";
import type { Viewer } from "../services.js";
import type { AppEnv } from "./context.js";
import { ApiError } from "./errors.js";
import { getViewer } from "./viewer.js";
import type { ViewerEnv } from "./viewer.js";

/** Whether the account is listed in OPERATOR_EMAILS (compared in lower case). */
export function isOperator(config: Config, email: string): boolean {
  return config.operatorEmails.includes(email.trim().toLowerCase());
}

/**
 * Route middleware of /api/operator/*: the caller must be signed in with an account listed in OPERATOR_EMAILS.
 * Everyone else, signed out included, gets exactly the answer of a path that does not exist (404 "No such API
 * endpoint.", as app.ts's /api/* fallback), before the input is looked at: the operator area is never advertised
 * to a normal account (decision 0014).
 */
export const operatorOnly = createMiddleware<AppEnv & ViewerEnv<Viewer>>(async (c, next) => {
  const viewer = await getViewer(c);
  if (!viewer || !isOperator(c.get("services").config, viewer.email)) {
    throw new ApiError(404, "not_found", "No such API endpoint.");
  }
  c.set("viewer", viewer);
  await next();
});

/** The signed-in user as /api/me and sign-in answer it, with whether they may open /operator. */
export function withOperatorFlag<T extends { email: string }>(config: Config, user: T): T & { operator: boolean } {
  return { ...user, operator: isOperator(config, user.email) };
}
