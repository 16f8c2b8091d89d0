/*
 * Test support for the security suites: the valid requests of the account recovery endpoints (issue #16), kept
 * beside fixtures.ts's VALID_REQUESTS, which spreads them in. Not used by the server.
 */
import { createAuth } from "#server/auth/index.js";
import { makeChangeEmailToken, makeResetToken } from "#server/auth/tokens.js";
import { testConfig, uniqueEmail } from "../support/test-client.js";
import type { TestDatabase } from "../support/test-database.js";
import type { Actor } from "./endpoints.js";
import type { Answer, Req, World } from "./fixtures.js";

interface AccountRequest {
  build(w: World, actor: Actor): Promise<Req>;
  after?(w: World, actor: Actor, answer: Answer): void;
  last?: boolean;
}

const auths = new WeakMap<TestDatabase, ReturnType<typeof createAuth>>();
/** Better Auth over the world's database: to make tokens the way the server's own endpoints do. */
function authOf(w: World) {
  let auth = auths.get(w.database);
  if (!auth) auths.set(w.database, (auth = createAuth(w.database, testConfig())));
  return auth;
}

const accountOf = (w: World, actor: Actor) => (actor === "anonymous" ? null : w.accounts[actor]);

/** The address the last confirmation token moves team C's coach to (the sign-in cell signs in with it). */
let confirmedEmail = "";

export const ACCOUNT_REQUESTS: Readonly<Record<string, AccountRequest>> = {
  "GET /api/mail": { build: async () => ({}) },
  "POST /api/password/forgot": { build: async (w) => ({ json: { email: w.coachC.email } }) },
  // A fresh token for team C's coach, who keeps the same password (the sign-in cell still signs in with it).
  "POST /api/password/reset": {
    build: async (w) => ({
      json: { token: await makeResetToken(authOf(w), w.coachC.userId, 3600), newPassword: w.coachC.password },
    }),
  },
  "POST /api/team/players/{id}/reset-link": { build: async (w) => ({ params: { id: w.accounts.playerA.userId } }) },
  "POST /api/me/email": {
    build: async (w, actor) => ({
      json: { newEmail: uniqueEmail("moved"), password: accountOf(w, actor)?.password ?? "not-signed-in" },
    }),
    after: (w, actor, answer) => {
      const account = accountOf(w, actor);
      if (account && answer.status === 200) account.email = (answer.body as { email: string }).email;
    },
  },
  "POST /api/me/email/confirm": {
    build: async (w) => {
      confirmedEmail = uniqueEmail("confirmed");
      const token = await makeChangeEmailToken(authOf(w), { userId: w.coachC.userId, newEmail: confirmedEmail }, 3600);
      return { json: { token } };
    },
    after: (w, _actor, answer) => {
      if (answer.status === 200) w.coachC.email = confirmedEmail;
    },
  },
  "GET /api/me/export": { build: async () => ({}) },
  "GET /api/me/deletion": { build: async () => ({}) },
  // Deletes the caller's account: it runs last, after every other endpoint (with the sign-out).
  "DELETE /api/me": {
    build: async (w, actor) => ({ json: { password: accountOf(w, actor)?.password ?? "not-signed-in" } }),
    last: true,
  },
};
