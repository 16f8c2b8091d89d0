import type { MiddlewareHandler } from "hono";
import { CHILD_HEADER, CHILD_QUERY } from "#domain/acting.js";
import { childOfGuardian } from "../db/guardians.js";
import type { Viewer } from "../services.js";
import type { AppContext, AppEnv } from "./context.js";
import { ApiError } from "./errors.js";
import { operationOf } from "./operation.js";

/*
 * A guardian acting for a child (docs/product.md §13, docs/architecture.md "Server"): a signed-in account sends
 * `X-Flagline-Child: <player id>` (the live stream, which cannot send headers, `?child=<player id>`), and on the
 * operations listed below the request is that player's: the same routes, the same role checks, the player's team.
 * The account must be linked to the player (guardian_links); the viewer keeps who is really signed in
 * (`actingGuardian`), which the answers of GET /api/me and the account's own pages use.
 *
 * Deny by default, like API tokens: an operation not listed refuses a request naming a child (403
 * `not_for_child`), so a new endpoint is closed to guardians until someone decides otherwise. Left out on purpose:
 * everything about an account (sign-in, password, email, export, deletion, joining a team, mail settings: the
 * guardian has their own), API tokens, and every coach operation. A child who has a sign-in of their own (from 13)
 * makes their own changes: their guardians keep the reads only (403 `child_signs_in` on any other method).
 */

/** The operations a guardian may call for a child, "METHOD /path" as the OpenAPI document writes it. */
export const CHILD_OPERATIONS: ReadonlySet<string> = new Set([
  // Who the child is, and their screens.
  "GET /api/me",
  "GET /api/me/dashboard",
  "GET /api/me/stat-lines",
  "GET /api/me/feedback",
  "POST /api/me/feedback/read",
  "GET /api/me/notices",
  "POST /api/me/notices/read",
  // The profile and its photo; training logs.
  "GET /api/profile",
  "PATCH /api/profile",
  "POST /api/profile/photo",
  "DELETE /api/profile/photo",
  "GET /api/files/{id}",
  "GET /api/me/training-logs",
  "POST /api/me/training-logs",
  "PATCH /api/me/training-logs/{id}",
  "DELETE /api/me/training-logs/{id}",
  // The team's games and schedule as the child sees them, and answering for the child.
  "GET /api/team/stream",
  "GET /api/team/scoreboard",
  "GET /api/team/announcements",
  "GET /api/team/games",
  "GET /api/team/rules",
  "GET /api/team/seasons",
  "GET /api/team/sessions/{id}/snaps",
  "GET /api/team/sessions/{id}/box-score.csv",
  // The game's follow link, to share with the family.
  "GET /api/team/sessions/{id}/follow-link",
  "GET /api/team/schedule",
  "GET /api/team/schedule/{id}",
  "GET /api/team/schedule/{id}/calendar.ics",
  "GET /api/team/schedule-settings",
  "GET /api/team/reminder-settings",
  "PUT /api/team/schedule/{id}/answers/{playerId}",
  // The child's calendar subscription of the team's schedule, for the guardian's phone calendar.
  "GET /api/me/calendar",
  "POST /api/me/calendar/replace",
]);

const NOT_FOR_CHILD = "This cannot be done for a child: sign in as yourself for your own account and settings.";
const NOT_YOUR_CHILD = "You are not a guardian of this player.";
export const CHILD_SIGNS_IN =
  "This player has a sign-in of their own now and makes their own changes. As their guardian you can still see their screens.";

/** Reads change nothing: a guardian of a child who signs in on their own keeps these only. */
const READS = new Set(["GET", "HEAD"]);

/** The child a request names, or null. */
function childNamed(c: AppContext): string | null {
  const named = c.req.header(CHILD_HEADER) ?? (c.req.method === "GET" ? c.req.query(CHILD_QUERY) : undefined);
  return named === undefined || named === "" ? null : named;
}

/** For every /api/* request: a request naming a child may only reach the operations above. */
export function actingForChildGate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const child = childNamed(c);
    if (child === null) return next();
    const operation = operationOf(c);
    if (operation === null) return next();
    // An API token acts as its coach, never for a child.
    if (!CHILD_OPERATIONS.has(operation) || c.req.header("authorization") !== undefined) {
      throw new ApiError(403, "not_for_child", NOT_FOR_CHILD);
    }
    c.set("actingChild", child);
    return next();
  };
}

/**
 * The signed-in account acting for the child the gate let through: the child's viewer, or a 403 when the account
 * is not the child's guardian (or the child is on no team). Null stays null (signed out).
 */
export async function asChild<E extends AppEnv>(c: AppContext<E>, signedIn: Viewer | null): Promise<Viewer | null> {
  const childId = c.get("actingChild");
  if (childId === undefined || signedIn === null) return signedIn;
  const guardian = signedIn.actingGuardian ?? { id: signedIn.userId, fullName: signedIn.fullName };
  const row = await childOfGuardian(c.get("services").database.db, guardian.id, childId);
  if (!row || row.team_id === null) throw new ApiError(403, "not_your_child", NOT_YOUR_CHILD);
  const readOnly = Boolean(Number(row.own_sign_in));
  if (readOnly && !READS.has(c.req.method)) throw new ApiError(403, "child_signs_in", CHILD_SIGNS_IN);
  return {
    userId: row.user_id,
    email: row.email,
    role: "player",
    coachRole: null,
    teamId: row.team_id,
    fullName: row.full_name,
    sessionId: signedIn.sessionId,
    actingGuardian: { id: guardian.id, fullName: guardian.fullName, readOnly },
  };
}
