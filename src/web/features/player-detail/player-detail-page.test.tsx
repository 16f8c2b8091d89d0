// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlayerDetailPage } from "~/features/player-detail/player-detail-page";
import { coachUser, emptyPlayerDetail, playerSummary } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type FakeApi } from "#tests/web/render.tsx";

/*
 * /coach/player-detail/{id}: the empty and error states. The page with real data, paging, not-found and the way
 * back stay in tests/e2e/coach-player-detail.spec.ts.
 */

const NIA = playerSummary({ id: "p-nia", name: "Nia New", position: "lb", jerseyNumber: 5 });

function openDetail(api: FakeApi, id = NIA.id) {
  return renderPage(<PlayerDetailPage id={id} />, {
    path: "/coach/player-detail/:id",
    url: `/coach/player-detail/${id}`,
    user: coachUser(),
    api,
  });
}

describe("player detail page", () => {
  it("a player with nothing logged gets empty states, not blanks", async () => {
    const api = fakeApi()
      .on("GET", `/api/team/players/${NIA.id}`, emptyPlayerDetail(NIA))
      .on("GET", `/api/team/players/${NIA.id}/events`, { events: [], nextCursor: null });
    openDetail(api);
    expect(await screen.findByRole("heading", { level: 1, name: "Nia New" })).toBeInTheDocument();
    expect((await screen.findAllByText("No plays logged yet")).length).toBeGreaterThan(0);
    expect(screen.getByText("No attendance marked yet")).toBeInTheDocument();
    expect(
      screen.getByText("The score's history appears here once plays are logged for this player."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No training logged yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No feedback yet" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a failed load offers Retry, which loads the player", async () => {
    let failing = true;
    const api = fakeApi()
      .on("GET", `/api/team/players/${NIA.id}`, () =>
        failing ? apiError(503, "unavailable", "Try later.") : json(emptyPlayerDetail(NIA)),
      )
      .on("GET", `/api/team/players/${NIA.id}/events`, { events: [], nextCursor: null });
    const { user } = openDetail(api);
    const error = await screen.findByRole("alert");
    expect(within(error).getByRole("heading", { name: "Error loading this player" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Event history" })).not.toBeInTheDocument();

    failing = false;
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Nia New" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Event history" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Error loading this player" })).not.toBeInTheDocument();
  });
});
