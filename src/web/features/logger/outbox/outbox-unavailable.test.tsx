// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { LoggerPage } from "../logger-page";

// The service worker's registration imports a module only the Vite build makes; jsdom has no service worker.
vi.mock("~/lib/pwa", () => ({ registerServiceWorker: () => undefined }));
// IndexedDB's code cannot be downloaded (a phone that lost its connection before the service worker cached it).
vi.mock("./outbox-dexie", () => {
  throw new TypeError("Failed to fetch dynamically imported module");
});

/*
 * The outbox's IndexedDB code is asked for after the logger's first paint (decision 0017, fifth follow-up). When it
 * cannot be had, the logger still logs: the outbox lives in memory for the tab, the play is sent, and the screen
 * says what is logged with no connection would not survive closing the tab.
 */
const TODAY = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
})();
const SESSION = "00000000-0000-4000-8000-00000000c001";
const ROSTER = [playerSummary({ id: "wr11", name: "Sam Lee", jerseyNumber: 11, position: "wr" })];

describe("the logger without IndexedDB's code", () => {
  it("keeps and sends a play, and says it would not survive the tab", async () => {
    const posted: unknown[] = [];
    const session = { id: SESSION, kind: "practice", date: TODAY, opponent: null, location: null };
    const api = fakeApi()
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays: [] }))
      .on("GET", "/api/team/sessions", () =>
        json({ sessions: [{ ...session, eventCount: 0, presentCount: 0, attendanceCount: 0 }] }),
      )
      .on("GET", `/api/team/sessions/${SESSION}`, () =>
        json({
          session: { ...session, homeAway: null, notes: null, createdAt: new Date().toISOString() },
          attendance: [],
          events: [],
          eventCount: 0,
        }),
      )
      .on("POST", "/api/team/events", (req: ApiRequest) => {
        const { events } = req.body as { events: { id: string }[] };
        posted.push(...events);
        return json({ results: events.map((e) => ({ id: e.id, status: "created" })) });
      });
    const page = renderPage(<LoggerPage />, {
      path: "/coach/log",
      url: `/coach/log?session=${SESSION}`,
      user: coachUser({ id: "coach-offline", fullName: "Casey Coach" }),
      api,
    });

    expect(await screen.findByText(/anything logged with no connection is lost if this tab closes/)).toBeVisible();
    await page.user.click(await screen.findByRole("button", { name: /Sam Lee/ }));
    await page.user.click(
      within(screen.getByRole("list", { name: "Events" })).getByRole("button", { name: /Flag Pull/ }),
    );
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ playerId: "wr11", eventType: "Flag Pull", sessionId: SESSION });
  });
});
