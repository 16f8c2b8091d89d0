import { createRoute, z } from "@hono/zod-openapi";
import {
  dashboardResponseSchema,
  eventTypeSchema,
  leaderboardResponseSchema,
  playerDetailResponseSchema,
  playerEventsResponseSchema,
  playerSummarySchema,
  rotateCodeBodySchema,
  rotateCodeResponseSchema,
  teamStatsResponseSchema,
} from "#domain/api/team.js";
import { LEADERBOARD_GROUPS, LEADERBOARD_WINDOWS } from "#domain/reads.js";
import { eventPoints } from "#domain/scoring.js";
import { findTeamPlayer, listPlayerEvents, playerDetail } from "../db/player-detail.js";
import { teamDashboard, teamStats } from "../db/analytics-team.js";
import type { WrittenNotice } from "../db/notices.js";
import { removePlayerFromTeam, rotateTeamCode } from "../db/teams.js";
import { mailNotices } from "../mail/notices.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { intQuery, tzOffsetQuery } from "../http/query-params.js";
import { seasonOfRequest, seasonQuery } from "../http/season.js";
import { coachOnly, headCoachOnly } from "../http/viewer.js";
import { cachedJson } from "../http/cached-json.js";
import { leaderboardKey, playersKey, readLeaderboard, readPlayers, statsKey } from "../reads/team-reads.js";
import { changeNow } from "../realtime/hub.js";
import { decodeEventCursor, encodeEventCursor } from "./team-cursor.js";

/*
 * The coach analytics API. Coaches only (a player gets 403, signed out 401), checked before any input is
 * read. The team always comes from the session; an id that is not the team's answers exactly like one that
 * does not exist (404), so nothing about other teams leaks.
 */

const PLAYER_NOT_FOUND = "That player";

const playerParams = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "id", in: "path" }, description: "The player's user id" }),
});

const PlayerSummary = playerSummarySchema.openapi("PlayerSummary");

const listPlayers = createRoute({
  method: "get",
  path: "/api/team/players",
  operationId: "listTeamPlayers",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Every player of the coach's team with their docs/product.md §3 summary, best score first",
  request: { query: z.object({ season: seasonQuery }) },
  responses: {
    200: {
      description: "The team's players",
      content: { "application/json": { schema: z.object({ players: z.array(PlayerSummary) }).openapi("TeamPlayers") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getPlayer = createRoute({
  method: "get",
  path: "/api/team/players/{id}",
  operationId: "getTeamPlayer",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "One player of the team: summary, attendance, score history, training logs and feedback",
  request: { params: playerParams, query: z.object({ tzOffset: tzOffsetQuery, season: seasonQuery }) },
  responses: {
    200: {
      description: "The player",
      content: { "application/json": { schema: playerDetailResponseSchema.openapi("PlayerDetail") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const listEvents = createRoute({
  method: "get",
  path: "/api/team/players/{id}/events",
  operationId: "listTeamPlayerEvents",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "The player's events logged for the team, newest first, a page at a time",
  request: {
    params: playerParams,
    query: z.object({
      type: eventTypeSchema.optional().openapi({ description: "Only events of this type" }),
      cursor: z.string().max(500).optional().openapi({ description: "nextCursor of the previous page" }),
      limit: intQuery("limit", 1, 100, 25),
      season: seasonQuery,
    }),
  },
  responses: {
    200: {
      description: "One page",
      content: { "application/json": { schema: playerEventsResponseSchema.openapi("PlayerEvents") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const removePlayer = createRoute({
  method: "delete",
  path: "/api/team/players/{id}",
  operationId: "removeTeamPlayer",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Remove a player from the team; their events and counters stay with them",
  request: { params: playerParams },
  responses: {
    204: { description: "Removed" },
    ...errorResponses(401, 403, 404),
  },
});

const rotateCode = createRoute({
  method: "post",
  path: "/api/team/codes/rotate",
  operationId: "rotateTeamCodes",
  tags: ["team"],
  middleware: [headCoachOnly] as const,
  summary: "Head coach only: replace the team code or the coach invite code with a new random one",
  description:
    'which "team" replaces the code players join with, "coach" the coach invite code; the old code stops working ' +
    "for sign-up at once. Members already on the team stay. An assistant coach gets 403.",
  request: { body: { required: true, content: { "application/json": { schema: rotateCodeBodySchema } } } },
  responses: {
    200: {
      description: "The team's codes now",
      content: { "application/json": { schema: rotateCodeResponseSchema.openapi("RotatedCodes") } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const leaderboard = createRoute({
  method: "get",
  path: "/api/team/leaderboard",
  operationId: "getLeaderboard",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Players ranked by performance score over the season, the last 30 days or one session",
  request: {
    query: z.object({
      window: z.enum(LEADERBOARD_WINDOWS, { error: "window must be season, last30 or session." }).default("season"),
      sessionId: z.string().min(1).max(200).optional().openapi({ description: "Required when window is session" }),
      group: z.enum(LEADERBOARD_GROUPS, { error: "group must be all, offense, defense or other." }).default("all"),
      season: seasonQuery,
    }),
  },
  responses: {
    200: {
      description: "The leaderboard",
      content: { "application/json": { schema: leaderboardResponseSchema.openapi("Leaderboard") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const stats = createRoute({
  method: "get",
  path: "/api/team/stats",
  operationId: "getTeamStats",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "Team totals, per-session trend, per-group totals, attendance, daily activity and stat leaders",
  request: { query: z.object({ tzOffset: tzOffsetQuery, season: seasonQuery }) },
  responses: {
    200: {
      description: "The team's statistics",
      content: { "application/json": { schema: teamStatsResponseSchema.openapi("TeamStats") } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const dashboard = createRoute({
  method: "get",
  path: "/api/team/dashboard",
  operationId: "getTeamDashboard",
  tags: ["team"],
  middleware: [coachOnly] as const,
  summary: "The coach dashboard: team, head counts, this week's activity, top performers, latest events",
  request: { query: z.object({ season: seasonQuery }) },
  responses: {
    200: {
      description: "The dashboard",
      content: { "application/json": { schema: dashboardResponseSchema.openapi("CoachDashboard") } },
    },
    ...errorResponses(401, 403, 404),
  },
});

/** Logs a player whose summary fell back to the blank one (docs/product.md §8), so the cause can be found. */
function summaryErrorLogger<E extends AppEnv>(c: AppContext<E>) {
  return {
    onPlayerError: (playerId: string, error: unknown) =>
      c
        .get("services")
        .log.warn({ err: error, playerId, reqId: c.get("requestId") }, "player summary fell back to blank"),
  };
}

export function teamRoutes() {
  return createRouter()
    .openapi(listPlayers, async (c) => {
      // c.get, not c.var: Hono builds c.var as a new object from every variable on each read.
      const teamId = c.get("viewer").teamId;
      const seasonId = c.req.valid("query").season;
      const read = () => readPlayers(c.get("services"), teamId, seasonId);
      return cachedJson(c, teamId, playersKey(seasonId), read);
    })
    .openapi(getPlayer, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { tzOffset, season: seasonId } = c.req.valid("query");
      const season = await seasonOfRequest(c, viewer.teamId, seasonId);
      const detail = await playerDetail(c.get("services").database.db, viewer.teamId, id, {
        tzOffset,
        seasonId: season.id,
        ...summaryErrorLogger(c),
      });
      if (!detail) throw notFound(PLAYER_NOT_FOUND);
      return c.json(detail, 200);
    })
    .openapi(listEvents, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { type, cursor, limit, season: seasonId } = c.req.valid("query");
      const before = cursor === undefined ? undefined : decodeEventCursor(cursor);
      if (before === null) {
        const message = "That cursor is not valid; start again from the first page.";
        throw new ApiError(400, "invalid_input", message, { cursor: message });
      }
      const { db } = c.get("services").database;
      const player = await findTeamPlayer(db, viewer.teamId, id);
      if (!player) throw notFound(PLAYER_NOT_FOUND);
      const season = await seasonOfRequest(c, viewer.teamId, seasonId);
      const page = await listPlayerEvents(db, {
        teamId: viewer.teamId,
        playerId: id,
        eventType: type,
        before,
        limit,
        seasonId: season.id,
      });
      const last = page.events.at(-1);
      return c.json(
        {
          events: page.events.map((e) => ({
            id: e.id,
            eventType: e.eventType,
            yards: e.yards,
            occurredAt: e.occurredAt,
            sessionId: e.sessionId,
            session: e.session,
            playId: e.playId,
            points: eventPoints(e.eventType, player.position),
          })),
          nextCursor: page.more && last ? encodeEventCursor(last) : null,
        },
        200,
      );
    })
    .openapi(removePlayer, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const told: WrittenNotice[] = [];
      const removed = await removePlayerFromTeam(database.db, viewer.teamId, id, { kind: "removed", told });
      if (!removed) throw notFound(PLAYER_NOT_FOUND);
      mailNotices(c.get("services").mailer, c.get("services").config.publicUrl, told);
      // The player's open live-update streams of the team end now, on every server.
      hub.revoke({ userId: id });
      // The team's screens (and read caches) lose the player.
      hub.publish(viewer.teamId, changeNow("roster"));
      return c.body(null, 204);
    })
    .openapi(rotateCode, async (c) => {
      const viewer = c.var.viewer;
      const { which } = c.req.valid("json");
      const team = await rotateTeamCode(c.get("services").database.db, viewer.teamId, which);
      if (!team) throw notFound("Your team");
      return c.json({ team: { id: team.id, code: team.teamCode, coachInviteCode: team.coachInviteCode } }, 200);
    })
    .openapi(leaderboard, async (c) => {
      const teamId = c.var.viewer.teamId;
      const { window, sessionId, group, season: seasonId } = c.req.valid("query");
      if (window === "session" && !sessionId) {
        const message = "Choose a session for the one-session leaderboard.";
        throw new ApiError(400, "invalid_input", message, { sessionId: message });
      }
      // The last 30 days are whole UTC days: the key holds the day they start, so a new day is a new answer.
      const now = new Date();
      const q = { window, sessionId: window === "session" ? sessionId : undefined, group, seasonId, now };
      return cachedJson(c, teamId, leaderboardKey(q), () => readLeaderboard(c.get("services"), teamId, q));
    })
    .openapi(stats, async (c) => {
      const viewer = c.var.viewer;
      const { tzOffset, season: seasonId } = c.req.valid("query");
      // Team stats change only with the team's data (never with the clock): the team's versioned read cache.
      return cachedJson(c, viewer.teamId, statsKey(tzOffset, seasonId), async () => {
        const season = await seasonOfRequest(c, viewer.teamId, seasonId);
        return teamStats(c.get("services").database.db, viewer.teamId, {
          tzOffset,
          seasonId: season.id,
          ...summaryErrorLogger(c),
        });
      });
    })
    .openapi(dashboard, async (c) => {
      const viewer = c.var.viewer;
      const season = await seasonOfRequest(c, viewer.teamId, c.req.valid("query").season);
      const body = await teamDashboard(c.get("services").database.db, viewer.teamId, {
        seasonId: season.id,
        ...summaryErrorLogger(c),
      });
      if (!body) throw notFound("Your team");
      return c.json(body, 200);
    });
}
