// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPlayerSearchDialog, PlayerSearchProvider, usePlayerSearch } from "~/features/player-search";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { apiError, deferred, fakeApi, json, renderPage, type FakeApi } from "#tests/web/render.tsx";

/*
 * The coach player search dialog's rendering (docs/product.md §2): rows, sorts, filters, footer, and the loading, error and
 * empty states. Opening it from the real navigation, keyboard use and choosing a player stay in
 * tests/e2e/coach-search.spec.ts.
 */

/*
 * What GET /api/team/players answers for the e2e team (docs/product.md §9 scores): Avery (qb) 16.2, rank 3; Casey (cb) 14.3,
 * rank 2; Blake (wr) 1.6, rank 1; Drew (rb) 0, rank 1. Attendance: Blake 100%, Drew 75%, Avery 50%, Casey 0%.
 * Events: Casey 3, Avery 2, Blake 1, Drew 0. Deliberately not in any sorted order.
 */
const PLAYERS = [
  playerSummary({
    id: "p-drew",
    name: "Drew Park",
    position: "rb",
    jerseyNumber: 30,
    performanceScore: 0,
    teamRanking: 1,
    attendancePercentage: 75,
    eventCount: 0,
  }),
  playerSummary({
    id: "p-casey",
    name: "Casey Stone",
    position: "cb",
    jerseyNumber: 24,
    performanceScore: 14.3,
    teamRanking: 2,
    attendancePercentage: 0,
    eventCount: 3,
  }),
  playerSummary({
    id: "p-blake",
    name: "Blake Rivers",
    position: "wr",
    jerseyNumber: 7,
    performanceScore: 1.6,
    teamRanking: 1,
    attendancePercentage: 100,
    eventCount: 1,
  }),
  playerSummary({
    id: "p-avery",
    name: "Avery Quinn",
    position: "qb",
    jerseyNumber: 12,
    performanceScore: 16.2,
    teamRanking: 3,
    attendancePercentage: 50,
    eventCount: 2,
  }),
];
const NAMES = PLAYERS.map((p) => p.name);

function Opener() {
  const { openPlayerSearch } = usePlayerSearch();
  return (
    <button type="button" onClick={openPlayerSearch}>
      Search players
    </button>
  );
}

async function openSearch(api: FakeApi) {
  const page = renderPage(
    <PlayerSearchProvider>
      <Opener />
    </PlayerSearchProvider>,
    { path: "/coach/dashboard", user: coachUser(), api },
  );
  await page.user.click(await screen.findByRole("button", { name: "Search players" }));
  const dialog = await screen.findByRole("dialog", { name: "Player search" });
  return { ...page, dialog };
}

const rows = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole("listitem")
    .map((li) => within(li).getByRole("button"));
const rowNames = (dialog: HTMLElement) =>
  rows(dialog).map((row) => NAMES.find((n) => row.textContent!.startsWith(n)) ?? row.textContent);

describe("player search dialog", () => {
  // The dialog is a lazily loaded chunk (as in the app); load it once up front so each test opens it at once.
  beforeAll(async () => {
    await loadPlayerSearchDialog();
  });

  it("lists the team with each row's details, defaults to Performance Score, Highest First", async () => {
    const api = fakeApi().on("GET", "/api/team/players", { players: PLAYERS });
    const { dialog, user } = await openSearch(api);
    expect(await within(dialog).findByText("Showing 4 of 4 players")).toBeInTheDocument();
    expect(rowNames(dialog)).toEqual(["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"]);

    const casey = rows(dialog).find((r) => r.textContent!.startsWith("Casey Stone"))!;
    for (const text of ["#24", "Cornerback", "Rank", "2", "Attendance", "0%", "Score", "14.3", "Events", "3"]) {
      expect(casey).toHaveTextContent(text);
    }
    const avery = rows(dialog).find((r) => r.textContent!.startsWith("Avery Quinn"))!;
    for (const text of ["#12", "Quarterback", "16.2", "50%"]) expect(avery).toHaveTextContent(text);

    const filters = within(dialog).getByRole("button", { name: "Filters" });
    expect(filters).toHaveAttribute("aria-expanded", "false");
    expect(within(dialog).getByLabelText("Sort By")).not.toBeVisible();
    await user.click(filters);
    expect(filters).toHaveAttribute("aria-expanded", "true");
    expect(within(dialog).getByLabelText("Sort By")).toBeVisible();
    expect(within(dialog).getByLabelText("Sort By")).toHaveValue("performanceScore");
    expect(within(dialog).getByLabelText("Order")).toHaveValue("desc");
    const position = within(dialog).getByLabelText("Position");
    expect(position).toHaveValue("all");

    // Position: All positions, then the ten positions in Offense and Defense groups.
    expect(position.querySelector("option")!.textContent).toBe("All positions");
    const groups = Array.from(position.querySelectorAll("optgroup"));
    expect(groups.map((g) => g.label)).toEqual(["Offense", "Defense"]);
    expect(Array.from(groups[0]!.querySelectorAll("option"), (o) => o.textContent)).toEqual([
      "Quarterback",
      "Wide Receiver",
      "Slot Receiver",
      "Running Back",
      "Tight End",
      "Center",
    ]);
    expect(Array.from(groups[1]!.querySelectorAll("option"), (o) => o.textContent)).toEqual([
      "Cornerback",
      "Safety",
      "Linebacker",
      "Pass Rusher",
    ]);
    await user.click(filters);
    expect(filters).toHaveAttribute("aria-expanded", "false");
  });

  it("each sort, in both orders, orders the rows", async () => {
    const api = fakeApi().on("GET", "/api/team/players", { players: PLAYERS });
    const { dialog, user } = await openSearch(api);
    await within(dialog).findByText("Showing 4 of 4 players");
    await user.click(within(dialog).getByRole("button", { name: "Filters" }));

    const expected: Record<string, { desc: string[]; asc: string[] }> = {
      "Performance Score": {
        desc: ["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"],
        asc: ["Drew Park", "Blake Rivers", "Casey Stone", "Avery Quinn"],
      },
      // Blake and Drew share rank 1: ties read by name, A to Z, in either order.
      "Team Ranking": {
        desc: ["Avery Quinn", "Casey Stone", "Blake Rivers", "Drew Park"],
        asc: ["Blake Rivers", "Drew Park", "Casey Stone", "Avery Quinn"],
      },
      "Activity Level": {
        desc: ["Casey Stone", "Avery Quinn", "Blake Rivers", "Drew Park"],
        asc: ["Drew Park", "Blake Rivers", "Avery Quinn", "Casey Stone"],
      },
      Attendance: {
        desc: ["Blake Rivers", "Drew Park", "Avery Quinn", "Casey Stone"],
        asc: ["Casey Stone", "Avery Quinn", "Drew Park", "Blake Rivers"],
      },
      Name: {
        desc: ["Drew Park", "Casey Stone", "Blake Rivers", "Avery Quinn"],
        asc: ["Avery Quinn", "Blake Rivers", "Casey Stone", "Drew Park"],
      },
    };
    const sortBy = within(dialog).getByLabelText("Sort By");
    const order = within(dialog).getByLabelText("Order");
    for (const [label, orders] of Object.entries(expected)) {
      await user.selectOptions(sortBy, within(sortBy).getByRole("option", { name: label }));
      await user.selectOptions(order, within(order).getByRole("option", { name: "Highest First" }));
      expect(rowNames(dialog), `${label}, Highest First`).toEqual(orders.desc);
      await user.selectOptions(order, within(order).getByRole("option", { name: "Lowest First" }));
      expect(rowNames(dialog), `${label}, Lowest First`).toEqual(orders.asc);
    }
    expect(within(dialog).getByText("Showing 4 of 4 players")).toBeInTheDocument();
  });

  it("filters by name (case-insensitive substring) and by position; the footer counts what is shown", async () => {
    const api = fakeApi().on("GET", "/api/team/players", { players: PLAYERS });
    const { dialog, user } = await openSearch(api);
    await within(dialog).findByText("Showing 4 of 4 players");
    const search = within(dialog).getByRole("textbox", { name: "Search players" });

    await user.type(search, "RI");
    expect(rowNames(dialog)).toEqual(["Blake Rivers"]);
    expect(within(dialog).getByText("Showing 1 of 4 players")).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, "a");
    expect(rows(dialog)).toHaveLength(4);
    await user.clear(search);
    await user.type(search, "ston");
    expect(rowNames(dialog)).toEqual(["Casey Stone"]);
    await user.clear(search);
    expect(rows(dialog)).toHaveLength(4);

    await user.click(within(dialog).getByRole("button", { name: "Filters" }));
    const position = within(dialog).getByLabelText("Position");
    await user.selectOptions(position, within(position).getByRole("option", { name: "Cornerback" }));
    expect(rowNames(dialog)).toEqual(["Casey Stone"]);
    expect(within(dialog).getByText("Showing 1 of 4 players")).toBeInTheDocument();
    await user.selectOptions(position, within(position).getByRole("option", { name: "Running Back" }));
    expect(rowNames(dialog)).toEqual(["Drew Park"]);

    // Name and position together: nobody named "avery" plays running back.
    await user.type(search, "avery");
    expect(rows(dialog)).toHaveLength(0);
    expect(within(dialog).getByText("No players found")).toBeInTheDocument();
    expect(within(dialog).getByText("Try adjusting your search or filters.")).toBeInTheDocument();
    expect(within(dialog).getByText("Showing 0 of 4 players")).toBeInTheDocument();

    await user.selectOptions(position, within(position).getByRole("option", { name: "All positions" }));
    expect(rowNames(dialog)).toEqual(["Avery Quinn"]);
  });

  it("an empty team says no players have been added yet", async () => {
    const api = fakeApi().on("GET", "/api/team/players", { players: [] });
    const { dialog } = await openSearch(api);
    expect(await within(dialog).findByText("No players found")).toBeInTheDocument();
    expect(within(dialog).getByText("No players have been added to the team yet.")).toBeInTheDocument();
    expect(within(dialog).queryByText("Try adjusting your search or filters.")).not.toBeInTheDocument();
    expect(within(dialog).getByText("Showing 0 of 0 players")).toBeInTheDocument();
  });

  it("shows Loading players... while the list loads", async () => {
    const held = deferred();
    const api = fakeApi().on("GET", "/api/team/players", async () => {
      await held.promise;
      return json({ players: PLAYERS });
    });
    const { dialog } = await openSearch(api);
    expect(await within(dialog).findByText("Loading players...")).toBeInTheDocument();
    expect(rows(dialog)).toHaveLength(0);
    held.resolve();
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(within(dialog).queryByText("Loading players...")).not.toBeInTheDocument();
  });

  it("a failed load shows the error, and Retry loads the players", async () => {
    let failing = true;
    const api = fakeApi().on("GET", "/api/team/players", () =>
      failing ? apiError(500, "internal", "Broken") : json({ players: PLAYERS }),
    );
    const { dialog, user } = await openSearch(api);
    expect(await within(dialog).findByRole("heading", { name: "Error loading players" })).toBeInTheDocument();
    expect(within(dialog).getByText("Failed to load players. Please try again.")).toBeInTheDocument();
    expect(rows(dialog)).toHaveLength(0);

    failing = false;
    await user.click(within(dialog).getByRole("button", { name: "Retry" }));
    await waitFor(() => expect(rows(dialog)).toHaveLength(4));
    expect(within(dialog).queryByRole("heading", { name: "Error loading players" })).not.toBeInTheDocument();
    expect(within(dialog).getByText("Showing 4 of 4 players")).toBeInTheDocument();
    expect(api.count("GET", "/api/team/players")).toBe(2);
  });

  it("a network failure shows the error too", async () => {
    const api = fakeApi().on("GET", "/api/team/players", () => {
      throw new TypeError("Failed to fetch");
    });
    const { dialog } = await openSearch(api);
    expect(await within(dialog).findByRole("heading", { name: "Error loading players" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
