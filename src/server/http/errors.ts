import { z } from "@hono/zod-openapi";
import type { ZodError } from "zod";

/**
 * docs/architecture.md error shape: { error: { code, message, fields?, requestId } }. Every answer carries its
 * request id in X-Request-Id, and every error body carries the same id (`requestId`, the `reqId` of its log lines),
 * so a screenshot of any failure finds its line in the server's log.
 */
const ErrorSchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      requestId: z.string().openapi({
        description: "The request's id: its X-Request-Id header, and the reqId of its lines in the server's log",
      }),
    }),
  })
  .openapi("Error");

export type ErrorBody = z.infer<typeof ErrorSchema>;

export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** For a 429 or a 503: seconds until a retry can succeed, sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The error shape, with the id of the request it answers (`c.get("requestId")`). */
  toBody(requestId: string): ErrorBody {
    const fields = this.fields ? { fields: this.fields } : {};
    return { error: { code: this.code, message: this.message, ...fields, requestId } };
  }
}

/** A 429 that says when to come back (Retry-After, whole seconds, at least 1). */
export function rateLimited(message: string, retryAfterSeconds: number): ApiError {
  const seconds = Number.isFinite(retryAfterSeconds) ? Math.max(1, Math.ceil(retryAfterSeconds)) : 60;
  return new ApiError(429, "rate_limited", message, undefined, seconds);
}

/**
 * The 429 for a limit Better Auth enforced: its own answer says when the window ends (X-Retry-After, seconds);
 * without it, the limits' one-minute window.
 */
export function authRateLimited(response: Response, message: string): ApiError {
  return rateLimited(message, Number(response.headers.get("x-retry-after") ?? 60));
}

/** The 500 of an error no route expected: what the server's log says about it is under this request id. */
export function internalErrorBody(requestId: string): ErrorBody {
  return { error: { code: "internal", message: "Something went wrong on our side. Please try again.", requestId } };
}

export const unauthenticated = () => new ApiError(401, "unauthenticated", "Sign in to continue.");
export const forbidden = () => new ApiError(403, "forbidden", "You do not have access to this.");
export const notFound = (what = "That") => new ApiError(404, "not_found", `${what} was not found.`);

/** The file store (S3) is down or out of reach (storage/file-store.ts StorageUnavailable): a 503 that says so. */
export const STORAGE_UNAVAILABLE = "Image storage is unavailable right now; try again in a few minutes.";
export const storageUnavailable = () => new ApiError(503, "storage_unavailable", STORAGE_UNAVAILABLE, undefined, 60);

/** Turns a zod error into field messages keyed by dotted path (first message per field). */
function fieldErrors(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "_";
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function validationError(error: ZodError, where: string): ApiError {
  const fields = fieldErrors(error);
  const first = Object.values(fields)[0];
  const message = first && Object.keys(fields).length === 1 ? first : `Some ${where} fields are not valid.`;
  return new ApiError(400, "invalid_input", message, fields);
}

/** Standard error responses every route declares in the OpenAPI document. */
export function errorResponses(...statuses: number[]) {
  const descriptions: Record<number, string> = {
    400: "Invalid input",
    401: "Not signed in",
    403: "Not allowed for this role or team",
    404: "Not found",
    409: "Conflict",
    410: "Gone: the link expired",
    413: "Payload too large",
    415: "Unsupported media type",
    429: "Too many requests",
    503: "Unavailable for now: Retry-After says when to try again",
  };
  return Object.fromEntries(
    statuses.map((s) => [
      s,
      { description: descriptions[s] ?? "Error", content: { "application/json": { schema: ErrorSchema } } },
    ]),
  );
}

/**
 * The 503s of a database out of room or out of reach (db/outage.ts tells which, app.ts answers them): the write
 * was not stored and will be when the client sends it again. The logger's outbox keeps a play until then.
 */
export const OUTAGE_ERRORS = {
  disk_full: {
    code: "disk_full",
    message: "The server's disk is full; your play is kept on this phone and will be sent when there is room.",
  },
  database_unavailable: {
    code: "database_unavailable",
    message: "The database is unavailable right now; try again in a moment.",
  },
} as const;
