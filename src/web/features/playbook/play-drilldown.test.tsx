// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  playAnalysisEventsResponseSchema,
  type PlayAnalysisEventsResponse,
  type PlayAnalysisPlayer,
  type PlaybookAnalysisRow,
} from "#domain/api/plays";
import { coachUser } from "#tests/web/api-fixtures";
import { fakeApi, renderPage } from "#tests/web/render.tsx";
import { DEFAULT_FILTERS } from "./analysis-filters";
import { PlayDrillDown } from "./play-drilldown";
import { creditGroups } from "./play-players";

const ROW: PlaybookAnalysisRow = {
  playId: "11111111-1111-4111-8111-111111111111",
  name: "Slant",
  side: "offense",
  formation: "Trips",
  tags: [],
  archived: false,
  timesRun: 4,
  completions: 2,
  attempts: 4,
  completionRate: 0.5,
  yards: 32,
  yardsPerPlay: 8,
  touchdowns: 1,
  touchdownRate: 0.25,
  turnovers: 1,
  points: 19.4,
};

function player(
  patch: Partial<PlayAnalysisPlayer> & Pick<PlayAnalysisPlayer, "playerId" | "name">,
): PlayAnalysisPlayer {
  return {
    position: "wr",
    events: 0,
    attempts: 0,
    completions: 0,
    passingYards: 0,
    catches: 0,
    receivingYards: 0,
    carries: 0,
    rushingYards: 0,
    defensivePlays: 0,
    points: 0,
    ...patch,
  };
}

const QB = player({
  playerId: "qb-1",
  name: "Quinn Passer",
  position: "qb",
  events: 2,
  attempts: 4,
  completions: 2,
  passingYards: 32,
  points: 9.7,
});
const WR = player({ playerId: "wr-1", name: "Rae Catcher", events: 2, catches: 2, receivingYards: 32, points: 9.7 });

/** The play of four snaps (complete 12, incomplete, intercepted, TD 20): the four events the completions wrote. */
const BODY: PlayAnalysisEventsResponse = playAnalysisEventsResponseSchema.parse({
  play: ROW,
  players: [QB, WR],
  events: [
    ["e-4", "TD Catch", 20, "wr-1", "Rae Catcher", 8.1, "s-4"],
    ["e-3", "Pass TD", 20, "qb-1", "Quinn Passer", 8.1, "s-4"],
    ["e-2", "Catch", 12, "wr-1", "Rae Catcher", 1.6, "s-1"],
    ["e-1", "Pass Completion", 12, "qb-1", "Quinn Passer", 1.6, null],
  ].map(([id, eventType, yards, playerId, playerName, points, snapId], i) => ({
    id,
    occurredAt: `2026-10-10T15:0${4 - i}:00.000Z`,
    eventType,
    yards,
    playerId,
    playerName,
    session: { kind: "game", date: "2026-10-10", opponent: "Eagles" },
    points,
    snapId,
  })),
  nextCursor: null,
});

function renderDrillDown(body: PlayAnalysisEventsResponse = BODY) {
  const api = fakeApi()
    .on("GET", `/api/team/playbook-analysis/${ROW.playId}/events`, body)
    .on("GET", "/api/team/plays", { plays: [] });
  return renderPage(
    <PlayDrillDown
      row={body.play}
      filters={DEFAULT_FILTERS}
      tzOffset={0}
      onClose={() => {}}
      onCloseAutoFocus={() => {}}
    />,
    { path: "/coach/playbook-analysis", user: coachUser(), api },
  );
}

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("play drill-down: players", () => {
  it("credits the passer with C/ATT and passing yards and the receiver with the same yards as receiving yards", async () => {
    renderDrillDown();
    const table = await screen.findByRole("region", { name: "Players involved table" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Player", "C/ATT", "Pass yds", "Rec", "Rec yds", "Events", "Points"]);
    // Columns: C/ATT, Pass yds, Rec, Rec yds, Events, Points.
    expect(cells(within(table).getByRole("row", { name: /Quinn Passer/ }))).toEqual(["2/4", "32", "", "", "2", "9.7"]);
    expect(cells(within(table).getByRole("row", { name: /Rae Catcher/ }))).toEqual(["", "", "2", "32", "2", "9.7"]);
    // How the 32 yards add up: the play's yards are passing + rushing, receiving yards are not added again.
    expect(screen.getByText(/The play's yards are the passing yards plus the rushing yards/)).toBeVisible();
    // The play's figure: the first "Yards" is the play's, before the events' own.
    expect(screen.getAllByText("Yards", { selector: "dt" })[0]!.nextElementSibling).toHaveTextContent(/^32$/);
  });

  it("an event a snap wrote has no Change play menu and says where to move it; one logged on its own has the menu", async () => {
    renderDrillDown();
    const list = await screen.findByRole("list", { name: "Events of Slant" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4);
    expect(within(items[0]!).queryByRole("combobox")).toBeNull();
    expect(within(items[0]!).getByText(/change the snap's play in the logger's play-by-play/)).toBeVisible();
    expect(within(items[3]!).getByRole("combobox", { name: /Change play/ })).toBeVisible();
  });

  it("a defensive play shows the defense column only, and no yards note", async () => {
    const cb = player({
      playerId: "cb-1",
      name: "Cam Corner",
      position: "cb",
      events: 2,
      defensivePlays: 3,
      points: 11.2,
    });
    renderDrillDown({ ...BODY, play: { ...ROW, side: "defense" }, players: [cb], events: [] });
    const table = await screen.findByRole("region", { name: "Players involved table" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Player", "Def", "Events", "Points"]);
    expect(cells(within(table).getByRole("row", { name: /Cam Corner/ }))).toEqual(["3", "2", "11.2"]);
    expect(screen.queryByText(/The play's yards are/)).toBeNull();
  });

  it("credit groups follow what the players did", () => {
    const rb = player({ playerId: "rb-1", name: "Ray Runner", carries: 1, rushingYards: -2 });
    expect(creditGroups([QB, WR, rb])).toEqual(["passing", "receiving", "rushing"]);
    expect(creditGroups([player({ playerId: "x", name: "X", events: 1, points: 0.6 })])).toEqual([]);
  });
});
