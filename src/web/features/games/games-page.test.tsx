// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { coachUser, playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { formatDay } from "~/ui/format";
import { GamesPage } from "./games-page";
import { games, scoreboard } from "#tests/web/game-fixtures";

const FINAL = { corrected: false, endedAt: "2026-10-17T16:00:00.000Z", endedBy: "Casey Coach" };

const SEASON = games(
  [
    scoreboard({ sessionId: "g-4", date: "2026-10-24", opponent: "Falcons", homeAway: null, snapCount: 0 }),
    scoreboard({
      sessionId: "g-3",
      date: "2026-10-17",
      opponent: "Ravens",
      homeAway: "away",
      snapCount: 12,
      score: { us: 13, them: 7 },
      periodLabel: "2nd half",
    }),
    scoreboard({
      sessionId: "g-2",
      date: "2026-10-10",
      opponent: "Eagles",
      homeAway: "home",
      snapCount: 40,
      score: { us: 21, them: 14 },
      final: { us: 21, them: 14, ...FINAL },
      result: "W",
    }),
    scoreboard({
      sessionId: "g-1",
      date: "2026-10-03",
      opponent: "Hawks",
      homeAway: "away",
      snapCount: 38,
      score: { us: 6, them: 12 },
      final: { us: 6, them: 12, ...FINAL },
      result: "L",
    }),
    scoreboard({
      sessionId: "g-0",
      date: "2026-09-26",
      opponent: null,
      homeAway: "home",
      snapCount: 30,
      score: { us: 7, them: 7 },
      final: { us: 7, them: 7, ...FINAL },
      result: "T",
    }),
  ],
  { wins: 1, losses: 1, ties: 1, text: "1-1-1" },
);

function rows() {
  const table = screen.getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
}

describe("games page (season view)", () => {
  it("shows the record and every game newest first, with home/away, score and result", async () => {
    const api = fakeApi().on("GET", "/api/team/games", SEASON);
    renderPage(<GamesPage area="coach" />, { path: "/coach/games", user: coachUser(), api });

    expect(await screen.findByText("Record 1-1-1")).toBeInTheDocument();
    // Points for and against count the finished games only (21 + 6 + 7, 14 + 12 + 7), like the record.
    expect(screen.getByText("Points for 34, against 33")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1, name: "Games" })).toBeInTheDocument();
    expect(rows()).toEqual([
      [formatDay("2026-10-24"), `vs Falcons, ${formatDay("2026-10-24")}: box score`, "—", "—", "Not started"],
      [formatDay("2026-10-17"), `at Ravens, ${formatDay("2026-10-17")}: box score`, "Away", "13–7", "In progress"],
      [formatDay("2026-10-10"), `vs Eagles, ${formatDay("2026-10-10")}: box score`, "Home", "21–14", "W"],
      [formatDay("2026-10-03"), `at Hawks, ${formatDay("2026-10-03")}: box score`, "Away", "6–12", "L"],
      [formatDay("2026-09-26"), `Game, ${formatDay("2026-09-26")}: box score`, "Home", "7–7", "T"],
    ]);
    // The result letters are spelled out for assistive technology.
    expect(screen.getByTitle("Won")).toHaveTextContent("W");
    expect(screen.getByTitle("Lost")).toHaveTextContent("L");
    expect(screen.getByTitle("Tied")).toHaveTextContent("T");
  });

  it("links each game to its box score in the viewer's area; coaches also get the league rules", async () => {
    const api = fakeApi().on("GET", "/api/team/games", SEASON);
    const { user } = renderPage(<GamesPage area="coach" />, { path: "/coach/games", user: coachUser(), api });
    expect(await screen.findByRole("link", { name: /^vs Eagles/ })).toHaveAttribute("href", "/coach/games/g-2");
    expect(screen.getByRole("link", { name: "League rules" })).toHaveAttribute("href", "/coach/games/rules");
    await user.click(screen.getByRole("link", { name: /^at Hawks/ }));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/coach/games/g-1");
  });

  it("players see the same season with links to /player/games/{id}, and no league rules link", async () => {
    const api = fakeApi().on("GET", "/api/team/games", SEASON);
    renderPage(<GamesPage area="player" />, { path: "/player/games", user: playerUser(), api });
    expect(await screen.findByRole("link", { name: /^at Ravens/ })).toHaveAttribute("href", "/player/games/g-3");
    expect(screen.queryByRole("link", { name: "League rules" })).not.toBeInTheDocument();
  });

  it("an empty season says so", async () => {
    const api = fakeApi().on("GET", "/api/team/games", games([], { wins: 0, losses: 0, ties: 0, text: "0-0" }));
    renderPage(<GamesPage area="player" />, { path: "/player/games", user: playerUser(), api });
    expect(await screen.findByRole("heading", { name: "No games yet" })).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });

  it("a failed load shows the server's message and Retry", async () => {
    const api = fakeApi().on("GET", "/api/team/games", () =>
      apiError(500, "internal", "Something went wrong on our side. Please try again."),
    );
    renderPage(<GamesPage area="coach" />, { path: "/coach/games", user: coachUser(), api });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error loading games" })).toBeInTheDocument();
    expect(alert).toHaveTextContent("Something went wrong on our side. Please try again.");
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });

  it("a coach without a team is shown how to join one (the role guard) and nothing is requested", async () => {
    const api = fakeApi();
    renderPage(<GamesPage area="coach" />, { path: "/coach/games", user: coachUser({ team: null }), api });
    expect(await screen.findByRole("heading", { name: "You're not on a team" })).toBeInTheDocument();
    expect(api.count("GET", "/api/team/games")).toBe(0);
  });
});
