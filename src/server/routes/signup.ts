import { createRoute, z } from "@hono/zod-openapi";
import { meSchema } from "#domain/account.js";
import { signupSchema, type SignupInput } from "#domain/schemas.js";
import { deleteUser, loadMe } from "../db/accounts.js";
import { jerseyHolder } from "../db/roster.js";
import type { WrittenNotice } from "../db/notices.js";
import { mailNotices } from "../mail/notices.js";
import { createAccountProfile, findTeamByCoachInviteCode, findTeamByCode } from "../db/teams.js";
import { callAuth, forwardCookies } from "../http/auth-bridge.js";
import { createRouter, type AppContext } from "../http/context.js";
import { ApiError, authRateLimited, errorResponses } from "../http/errors.js";
import { withOperatorFlag } from "../http/operator.js";
import { countSignupAttempt, startCodeGuess, type CodeGuess } from "../http/rate-limit.js";
import { changeNow } from "../realtime/hub.js";
import { TOO_MANY_ATTEMPTS, userIdOf } from "./auth-session.js";

export const UNKNOWN_TEAM_CODE = "No team has this code. Check it with your coach.";
export const UNKNOWN_COACH_INVITE = "No team has this coach invite code. Ask your head coach for it.";
export const EMAIL_TAKEN = "An account with this email already exists. Sign in instead.";

/**
 * docs/product.md §11: a jersey number a player of the team wears is refused before the account is made. Unlike
 * My Profile's message it does not name the teammate: the person signing up is not on the team yet.
 */
function signupJerseyTaken(jerseyNumber: number): ApiError {
  const message = `#${jerseyNumber} is already taken on this team. Choose another number, or leave it empty.`;
  return new ApiError(409, "jersey_taken", message, { jerseyNumber: message });
}

const signup = createRoute({
  method: "post",
  path: "/api/signup",
  operationId: "signUp",
  tags: ["account"],
  summary: "Create an account: a head coach creates a team, an assistant coach or a player joins one by code",
  request: { body: { required: true, content: { "application/json": { schema: signupSchema } } } },
  responses: {
    201: {
      description: "Account created and signed in",
      content: { "application/json": { schema: z.object({ user: meSchema }).openapi("SignupResponse") } },
    },
    ...errorResponses(400, 409, 415, 429),
  },
});

/**
 * Which team the new account joins, checked before any account is made so a bad code leaves nothing behind. A
 * wrong code counts toward the address's lockout (http/rate-limit.ts), so codes cannot be guessed.
 */
async function resolveTeam(c: AppContext, input: SignupInput, guess: CodeGuess) {
  const { db } = c.get("services").database;
  if (input.role === "player") {
    const team = await findTeamByCode(db, input.teamCode);
    if (!team) {
      await guess.wrong();
      throw new ApiError(400, "unknown_team_code", UNKNOWN_TEAM_CODE, { teamCode: UNKNOWN_TEAM_CODE });
    }
    await guess.right();
    if (input.jerseyNumber !== undefined && (await jerseyHolder(db, team.id, input.jerseyNumber)) !== null) {
      throw signupJerseyTaken(input.jerseyNumber);
    }
    return { kind: "join" as const, teamId: team.id };
  }
  if (input.coachInviteCode) {
    const team = await findTeamByCoachInviteCode(db, input.coachInviteCode);
    if (!team) {
      await guess.wrong();
      throw new ApiError(400, "unknown_coach_invite", UNKNOWN_COACH_INVITE, { coachInviteCode: UNKNOWN_COACH_INVITE });
    }
    await guess.right();
    return { kind: "join" as const, teamId: team.id };
  }
  return { kind: "create" as const, teamName: input.teamName ?? "" };
}

export function signupRoutes() {
  return createRouter().openapi(signup, async (c) => {
    const input = c.req.valid("json");
    const { database, config } = c.get("services");
    const { db } = database;
    const ip = c.get("clientIp");
    // Every attempt counts, before any code is looked up; then a locked-out address goes no further.
    await countSignupAttempt(db, config, ip, TOO_MANY_ATTEMPTS);
    const hasCode = input.role === "player" || !!input.coachInviteCode;
    const team = await resolveTeam(c, input, await startCodeGuess(db, config, ip, hasCode));

    const { response, json } = await callAuth(c, "/sign-up/email", {
      name: input.fullName,
      email: input.email,
      password: input.password,
    });
    if (response.status === 429) throw authRateLimited(response, TOO_MANY_ATTEMPTS);
    const userId = response.ok ? userIdOf(json) : null;
    if (!userId) {
      const code = (json as { code?: string } | null)?.code ?? "";
      if (code.startsWith("USER_ALREADY_EXISTS")) {
        throw new ApiError(409, "email_taken", EMAIL_TAKEN, { email: EMAIL_TAKEN });
      }
      const message = (json as { message?: string } | null)?.message ?? "The account could not be created.";
      throw new ApiError(400, "signup_rejected", message);
    }

    let profile;
    const told: WrittenNotice[] = [];
    try {
      profile = await createAccountProfile(
        db,
        team,
        {
          userId,
          role: input.role,
          coachRole: input.role === "coach" ? (team.kind === "create" ? "head" : "assistant") : null,
          fullName: input.fullName,
          jerseyNumber: input.role === "player" ? (input.jerseyNumber ?? null) : null,
          primaryPosition: input.role === "player" ? input.primaryPosition : null,
          positions:
            input.role === "player"
              ? [input.primaryPosition, ...input.positions.filter((p) => p !== input.primaryPosition)]
              : [],
        },
        told,
      );
    } catch (error) {
      // Without a profile the account is unusable (docs/product.md §4): remove it so the email can sign up again.
      await deleteUser(db, userId);
      throw error;
    }
    // Someone took the number between the check above and the join (which then made it a request): refused the
    // same way, leaving no account behind.
    if (input.role === "player" && input.jerseyNumber !== undefined && profile.jerseyNumber === null) {
      await deleteUser(db, userId);
      throw signupJerseyTaken(input.jerseyNumber);
    }

    mailNotices(c.get("services").mailer, c.get("services").config.publicUrl, told);
    // Joining a team with its code shows on the team's screens (the coach's waiting list, the coaches' list).
    if (team.kind === "join") c.get("services").hub.publish(team.teamId, changeNow("roster"));
    const user = await loadMe(db, userId);
    if (!user) throw new Error("profile vanished right after sign-up");
    forwardCookies(c, response);
    return c.json({ user: withOperatorFlag(config, user) }, 201);
  });
}
