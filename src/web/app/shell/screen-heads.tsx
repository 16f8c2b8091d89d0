/**
 * The heads of the signed-in screens a phone opens first, drawn in the SPA fallback page before any script runs
 * (issue #35): the frame paints with the screen's own title where the screen puts it, instead of a spinner alone,
 * so the first paint already shows what is coming and the screen's largest text is on screen from the start.
 *
 * The fallback page is one file for every address, so it holds each head, all hidden; its start script
 * (src/web/prerender/spa-boot.ts) shows the one of the address it opens, and only for a browser whose role hint says
 * it is signed in to that area (a signed-out visit sees the frame alone, then the login page). Each head repeats the
 * screen's own markup (the same classes, the team name's line kept as an empty line of the same height), so nothing
 * moves when the screen replaces it. Keep them in step with the screens: tests/e2e/screen-heads.spec.ts compares the
 * positions.
 */

import { SCREEN_HEAD_ATTRIBUTE } from "~/prerender/screen-head";

interface Head {
  path: string;
  title: string;
  /** The line below the title, where the screen's is fixed text. */
  lead?: string;
  /** "page": ui/app-page.tsx's AppPageHeader; "logger": the logger's own smaller head. */
  layout: "page" | "logger";
}

const SCREEN_HEADS: readonly Head[] = [
  { path: "/coach/log", title: "Event Logger", layout: "logger" },
  {
    path: "/coach/leaderboard",
    title: "Leaderboard",
    lead: "Players ranked by performance score, updated live as plays are logged.",
    layout: "page",
  },
];

/** An empty line as tall as the text it stands for. */
const BLANK = "\u00a0";

export function ScreenHeads() {
  return (
    <>
      {SCREEN_HEADS.map((head) => (
        // The route's wrapper (app/guards.tsx GuardedContent) without its bottom padding: the spinner follows.
        <div
          key={head.path}
          {...{ [SCREEN_HEAD_ATTRIBUTE]: head.path }}
          aria-hidden="true"
          className="container-page hidden pt-8 sm:pt-10"
        >
          {head.layout === "logger" ? (
            <div className="min-w-0">
              <p className="eyebrow truncate">{BLANK}</p>
              <p className="text-2xl font-extrabold tracking-tight text-stone-900 sm:text-3xl">{head.title}</p>
            </div>
          ) : (
            <div className="border-b border-stone-200 pb-6">
              <p className="eyebrow">{BLANK}</p>
              <p className="mt-1 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{head.title}</p>
              {head.lead ? <p className="mt-2 max-w-2xl text-stone-700">{head.lead}</p> : null}
            </div>
          )}
        </div>
      ))}
    </>
  );
}
