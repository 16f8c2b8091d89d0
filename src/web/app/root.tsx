import { QueryClientProvider } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useDeferredValue, useEffect, useState, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Scripts, ScrollRestoration, useLocation } from "react-router";
import { PlayerSearchProvider } from "~/features/player-search";
import { APP_READY_EVENT } from "~/prerender/defer-hydration";
import { FullPageSpinner } from "~/ui/spinner";
import type { Route } from "./+types/root";
import appCss from "./app.css?url";
import { appQueryClient } from "~/lib/query-client";
import { SessionProvider, useSession } from "~/lib/session-context";
import { isGuardedPath } from "~/lib/session-paths";
import { Wordmark } from "./shell/logo";
import { NavigationProgress } from "./shell/navigation-progress";
import { ScreenHeads } from "./shell/screen-heads";
import { SCREEN_HEAD_STYLE_ID } from "~/prerender/screen-head";
import { PageTransition } from "./shell/page-transition";
import { SiteFooter } from "./shell/site-footer";
import { SiteHeader, SkipLink } from "./shell/site-header";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.png", sizes: "32x32", type: "image/png" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "stylesheet", href: appCss },
];

export const meta: Route.MetaFunction = () => [
  { title: "Flagline — flag-football performance tracking" },
  {
    name: "description",
    content:
      "Self-hosted performance tracking for flag-football teams: sideline logging, live leaderboards and player dashboards.",
  },
];

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#10402a" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // One client per browser tab (the routes' loaders fill the same one); the build-time prerender gets its own.
  const [queryClient] = useState(appQueryClient);
  // Tells a prerendered public page's boot script that the app runs, so it replays a click or a form sent
  // before that (decision 0006).
  useEffect(() => {
    window.dispatchEvent(new Event(APP_READY_EVENT));
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <PlayerSearchProvider>
          <SiteShell />
        </PlayerSearchProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}

function SiteShell() {
  const { status: checked } = useSession();
  const { pathname } = useLocation();
  const guarded = isGuardedPath(pathname);
  // The session check is a query, and a query's answer renders at once, in one task (useSyncExternalStore): here
  // that render is the app's largest, the frame giving way to the header, the navigation and the whole screen. Drawn
  // from a deferred copy, the answer's own render keeps the frame and the switch renders in the background, which
  // React cuts into slices of a few milliseconds (issue #35: one 100-400 ms task on a slow phone before).
  const status = useDeferredValue(checked);
  const starting = status === "loading" && guarded;
  // The screen's head the first paint showed (shell/screen-heads.tsx) is the screen's own from here on.
  useEffect(() => {
    if (!starting) document.getElementById(SCREEN_HEAD_STYLE_ID)?.remove();
  }, [starting]);
  // docs/product.md §4: a guarded page shows nothing of itself but the spinner until the session check answers, in the
  // same frame the SPA fallback painted (AppShellLoading). Public pages are prerendered and show at once; only their
  // navigation waits (see TopNav).
  if (starting) return <AppShellLoading />;
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <NavigationProgress />
      {/* A signed-in screen fills at least the whole screen below the header, so the footer starts below the fold and
          content arriving after the first paint never pushes it across the screen (decision 0017: layout shift). */}
      <main id="main" tabIndex={-1} className={clsx("flex flex-1 flex-col outline-none", guarded && "min-h-dvh")}>
        <PageTransition />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The app's frame while it starts: the header bar with the wordmark and the neutral navigation placeholder (no
 * audience's menu, decision 0003) over a spinner. Built into the SPA fallback page (HydrateFallback), so a signed-in
 * screen paints its frame as soon as the HTML and CSS arrive, before any script runs, and the app keeps the same frame
 * while the session check runs: nothing moves when the page itself arrives (decision 0017).
 */
function AppShellLoading() {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="surface-dark sticky top-0 z-30 bg-field-900 text-white shadow-sm">
        <div className="container-page relative flex h-16 items-center justify-between gap-4">
          <Wordmark />
          <div className="flex items-center" aria-hidden="true" data-testid="nav-placeholder">
            <span className="block h-8 w-24 rounded-lg bg-white/10" />
          </div>
        </div>
      </header>
      <main id="main" className="flex min-h-dvh flex-col">
        <ScreenHeads />
        <FullPageSpinner />
      </main>
    </div>
  );
}

/** Shown while the app starts on a client-rendered route (the SPA fallback page). */
export function HydrateFallback() {
  return <AppShellLoading />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  let title = "Something went wrong";
  let detail = "The page could not be shown. Reloading usually fixes it; if not, please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? "Page not found" : `Error ${error.status}`;
    detail = error.status === 404 ? "There is nothing at this address." : error.statusText || detail;
  } else if (import.meta.env.DEV && error instanceof Error) {
    detail = error.message;
  }
  return (
    <main id="main" className="flex min-h-dvh items-center justify-center bg-stone-50 px-6">
      <div className="max-w-md text-center">
        <h1 className="text-3xl font-extrabold text-field-900">{title}</h1>
        <p className="mt-3 text-stone-700">{detail}</p>
        <div className="mt-6 flex justify-center gap-3">
          <button type="button" className="btn btn-field" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a href="/" className="btn btn-secondary">
            Go to the home page
          </a>
        </div>
      </div>
    </main>
  );
}
