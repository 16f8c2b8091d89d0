import { betterAuth } from "better-auth";
import type { Config } from "../config.js";
import type { Database } from "../db/index.js";
import type { Mailer } from "../mail/index.js";
import { EMAILED_RESET_LINK_SECONDS, resetPasswordMail } from "../mail/messages.js";
import { endResetTokens, isResetIdentifier } from "./reset-links.js";
import { PASSWORD_MAX, PASSWORD_MIN } from "#domain/schemas.js";

/** The header our own code sets from the socket's address; any value a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-flagline-client-ip";

/** Accounts made for the roster before their player signed up: they have no mailbox (and no password). */
const NO_MAILBOX = /@roster\.invalid$/i;

export function createAuth(
  database: Database,
  config: Pick<Config, "authSecret" | "publicUrl" | "authRateLimit">,
  mailer: Mailer | null = null,
) {
  const secure = config.publicUrl.startsWith("https://");
  return betterAuth({
    appName: "Flagline",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.engine === "sqlite" ? "sqlite" : "postgres" },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      // Forgot password (routes/password.ts): the link goes to our /reset-password page, not to Better Auth's
      // callback. The mailer sends in the background, so the answer takes as long whether the account exists.
      resetPasswordTokenExpiresIn: EMAILED_RESET_LINK_SECONDS,
      ...(mailer
        ? {
            sendResetPassword: async ({ user, token }: { user: { email: string }; token: string }) => {
              if (NO_MAILBOX.test(user.email)) return;
              mailer.send(resetPasswordMail(config.publicUrl, user.email, token), "reset password");
            },
          }
        : {}),
    },
    databaseHooks: {
      verification: {
        create: {
          // An emailed reset link (Better Auth's /request-password-reset) ends the account's earlier links, as a
          // made one does (tokens.ts makeResetToken): only the newest link of an account works.
          before: async (row, context) => {
            if (context && isResetIdentifier(row.identifier)) await endResetTokens(context.context.adapter, row.value);
          },
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: config.authRateLimit > 0,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: Math.max(config.authRateLimit, 1) },
        "/sign-up/email": { window: 60, max: Math.max(config.authRateLimit, 1) },
        "/change-password": { window: 60, max: Math.max(config.authRateLimit, 1) },
        "/request-password-reset": { window: 60, max: Math.max(config.authRateLimit, 1) },
        "/reset-password": { window: 60, max: Math.max(config.authRateLimit, 1) },
      },
    },
    advanced: {
      // Over https the cookies are __Host-flagline.*: Secure, Path=/ and no Domain, so no other host (a sibling or
      // a subdomain) can set or overwrite them. Better Auth's own secure prefix would be __Secure-, so it is off
      // and the prefix is ours; Better Auth reads the cookies back under the same names.
      useSecureCookies: false,
      cookiePrefix: secure ? "__Host-flagline" : "flagline",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    trustedOrigins: [new URL(config.publicUrl).origin],
    // An error that is not Better Auth's own answer (a 401, a 422...) is thrown to our app instead of answered as a
    // bare 500, which the routes took for a refused sign-in: an unreachable database is then the app's 503
    // database_unavailable (app.ts, db/outage.ts), anything else a 500 with its request id.
    onAPIError: { throw: true },
    // Failed sign-ins are ordinary; our request log records them. Better Auth only reports real errors.
    logger: { level: "error" },
  });
}

export type Auth = ReturnType<typeof createAuth>;
