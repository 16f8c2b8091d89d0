import { createRoute, z } from "@hono/zod-openapi";
import { meSchema } from "#domain/account.js";
import { joinBodySchema } from "#domain/api/team-settings.js";
import { loadMe } from "../db/accounts.js";
import type { WrittenNotice } from "../db/notices.js";
import { mailNotices } from "../mail/notices.js";
import { findTeamByCoachInviteCode, findTeamByCode, joinTeam } from "../db/teams.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, unauthenticated } from "../http/errors.js";
import { withOperatorFlag } from "../http/operator.js";
import { startCodeGuess } from "../http/rate-limit.js";
import { profileOwnerOnly } from "../http/viewer.js";
import { changeNow } from "../realtime/hub.js";
import { UNKNOWN_COACH_INVITE, UNKNOWN_TEAM_CODE } from "./signup.js";

/*
 * A signed-in account with no team (a removed player or assistant coach, docs/product.md §6) joins a team again
 * with a code: a player with the team code, a coach with the coach invite code (as an assistant). Through the same
 * db function sign-up joins with (db/teams.ts joinTeam), and wrong codes count against the same per-address limit
 * as sign-up's (http/rate-limit.ts), so codes cannot be guessed here either.
 */

const ALREADY_ON_TEAM = "You are already on a team.";

const join = createRoute({
  method: "post",
  path: "/api/me/join",
  operationId: "joinTeam",
  tags: ["account"],
  middleware: [profileOwnerOnly] as const,
  summary: "Join a team with its team code (players) or coach invite code (coaches), for an account with no team",
  request: { body: { required: true, content: { "application/json": { schema: joinBodySchema } } } },
  responses: {
    200: {
      description: "Joined; the user as they now are",
      content: { "application/json": { schema: z.object({ user: meSchema }).openapi("JoinResponse") } },
    },
    ...errorResponses(400, 401, 409, 415, 429),
  },
});

export function joinRoutes() {
  return createRouter().openapi(join, async (c) => {
    const viewer = c.var.viewer;
    const { code } = c.req.valid("json");
    const { database, config, hub } = c.get("services");
    const { db } = database;
    if (viewer.teamId) throw new ApiError(409, "already_on_team", ALREADY_ON_TEAM);

    const guess = await startCodeGuess(db, config, c.get("clientIp"), true);
    const team = viewer.role === "player" ? await findTeamByCode(db, code) : await findTeamByCoachInviteCode(db, code);
    if (!team) {
      await guess.wrong();
      const message = viewer.role === "player" ? UNKNOWN_TEAM_CODE : UNKNOWN_COACH_INVITE;
      throw new ApiError(400, viewer.role === "player" ? "unknown_team_code" : "unknown_coach_invite", message, {
        code: message,
      });
    }
    await guess.right();

    const told: WrittenNotice[] = [];
    if (!(await joinTeam(db, viewer.userId, team.id, told))) {
      throw new ApiError(409, "already_on_team", ALREADY_ON_TEAM);
    }
    mailNotices(c.get("services").mailer, config.publicUrl, told);
    // The joiner's cached viewer (no team) is forgotten on every server before anyone hears of the change.
    hub.revoke({ userId: viewer.userId, viewerOnly: true });
    hub.publish(team.id, changeNow("roster"));
    const user = await loadMe(db, viewer.userId);
    if (!user) throw unauthenticated();
    return c.json({ user: withOperatorFlag(config, user) }, 200);
  });
}
