// @vitest-environment jsdom
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { scoreboardSchema, type ScoreboardDto } from "#domain/api/game";
import { ScoreboardCard } from "~/ui/scoreboard-card";
import { apiError, createTestQueryClient, fakeApi, type FakeApi } from "#tests/web/render.tsx";

/** GET /api/team/scoreboard's game, checked against the response schema. */
function scoreboard(overrides: Partial<ScoreboardDto> = {}): ScoreboardDto {
  return scoreboardSchema.parse({
    sessionId: "game-1",
    kind: "game",
    date: "2026-10-03",
    opponent: "Eagles",
    homeAway: "home",
    score: { us: 14, them: 7 },
    final: null,
    result: null,
    period: 2,
    periodLabel: "2nd half",
    down: "2nd & midfield",
    snapCount: 31,
    ...overrides,
  });
}

function renderCard(api: FakeApi, enabled = true, teamName?: string) {
  const queryClient = createTestQueryClient();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <main>
        <ScoreboardCard enabled={enabled} teamName={teamName} />
      </main>
    </QueryClientProvider>,
  );
  return { ...result, queryClient, api };
}

describe("ScoreboardCard", () => {
  it("a game on: a Live game region with the score, the period and the down", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", { scoreboard: scoreboard() });
    renderCard(api);
    const region = await screen.findByRole("region", { name: "Live game" });
    expect(within(region).getByRole("heading", { level: 2, name: "Live game" })).toBeInTheDocument();
    expect(region).toHaveTextContent("Us 14 – 7 Eagles");
    expect(region).toHaveTextContent("2nd half · 2nd & midfield");
    expect(region).toHaveTextContent("Game vs Eagles");
    expect(region).not.toHaveTextContent("Final");
    // The live dot is still: a dashboard left open on the sideline redraws nothing (no endless pulse).
    expect(region.querySelector("[class*='animate-']")).toBeNull();
  });

  it("names our team, and an away game reads “at” the opponent (issue #26.6)", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", { scoreboard: scoreboard({ homeAway: "away" }) });
    renderCard(api, true, "Harbor Hawks");
    const region = await screen.findByRole("region", { name: "Live game" });
    expect(region).toHaveTextContent("Harbor Hawks 14 – 7 Eagles");
    expect(region).toHaveTextContent("Game at Eagles");
    expect(region).not.toHaveTextContent(/\bUs\b/);
  });

  it("without downs tracked, only the period; without an opponent's name, Opponent", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", {
      scoreboard: scoreboard({ down: null, opponent: null, score: { us: 0, them: 6 }, periodLabel: "1st half" }),
    });
    renderCard(api);
    const region = await screen.findByRole("region", { name: "Live game" });
    expect(region).toHaveTextContent("Us 0 – 6 Opponent");
    expect(region).toHaveTextContent(/1st half$/);
  });

  it("an ended game: Final, the official score and the result", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", {
      scoreboard: scoreboard({
        // The coach corrected the snaps' 20-14 to the official 21-14.
        score: { us: 20, them: 14 },
        final: { us: 21, them: 14, corrected: true, endedAt: "2026-10-03T17:00:00.000Z", endedBy: "coach-1" },
        result: "W",
      }),
    });
    renderCard(api);
    const region = await screen.findByRole("region", { name: "Final" });
    expect(region).toHaveTextContent("Us 21 – 14 Eagles");
    expect(region).toHaveTextContent("Final: W 21–14");
    expect(within(region).getByTitle("Won")).toHaveTextContent("W");
    expect(screen.queryByRole("region", { name: "Live game" })).not.toBeInTheDocument();
  });

  it("no game today renders nothing", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", { scoreboard: null });
    const { container, queryClient } = renderCard(api);
    await waitFor(() => expect(queryClient.getQueryState(["team", "scoreboard"])?.status).toBe("success"));
    expect(api.count("GET", "/api/team/scoreboard")).toBe(1);
    expect(container.querySelector("main")).toBeEmptyDOMElement();
  });

  it("a scoreboard that cannot load renders nothing, not an alarm on the dashboard", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", () => apiError(500, "internal", "Boom."));
    const { container, queryClient } = renderCard(api);
    await waitFor(() => expect(queryClient.getQueryState(["team", "scoreboard"])?.status).toBe("error"));
    expect(container.querySelector("main")).toBeEmptyDOMElement();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("not asked for when disabled (an account without a team)", async () => {
    const api = fakeApi().on("GET", "/api/team/scoreboard", { scoreboard: scoreboard() });
    const { container } = renderCard(api, false);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.count("GET", "/api/team/scoreboard")).toBe(0);
    expect(container.querySelector("main")).toBeEmptyDOMElement();
  });
});
