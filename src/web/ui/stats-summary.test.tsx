// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { LeaderCards } from "~/ui/leader-cards";
import { StatsSummary } from "~/ui/stats-summary";
import { noLeaders, playerSummary } from "#tests/web/api-fixtures";
import "#tests/web/render.tsx";

/*
 * A player's touchdowns on the screens are the ones they scored (docs/product.md §10 "Touchdowns and safeties"):
 * a pick-six counts for the defender, a touchdown pass for its catcher under Touchdowns and for the passer under
 * TD passes.
 */

function figure(label: string): string {
  const term = screen.getByText(label, { selector: "dt" });
  return term.nextElementSibling?.textContent ?? "";
}

describe("stats summary and leaders: touchdowns", () => {
  it("a defender's pick-six is a touchdown; a passer's throws are TD passes, not touchdowns", () => {
    const corner = playerSummary({
      position: "cb",
      stats: { interceptions: 1, returnTouchdowns: 1, touchdownsScored: 1, touchdowns: 0 },
    });
    const { unmount } = render(<StatsSummary stats={corner.stats} />);
    expect(figure("Touchdowns")).toBe("1");
    expect(figure("TD passes")).toBe("0");
    expect(screen.getByText(/caught, run in or returned/)).toBeInTheDocument();
    unmount();

    const passer = playerSummary({ position: "qb", stats: { touchdowns: 2, touchdownPasses: 2, touchdownsScored: 0 } });
    render(<StatsSummary stats={passer.stats} />);
    expect(figure("Touchdowns")).toBe("0");
    expect(figure("TD passes")).toBe("2");
  });

  it("the leaders show Touchdowns scored and TD passes as separate boards", () => {
    const leaders = {
      ...noLeaders(),
      touchdownsScored: [{ playerId: "c", name: "Cole Corner", value: 1 }],
      touchdownPasses: [{ playerId: "q", name: "Quinn Passer", value: 2 }],
    };
    render(
      <MemoryRouter>
        <LeaderCards leaders={leaders} returnTo="/coach/leaderboard" />
      </MemoryRouter>,
    );
    const card = (name: string) => screen.getByRole("heading", { name }).closest("li")!;
    expect(within(card("Touchdowns")).getByRole("link", { name: "Cole Corner" })).toBeInTheDocument();
    expect(within(card("TD passes")).getByRole("link", { name: "Quinn Passer" })).toBeInTheDocument();
    expect(within(card("Touchdowns")).queryByText("Quinn Passer")).toBeNull();
    expect(within(card("Flag pulls")).getByText("No flag pulls logged yet.")).toBeInTheDocument();
  });
});
