// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SeasonsPanel } from "~/features/seasons/seasons-panel";
import { rosterEntrySchema } from "#domain/api/roster";
import { coachUser, seasonsResponse } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* The Seasons panel of Team settings (docs/product.md §11 (#s11-seasons)). The journey is tests/e2e/seasons.spec.ts. */

describe("seasons panel", () => {
  it("the head coach starts a new season after a confirmation that says what happens", async () => {
    const api = fakeApi()
      .on("GET", "/api/team/seasons", seasonsResponse())
      .on("POST", "/api/team/seasons", (req: ApiRequest) =>
        json({ season: { ...seasonsResponse().seasons[0], id: "season-3", ...(req.body as object) } }, 201),
      );
    const { user } = renderPage(<SeasonsPanel />, { path: "/coach/settings", user: coachUser(), api });
    expect(await screen.findByText("Spring 2027")).toBeInTheDocument();
    expect(screen.getByText("Current")).toBeInTheDocument();
    expect(screen.getByText(/9 practices and games/)).toBeInTheDocument();

    await user.type(screen.getByLabelText("New season's name"), "Fall 2027");
    await user.clear(screen.getByLabelText("Starts on"));
    await user.type(screen.getByLabelText("Starts on"), "2027-09-01");
    await user.click(screen.getByRole("button", { name: "Start new season…" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Start Fall 2027?" });
    expect(dialog).toHaveTextContent(/Spring 2027 ends on .*2027.* and Fall 2027 starts on/);
    expect(dialog).toHaveTextContent("The roster stays as it is.");
    expect(dialog).toHaveTextContent("Spring 2027 stays readable: pick it under Season on any stat screen.");
    await user.click(within(dialog).getByRole("button", { name: "Start Fall 2027" }));
    expect(await screen.findByText("Fall 2027 has started. Its numbers start at zero.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ name: "Fall 2027", startsOn: "2027-09-01" });
  });

  it("the head coach chooses who returns: all ticked by default, the unticked leave the roster", async () => {
    const entry = (id: string, fullName: string, jerseyNumber: number | null) =>
      rosterEntrySchema.parse({
        id,
        fullName,
        jerseyNumber,
        primaryPosition: "wr",
        positions: [],
        claimed: true,
        inviteToken: null,
        confirmed: true,
        request: null,
        photoUrl: null,
      });
    const api = fakeApi()
      .on("GET", "/api/team/seasons", seasonsResponse())
      .on("GET", "/api/team/roster", { players: [entry("p-sam", "Sam Stays", 1), entry("p-gale", "Gale Goes", null)] })
      .on("POST", "/api/team/seasons", () =>
        json({ season: { ...seasonsResponse().seasons[0], id: "season-3", name: "Fall 2027" } }, 201),
      );
    const { user } = renderPage(<SeasonsPanel />, { path: "/coach/settings", user: coachUser(), api });
    const returns = await screen.findByRole("group", { name: "Who returns?" });
    expect(within(returns).getByRole("checkbox", { name: "Sam Stays (#1)" })).toBeChecked();
    await user.click(within(returns).getByRole("checkbox", { name: "Gale Goes" }));

    await user.type(screen.getByLabelText("New season's name"), "Fall 2027");
    await user.clear(screen.getByLabelText("Starts on"));
    await user.type(screen.getByLabelText("Starts on"), "2027-09-01");
    await user.click(screen.getByRole("button", { name: "Start new season…" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Start Fall 2027?" });
    expect(dialog).toHaveTextContent("1 player does not return: Gale Goes. They leave the roster; their plays stay in");
    expect(dialog).not.toHaveTextContent("The roster stays as it is.");
    await user.click(within(dialog).getByRole("button", { name: "Start Fall 2027" }));
    expect(await screen.findByText("Fall 2027 has started. Its numbers start at zero.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Fall 2027",
      startsOn: "2027-09-01",
      leaving: ["p-gale"],
    });
  });

  it("an assistant edits a past season's dates, reads the refusal, and cannot start a season", async () => {
    const api = fakeApi()
      .on("GET", "/api/team/seasons", seasonsResponse())
      .on("PATCH", "/api/team/seasons/season-1", () =>
        apiError(409, "season_dates_overlap", "These dates overlap Spring 2027."),
      );
    const { user } = renderPage(<SeasonsPanel />, {
      path: "/coach/settings",
      user: coachUser({ coachRole: "assistant" }),
      api,
    });
    expect(await screen.findByText("Only the head coach can start a new season.")).toBeInTheDocument();
    expect(screen.queryByLabelText("New season's name")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Edit Fall 2026" }));
    const form = screen.getByRole("form", { name: "Edit Fall 2026" });
    await user.clear(within(form).getByLabelText("Ends on"));
    await user.type(within(form).getByLabelText("Ends on"), "2027-03-05");
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("These dates overlap Spring 2027.");
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ endsOn: "2027-03-05" });
  });
});
