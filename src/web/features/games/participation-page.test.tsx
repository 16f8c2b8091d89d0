// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ParticipationResponse } from "#domain/api/participation";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { ParticipationPage } from "./participation-page";

/* A game's playing time for the league (docs/product.md §12 "Playing time"): snaps per period, the minimum in words. */

const API = "/api/team/sessions/game-1/participation";

function report(over: Partial<ParticipationResponse> = {}): ParticipationResponse {
  return {
    session: { id: "game-1", kind: "game", date: "2026-11-21", opponent: "Eagles" },
    rules: { playersOnField: 5, minSnapsPerPeriod: 4, periodKind: "half" },
    periods: 3,
    players: [
      { playerId: "p1", fullName: "Maya Okafor", jerseyNumber: 7, byPeriod: [6, 5, 1], total: 12, belowMinimum: false },
      { playerId: "p2", fullName: "Leo Brandt", jerseyNumber: 12, byPeriod: [3, 5, 0], total: 8, belowMinimum: true },
      { playerId: "p3", fullName: "Ana Ruiz", jerseyNumber: null, byPeriod: [0, 0, 0], total: 0, belowMinimum: true },
    ],
    ...over,
  };
}

function open(answer: ParticipationResponse | (() => Response)) {
  const api = fakeApi().on("GET", API, answer);
  renderPage(<ParticipationPage sessionId="game-1" />, {
    path: "/coach/games/:id/participation",
    url: "/coach/games/game-1/participation",
    user: coachUser(),
    api,
  });
  return api;
}

/** The table's rows as the cells' text, header row first. */
async function rows(): Promise<string[][]> {
  const table = await screen.findByRole("table", { name: "Snaps played per player" });
  return within(table)
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((c) => c.textContent ?? ""));
}

describe("participation page", () => {
  it("shows each player's snaps per half, overtime and in total, and who is below the minimum, in words", async () => {
    open(report());
    expect(await screen.findByRole("heading", { level: 1, name: "Participation: vs Eagles" })).toBeInTheDocument();
    expect(screen.getByText("Counted from the lineups logged with each snap. Minimum: 4 per half.")).toBeVisible();
    expect(await rows()).toEqual([
      ["Player", "Jersey", "1st half", "2nd half", "OT", "Total", "Minimum"],
      ["Maya Okafor", "#7", "6", "5", "1", "12", "Met"],
      ["Leo Brandt", "#12", "3", "5", "0", "8", "Below minimum"],
      ["Ana Ruiz", "—", "0", "0", "0", "0", "Below minimum"],
    ]);
    expect(screen.getByRole("link", { name: "Download CSV" })).toHaveAttribute("href", `${API}.csv`);
    expect(screen.getByRole("link", { name: "Box score" })).toHaveAttribute("href", "/coach/games/game-1");
    expect(screen.getByRole("button", { name: "Print" })).toBeInTheDocument();
  });

  it("a league with no minimum has no Minimum column and says so", async () => {
    open(
      report({
        rules: { playersOnField: 5, minSnapsPerPeriod: null, periodKind: "quarter" },
        periods: 4,
        players: [
          {
            playerId: "p1",
            fullName: "Maya Okafor",
            jerseyNumber: 7,
            byPeriod: [2, 3, 0, 1],
            total: 6,
            belowMinimum: false,
          },
        ],
      }),
    );
    expect(
      await screen.findByText("Counted from the lineups logged with each snap. Your league rules set no minimum."),
    ).toBeVisible();
    expect(await rows()).toEqual([
      ["Player", "Jersey", "1st quarter", "2nd quarter", "3rd quarter", "4th quarter", "Total"],
      ["Maya Okafor", "#7", "2", "3", "0", "1", "6"],
    ]);
    expect(screen.queryByText("Below minimum")).not.toBeInTheDocument();
  });

  it("a report that cannot be loaded says so and offers Retry", async () => {
    open(() => apiError(503, "unavailable", "The server is busy."));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Error loading the participation report");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
