// @vitest-environment jsdom
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { playerSummary } from "#tests/web/api-fixtures";
import { LineupPanel } from "./lineup-panel";
import type { SnapRow } from "./snap-model";
import "#tests/web/render.tsx";

/* Lineup mode's strip (docs/product.md §12 "Playing time"): who is on, who is on the bench, who needs snaps. */

const maya = playerSummary({ id: "p1", name: "Maya Okafor", jerseyNumber: 7 });
const leo = playerSummary({ id: "p2", name: "Leo Brandt", jerseyNumber: 12 });
const ana = playerSummary({ id: "p3", name: "Ana Ruiz", jerseyNumber: 3 });

let snaps = 0;

function snap(period: number, lineup: string[] | null, status: SnapRow["status"] = "synced"): SnapRow {
  return {
    id: `s-${++snaps}`,
    sessionId: "game-1",
    detail: { kind: "run", runnerId: "p1", yards: 3 } as SnapRow["detail"],
    period,
    firstDown: false,
    playId: null,
    occurredAt: "2026-11-21T10:00:00.000Z",
    points: { us: 0, them: 0 },
    loggedBy: null,
    edited: false,
    status,
    seq: null,
    error: null,
    editProblem: null,
    lineup,
  };
}

function strip(props: Partial<Parameters<typeof LineupPanel>[0]> = {}) {
  const onToggle = vi.fn();
  render(
    <LineupPanel
      players={[maya, leo, ana]}
      lineup={["p1"]}
      size={2}
      onToggle={onToggle}
      rows={[]}
      period={1}
      minimum={2}
      {...props}
    />,
  );
  return { onToggle, user: userEvent.setup() };
}

describe("lineup strip", () => {
  it("shows who is on the field and on the bench; a tap puts a player in or takes one out", async () => {
    const { onToggle, user } = strip();
    expect(screen.getByRole("heading", { name: "On the field (1/2)" })).toBeInTheDocument();
    const field = screen.getByRole("list", { name: "On the field" });
    expect(within(field).getByRole("button", { name: "#7 Maya Okafor" })).toHaveAttribute("aria-pressed", "true");
    const bench = screen.getByRole("list", { name: "Bench" });
    await user.click(within(bench).getByRole("button", { name: "#12 Leo Brandt" }));
    expect(onToggle).toHaveBeenLastCalledWith("p2");
    await user.click(within(field).getByRole("button", { name: "#7 Maya Okafor" }));
    expect(onToggle).toHaveBeenLastCalledWith("p1");
  });

  it("a full field leaves the bench's buttons off until someone comes out", () => {
    strip({ lineup: ["p1", "p2"] });
    expect(screen.getByRole("heading", { name: "On the field (2/2)" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "#3 Ana Ruiz" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "#12 Leo Brandt" })).toBeEnabled();
  });

  it("lists who is short of the minimum this period, counting this period's snaps and not refused ones", () => {
    strip({
      rows: [snap(1, ["p1", "p2"]), snap(1, ["p1"]), snap(2, ["p3"]), snap(1, ["p3"], "failed")],
      minimum: 2,
    });
    const needs = screen.getByRole("list", { name: "Needs snaps" });
    expect(
      within(needs)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Ana Ruiz needs 2 more snaps", "Leo Brandt needs 1 more snap"]);
  });

  it("says when everyone has the minimum, and shows no count when the league sets none", () => {
    const { unmount } = render(
      <LineupPanel
        players={[maya]}
        lineup={["p1"]}
        size={5}
        onToggle={() => {}}
        rows={[snap(1, ["p1"]), snap(1, ["p1"])]}
        period={1}
        minimum={2}
      />,
    );
    expect(screen.getByText("Everyone has the minimum this period.")).toBeInTheDocument();
    unmount();
    strip({ minimum: null });
    expect(screen.queryByRole("heading", { name: "Needs snaps" })).not.toBeInTheDocument();
  });
});
