import { usePhotoLinkSecret } from "./storage/photo-links.js";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { createRouter, type AppContext } from "./http/context.js";
import type { Services } from "./services.js";
import { ApiError, internalErrorBody, OUTAGE_ERRORS, storageUnavailable, type ErrorBody } from "./http/errors.js";
import { StorageUnavailable } from "./storage/file-store.js";
import { databaseOutage } from "./db/outage.js";
import { createStaticSite } from "./http/static.js";
import { leaguePageFailure, leaguePageRoutes } from "./routes/league-pages.js";
import { requestFrame } from "./http/request-frame.js";
import { jsonBodyReader } from "./http/json-body.js";
import { claimRoutes } from "./routes/claim.js";
import { familyRoutes } from "./routes/family.js";
import { announcementRoutes } from "./routes/announcements.js";
import { leagueAdminRoutes } from "./routes/league-admins.js";
import { leagueJoinRoutes } from "./routes/league-join.js";
import { leaguePlayoffRoutes } from "./routes/league-playoffs.js";
import { leaguePublicRoutes } from "./routes/league-public.js";
import { leagueTeamPageRoutes } from "./routes/league-team-page.js";
import { leagueRevisionCounter } from "./http/league-revision.js";
import { leagueResultRoutes } from "./routes/league-results.js";
import { leagueRosterRoutes } from "./routes/league-rosters.js";
import { leagueCoachInviteRoutes } from "./routes/league-coach-invites.js";
import { leagueEditRoutes } from "./routes/league-edits.js";
import { leagueScheduleRoutes } from "./routes/league-schedule.js";
import { leagueRoutes } from "./routes/leagues.js";
import { guardianInviteRoutes } from "./routes/guardian-invites.js";
import { playerFamilyRoutes } from "./routes/player-family.js";
import { accountDataRoutes } from "./routes/account-data.js";
import { noticeRoutes } from "./routes/notices.js";
import { accountEmailRoutes } from "./routes/account-email.js";
import { contactRoutes } from "./routes/contact.js";
import { passwordRoutes } from "./routes/password.js";
import { resetLinkRoutes } from "./routes/reset-link.js";
import { feedbackRoutes } from "./routes/feedback.js";
import { fileRoutes } from "./routes/files.js";
import { eventRoutes } from "./routes/events.js";
import { gameRoutes } from "./routes/games.js";
import { participationRoutes } from "./routes/participation.js";
import { healthRoutes } from "./routes/health.js";
import { playbookAnalysisRoutes } from "./routes/playbook-analysis.js";
import { playRoutes } from "./routes/plays.js";
import { profileRoutes } from "./routes/profile.js";
import { rosterRoutes } from "./routes/roster.js";
import { authSessionRoutes } from "./routes/auth-session.js";
import { teamSessionRoutes } from "./routes/team-sessions.js";
import { teamSessionEditRoutes } from "./routes/team-session-edits.js";
import { signupRoutes } from "./routes/signup.js";
import { snapRoutes } from "./routes/snaps.js";
import { statLineRoutes } from "./routes/stat-lines.js";
import { streamRoutes } from "./routes/stream.js";
import { followRoutes } from "./routes/follow.js";
import { teamRoutes } from "./routes/team.js";
import { trainingLogRoutes } from "./routes/training-logs.js";
import { joinRoutes } from "./routes/join.js";
import { operatorRoutes } from "./routes/operator.js";
import { teamSettingsRoutes } from "./routes/team-settings.js";
import { seasonRoutes } from "./routes/seasons.js";
import { apiTokenRoutes } from "./routes/api-tokens.js";
import { scheduleRoutes } from "./routes/schedule.js";
import { calendarRoutes } from "./routes/calendar.js";
import { reminderRoutes } from "./routes/reminders.js";
import { mailPreferenceRoutes } from "./routes/mail-preferences.js";
import { pushRoutes } from "./routes/push.js";
import { answerLinkRoutes } from "./routes/answer-links.js";
import { actingForChildGate } from "./http/acting-for-child.js";
import { bearerTokenGate, documentBearerTokens } from "./http/bearer-token.js";
import { isUploadPath, MAX_UPLOAD_BODY, uploadTooLarge } from "./http/image-upload.js";
import { apiDocumentHead, documentApi } from "./http/openapi-document.js";
import { http2Request } from "./http/h2c.js";
import { createMetrics, metricsHandler, METRICS_PATH } from "./http/metrics.js";

const VERSION = "0.1.0";
/** JSON bodies larger than this are refused with 413 before they are read. */
// Room for a full batch of 500 events from the offline outbox (about 120 KB).
export const MAX_JSON_BODY = 256 * 1024;

/** RFC 8058 one-click unsubscribe, the one write the Origin check lets through (see its use). */
const ONE_CLICK_UNSUBSCRIBE = /^\/api\/unsubscribe\/[^/]+$/;

/** The host a request was sent to: its Host header, or over HTTP/2 (h2c, decision 0036) its :authority. */
function requestHost(c: AppContext): string | undefined {
  const host = c.req.header("host");
  if (host) return host;
  return http2Request(c.env)?.authority;
}

/** Origins a state-changing request may come from: PUBLIC_URL's, and the host the request was sent to. */
function originAllowed(c: AppContext, origin: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === requestHost(c);
  } catch {
    return false;
  }
}

function errorResponse(c: AppContext, status: ContentfulStatusCode, code: string, message: string) {
  return c.json({ error: { code, message, requestId: c.get("requestId") } }, status);
}

export function createApp(services: Services) {
  const app = createRouter();
  // Profile photos' addresses expire (storage/photo-links.ts): signed with this deployment's secret.
  usePhotoLinkSecret(services.config.authSecret);
  const site = createStaticSite(services.config.webRoot);

  // Requests, streams, outboxes and the pool for GET /metrics (http/metrics.ts, decision 0040).
  const metrics = createMetrics(services);
  // Context, Host check, gzip, transport and security headers, the request log line: one step (request-frame.ts).
  app.use("*", requestFrame(services, metrics));

  const jsonTooLarge = (): never => {
    throw new ApiError(413, "payload_too_large", "The request body is too large.");
  };
  // A JSON body is read from Node's request and cached for the route; others through Hono's limit (json-body.ts).
  const jsonBodyLimit = jsonBodyReader(
    MAX_JSON_BODY,
    jsonTooLarge,
    bodyLimit({ maxSize: MAX_JSON_BODY, onError: jsonTooLarge }),
  );
  // Image uploads carry up to 5 MB (http/image-upload.ts); every other body stays under the JSON limit.
  const uploadBodyLimit = bodyLimit({
    maxSize: MAX_UPLOAD_BODY,
    onError: () => {
      throw uploadTooLarge();
    },
  });
  // What a state-changing API request must pass before its route, in one step. A GET or HEAD has neither an Origin
  // to check nor a body (the request object carries none), and asking bodyLimit would build the full Request that
  // @hono/node-server otherwise never makes.
  app.use("/api/*", async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD") return next();
    // CSRF defence in depth: a state-changing API request from another site's page is refused. Except RFC 8058's
    // one-click unsubscribe (routes/mail-preferences.ts): mail providers POST it from their own servers, with
    // whatever Origin; it reads no cookie, so the token in its path is its whole authority and a cross-site POST
    // gains nothing. Only that POST, matched exactly (one path segment after the prefix).
    if (method !== "OPTIONS" && !(method === "POST" && ONE_CLICK_UNSUBSCRIBE.test(c.req.path))) {
      const origin = c.req.header("origin");
      if (origin && !originAllowed(c, origin, services.config.publicUrl)) {
        throw new ApiError(403, "bad_origin", "This request came from another site and was refused.");
      }
    }
    await (isUploadPath(c.req.path) ? uploadBodyLimit(c, next) : jsonBodyLimit(c, next));
    // Several server processes (cluster.ts): what this request changed has reached the others' caches before
    // the caller hears back, so the next read sees it whichever process serves it.
    await services.hub.delivered?.();
  });
  // A league write counts one, so every server reads its held division standings again (http/league-revision.ts).
  app.use("/api/*", leagueRevisionCounter());
  // Authorization: Bearer (personal API tokens): the caller is the token's coach, on the operations tokens may use.
  app.use("/api/*", bearerTokenGate());
  // A guardian acting for a child (X-Flagline-Child): the child's request, on the operations guardians may use.
  app.use("/api/*", actingForChildGate());

  app.route("/", healthRoutes(VERSION));
  app.route("/", authSessionRoutes());
  app.route("/", signupRoutes());
  app.route("/", contactRoutes());
  app.route("/", teamRoutes());
  app.route("/", teamSessionRoutes());
  app.route("/", teamSessionEditRoutes());
  app.route("/", eventRoutes());
  app.route("/", snapRoutes());
  app.route("/", gameRoutes());
  app.route("/", participationRoutes());
  app.route("/", streamRoutes());
  app.route("/", followRoutes());
  app.route("/", playRoutes());
  app.route("/", playbookAnalysisRoutes());

  app.route("/", profileRoutes());
  app.route("/", fileRoutes());
  app.route("/", trainingLogRoutes());
  app.route("/", feedbackRoutes());
  app.route("/", statLineRoutes());
  app.route("/", rosterRoutes());
  app.route("/", claimRoutes());
  app.route("/", guardianInviteRoutes());
  app.route("/", familyRoutes());
  app.route("/", playerFamilyRoutes());
  app.route("/", teamSettingsRoutes());
  app.route("/", seasonRoutes());
  app.route("/", joinRoutes());
  app.route("/", operatorRoutes());
  app.route("/", passwordRoutes());
  app.route("/", resetLinkRoutes());
  app.route("/", accountEmailRoutes());
  app.route("/", accountDataRoutes());
  app.route("/", noticeRoutes());
  app.route("/", announcementRoutes());
  app.route("/", apiTokenRoutes());
  app.route("/", scheduleRoutes());
  app.route("/", calendarRoutes());
  app.route("/", reminderRoutes());
  app.route("/", mailPreferenceRoutes());
  app.route("/", pushRoutes());
  app.route("/", answerLinkRoutes());
  app.route("/", leagueRoutes());
  app.route("/", leagueJoinRoutes());
  app.route("/", leagueAdminRoutes());
  app.route("/", leagueScheduleRoutes());
  app.route("/", leagueEditRoutes());
  app.route("/", leagueCoachInviteRoutes());
  app.route("/", leagueResultRoutes());
  app.route("/", leaguePlayoffRoutes());
  app.route("/", leagueRosterRoutes());
  app.route("/", leaguePublicRoutes());
  app.route("/", leagueTeamPageRoutes());
  // Security, sign-in and the statuses every operation of a kind answers (http/openapi-document.ts).
  documentApi(app, services.config);
  documentBearerTokens(app);

  app.doc31("/api/openapi.json", apiDocumentHead(VERSION));

  app.all("/api/*", (c) => errorResponse(c, 404, "not_found", "No such API endpoint."));

  // Prometheus's scrape, outside the API and its document: METRICS_TOKEN's bearer, or this machine (decision 0040).
  app.get(METRICS_PATH, metricsHandler(services, metrics));

  // The public league pages, as finished HTML (routes/league-pages.ts), before the web app's pages.
  app.route("/", leaguePageRoutes());

  app.get("*", (c) => {
    const res = site.handle(c);
    if (res) return res;
    return c.text("Not found", 404);
  });

  app.onError((error, c) => {
    // Every error body names the request (`requestId`: its X-Request-Id, its log lines' reqId).
    const requestId = c.get("requestId");
    if (error instanceof ApiError && error.status < 500) {
      if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json(error.toBody(requestId), error.status);
    }
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status >= 400 && status < 500) {
        const message =
          status === 400 && /json/i.test(error.message)
            ? "The request body is not valid JSON."
            : status === 415
              ? "Send the request body as application/json."
              : error.message || "The request was not accepted.";
        const code = status === 415 ? "unsupported_media_type" : status === 400 ? "invalid_input" : "bad_request";
        return errorResponse(c, status as ContentfulStatusCode, code, message);
      }
    }
    const failure = serverFailure(error, c);
    if (failure.retryAfterSeconds !== undefined) c.header("Retry-After", String(failure.retryAfterSeconds));
    // The public league pages are HTML: their failure is a page too, naming the request (routes/league-pages.ts).
    return leaguePageFailure(c, failure.status) ?? c.json(failure.body, failure.status);
  });

  /** A 5xx's answer, logged under the request id: the file store or the database out of reach, else a bug. */
  function serverFailure(
    error: unknown,
    c: AppContext,
  ): { status: 500 | 503; body: ErrorBody; retryAfterSeconds?: number } {
    const requestId = c.get("requestId");
    // A 503 a route chose itself (the file store's storageUnavailable()).
    if (error instanceof ApiError) {
      return { status: 503, body: error.toBody(requestId), retryAfterSeconds: error.retryAfterSeconds };
    }
    // The file store (S3) out of reach, on any route that reads or writes a file: a 503 that says so, and the
    // operator why (its error names the operation). Nothing was stored or changed.
    if (error instanceof StorageUnavailable) {
      services.log.error(
        { err: error, reqId: requestId, path: c.req.path },
        "answered 503: the file store is unavailable",
      );
      const refusal = storageUnavailable();
      return { status: 503, body: refusal.toBody(requestId), retryAfterSeconds: refusal.retryAfterSeconds };
    }
    // A full disk or an unreachable PostgreSQL: a 503 that says so, and the same request works once it is over.
    const outage = databaseOutage(error);
    if (outage) {
      services.log.warn({ err: error, reqId: requestId, path: c.req.path }, `answered 503: ${outage}`);
      return { status: 503, body: { error: { ...OUTAGE_ERRORS[outage], requestId } }, retryAfterSeconds: 5 };
    }
    services.log.error({ err: error, reqId: requestId, path: c.req.path }, "unhandled error");
    // The request id in the body too, so the screen (and its screenshot) can name the log line.
    return { status: 500, body: internalErrorBody(requestId) };
  }

  return app;
}
