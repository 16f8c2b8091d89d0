// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { expect, it, vi } from "vitest";
import { apiError, deferred, fakeApi, renderPage } from "#tests/web/render.tsx";
import { coachUser } from "#tests/web/api-fixtures.js";
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
