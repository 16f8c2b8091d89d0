// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { coachUser, seasonsResponse } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";

/* The season picker every stat screen shows (docs/product.md §11 (#s11-seasons)): what it offers, what it keeps in the address. */

function Page() {
  const picked = usePickedSeason();
  const location = useLocation();
  return (
    <>
      <SeasonPicker value={picked} />
      <p data-testid="sent">{picked.season ?? "current"}</p>
      <p data-testid="search">{location.search}</p>
    </>
  );
}

function render(url: string) {
  const api = fakeApi().on("GET", "/api/team/seasons", seasonsResponse());
  return renderPage(<Page />, { path: "/coach/leaderboard", url, user: coachUser(), api });
}

describe("season picker", () => {
  it("offers the seasons by name, the current one first and picked, with no past-season marker", async () => {
    render("/coach/leaderboard");
    const picker = await screen.findByLabelText("Season");
    await waitFor(() => expect(picker).toHaveValue("season-2"));
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual([
      "Spring 2027 (current)",
      "Fall 2026",
    ]);
    expect(screen.queryByText(/Past season/)).not.toBeInTheDocument();
    expect(screen.getByTestId("sent")).toHaveTextContent("current");
  });

  it("picking last season puts it in the address and marks the screen as a past season; the current one clears it", async () => {
    const { user } = render("/coach/leaderboard?window=last30");
    const picker = await screen.findByLabelText("Season");
    await waitFor(() => expect(picker).toHaveValue("season-2"));
    await user.selectOptions(picker, "season-1");
    expect(await screen.findByText(/Past season: Fall 2026/)).toBeInTheDocument();
    expect(screen.getByTestId("sent")).toHaveTextContent("season-1");
    expect(screen.getByTestId("search")).toHaveTextContent("?window=last30&season=season-1");

    await user.selectOptions(picker, "season-2");
    await waitFor(() => expect(screen.queryByText(/Past season/)).not.toBeInTheDocument());
    expect(screen.getByTestId("search")).toHaveTextContent(/^\?window=last30$/);
  });

  it("an address naming no season of the team falls back to the current season", async () => {
    render("/coach/leaderboard?season=gone");
    await waitFor(() => expect(screen.getByTestId("search")).toBeEmptyDOMElement());
    expect(screen.getByTestId("sent")).toHaveTextContent("current");
  });
});
