// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { afterEach, expect, it, vi } from "vitest";
import { apiError, deferred, fakeApi, renderPage } from "#tests/web/render.tsx";
import { coachUser } from "#tests/web/api-fixtures.js";
import { apiFetch } from "./api";
import { teamKeys } from "./query-keys";
import { useSession } from "./session-context";

const coach = coachUser({ fullName: "Casey Coach" });

/** What a login form does with the user its POST answered with. */
function SignInProbe() {
  const { status, user, setUser } = useSession();
  return (
    <div>
      <p>Session: {status}</p>
      <p>User: {user?.fullName ?? "nobody"}</p>
      <button type="button" onClick={() => setUser(coach)}>
        Signed in
      </button>
    </div>
  );
}

it("a sign-in that answers while the page's first session check is in flight is not undone by that check", async () => {
  // On a slow phone the login page's own check (sent before the sign-in, so without a cookie) comes back
  // "signed out" after the sign-in already stored the user; the guard then sent the coach back to /login.
  const api = fakeApi();
  const firstCheck = deferred<Response>();
  api.on("GET", "/api/me", () => firstCheck.promise);
  const page = renderPage(<SignInProbe />, { path: "/login", api });
  expect(await screen.findByText("Session: loading")).toBeInTheDocument();

  await page.user.click(screen.getByRole("button", { name: "Signed in" }));
  expect(await screen.findByText("User: Casey Coach")).toBeInTheDocument();

  firstCheck.resolve(apiError(401, "unauthorized", "Sign in to continue."));
  // The stale answer has been read once the query is idle again.
  await expect.poll(() => page.queryClient.isFetching({ queryKey: ["session", "me"] })).toBe(0);
  expect(screen.getByText("Session: signed-in")).toBeInTheDocument();
  expect(screen.getByText("User: Casey Coach")).toBeInTheDocument();
});

it("a sign-in that answers while that check is still clearing the cached answers is not undone either", async () => {
  // After its "signed out", the check deletes the service worker's cached answers (several Cache Storage calls,
  // slow on a busy phone); the sign-in answered in between, and the check then stored "signed out" over it.
  const opened = deferred();
  const cache = { match: async () => undefined, delete: async () => true, put: async () => undefined };
  vi.stubGlobal("caches", {
    open: () => opened.promise.then(() => cache),
    keys: async () => [],
    delete: async () => true,
  });
  const api = fakeApi();
  const asked = deferred();
  api.on("GET", "/api/me", () => {
    asked.resolve();
    return apiError(401, "unauthorized", "Sign in to continue.");
  });
  const page = renderPage(<SignInProbe />, { path: "/login", api });
  await asked.promise;

  await page.user.click(screen.getByRole("button", { name: "Signed in" }));
  expect(await screen.findByText("User: Casey Coach")).toBeInTheDocument();
  opened.resolve();
  await expect.poll(() => page.queryClient.isFetching({ queryKey: ["session", "me"] })).toBe(0);
  expect(screen.getByText("Session: signed-in")).toBeInTheDocument();
  expect(screen.getByText("User: Casey Coach")).toBeInTheDocument();
});

it("a check that starts after the sign-out still reads the server's answer", async () => {
  const api = fakeApi();
  api.on("GET", "/api/me", { user: coach });
  const page = renderPage(<SignInProbe />, { path: "/login", api });
  expect(await screen.findByText("User: Casey Coach")).toBeInTheDocument();
  // Revoked elsewhere: the next check answers 401 and is believed.
  api.on("GET", "/api/me", () => apiError(401, "unauthorized", "Sign in to continue."));
  await page.queryClient.refetchQueries({ queryKey: ["session", "me"] });
  expect(await screen.findByText("Session: signed-out")).toBeInTheDocument();
});

/** Cache Storage holding only the owner entry of `owner` ("<user id> <key>"), or nothing. */
function stubCacheStorage(owner: string | null) {
  const stores = new Map<string, Map<string, string>>();
  if (owner) stores.set("flagline-cache-owner", new Map([["/__flagline/cache-owner", owner]]));
  vi.stubGlobal("caches", {
    open: async (name: string) => {
      let store = stores.get(name);
      if (!store) stores.set(name, (store = new Map()));
      const entries = store;
      return {
        match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
        put: async (url: string, res: Response) => void entries.set(url, await res.text()),
        keys: async () => [...entries.keys()].map((url) => ({ url })),
        delete: async (r: string | { url: string }) => entries.delete(typeof r === "string" ? r : r.url),
      };
    },
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
  });
}

/** The logger's roster read (kept by the service worker for offline use) next to who is signed in. */
function RosterProbe() {
  const { status } = useSession();
  const players = useQuery({
    queryKey: teamKeys.players(),
    queryFn: () => apiFetch<{ players: unknown[] }>("/api/team/players"),
  });
  return (
    <p>
      {status}: {players.data ? `${players.data.players.length} players` : "loading players"}
    </p>
  );
}

/** A service worker controls the page (every visit after the first): reads go through it, into its offline copies. */
function stubWorkerControl() {
  Object.defineProperty(navigator, "serviceWorker", { configurable: true, value: { controller: {} } });
}

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
});

it("a new user's first reads are read again once their cache key exists, so the logger works offline", async () => {
  // The screen's first reads race the session check; the check then gives the cached answers a new owner key and
  // deletes what the worker stored before it. Read again, the roster and who is signed in are stored for this user.
  stubCacheStorage(null);
  stubWorkerControl();
  const api = fakeApi();
  api.on("GET", "/api/me", { user: coach });
  api.on("GET", "/api/team/players", { players: [{ id: "p1" }] });
  renderPage(<RosterProbe />, { path: "/coach/log", api });
  expect(await screen.findByText("signed-in: 1 players")).toBeInTheDocument();
  await expect.poll(() => api.count("GET", "/api/team/players")).toBe(2);
  await expect.poll(() => api.count("GET", "/api/me")).toBe(2);
});

/** The logger's roster, mounted once the session is known (as the role guard does). */
function GuardedRosterProbe() {
  const { status } = useSession();
  return status === "signed-in" ? <RosterProbe /> : <p>checking</p>;
}

/**
 * The SPA fallback page's early roster read answered with two players (early-fetch.ts); asked again, the server
 * answers with three, so the screen shows which it took.
 */
function earlyRosterOfTwo() {
  const early = Promise.resolve(
    new Response(JSON.stringify({ players: [{ id: "p1" }, { id: "p2" }] }), {
      headers: { "Content-Type": "application/json" },
    }),
  );
  vi.stubGlobal("__flaglineEarly", { at: Date.now(), responses: { "/api/team/players": early } });
  const api = fakeApi();
  api.on("GET", "/api/me", { user: coach });
  api.on("GET", "/api/team/players", { players: [{ id: "p1" }, { id: "p2" }, { id: "p3" }] });
  return api;
}

it("a new user's screen reads its roster again instead of the early read made before the cache key", async () => {
  // The SPA fallback page started the screen's reads before the app loaded (early-fetch.ts); the worker stored
  // that answer under no key, and the claim deleted it. Taking it would leave the logger with nothing offline.
  stubCacheStorage(null);
  stubWorkerControl();
  const api = earlyRosterOfTwo();
  renderPage(<GuardedRosterProbe />, { path: "/coach/log", api });
  expect(await screen.findByText("signed-in: 3 players")).toBeInTheDocument();
  expect(api.count("GET", "/api/team/players")).toBe(1);
});

it("on a first visit (no worker controls the page) a new user's reads are not made twice", async () => {
  // Nothing went through a worker, and a read made again would not either: the logger reads its offline reads
  // again once its worker takes control. Here the screen takes its early read and renders once (issue #35).
  stubCacheStorage(null);
  const api = earlyRosterOfTwo();
  const page = renderPage(<GuardedRosterProbe />, { path: "/coach/log", api });
  expect(await screen.findByText("signed-in: 2 players")).toBeInTheDocument();
  await expect.poll(() => page.queryClient.isFetching()).toBe(0);
  expect(api.count("GET", "/api/team/players")).toBe(0);
  expect(api.count("GET", "/api/me")).toBe(1);
});

it("the same user's cache key stays, and nothing is read twice", async () => {
  stubCacheStorage(`${coach.id} 0123456789abcdef`);
  const api = fakeApi();
  api.on("GET", "/api/me", { user: coach });
  const answered = deferred();
  api.on("GET", "/api/team/players", () => {
    answered.resolve();
    return new Response(JSON.stringify({ players: [] }), { headers: { "Content-Type": "application/json" } });
  });
  const page = renderPage(<RosterProbe />, { path: "/coach/log", api });
  expect(await screen.findByText("signed-in: 0 players")).toBeInTheDocument();
  await answered.promise;
  await expect.poll(() => page.queryClient.isFetching()).toBe(0);
  expect(api.count("GET", "/api/team/players")).toBe(1);
  expect(api.count("GET", "/api/me")).toBe(1);
});
