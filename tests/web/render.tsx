/*
 * Component-test support: renders a page of the web app under React Router's route stub, with a QueryClient that
 * never retries, the app's own session provider and role guard, and the network stubbed at `fetch` with answers
 * shaped like the real API. Nothing of our own is mocked, so these tests follow the app's modules wherever they
 * move. Files that use it start with `// @vitest-environment jsdom`.
 */
import "@testing-library/jest-dom/vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render, type RenderResult } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import type { ReactElement } from "react";
import { createRoutesStub, Outlet, useLocation } from "react-router";
import { afterEach, vi } from "vitest";
import { RequireRole, RequireSignedIn } from "~/app/guards";
import { SessionProvider } from "~/lib/session-context";
import type { Me } from "#domain/account";
import { scaled } from "../support/host-speed";

// findBy* and waitFor give up after 5 s, not 1 s: on a busy two-core machine (typecheck, lint and the integration
// suites run beside these tests) a lazily loaded chunk can take longer than a second to arrive. A slower host
// stretches that (tests/support/host-speed.ts; the factor the Vitest main process measured).
configure({ asyncUtilTimeout: scaled(5_000) });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// ---------------------------------------------------------------------------------------------------------------
// The network

export interface ApiRequest {
  method: string;
  /** Path and query, e.g. "/api/team/players?x=1". */
  url: string;
  pathname: string;
  searchParams: URLSearchParams;
  body: unknown;
}

/** A handler answers with a Response (see `json`, `apiError`), or throws to act as a network failure. */
export type ApiHandler = (req: ApiRequest) => Response | Promise<Response>;

interface Route {
  method: string;
  path: string | RegExp;
  handler: ApiHandler;
}

export interface FakeApi {
  /** Answers `method path` (a pathname, or a RegExp tested on it); a later `on` for the same route wins. */
  on(method: string, path: string | RegExp, handler: ApiHandler | unknown): FakeApi;
  /** Every request made so far. */
  readonly requests: ApiRequest[];
  /** How many requests matched `method path`. */
  count(method: string, path: string | RegExp): number;
}

export function json(body: unknown, status = 200): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

/** The error shape every API error has: `{ "error": { "code", "message", "fields"? } }`. */
export function apiError(status: number, code: string, message: string, fields?: Record<string, string>): Response {
  return json({ error: { code, message, ...(fields ? { fields } : {}) } }, status);
}

/** A promise to hold an answer back until the test releases it. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const matches = (route: Route, method: string, pathname: string) =>
  route.method === method && (typeof route.path === "string" ? route.path === pathname : route.path.test(pathname));

/**
 * Replaces `fetch` with a fake server. Unknown requests answer 404 in the API's error shape, so a page asking
 * for something the test did not expect shows its error state instead of hanging.
 */
export function fakeApi(): FakeApi {
  const routes: Route[] = [];
  const requests: ApiRequest[] = [];
  const api: FakeApi = {
    requests,
    on(method, path, handler) {
      const h: ApiHandler = typeof handler === "function" ? (handler as ApiHandler) : () => json(handler);
      routes.unshift({ method: method.toUpperCase(), path, handler: h });
      return api;
    },
    count(method, path) {
      return requests.filter((r) =>
        matches({ method: method.toUpperCase(), path, handler: () => json(null) }, r.method, r.pathname),
      ).length;
    },
  };
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, "http://localhost");
    const method = (init.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    let body: unknown = init.body;
    if (typeof init.body === "string") {
      try {
        body = JSON.parse(init.body);
      } catch {
        body = init.body;
      }
    }
    const req: ApiRequest = {
      method,
      url: url.pathname + url.search,
      pathname: url.pathname,
      searchParams: url.searchParams,
      body,
    };
    requests.push(req);
    if (init.signal?.aborted) throw new DOMException("The operation was aborted.", "AbortError");
    const route = routes.find((r) => matches(r, method, url.pathname));
    if (!route) return apiError(404, "not_found", `No fake answer for ${method} ${req.url}`);
    return route.handler(req);
  });
  return api;
}

// ---------------------------------------------------------------------------------------------------------------
// Rendering

/** A QueryClient for tests: no retries (a failure shows at once), nothing refetched behind the test's back. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Infinity },
      mutations: { retry: false },
    },
  });
}

function SessionLayout() {
  return (
    <SessionProvider>
      <Outlet />
    </SessionProvider>
  );
}

/** Where the app went when it left the page under test. */
function Elsewhere() {
  const location = useLocation();
  return <p data-testid="elsewhere">{location.pathname + location.search}</p>;
}

export interface RenderPageOptions {
  /** The route pattern, e.g. "/coach/player-detail/:id". */
  path: string;
  /** The URL to open; defaults to `path`. */
  url?: string;
  /** Router state the page is opened with. */
  state?: unknown;
  /** Who is signed in; /api/me answers with them. The page sits behind the app's guard for their role. */
  user?: Me;
  api: FakeApi;
}

export interface RenderedPage extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
}

/**
 * Renders `element` at `path` behind the app's RequireRole guard (for `user.role`), inside the app's
 * SessionProvider; /api/me answers `{ user }`. Other paths render a marker (testid "elsewhere") with the URL.
 */
export function renderPage(element: ReactElement, opts: RenderPageOptions): RenderedPage {
  const queryClient = createTestQueryClient();
  if (opts.user) opts.api.on("GET", "/api/me", { user: opts.user });
  const page = opts.user
    ? [
        {
          // A guardian-only account's pages (/family) sit behind the signed-in guard; the others behind their role's.
          Component: () =>
            opts.user!.role === "guardian" ? (
              <RequireSignedIn>
                <Outlet />
              </RequireSignedIn>
            ) : (
              <RequireRole role={opts.user!.role} />
            ),
          children: [{ path: opts.path, Component: () => element }],
        },
      ]
    : [{ path: opts.path, Component: () => element }];
  const Stub = createRoutesStub([
    { Component: SessionLayout, children: [...page, { path: "*", Component: Elsewhere }] },
  ]);
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Stub
        initialEntries={[
          opts.state === undefined ? (opts.url ?? opts.path) : { pathname: opts.url ?? opts.path, state: opts.state },
        ]}
      />
    </QueryClientProvider>,
  );
  return { ...result, user, queryClient };
}
