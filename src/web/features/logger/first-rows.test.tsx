// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EventList } from "./events/event-list";
import { FIRST_FRAME_ROWS, FIRST_ROWS } from "./first-rows";
import { SnapList } from "./snaps/snap-list";
import type { SnapRow } from "./snaps/snap-model";
import type { EventRow } from "./view-model";

/*
 * A long session's list draws its newest rows first (the phone's first render stays short); the older ones are one
 * tap away, and a row the server refused is drawn wherever it is, since only its row can discard it.
 */

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The screen's width as a phone's (below Tailwind's sm breakpoint) or wider. */
function screenIs(kind: "phone" | "wide") {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: kind === "phone" && query.includes("max-width") }));
}
const at = (i: number) => new Date(Date.UTC(2026, 10, 21, 15, 0, i)).toISOString();

function snap(i: number, over: Partial<SnapRow> = {}): SnapRow {
  return {
    id: `s${i}`,
    sessionId: "g1",
    detail: { kind: "run", runnerId: "p7", yards: i, touchdown: false },
    period: i < 20 ? 1 : 2,
    firstDown: false,
    playId: null,
    occurredAt: at(i),
    points: { us: 0, them: 0 },
    loggedBy: null,
    edited: false,
    status: "synced",
    seq: null,
    error: null,
    editProblem: null,
    ...over,
  };
}

function renderSnaps(rows: SnapRow[]) {
  const noop = () => undefined;
  render(
    <SnapList
      rows={rows}
      rules={{ periodKind: "half" }}
      label={() => "#7"}
      meId="me"
      onEdit={noop}
      onDelete={noop}
      onDiscard={noop}
    />,
  );
  return within(screen.getByRole("region", { name: "Play-by-play" }));
}

describe("the play-by-play's first rows", () => {
  it("on a phone draws the newest three in the first frame and the rest of the first rows once it is on screen", async () => {
    screenIs("phone");
    const list = renderSnaps(Array.from({ length: 45 }, (_, i) => snap(i)));
    expect(list.getAllByRole("listitem")).toHaveLength(FIRST_FRAME_ROWS);
    expect(list.getAllByRole("listitem")[0]!.textContent).toContain("#7 run, 44 yds");
    // No count of earlier snaps yet: it would change a frame later.
    expect(list.queryByRole("button", { name: /earlier snaps/ })).toBeNull();
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS));
    expect(list.getByRole("button", { name: "Show 25 earlier snaps" })).toBeTruthy();
  });

  it("on a wider screen, where the list may be in view, draws the first rows at once", () => {
    screenIs("wide");
    const list = renderSnaps(Array.from({ length: 45 }, (_, i) => snap(i)));
    expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS);
    expect(list.getByRole("button", { name: "Show 25 earlier snaps" })).toBeTruthy();
  });

  it("draws the newest snaps, says how many earlier ones there are, and draws them all on a tap", async () => {
    // Oldest first, as snapRows gives them: snap 0 ran 0 yds ... snap 44 ran 44 yds.
    const list = renderSnaps(Array.from({ length: 45 }, (_, i) => snap(i)));
    expect(list.getByText("45 snaps")).toBeTruthy();
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS));
    expect(list.getAllByRole("listitem")[0]!.textContent).toContain("#7 run, 44 yds");
    expect(list.queryByText("#7 run, 24 yds")).toBeNull();
    expect(list.getByText("#7 run, 25 yds")).toBeTruthy();
    // Every drawn row is the second half's: the first half's group is not drawn yet.
    expect(list.queryByRole("list", { name: "1st half" })).toBeNull();

    fireEvent.click(list.getByRole("button", { name: "Show 25 earlier snaps" }));
    expect(list.getAllByRole("listitem")).toHaveLength(45);
    expect(list.getByRole("list", { name: "1st half" })).toBeTruthy();
    expect(list.getByText("#7 run, 0 yds")).toBeTruthy();
    expect(list.queryByRole("button", { name: /earlier snaps/ })).toBeNull();
  });

  it("draws an older refused snap, and an older snap whose edit was refused, with the newest ones", async () => {
    const rows = Array.from({ length: 30 }, (_, i) => snap(i));
    rows[2] = snap(2, { status: "failed", seq: 5, error: "That player left the team." });
    rows[3] = snap(3, { editProblem: { seq: 6, message: "Out of range." } });
    const list = renderSnaps(rows);
    // Refused ones are drawn from the first frame: only their row can discard them.
    expect(list.getByText("That player left the team.")).toBeTruthy();
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS + 2));
    expect(list.getByText("That player left the team.")).toBeTruthy();
    expect(list.getByText(/Edit not saved: Out of range\./)).toBeTruthy();
    expect(list.getByRole("button", { name: "Show 8 earlier snaps" })).toBeTruthy();
  });

  it("draws a short game whole, with no button", async () => {
    const list = renderSnaps(Array.from({ length: FIRST_ROWS }, (_, i) => snap(i)));
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS));
    expect(list.queryByRole("button", { name: /earlier/ })).toBeNull();
  });
});

describe("the session's events' first rows", () => {
  it("draws the newest events and any refused one, the rest on a tap", async () => {
    screenIs("phone");
    // Newest first, as sessionRows gives them.
    const rows: EventRow[] = Array.from({ length: 26 }, (_, i) => ({
      id: `e${i}`,
      playerId: "p7",
      playerName: `Player ${i}`,
      eventType: "Flag Pull",
      yards: null,
      points: 1,
      occurredAt: at(60 - i),
      status: i === 25 ? "failed" : "synced",
      seq: i === 25 ? 9 : null,
      error: i === 25 ? "Not a player of this team." : null,
    }));
    const noop = () => undefined;
    render(<EventList rows={rows} onDelete={noop} onDiscard={noop} />);
    const list = within(screen.getByRole("region", { name: "Events this session" }));
    expect(list.getByText(/25 events/)).toBeTruthy();
    expect(list.getAllByRole("listitem")).toHaveLength(FIRST_FRAME_ROWS + 1);
    await waitFor(() => expect(list.getAllByRole("listitem")).toHaveLength(FIRST_ROWS + 1));
    expect(list.getByText("Not a player of this team.")).toBeTruthy();
    expect(list.queryByText(/Player 20\b/)).toBeNull();

    fireEvent.click(list.getByRole("button", { name: "Show 5 earlier events" }));
    expect(list.getAllByRole("listitem")).toHaveLength(26);
    expect(list.getByText(/Player 20\b/)).toBeTruthy();
  });
});
