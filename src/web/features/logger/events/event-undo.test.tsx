// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { LoggerPage } from "../logger-page";

// The service worker's registration imports a module only the Vite build makes; jsdom has no service worker.
vi.mock("~/lib/pwa", () => ({ registerServiceWorker: () => undefined }));

/*
 * /coach/log in Single events mode (a practice's default): Undo names what it takes back, and a double tap on it
 * takes back one event, never two (docs/product.md §2 `/coach/log`).
 */

const TODAY = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
})();
const SESSION = "00000000-0000-4000-8000-00000000b001";
const ROSTER = [
  playerSummary({ id: "wr11", name: "Sam Lee", jerseyNumber: 11, position: "wr" }),
  playerSummary({ id: "cb24", name: "Maya Okafor", jerseyNumber: 24, position: "cb" }),
];

function event(id: string, playerId: string, playerName: string, eventType: string, minutesAgo: number) {
  return {
    id,
    playerId,
    playerName,
    eventType,
    yards: null,
    playId: null,
    occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    points: 1.1,
  };
}

describe("single events undo", () => {
  it("a double tap on Undo takes back the newest event only, says which, and rests before naming the next", async () => {
    let events = [event("e-new", "cb24", "Maya Okafor", "Flag Pull", 1), event("e-old", "wr11", "Sam Lee", "Catch", 2)];
    const deleted: string[] = [];
    const api = fakeApi()
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays: [] }))
      .on("GET", "/api/team/sessions", () =>
        json({
          sessions: [
            {
              id: SESSION,
              kind: "practice",
              date: TODAY,
              opponent: null,
              location: null,
              eventCount: events.length,
              presentCount: 0,
              attendanceCount: 0,
            },
          ],
        }),
      )
      .on("GET", `/api/team/sessions/${SESSION}`, () =>
        json({
          session: {
            id: SESSION,
            kind: "practice",
            date: TODAY,
            opponent: null,
            homeAway: null,
            location: null,
            notes: null,
            createdAt: new Date().toISOString(),
          },
          attendance: ROSTER.map((p) => ({ playerId: p.id, present: null })),
          events,
          eventCount: events.length,
        }),
      )
      .on("DELETE", /^\/api\/team\/events\//, (req: ApiRequest) => {
        const id = req.pathname.split("/").pop()!;
        deleted.push(id);
        events = events.filter((e) => e.id !== id);
        return new Response(null, { status: 204 });
      });
    const page = renderPage(<LoggerPage />, {
      path: "/coach/log",
      url: `/coach/log?session=${SESSION}`,
      user: coachUser({ id: "coach-undo", fullName: "Casey Coach" }),
      api,
    });

    const undo = await screen.findByRole("button", { name: "Undo Flag Pull by Maya Okafor" });
    await page.user.dblClick(undo);
    expect(await screen.findByText("Undone: Flag Pull by Maya Okafor")).toBeInTheDocument();
    await waitFor(() => expect(deleted).toEqual(["e-new"]));
    // After its rest the button names the next event it would take back; the second tap took nothing.
    const next = await screen.findByRole("button", { name: "Undo Catch by Sam Lee" });
    await waitFor(() => expect(next).toBeEnabled());
    expect(deleted).toEqual(["e-new"]);
  });
});
