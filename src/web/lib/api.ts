/**
 * The one way the web app talks to the server. Every API error has the shape
 * `{ "error": { "code", "message", "fields"? } }`; anything else (network failure, an HTML error page from a proxy)
 * is turned into an ApiError too, so callers only ever handle one kind of failure.
 */

import { childHeaders } from "./acting-child";
import { takeEarly } from "./early-fetch";

export interface ApiErrorBody {
  code: string;
  message: string;
  fields?: Record<string, string>;
  /** The server's id of the request (a 500's body, else its X-Request-Id): what its log lines are filed under. */
  requestId?: string;
}

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly requestId: string | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.requestId = body.requestId;
  }
}

/** Status 0 marks a request that never got an answer (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR_STATUS = 0;

export interface ApiFetchOptions extends Omit<RequestInit, "body"> {
  /** Sent as JSON with the matching Content-Type. */
  json?: unknown;
  /** Sent as multipart/form-data (uploads); the browser sets the Content-Type with its boundary. */
  form?: FormData;
  /** A response to this very request already under way (lib/early-fetch.ts); read instead of fetching again. */
  early?: Promise<Response>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readErrorBody(status: number, payload: unknown): ApiErrorBody {
  const error = isRecord(payload) ? payload.error : undefined;
  if (isRecord(error) && typeof error.code === "string" && typeof error.message === "string") {
    const fields: Record<string, string> = {};
    if (isRecord(error.fields)) {
      for (const [key, value] of Object.entries(error.fields)) {
        if (typeof value === "string") fields[key] = value;
      }
    }
    return {
      code: error.code,
      message: error.message,
      fields,
      ...(typeof error.requestId === "string" ? { requestId: error.requestId } : {}),
    };
  }
  return {
    code: status >= 500 ? "server_error" : "http_error",
    message: status >= 500 ? "The server had a problem. Please try again." : "The request failed. Please try again.",
  };
}

/**
 * Calls `/api/...` with the session cookie and returns the parsed JSON body (undefined for an empty body).
 * Throws ApiError on a non-2xx answer or when the request could not be made.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const { json, form, headers, early, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set("Accept", "application/json");
  // A guardian acting for a child: the request is the child's (lib/acting-child.ts).
  childHeaders(requestHeaders);
  let body: BodyInit | undefined;
  if (json !== undefined) {
    requestHeaders.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  } else if (form !== undefined) {
    body = form;
  }

  // A GET the SPA fallback's start script already made (lib/early-fetch.ts) is read instead of asked again.
  const started = early ?? (body === undefined && (init.method ?? "GET") === "GET" ? takeEarly(path) : undefined);
  let response: Response;
  try {
    response = await (started ?? fetch(path, { credentials: "same-origin", ...init, headers: requestHeaders, body }));
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError(NETWORK_ERROR_STATUS, {
      code: "network_error",
      message: "Could not reach the server. Check your connection and try again.",
    });
  }

  const text = await response.text().catch(() => "");
  let payload: unknown = undefined;
  if (text !== "") {
    try {
      payload = JSON.parse(text);
    } catch {
      payload = undefined;
    }
  }

  if (!response.ok) {
    const body = readErrorBody(response.status, payload);
    const requestId = body.requestId ?? response.headers.get("x-request-id") ?? undefined;
    throw new ApiError(response.status, requestId ? { ...body, requestId } : body);
  }
  return payload as T;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}
