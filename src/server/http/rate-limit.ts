import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import { countHit, currentWindow, extendWindow, takeBackHit } from "../db/request-limits.js";
import type { DB } from "../db/schema.js";
import { rateLimited } from "./errors.js";

/*
 * Flagline's own request limits per client address, counted in the database (db/request-limits.ts) so they hold
 * across several app servers, like Better Auth's sign-in limit in its rateLimit table (decision 0009).
 */

export const TOO_MANY_MESSAGES = "Too many messages — please try again later.";
export const TOO_MANY_WRONG_CODES =
  "Too many wrong team or coach invite codes from this address. Please wait 15 minutes and try again.";

/** Wrong team or coach invite codes one address may try in WRONG_CODE_WINDOW_MS before it is locked out. */
export const WRONG_CODE_LIMIT = 10;
const WRONG_CODE_WINDOW_MS = 15 * 60 * 1000;
/** How long an address that used up its wrong codes may not sign up at all. */
const WRONG_CODE_LOCKOUT_MS = 15 * 60 * 1000;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

function secondsUntil(resetAt: number, now: number): number {
  return Math.ceil((resetAt - now) / 1000);
}

/** Counts one hit of a limit (`max` per `windowMs`, 0: off) for the address; throws the 429 when it is over. */
async function hitLimit(
  db: Kysely<DB>,
  limit: { name: string; max: number; windowMs: number },
  clientIp: string,
  message: string,
): Promise<void> {
  if (limit.max <= 0) return;
  const now = Date.now();
  const window = await countHit(db, `${limit.name}:${clientIp}`, limit.windowMs, now);
  if (window.count > limit.max) throw rateLimited(message, secondsUntil(window.resetAt, now));
}

/** Counts a contact message: CONTACT_RATE_LIMIT per address per hour. */
export async function countContactMessage(db: Kysely<DB>, config: Config, clientIp: string): Promise<void> {
  const limit = { name: "contact", max: config.contactRateLimit, windowMs: HOUR_MS };
  await hitLimit(db, limit, clientIp, TOO_MANY_MESSAGES);
}

/** Counts a sign-up attempt before anything is looked up: AUTH_RATE_LIMIT per address per minute. */
export async function countSignupAttempt(
  db: Kysely<DB>,
  config: Config,
  clientIp: string,
  message: string,
): Promise<void> {
  await hitLimit(db, { name: "signup", max: config.authRateLimit, windowMs: MINUTE_MS }, clientIp, message);
}

/** What a sign-up does with a code it is about to look up. */
export interface CodeGuess {
  /** The code named a team: the guess is taken back. */
  right(): Promise<void>;
  /** It did not: the guess stays counted, and the address is locked out once it has used up its wrong codes. */
  wrong(): Promise<void>;
}

const NO_GUESS: CodeGuess = { right: async () => {}, wrong: async () => {} };

/**
 * Before a sign-up looks up a team code or coach invite code: counts the guess (atomically, so parallel
 * requests on several servers cannot slip past), or throws a 429 when the address is locked out. A sign-up
 * without a code only checks the lockout. Off with AUTH_RATE_LIMIT=0, like the other sign-in and sign-up limits.
 */
export async function startCodeGuess(
  db: Kysely<DB>,
  config: Config,
  clientIp: string,
  hasCode: boolean,
): Promise<CodeGuess> {
  if (config.authRateLimit <= 0) return NO_GUESS;
  const key = `signup-code:${clientIp}`;
  const now = Date.now();
  if (!hasCode) {
    const window = await currentWindow(db, key, now);
    if (window && window.count >= WRONG_CODE_LIMIT) {
      throw rateLimited(TOO_MANY_WRONG_CODES, secondsUntil(window.resetAt, now));
    }
    return NO_GUESS;
  }
  const window = await countHit(db, key, WRONG_CODE_WINDOW_MS, now);
  if (window.count > WRONG_CODE_LIMIT) throw rateLimited(TOO_MANY_WRONG_CODES, secondsUntil(window.resetAt, now));
  return {
    right: () => takeBackHit(db, key, window.resetAt),
    wrong: async () => {
      if (window.count >= WRONG_CODE_LIMIT) {
        await extendWindow(db, key, WRONG_CODE_LIMIT, Date.now() + WRONG_CODE_LOCKOUT_MS);
      }
    },
  };
}

const TOO_MANY_ACCOUNT_REQUESTS = "Too many requests for this account. Please wait a while and try again.";

/**
 * The account endpoints' limits per address (docs/product.md §11): each checks a password or does heavy work, so
 * each has its own hourly budget. Off with AUTH_RATE_LIMIT=0, like the other sign-in and sign-up limits.
 */
const ACCOUNT_LIMITS = {
  "forgot-password": 20,
  "reset-link": 30,
  "change-email": 10,
  "confirm-email": 30,
  export: 10,
  "delete-account": 10,
} as const;

export async function countAccountRequest(
  db: Kysely<DB>,
  config: Config,
  clientIp: string,
  name: keyof typeof ACCOUNT_LIMITS,
): Promise<void> {
  const max = config.authRateLimit > 0 ? ACCOUNT_LIMITS[name] : 0;
  await hitLimit(db, { name, max, windowMs: HOUR_MS }, clientIp, TOO_MANY_ACCOUNT_REQUESTS);
}

/** Requests one API token may make per minute (docs/product.md §11 "API tokens"), whatever address sends them. */
export const API_TOKEN_LIMIT = 120;
const TOO_MANY_TOKEN_REQUESTS = "Too many requests with this API token. Please wait a minute and try again.";

/**
 * Counts one request made with an API token, keyed by the token (not the address: a token's holder may call from
 * anywhere, and one address may hold several tokens). Always on: AUTH_RATE_LIMIT does not turn it off.
 */
export async function countApiTokenRequest(db: Kysely<DB>, tokenId: string): Promise<void> {
  const limit = { name: "api-token", max: API_TOKEN_LIMIT, windowMs: MINUTE_MS };
  await hitLimit(db, limit, tokenId, TOO_MANY_TOKEN_REQUESTS);
}
