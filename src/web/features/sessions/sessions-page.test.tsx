// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { TeamSessionSummary } from "#domain/api/team";
import type { MergePlan } from "#domain/api/sessions";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { formatDay } from "~/ui/format";
import { SessionsPage } from "./sessions-page";
import { deleteImpactLines, mergeLines } from "./words";

const G1 = "00000000-0000-4000-8000-000000000001";
const G2 = "00000000-0000-4000-8000-000000000002";
const P1 = "00000000-0000-4000-8000-000000000003";

function summary(over: Partial<TeamSessionSummary> & Pick<TeamSessionSummary, "id">): TeamSessionSummary {
  return {
    kind: "game",
    date: "2026-10-03",
    opponent: null,
    location: null,
    eventCount: 0,
    presentCount: 0,
    attendanceCount: 0,
    ...over,
  };
}

const SEASON = {
  id: "season-1",
  name: "Fall 2026",
  startsOn: "2026-09-01",
  endsOn: null,
  current: true,
  sessionCount: 3,
  createdAt: "2026-09-01T09:00:00.000Z",
};

const SESSIONS = [
  summary({ id: G2, opponent: "Hawks", date: "2026-10-10", eventCount: 42, presentCount: 9, attendanceCount: 12 }),
  summary({ id: G1, opponent: "Hawks", date: "2026-10-10" }),
  summary({ id: P1, kind: "practice", date: "2026-10-08", location: "North Field" }),
];

const detail = (id: string, over: Record<string, unknown> = {}) => ({
  session: {
    id,
    kind: "game",
    date: "2026-10-10",
    opponent: "Hawks",
    homeAway: "home",
    location: null,
    notes: null,
    createdAt: "2026-10-10T15:00:00.000Z",
    ...over,
  },
  attendance: [],
  events: [],
  eventCount: 0,
});

const hawks = `Game vs Hawks · ${formatDay("2026-10-10")}`;
const practice = `Practice · ${formatDay("2026-10-08")}`;

function open() {
  const api = fakeApi()
    .on("GET", "/api/team/seasons", { seasons: [SEASON], currentSeasonId: SEASON.id })
    .on("GET", "/api/team/sessions", (req: ApiRequest) => {
      // The current season's sessions, asked for by id.
      expect(req.searchParams.get("season")).toBe(SEASON.id);
      return json({ sessions: SESSIONS });
    });
  const page = renderPage(<SessionsPage />, { path: "/coach/games/sessions", user: coachUser(), api });
  return { api, ...page };
}

describe("sessions screen", () => {
  it("lists every session newest first with its counts", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Practices & games" })).toBeInTheDocument();
    const items = within(await screen.findByRole("list")).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("p")?.textContent)).toEqual([hawks, hawks, practice]);
    expect(items[0]).toHaveTextContent("42 logged plays · 9 of 12 marked present");
    expect(items[2]).toHaveTextContent("North Field · 0 logged plays · No attendance taken");
  });

  it("edits a game: a blank date is refused in the form, a server field error shows beside its field, then it saves", async () => {
    const { api, user } = open();
    api.on("GET", `/api/team/sessions/${G2}`, detail(G2));
    let sent: unknown = null;
    api.on("PATCH", `/api/team/sessions/${G2}`, (req: ApiRequest) => {
      sent = req.body;
      return sent && (sent as { opponent: string }).opponent === "Taken"
        ? apiError(400, "invalid_input", "Opponent is wrong.", { opponent: "Opponent is wrong." })
        : new Response(JSON.stringify({ session: detail(G2, { opponent: "Ravens" }).session }), {
            headers: { "Content-Type": "application/json" },
          });
    });
    await user.click((await screen.findAllByRole("button", { name: `Edit ${hawks}` }))[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Edit session" });
    const date = await within(dialog).findByLabelText("Date");
    await user.clear(date);
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Enter the date as YYYY-MM-DD.")).toBeInTheDocument();
    expect(api.count("PATCH", `/api/team/sessions/${G2}`)).toBe(0);

    await user.type(date, "2026-10-11");
    const opponent = within(dialog).getByLabelText(/Opponent/);
    await user.clear(opponent);
    await user.type(opponent, "Taken");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Opponent is wrong.")).toBeInTheDocument();
    expect(opponent).toHaveAttribute("aria-invalid", "true");

    await user.clear(opponent);
    await user.type(opponent, "Ravens");
    await user.selectOptions(within(dialog).getByLabelText("Home or away"), "away");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText(`Saved: Game vs Ravens · ${formatDay("2026-10-10")}.`)).toBeInTheDocument();
    expect(sent).toEqual({ date: "2026-10-11", location: null, notes: null, opponent: "Ravens", homeAway: "away" });
  });

  it("a practice's form has no opponent and sends none", async () => {
    const { api, user } = open();
    api.on("GET", `/api/team/sessions/${P1}`, detail(P1, { kind: "practice", opponent: null, homeAway: null }));
    await user.click(await screen.findByRole("button", { name: `Edit ${practice}` }));
    const dialog = await screen.findByRole("dialog", { name: "Edit session" });
    await within(dialog).findByLabelText("Date");
    expect(within(dialog).queryByLabelText(/Opponent/)).toBeNull();
    expect(within(dialog).queryByLabelText("Home or away")).toBeNull();
  });

  it("deleting says what it removes and keeps before the coach confirms", async () => {
    const { api, user } = open();
    api.on("GET", `/api/team/sessions/${G2}/impact`, { impact: { marks: 12, snaps: 30, events: 42, eventPlayers: 9 } });
    api.on("DELETE", `/api/team/sessions/${G2}`, () => new Response(null, { status: 204 }));
    await user.click((await screen.findAllByRole("button", { name: `Delete ${hawks}` }))[0]!);
    const dialog = await screen.findByRole("alertdialog", { name: `Delete ${hawks}?` });
    expect(
      await within(dialog).findByText("Deletes 30 snaps (the play-by-play and score) and 12 attendance marks."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText("Its 42 logged plays of 9 players stay in the players' stats, without a session."),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete session" }));
    expect(await screen.findByText(`${hawks} was deleted.`)).toBeInTheDocument();
    expect(api.count("DELETE", `/api/team/sessions/${G2}`)).toBe(1);
  });

  it("merging previews what moves and who is marked in both, offers only the same kind, then merges", async () => {
    const { api, user } = open();
    const plan: MergePlan = {
      source: { id: G1, kind: "game", date: "2026-10-10", opponent: "Hawks" },
      target: { id: G2, kind: "game", date: "2026-10-10", opponent: "Hawks" },
      events: 5,
      snaps: 3,
      marks: 2,
      conflicts: [{ playerId: "p1", name: "Avery Quinn", source: true, target: false, merged: true }],
      finalRecomputed: true,
    };
    api.on("GET", `/api/team/sessions/${G1}/merge`, { merge: plan });
    api.on("POST", `/api/team/sessions/${G1}/merge`, { merge: plan });
    await user.click((await screen.findAllByRole("button", { name: `Merge ${hawks}` }))[1]!);
    const dialog = await screen.findByRole("dialog", { name: `Merge ${hawks}` });
    const into = within(dialog).getByLabelText(/Merge into/);
    // The other game only: never the session itself, never a practice.
    expect(
      within(into)
        .getAllByRole("option")
        .map((o) => o.getAttribute("value")),
    ).toEqual(["", G2]);
    expect(within(dialog).getByRole("button", { name: "Merge sessions" })).toBeDisabled();
    await user.selectOptions(into, G2);
    const preview = await within(dialog).findByRole("region", { name: "Merge preview" });
    expect(
      await within(preview).findByText(
        "Moves 5 logged plays, 3 snaps and 3 attendance marks, then deletes this session.",
      ),
    ).toBeInTheDocument();
    expect(within(preview).getByText("Marked in both: Avery Quinn (present). Present wins.")).toBeInTheDocument();
    expect(within(preview).getByText("The final score is recomputed from the snaps.")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Merge sessions" }));
    expect(await screen.findByText(`${hawks} was merged into ${hawks}.`)).toBeInTheDocument();
    await waitFor(() => expect(api.count("POST", `/api/team/sessions/${G1}/merge`)).toBe(1));
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ intoId: G2 });
  });

  it("a refused merge shows the server's reason", async () => {
    const { api, user } = open();
    api.on("GET", `/api/team/sessions/${G1}/merge`, () =>
      apiError(409, "different_season", "These sessions are in different seasons. Merge only sessions of one season."),
    );
    await user.click((await screen.findAllByRole("button", { name: `Merge ${hawks}` }))[1]!);
    const dialog = await screen.findByRole("dialog", { name: `Merge ${hawks}` });
    await user.selectOptions(within(dialog).getByLabelText(/Merge into/), G2);
    expect(await within(dialog).findByText(/different seasons/)).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Merge sessions" })).toBeDisabled();
  });

  it("words an empty session's delete and a practice merge without snaps", () => {
    expect(deleteImpactLines({ marks: 0, snaps: 0, events: 1, eventPlayers: 1 })).toEqual([
      "Deletes no snaps and no attendance marks.",
      "Its 1 logged play of 1 player stays in the players' stats, without a session.",
    ]);
    expect(
      mergeLines({
        source: { id: P1, kind: "practice", date: "2026-10-08", opponent: null },
        target: { id: P1, kind: "practice", date: "2026-10-09", opponent: null },
        events: 0,
        snaps: 0,
        marks: 1,
        conflicts: [],
        finalRecomputed: false,
      }),
    ).toEqual(["Moves 0 logged plays and 1 attendance mark, then deletes this session."]);
  });
});
