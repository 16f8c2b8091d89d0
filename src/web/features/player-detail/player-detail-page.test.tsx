// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { statLinesResponseSchema, type StatLinesResponse } from "#domain/api/game";
import { emptyStatLine, statFigures, statGroupsFor, type StatLine } from "#domain/football-stats";
import { PlayerDetailPage } from "~/features/player-detail/player-detail-page";
import { coachUser, emptyPlayerDetail, playerSummary } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type FakeApi } from "#tests/web/render.tsx";

/*
 * /coach/player-detail/{id}: the empty and error states. The page with real data, paging, not-found and the way
 * back stay in tests/e2e/coach-player-detail.spec.ts.
 */

const NIA = playerSummary({ id: "p-nia", name: "Nia New", position: "lb", jerseyNumber: 5 });

/** A line as the API sends it, from the domain's own functions. */
function line(position: string, counts: Partial<StatLine>) {
  const l = { ...emptyStatLine(), ...counts };
  return { line: l, figures: statFigures(l), groups: statGroupsFor(position, l) };
}

/** GET /api/team/players/{id}/stat-lines, checked against the response schema. */
function statLines(body: StatLinesResponse): StatLinesResponse {
  return statLinesResponseSchema.parse(body);
}

const NO_LINES = statLines({ season: line("lb", {}), games: [] });

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
      .on("GET", `/api/team/players/${NIA.id}/events`, { events: [], nextCursor: null })
      .on("GET", `/api/team/players/${NIA.id}/stat-lines`, NO_LINES);
    openDetail(api);
    expect(await screen.findByRole("heading", { level: 1, name: "Nia New" })).toBeInTheDocument();
    expect((await screen.findAllByText("No plays logged yet")).length).toBeGreaterThan(0);
    expect(screen.getByText("No attendance marked yet")).toBeInTheDocument();
    expect(
      screen.getByText("The score's history appears here once plays are logged for this player."),
    ).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No training logged yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No feedback yet" })).toBeInTheDocument();
    const football = screen.getByRole("region", { name: "Football stats" });
    expect(within(football).getByRole("heading", { name: "No football stats yet" })).toBeInTheDocument();
    expect(within(football).getByText("No games with snaps or plays for Nia New yet.")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("a failed load offers Retry, which loads the player", async () => {
    let failing = true;
    const api = fakeApi()
      .on("GET", `/api/team/players/${NIA.id}`, () =>
        failing ? apiError(503, "unavailable", "Try later.") : json(emptyPlayerDetail(NIA)),
      )
      .on("GET", `/api/team/players/${NIA.id}/events`, { events: [], nextCursor: null })
      .on("GET", `/api/team/players/${NIA.id}/stat-lines`, NO_LINES);
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

describe("player detail page: football stat lines", () => {
  const QUINN = playerSummary({ id: "p-quinn", name: "Quinn Passer", position: "qb", performanceScore: 41.5 });
  const GAME_A = line("qb", {
    passAttempts: 5,
    completions: 3,
    passYards: 40,
    passYardsKnown: 3,
    passTouchdowns: 1,
    interceptionsThrown: 1,
  });
  const GAME_B = line("qb", { passAttempts: 3, completions: 3, passYards: 20, passYardsKnown: 2, carries: 1 });

  it("the season line leads, under the performance score, then the games newest first", async () => {
    const api = fakeApi()
      .on("GET", `/api/team/players/${QUINN.id}`, emptyPlayerDetail(QUINN))
      .on("GET", `/api/team/players/${QUINN.id}/events`, { events: [], nextCursor: null })
      .on(
        "GET",
        `/api/team/players/${QUINN.id}/stat-lines`,
        statLines({
          season: line("qb", {
            passAttempts: 8,
            completions: 6,
            passYards: 60,
            passYardsKnown: 5,
            passTouchdowns: 1,
            interceptionsThrown: 1,
            carries: 1,
          }),
          games: [
            { sessionId: "g-b", date: "2026-10-10", opponent: "Hawks", result: null, stat: GAME_B },
            { sessionId: "g-a", date: "2026-10-03", opponent: "Eagles", result: "W", stat: GAME_A },
          ],
        }),
      );
    openDetail(api, QUINN.id);
    const football = await screen.findByRole("region", { name: "Football stats" });
    // The product's own figures stay, and come first.
    const score = await screen.findByText("Performance score", { exact: true });
    expect(score.parentElement).toHaveTextContent("41.5");
    expect(score.compareDocumentPosition(football) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // ...and the football lines come before the stats summary and the charts.
    const summary = screen.getByRole("region", { name: "Stats summary" });
    expect(football.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const season = await within(football).findByRole("region", { name: "Season" });
    const tables = within(season).getAllByRole("table");
    expect(tables.map((t) => t.querySelector("caption")?.textContent)).toEqual(["Passing", "Rushing"]);
    // 6 of 8, one completion without yards: counts shown, yards and rating as "not logged".
    expect(within(tables[0]!).getByText("6/8")).toBeInTheDocument();
    expect(within(tables[0]!).getAllByTitle("Yards not logged on every play")).toHaveLength(3);

    const games = within(football).getByRole("region", { name: "Football stats by game, newest first" });
    const rows = within(games).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getByRole("rowheader").textContent)).toEqual([
      expect.stringContaining("Game vs Hawks"),
      expect.stringContaining("Game vs Eagles"),
    ]);
    expect(rows[1]).toHaveTextContent("W");
    expect(rows[1]).toHaveTextContent("Passing: 3/5, 40 yds, 1 TD, 1 INT, rating 85.4");
  });

  it("a player of another team reads Player not found, with no second error from the stat lines", async () => {
    const api = fakeApi()
      .on("GET", `/api/team/players/${QUINN.id}`, () => apiError(404, "not_found", "That player was not found."))
      .on("GET", `/api/team/players/${QUINN.id}/stat-lines`, () =>
        apiError(404, "not_found", "That player was not found."),
      );
    openDetail(api, QUINN.id);
    expect(await screen.findByRole("heading", { level: 1, name: "Player not found" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Football stats" })).not.toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("stat lines that fail to load say so inside their panel, with Retry", async () => {
    let failing = true;
    const api = fakeApi()
      .on("GET", `/api/team/players/${QUINN.id}`, emptyPlayerDetail(QUINN))
      .on("GET", `/api/team/players/${QUINN.id}/events`, { events: [], nextCursor: null })
      .on("GET", `/api/team/players/${QUINN.id}/stat-lines`, () =>
        failing ? apiError(503, "unavailable", "Try later.") : json(statLines({ season: GAME_A, games: [] })),
      );
    const { user } = openDetail(api, QUINN.id);
    const football = await screen.findByRole("region", { name: "Football stats" });
    const error = await within(football).findByRole("alert");
    expect(within(error).getByRole("heading", { level: 3, name: "Error loading football stats" })).toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await within(football).findByText("3/5")).toBeInTheDocument();
  });
});
