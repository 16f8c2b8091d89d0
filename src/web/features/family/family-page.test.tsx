// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Family, FamilyChild } from "#domain/api/family";
import { FamilyPage } from "./family-page";
import { playerUser } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* The family page (docs/product.md §13): each child with team, consent and age; settings saved; withdrawal read first. */

const GUARDIAN = playerUser({ id: "g-1", role: "guardian", fullName: "Rosa Rivera", team: null, jerseyNumber: null });

function child(over: Partial<FamilyChild>): FamilyChild {
  return {
    id: "c-1",
    fullName: "Maya Rivera",
    team: { id: "t-1", name: "Harbor Hawks" },
    jerseyNumber: 4,
    birthDate: null,
    ownSignIn: false,
    underOwnSignInAge: false,
    child: false,
    consent: { status: "given", byName: "Rosa Rivera", at: "2026-11-20T18:00:00.000Z", version: "2026-11-29" },
    shareWithTeam: false,
    guardians: [{ id: "g-1", fullName: "Rosa Rivera" }],
    ...over,
  };
}

describe("family page", () => {
  it("shows each child with team, number, consent and the under-13 rule, and an empty family's way in", async () => {
    const family: Family = {
      fullName: "Rosa Rivera",
      children: [
        child({ underOwnSignInAge: true, child: true, birthDate: "2016-05-29" }),
        child({
          id: "c-2",
          birthDate: "2011-05-29",
          fullName: "Leo Rivera",
          team: { id: "t-2", name: "Bay Bears" },
          jerseyNumber: 9,
          consent: { status: "none", byName: null, at: null, version: null },
        }),
      ],
    };
    const { user } = renderPage(<FamilyPage fullName="Rosa Rivera" />, {
      path: "/family",
      user: GUARDIAN,
      api: fakeApi()
        .on("GET", "/api/family", family)
        .on("POST", "/api/family/children/c-2/sign-in-invite", () => json({ token: "tok-leo" }, 201)),
    });
    const maya = await screen.findByRole("article", { name: "Maya Rivera" });
    expect(maya).toHaveTextContent("Harbor Hawks · #4");
    expect(maya).toHaveTextContent("Consent given by Rosa Rivera on");
    expect(maya).toHaveTextContent("Maya is under 13: no sign-in of their own.");
    const leo = screen.getByRole("article", { name: "Leo Rivera" });
    expect(leo).toHaveTextContent("No consent recorded yet.");
    expect(leo).not.toHaveTextContent("under 13");
    expect(within(leo).getByRole("button", { name: "Open Leo's dashboard" })).toBeEnabled();
    // Under 13 there is no sign-in to invite to; Leo (15) gets his link.
    expect(within(maya).queryByRole("button", { name: /to their own sign-in/ })).toBeNull();
    await user.click(within(leo).getByRole("button", { name: "Invite Leo to their own sign-in" }));
    expect(await within(leo).findByRole("textbox", { name: "Leo's sign-in link" })).toHaveValue(
      `${window.location.origin}/claim/tok-leo`,
    );
  });

  it("says where a guardian link comes from when there are no children", async () => {
    renderPage(<FamilyPage fullName="Rosa Rivera" />, {
      path: "/family",
      user: GUARDIAN,
      api: fakeApi().on("GET", "/api/family", { fullName: "Rosa Rivera", children: [] }),
    });
    expect(await screen.findByRole("heading", { name: "No children yet" })).toBeInTheDocument();
    expect(screen.getByText(/coach sends you a guardian link/)).toBeInTheDocument();
  });

  it("saves whether other families see the full name, and lists exactly what withdrawing deletes before it does", async () => {
    let current: Family = { fullName: "Rosa Rivera", children: [child({})] };
    const api = fakeApi()
      .on("GET", "/api/family", () => json(current))
      .on("PATCH", "/api/family/children/c-1", (req: ApiRequest) => {
        current = {
          ...current,
          children: [child({ shareWithTeam: (req.body as { shareWithTeam: boolean }).shareWithTeam })],
        };
        return json(current.children[0]);
      })
      .on("GET", "/api/family/children/c-1/withdrawal", {
        fullName: "Maya Rivera",
        shownAs: "Player #4",
        photo: true,
        birthDate: false,
        ownSignIn: false,
        trainingLogs: 3,
        feedback: 1,
        scheduleAnswers: 2,
      });
    const { user } = renderPage(<FamilyPage fullName="Rosa Rivera" />, { path: "/family", user: GUARDIAN, api });
    const card = await screen.findByRole("article", { name: "Maya Rivera" });
    await user.click(within(card).getByRole("checkbox", { name: /Other families on the team see Maya's full name/ }));
    await waitFor(() => expect(within(card).getByRole("checkbox")).toBeChecked());
    expect(api.requests.filter((r) => r.method === "PATCH").map((r) => r.body)).toEqual([{ shareWithTeam: true }]);

    await user.click(within(card).getByRole("button", { name: "Withdraw consent" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw consent for Maya Rivera?" });
    const items = await within(dialog).findAllByRole("listitem");
    expect(items.map((i) => i.textContent)).toEqual([
      'the name Maya Rivera (past games show "Player #4")',
      "the photo",
      "3 training logs",
      "1 piece of the coach's feedback",
      "2 schedule answers",
    ]);
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);
  });
});

describe("news from the teams", () => {
  it("shows each team's newest announcements once, however many of the children are on it", async () => {
    const family: Family = {
      fullName: "Rosa Rivera",
      children: [
        child({}),
        child({ id: "c-2", fullName: "Ava Rivera" }),
        child({ id: "c-3", fullName: "Leo Rivera", team: { id: "t-2", name: "Bay Bears" } }),
      ],
    };
    const announcement = (id: string, body: string) => ({
      id,
      body,
      authorName: "Casey Coach",
      createdAt: "2026-11-28T18:00:00.000Z",
      pinned: false,
      pinnedUntil: null,
    });
    let asked = 0;
    const api = fakeApi()
      .on("GET", "/api/family", family)
      .on("GET", "/api/team/announcements", () => {
        asked += 1;
        return json({
          announcements:
            asked === 1 ? [announcement("a1", "Team photos on Saturday."), announcement("a2", "Bring water.")] : [],
        });
      });
    renderPage(<FamilyPage fullName="Rosa Rivera" />, { path: "/family", user: GUARDIAN, api });
    const news = await screen.findByRole("region", { name: "News from the teams" });
    const hawks = within(news).getByRole("region", { name: "Harbor Hawks announcements" });
    expect(await within(hawks).findByText("Team photos on Saturday.")).toBeInTheDocument();
    expect(within(hawks).getByText("Bring water.")).toBeInTheDocument();
    const bears = within(news).getByRole("region", { name: "Bay Bears announcements" });
    expect(await within(bears).findByText("No announcements from the coaches.")).toBeInTheDocument();
    // One read per team, not per child.
    expect(api.requests.filter((r) => r.pathname === "/api/team/announcements")).toHaveLength(2);
  });
});
