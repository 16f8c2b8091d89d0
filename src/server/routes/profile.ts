import { photoUrl } from "../storage/photo-links.js";
import { createRoute, z } from "@hono/zod-openapi";
import {
  changePasswordSchema,
  ONLY_PLAYERS_JERSEY,
  ONLY_PLAYERS_POSITIONS,
  addDays,
  localToday,
  photoResponseSchema,
  playerDashboardResponseSchema,
  profileResponseSchema,
  updateProfileSchema,
  weekStartOf,
  WRONG_CURRENT_PASSWORD,
} from "#domain/api/player.js";
import { DASHBOARD_LATEST_FEEDBACK, DASHBOARD_RECENT_EVENTS } from "#domain/reads.js";
import { jerseyTakenMessage } from "#domain/api/roster.js";
import { blankPlayerSummary } from "#domain/player-summary.js";
import { eventPoints } from "#domain/scoring.js";
import { listPlayerEvents, playerScoreHistory } from "../db/player-detail.js";
import { countUnreadFeedback, listFeedback } from "../db/feedback.js";
import { requestOwnChange } from "../db/roster-requests.js";
import { retryOnDeadlock } from "../db/retry.js";
import { getOwnProfile, removeProfilePhoto, replaceProfilePhoto, updateOwnProfile } from "../db/profiles.js";
import { ownPlayerSummary } from "../db/summaries.js";
import { listTrainingLogs } from "../db/training-logs.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import type { Viewer } from "../services.js";
import { ApiError, authRateLimited, errorResponses, unauthenticated } from "../http/errors.js";
import { tzOffsetQuery } from "../http/query-params.js";
import { seasonOfRequest, seasonQuery } from "../http/season.js";
import { playerOnly, profileOwnerOnly, signedInOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { forgetObject, imageUploadBody, linkStoredImage, receiveImage } from "../http/image-upload.js";
import { TOO_MANY_ATTEMPTS } from "./auth-session.js";

/*
 * The signed-in user's own area: their profile and photo, their password, and (players) their dashboard.
 * Everything is found by the user id of the session; nothing here takes a user or team id from the request.
 */

const ProfileResponse = profileResponseSchema.openapi("ProfileResponse");

const getProfileRoute = createRoute({
  method: "get",
  path: "/api/profile",
  operationId: "getProfile",
  tags: ["profile"],
  middleware: [profileOwnerOnly] as const,
  summary: "The signed-in player's or coach's own profile",
  responses: {
    200: { description: "The profile", content: { "application/json": { schema: ProfileResponse } } },
    ...errorResponses(401),
  },
});

const patchProfileRoute = createRoute({
  method: "patch",
  path: "/api/profile",
  operationId: "updateProfile",
  tags: ["profile"],
  middleware: [profileOwnerOnly] as const,
  summary: "Change the own name; players also jersey number, primary position and positions",
  request: { body: { required: true, content: { "application/json": { schema: updateProfileSchema } } } },
  responses: {
    200: { description: "The profile as saved", content: { "application/json": { schema: ProfileResponse } } },
    ...errorResponses(400, 401, 409, 415),
  },
});

type UpdateProfileBody = z.infer<typeof updateProfileSchema>;

const uploadPhotoRoute = createRoute({
  method: "post",
  path: "/api/profile/photo",
  operationId: "uploadProfilePhoto",
  tags: ["profile"],
  middleware: [profileOwnerOnly] as const,
  summary: "Upload a profile photo (replaces the previous one)",
  request: { body: imageUploadBody },
  responses: {
    201: {
      description: "Stored",
      content: { "application/json": { schema: photoResponseSchema.openapi("PhotoResponse") } },
    },
    ...errorResponses(400, 401, 403, 413, 415, 429),
  },
});

const deletePhotoRoute = createRoute({
  method: "delete",
  path: "/api/profile/photo",
  operationId: "deleteProfilePhoto",
  tags: ["profile"],
  middleware: [profileOwnerOnly] as const,
  summary: "Remove the profile photo",
  responses: { 204: { description: "Removed (or there was none)" }, ...errorResponses(401) },
});

const changePasswordRoute = createRoute({
  method: "post",
  path: "/api/profile/password",
  operationId: "changePassword",
  tags: ["profile"],
  middleware: [signedInOnly] as const,
  summary: "Change the password: every other session is signed out, this one stays signed in (a new cookie is set)",
  request: { body: { required: true, content: { "application/json": { schema: changePasswordSchema } } } },
  responses: { 204: { description: "Changed" }, ...errorResponses(400, 401, 415, 429) },
});

const dashboardRoute = createRoute({
  method: "get",
  path: "/api/me/dashboard",
  operationId: "getMyDashboard",
  tags: ["player"],
  middleware: [playerOnly] as const,
  summary:
    "The player's dashboard: their summary (as their coach sees it), score history, recent events, feedback, this week's training",
  request: {
    query: z.object({
      tzOffset: tzOffsetQuery,
      season: seasonQuery,
    }),
  },
  responses: {
    200: {
      description: "The dashboard",
      content: { "application/json": { schema: playerDashboardResponseSchema.openapi("PlayerDashboard") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

async function ownProfile<E extends AppEnv>(c: AppContext<E>, viewer: Viewer) {
  const profile = await getOwnProfile(c.get("services").database.db, viewer.userId);
  if (!profile) throw unauthenticated();
  return profile;
}

/** Tells the team's open screens (roster, leaderboard) that a name, number, position or photo changed. */
function announceRosterChange<E extends AppEnv>(c: AppContext<E>, viewer: Viewer) {
  const { hub } = c.get("services");
  // The cached viewer holds the name: forgotten on every server.
  hub.revoke({ userId: viewer.userId, viewerOnly: true });
  if (viewer.teamId) hub.publish(viewer.teamId, changeNow("roster"));
}

function passwordChangeRefused(json: unknown): ApiError {
  const code = (json as { code?: unknown } | null)?.code;
  if (code === "INVALID_PASSWORD") {
    return new ApiError(400, "wrong_password", WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  if (code === "PASSWORD_TOO_SHORT" || code === "PASSWORD_TOO_LONG") {
    const message = (json as { message?: string }).message ?? "That password is not allowed.";
    return new ApiError(400, "invalid_input", message, { newPassword: message });
  }
  return new ApiError(400, "password_not_changed", "Your password could not be changed.");
}

/**
 * docs/product.md §11: a team's player does not set their own jersey number or primary position; what they send
 * becomes a request for the coach (a number a teammate wears is refused with 409), and the rest of the patch is
 * applied as it is. A player with no team, and a coach, change their fields directly.
 */
async function asRequest<E extends AppEnv>(c: AppContext<E>, viewer: Viewer, patch: UpdateProfileBody) {
  if (viewer.role !== "player" || (patch.jerseyNumber === undefined && patch.primaryPosition === undefined)) {
    return patch;
  }
  const { jerseyNumber, primaryPosition, ...rest } = patch;
  const asked = await requestOwnChange(c.get("services").database.db, viewer.userId, { jerseyNumber, primaryPosition });
  if (asked === null) return patch;
  if (asked !== "ok") {
    const message = jerseyTakenMessage(asked.clash.jerseyNumber, asked.clash.holder);
    throw new ApiError(409, "jersey_taken", message, { jerseyNumber: message });
  }
  return rest;
}

export function profileRoutes() {
  return createRouter()
    .openapi(getProfileRoute, async (c) => {
      const viewer = c.var.viewer;
      return c.json({ profile: await ownProfile(c, viewer) }, 200);
    })
    .openapi(patchProfileRoute, async (c) => {
      const viewer = c.var.viewer;
      const patch = c.req.valid("json");
      if (viewer.role !== "player") {
        const fields: Record<string, string> = {};
        if (patch.jerseyNumber !== undefined) fields.jerseyNumber = ONLY_PLAYERS_JERSEY;
        if (patch.primaryPosition !== undefined) fields.primaryPosition = ONLY_PLAYERS_POSITIONS;
        if (patch.positions !== undefined) fields.positions = ONLY_PLAYERS_POSITIONS;
        const messages = Object.values(fields);
        if (messages.length) {
          throw new ApiError(
            400,
            "invalid_input",
            messages.length === 1 ? messages[0]! : "Some request fields are not valid.",
            fields,
          );
        }
      }
      const { database } = c.get("services");
      const request = await asRequest(c, viewer, patch);
      // A position change re-values the player's points in rows the whole team's writes share (decision 0015): on
      // PostgreSQL it may be a deadlock's victim, and runs again.
      if (!(await retryOnDeadlock(() => updateOwnProfile(database.db, viewer.userId, request)))) {
        throw unauthenticated();
      }
      announceRosterChange(c, viewer);
      return c.json({ profile: await ownProfile(c, viewer) }, 200);
    })
    .openapi(uploadPhotoRoute, async (c) => {
      const viewer = c.var.viewer;
      if (!viewer.teamId) throw new ApiError(403, "no_team", "Join a team before adding a photo.");
      const image = await receiveImage(c, "photo");
      const { database } = c.get("services");
      const owner = { teamId: viewer.teamId, ownerUserId: viewer.userId };
      const linked = await linkStoredImage(c, image, owner, (file) =>
        replaceProfilePhoto(database.db, viewer.userId, file),
      );
      if (!linked) throw unauthenticated();
      announceRosterChange(c, viewer);
      return c.json({ photoUrl: photoUrl(image.id)! }, 201);
    })
    .openapi(deletePhotoRoute, async (c) => {
      const viewer = c.var.viewer;
      const previousKey = await removeProfilePhoto(c.get("services").database.db, viewer.userId);
      if (previousKey) {
        await forgetObject(c, previousKey);
        announceRosterChange(c, viewer);
      }
      return c.body(null, 204);
    })
    .openapi(changePasswordRoute, async (c) => {
      const { currentPassword, newPassword } = c.req.valid("json");
      const { response, json } = await callAuth(c, "/change-password", {
        currentPassword,
        newPassword,
        revokeOtherSessions: true,
      });
      if (response.status === 429) throw authRateLimited(response, TOO_MANY_ATTEMPTS);
      if (response.status === 401) throw unauthenticated();
      if (!response.ok) throw passwordChangeRefused(json);
      // Every session was ended and a new one made for this browser: hand it the new cookie.
      forwardCookies(c, response);
      // Their live-update streams end now, on every server; this browser's reconnects with the new cookie.
      c.get("services").hub.revoke({ userId: c.var.viewer.userId });
      return c.body(null, 204);
    })
    .openapi(dashboardRoute, async (c) => {
      const viewer = c.var.viewer;
      const { tzOffset, season: seasonParam } = c.req.valid("query");
      const { database, log } = c.get("services");
      const db = database.db;
      const teamId = viewer.teamId;
      const playerId = viewer.userId;
      const seasonId = (await seasonOfRequest(c, teamId, seasonParam)).id;

      // The same summary the coach's roster reads, so the numbers match theirs exactly. A player who joined with the
      // team code and waits for the coach (docs/product.md §11) is found too: they see their chosen position, and no
      // team ranking until they are on the team's lists.
      const own = await ownPlayerSummary(db, teamId, playerId, {
        seasonId,
        onPlayerError: (id, error) =>
          log.warn({ err: error, playerId: id, reqId: c.get("requestId") }, "player summary fell back to blank"),
      });
      const waitingForCoach = own?.confirmed === false;
      const summary = own?.summary ?? blankPlayerSummary({ id: playerId, fullName: viewer.fullName });
      const weekStart = weekStartOf(localToday(new Date(), tzOffset));

      const [scoreHistory, events, latestFeedback, unreadFeedback, weekLogs] = await Promise.all([
        playerScoreHistory(db, playerId, summary.position, tzOffset, { teamId, seasonId }),
        listPlayerEvents(db, { teamId, playerId, limit: DASHBOARD_RECENT_EVENTS, seasonId }),
        listFeedback(db, { teamId, playerId, limit: DASHBOARD_LATEST_FEEDBACK }),
        countUnreadFeedback(db, { teamId, playerId }),
        listTrainingLogs(db, { playerId, from: weekStart, to: addDays(weekStart, 6) }),
      ]);

      return c.json(
        {
          summary: waitingForCoach ? { ...summary, teamRanking: null } : summary,
          waitingForCoach,
          scoreHistory,
          recentEvents: events.events.map((e) => ({
            id: e.id,
            eventType: e.eventType,
            yards: e.yards,
            occurredAt: e.occurredAt,
            sessionId: e.sessionId,
            session: e.session,
            playId: e.playId,
            points: eventPoints(e.eventType, summary.position),
          })),
          latestFeedback,
          unreadFeedback,
          thisWeek: {
            weekStart,
            minutes: weekLogs.reduce((sum, l) => sum + l.durationMinutes, 0),
            sessions: weekLogs.length,
            logs: weekLogs,
          },
        },
        200,
      );
    });
}
