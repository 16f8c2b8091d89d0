// @vitest-environment jsdom
import { cleanup, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { coachUser, playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/*
 * A signed-in player or coach with no team (docs/product.md §6): the role guard shows why and a way back in,
 * instead of the page they asked for and its 403 error card.
 */

const REMOVED = playerUser({ team: null, formerTeam: { name: "Harbor Hawks", leftAt: "2026-11-20T18:00:00.000Z" } });

function Dashboard() {
  return <h1>Player Dashboard</h1>;
}

describe("no longer on the team", () => {
  it("a removed player sees whose roster they left and a team code form, not the page they opened", async () => {
    const api = fakeApi().on("GET", "/api/me/notices", {
      notices: [
        {
          id: "n1",
          teamId: "team-1",
          kind: "removed",
          params: { teamName: "Harbor Hawks" },
          createdAt: "2026-11-20T18:00:00.000Z",
          readAt: null,
        },
      ],
      unread: 1,
    });
    renderPage(<Dashboard />, { path: "/player/dashboard", user: REMOVED, api });
    expect(
      await screen.findByRole("heading", { level: 1, name: "You're no longer on Harbor Hawks' roster" }),
    ).toBeInTheDocument();
    expect(screen.getByText(/the stats logged for you are kept/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Team code" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Player Dashboard" })).toBeNull();
    // Why, in the coach's decision's words (docs/product.md §11 Notices).
    expect(await screen.findByText("The coach removed you from Harbor Hawks.")).toBeInTheDocument();
    // Nothing of the page's own was asked for: only the session and the notices.
    expect(api.requests.map((r) => r.pathname)).toEqual(["/api/me", "/api/me/notices"]);
  });

  it("a wrong code shows the server's message at the field; the right one joins and opens the dashboard", async () => {
    const api = fakeApi().on("POST", "/api/me/join", (req: ApiRequest) =>
      (req.body as { code: string }).code === "HAWK23"
        ? json({ user: playerUser() })
        : apiError(400, "unknown_team_code", "No team has this code. Check it with your coach.", {
            code: "No team has this code. Check it with your coach.",
          }),
    );
    const { user } = renderPage(<Dashboard />, { path: "/player/dashboard", user: REMOVED, api });
    const field = await screen.findByRole("textbox", { name: "Team code" });
    await user.type(field, "nope12");
    await user.click(screen.getByRole("button", { name: "Join team" }));
    expect(await screen.findByText("No team has this code. Check it with your coach.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ code: "NOPE12" });

    await user.clear(field);
    await user.type(field, "hawk23");
    await user.click(screen.getByRole("button", { name: "Join team" }));
    expect(await screen.findByRole("heading", { name: "Player Dashboard" })).toBeInTheDocument();
  });

  it("a removed coach is asked for the coach invite code; an account never on a team reads so", async () => {
    renderPage(<h1>Coach Dashboard</h1>, {
      path: "/coach/dashboard",
      user: coachUser({ coachRole: "assistant", team: null, formerTeam: null }),
      api: fakeApi(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "You're not on a team" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Coach invite code" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Coach Dashboard" })).toBeNull();
  });

  it("a player whose team was deleted is not told the team's stats are kept", async () => {
    // A lone head coach deleting their account deletes the team with its games and stats: no former team is known.
    renderPage(<Dashboard />, {
      path: "/player/dashboard",
      user: playerUser({ team: null, formerTeam: null }),
      api: fakeApi(),
    });
    expect(await screen.findByRole("heading", { level: 1, name: "You're not on a team" })).toBeInTheDocument();
    expect(screen.queryByText(/stats/)).toBeNull();
    expect(screen.getByText(/ask its coach for the team code/)).toBeInTheDocument();
  });

  it("a removed player still opens their profile, a removed coach their account", async () => {
    renderPage(<h1>My Profile</h1>, { path: "/player/profile", user: REMOVED, api: fakeApi() });
    expect(await screen.findByRole("heading", { name: "My Profile" })).toBeInTheDocument();
    cleanup();
    renderPage(<h1>Account</h1>, {
      path: "/coach/account",
      user: coachUser({ coachRole: "assistant", team: null }),
      api: fakeApi(),
    });
    expect(await screen.findByRole("heading", { name: "Account" })).toBeInTheDocument();
  });
});
