import { createRoute, z } from "@hono/zod-openapi";
import { followGameSchema, followLinkResponseSchema, type FollowLinkResponse } from "#domain/api/follow.js";
import { changeNow } from "../realtime/hub.js";
import type { FollowGame } from "#domain/follow.js";
import type { Config } from "../config.js";
import {
  activeFollowLink,
  ensureFollowLink,
  findFollowLink,
  followToken,
  revokeFollowLink,
} from "../db/follow-links.js";
import { getTeamSession } from "../db/team-sessions.js";
import { answerJson } from "../http/cached-json.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { ApiError, errorResponses, notFound, rateLimited } from "../http/errors.js";
import { eventStream, HEARTBEAT_MS, STREAM_HELLO, streamWriter } from "../http/event-stream.js";
import { idParams, tokenParams } from "../http/path-params.js";
import { coachOnly, teamMemberOnly } from "../http/viewer.js";
import { createFollowFeed, type FollowFeed } from "../realtime/follow-feed.js";
import { followAnswer } from "../reads/follow-reads.js";

/*
 * Following a game live (docs/product.md §15, issue #30).
 *
 * - A game's follow link: every member of the team may read it (to share it with family); the team's coaches make
 *   and revoke it. Making it again after a revocation gives a new address; the old one answers 404.
 * - The link's token is its whole authority and opens nothing but its game: GET /api/follow/{token} (the game as
 *   the page shows it) and its event stream. No account, no cookie read. Players are named by first name and
 *   number (the full name only where a guardian allowed it); no photo, no id.
 */

const GAME = "That game";
/**
 * Follow pages one game may have open on one server process. A family's link shared far beyond the family (posted
 * publicly) could otherwise hold a server's sockets; a league's busiest game is a few hundred pages. Past it the page
 * is told to wait and its browser tries again (EventSource reconnects).
 */
const MAX_FOLLOWERS_PER_GAME = 2_000;
export const TOO_MANY_FOLLOWERS =
  "This game has as many followers as it can take right now. The page tries again by itself in a minute.";
const LINK_GONE = "This follow link no longer works. Ask the team's coach for a new one.";

const FollowLinkSchema = followLinkResponseSchema.openapi("FollowLink");
const FollowGameSchema = followGameSchema.openapi("FollowGame");
const gameParams = idParams("The game's session id");
const followParams = tokenParams("The follow link's token, as its address /follow/<token> holds it");

const getLink = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/follow-link",
  operationId: "getFollowLink",
  tags: ["live"],
  middleware: [teamMemberOnly] as const,
  summary: "The game's follow link, to share with family (null when the coaches made none)",
  request: { params: gameParams },
  responses: {
    200: { description: "The link, or null", content: { "application/json": { schema: FollowLinkSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const putLink = createRoute({
  method: "put",
  path: "/api/team/sessions/{id}/follow-link",
  operationId: "makeFollowLink",
  tags: ["live"],
  middleware: [coachOnly] as const,
  summary: "Make the game's follow link (or keep the one it has)",
  description: "After a revocation, a new address: the old one stays dead.",
  request: { params: gameParams },
  responses: {
    200: { description: "The link", content: { "application/json": { schema: FollowLinkSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const deleteLink = createRoute({
  method: "delete",
  path: "/api/team/sessions/{id}/follow-link",
  operationId: "revokeFollowLink",
  tags: ["live"],
  middleware: [coachOnly] as const,
  summary: "Revoke the game's follow link: its address answers 404 and its open pages close",
  request: { params: gameParams },
  responses: {
    200: { description: "No link any more", content: { "application/json": { schema: FollowLinkSchema } } },
    ...errorResponses(401, 403, 404),
  },
});

const readFollow = createRoute({
  method: "get",
  path: "/api/follow/{token}",
  operationId: "getFollowedGame",
  tags: ["live"],
  summary: "A followed game, by its follow link's token: scoreboard, line score and play-by-play in words",
  description: "No account needed: the token opens this game only. Players by first name and number.",
  request: { params: followParams },
  responses: {
    200: { description: "The game", content: { "application/json": { schema: FollowGameSchema } } },
    ...errorResponses(404),
  },
});

const streamFollow = createRoute({
  method: "get",
  path: "/api/follow/{token}/stream",
  operationId: "streamFollowedGame",
  tags: ["live"],
  summary: "Server-Sent Events: a followed game as it changes",
  description:
    "Sends `event: game` with the game (as GET /api/follow/{token}) at once and after every change, at most " +
    "once per 250 ms; `event: gone` and the end of the stream when the link is revoked or the game deleted; a " +
    "comment line every 25 s while nothing else is sent. At most 2,000 open pages per game and server: past it, " +
    "429 with Retry-After.",
  request: { params: followParams },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(404, 429),
  },
});

function linkOf(config: Pick<Config, "authSecret" | "publicUrl">, link: { sessionId: string; generation: number }) {
  return `${config.publicUrl}/follow/${followToken(config.authSecret, link.sessionId, link.generation)}`;
}

/** The team's game by id: 404 when the team has no such session, 400 for a practice. */
async function teamGame<E extends AppEnv>(c: AppContext<E>, teamId: string, id: string) {
  const session = await getTeamSession(c.get("services").database.db, { id, teamId });
  if (!session) throw notFound(GAME);
  if (session.kind !== "game") throw new ApiError(400, "not_a_game", "Only a game can be followed.");
  return session;
}

/** The game a follow token opens, or 404. */
async function followedGame<E extends AppEnv>(c: AppContext<E>, token: string) {
  const { database, config } = c.get("services");
  const link = await findFollowLink(database.db, config.authSecret, token);
  if (!link) throw new ApiError(404, "not_found", LINK_GONE);
  return link;
}

export function followRoutes(opts: { maxFollowersPerGame?: number } = {}) {
  const maxPerGame = opts.maxFollowersPerGame ?? MAX_FOLLOWERS_PER_GAME;
  let feed: FollowFeed | undefined;

  return createRouter()
    .openapi(getLink, async (c) => {
      const { id } = c.req.valid("param");
      const viewer = c.var.viewer;
      await teamGame(c, viewer.teamId, id);
      const { database, config } = c.get("services");
      const link = await activeFollowLink(database.db, viewer.teamId, id);
      const body: FollowLinkResponse = {
        link: link ? { url: linkOf(config, link), createdAt: link.createdAt } : null,
      };
      return c.json(body, 200);
    })
    .openapi(putLink, async (c) => {
      const { id } = c.req.valid("param");
      const viewer = c.var.viewer;
      await teamGame(c, viewer.teamId, id);
      const { database, config, hub } = c.get("services");
      const { link, made } = await ensureFollowLink(database.db, viewer.teamId, id, viewer.userId);
      // The team's other screens show the link to share.
      if (made) hub.publish(viewer.teamId, changeNow("sessions", id));
      return c.json({ link: { url: linkOf(config, link), createdAt: link.createdAt } }, 200);
    })
    .openapi(deleteLink, async (c) => {
      const { id } = c.req.valid("param");
      const viewer = c.var.viewer;
      const { database, hub } = c.get("services");
      const session = await getTeamSession(database.db, { id, teamId: viewer.teamId });
      if (!session) throw notFound(GAME);
      // Every server's follow pages of the game hear it, read the link again and close.
      if (await revokeFollowLink(database.db, viewer.teamId, id)) hub.publish(viewer.teamId, changeNow("sessions", id));
      return c.json({ link: null }, 200);
    })
    .openapi(readFollow, async (c) => {
      const link = await followedGame(c, c.req.valid("param").token);
      const answer = await followAnswer(c.get("services"), link.teamId, link.sessionId);
      if (!answer) throw new ApiError(404, "not_found", LINK_GONE);
      return answerJson<FollowGame, AppEnv>(c, answer);
    })
    .openapi(streamFollow, async (c) => {
      const link = await followedGame(c, c.req.valid("param").token);
      const services = c.get("services");
      feed ??= createFollowFeed(services);
      const game = feed;
      if (game.followersOf(link.teamId, link.sessionId) >= maxPerGame) throw rateLimited(TOO_MANY_FOLLOWERS, 60);
      return eventStream(c, async (sink) => {
        const { ended, end, write, heartbeat: beat } = streamWriter(sink);
        write(STREAM_HELLO);
        const unsubscribe = game.subscribe(link.teamId, link.sessionId, {
          generation: link.generation,
          send: write,
          close: end,
        });
        sink.onAbort(end);
        const heartbeat = setInterval(() => beat(HEARTBEAT_MS), HEARTBEAT_MS);
        try {
          await ended;
        } finally {
          clearInterval(heartbeat);
          unsubscribe();
        }
      });
    });
}
