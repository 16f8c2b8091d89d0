// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { scoreboardSchema } from "#domain/api/game";
import { dashboardResponseSchema } from "#domain/api/team";
import { CoachDashboardPage } from "~/features/coach-dashboard/coach-dashboard-page";
import { PlayerSearchContext } from "~/lib/player-search";
import { coachUser, noticesResponse } from "#tests/web/api-fixtures";
import { fakeApi, renderPage, type FakeApi } from "#tests/web/render.tsx";

/*
 * /coach/dashboard: today's game at the top. The rest of the page (quick actions, at a glance, top performers,
 * latest events, codes) stays in tests/e2e/coach-pages.spec.ts.
 */

const COACH = coachUser();

const DASHBOARD = dashboardResponseSchema.parse({
  team: { id: COACH.team!.id, name: COACH.team!.name, code: COACH.team!.code },
  playerCount: 0,
  averageAttendance: 0,
  eventsThisWeek: 0,
  topPerformers: [],
  latestEvents: [],
});

/** Two seasons; the earlier one holds `earlier` sessions, the current one none. */
function seasons(earlier: number) {
  const season = (id: string, startsOn: string, sessionCount: number, current: boolean) => ({
    id,
    name: id,
    startsOn,
    endsOn: current ? null : "2026-12-31",
    current,
    sessionCount,
    createdAt: `${startsOn}T09:00:00.000Z`,
  });
  return {
    seasons: [season("spring", "2027-01-01", 0, true), season("fall", "2026-09-01", earlier, false)],
    currentSeasonId: "spring",
  };
}

const SEARCH = { open: false, setOpen: () => {}, openPlayerSearch: () => {} };

function open(api: FakeApi) {
  return renderPage(
    <PlayerSearchContext value={SEARCH}>
      <CoachDashboardPage />
    </PlayerSearchContext>,
    { path: "/coach/dashboard", user: COACH, api },
  );
}

describe("coach dashboard page", () => {
  it("today's ended game sits at the top, under the heading: Final and the result", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/team/dashboard", DASHBOARD)
      .on("GET", "/api/team/scoreboard", {
        scoreboard: scoreboardSchema.parse({
          sessionId: "g-1",
          kind: "game",
          date: "2026-10-03",
          opponent: "Eagles",
          homeAway: "home",
          score: { us: 21, them: 14 },
          final: { us: 21, them: 14, corrected: false, endedAt: "2026-10-03T17:00:00.000Z", endedBy: COACH.id },
          result: "W",
          period: 2,
          periodLabel: "2nd half",
          down: null,
          snapCount: 48,
        }),
      });
    open(api);
    const card = await screen.findByRole("region", { name: "Final" });
    expect(card).toHaveTextContent("Harbor Hawks 21 – 14 Eagles");
    expect(card).toHaveTextContent("Final: W 21–14");
    const heading = screen.getByRole("heading", { level: 1, name: "Coach Dashboard" });
    const actions = screen.getByRole("region", { name: "Quick actions" });
    expect(heading.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(card.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("no game today: no card, the dashboard as before", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/team/dashboard", DASHBOARD)
      .on("GET", "/api/team/scoreboard", { scoreboard: null });
    open(api);
    expect(await screen.findByRole("region", { name: "At a glance" })).toBeInTheDocument();
    await waitFor(() => expect(api.count("GET", "/api/team/scoreboard")).toBe(1));
    expect(screen.queryByRole("region", { name: "Live game" })).not.toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Final" })).not.toBeInTheDocument();
  });

  it("a brand-new coach (no session, nothing logged) is welcomed; average attendance is — until attendance is taken", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/team/dashboard", { ...DASHBOARD, averageAttendance: null })
      .on("GET", "/api/team/seasons", seasons(0))
      .on("GET", "/api/team/scoreboard", { scoreboard: null });
    open(api);
    expect(
      await screen.findByText(`Welcome, ${COACH.fullName.split(" ")[0]}. Here is ${COACH.team!.name} at a glance.`),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    const glance = screen.getByRole("region", { name: "At a glance" });
    const stat = within(glance).getByText("Average attendance").parentElement!;
    expect(stat).toHaveTextContent("—");
    expect(stat).toHaveTextContent("No attendance taken yet");
    expect(stat).not.toHaveTextContent("0%");
  });

  it("a coach whose team has sessions is welcomed back, with the average as a percentage", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/notices", noticesResponse())
      .on("GET", "/api/team/dashboard", { ...DASHBOARD, averageAttendance: 83 })
      // Sessions in an earlier season only: a new season does not make the coach new.
      .on("GET", "/api/team/seasons", seasons(6))
      .on("GET", "/api/team/scoreboard", { scoreboard: null });
    open(api);
    expect(await screen.findByText(/^Welcome back, /)).toBeInTheDocument();
    const glance = await screen.findByRole("region", { name: "At a glance" });
    expect(within(glance).getByText("Average attendance").parentElement!).toHaveTextContent("83%");
  });
});
