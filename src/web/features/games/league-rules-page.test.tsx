// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_LEAGUE_RULES, type LeagueRules } from "#domain/league-rules";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { LeagueRulesPage } from "./league-rules-page";

const RULES_PATH = "/api/team/rules";

function open(rules: LeagueRules = { ...DEFAULT_LEAGUE_RULES, noRunZones: [...DEFAULT_LEAGUE_RULES.noRunZones] }) {
  const api = fakeApi()
    .on("GET", RULES_PATH, { rules })
    .on("PUT", RULES_PATH, (req: ApiRequest) => json({ rules: req.body }));
  const page = renderPage(<LeagueRulesPage />, { path: "/coach/games/rules", user: coachUser(), api });
  return { api, ...page };
}

const puts = (api: ReturnType<typeof open>["api"]) => api.requests.filter((r) => r.method === "PUT");

describe("league rules page", () => {
  it("starts from the team's rules: NFL FLAG defaults, downs not tracked", async () => {
    open();
    expect(await screen.findByRole("radio", { name: "Two halves" })).toBeChecked();
    expect(screen.getByLabelText("Touchdown points")).toHaveValue(6);
    expect(screen.getByLabelText("Safety points")).toHaveValue(2);
    expect(screen.getByLabelText("Try for 1 distance")).toHaveValue(5);
    expect(screen.getByLabelText("Try for 2 distance")).toHaveValue(10);
    expect(screen.getByRole("checkbox", { name: "Track downs" })).not.toBeChecked();
    expect(screen.getByLabelText("Downs to cross midfield")).toHaveValue(4);
    expect(screen.getByLabelText("Downs to score")).toHaveValue(4);
    expect(screen.getByLabelText("No-run zone 1")).toHaveValue("5 yards before midfield");
    expect(screen.getByLabelText("No-run zone 2")).toHaveValue("5 yards before the end zone");
  });

  it("saves the whole rule set with PUT /api/team/rules", async () => {
    const { api, user } = open();
    await user.click(await screen.findByRole("radio", { name: "Four quarters" }));
    await user.clear(screen.getByLabelText("Touchdown points"));
    await user.type(screen.getByLabelText("Touchdown points"), "7");
    await user.clear(screen.getByLabelText("Try for 2 distance"));
    await user.type(screen.getByLabelText("Try for 2 distance"), "12");
    await user.click(screen.getByRole("checkbox", { name: "Track downs" }));
    await user.clear(screen.getByLabelText("Downs to score"));
    await user.type(screen.getByLabelText("Downs to score"), "3");
    await user.click(screen.getByRole("button", { name: "Remove no-run zone 1" }));
    await user.click(screen.getByRole("button", { name: "Add a no-run zone" }));
    await user.type(screen.getByLabelText("No-run zone 2"), "  Inside the 5  ");
    await user.clear(screen.getByLabelText("Players on the field"));
    await user.type(screen.getByLabelText("Players on the field"), "7");
    await user.type(screen.getByLabelText("Minimum snaps per quarter"), "6");
    await user.click(screen.getByRole("button", { name: "Save rules" }));

    expect(await screen.findByText(/^League rules saved\./)).toBeInTheDocument();
    expect(puts(api).map((r) => r.body)).toEqual([
      {
        periodKind: "quarter",
        touchdownPoints: 7,
        tryOneYards: 5,
        tryTwoYards: 12,
        safetyPoints: 2,
        trackDowns: true,
        downsToMidfield: 4,
        downsToScore: 3,
        noRunZones: ["5 yards before the end zone", "Inside the 5"],
        playersOnField: 7,
        minSnapsPerPeriod: 6,
      },
    ]);
  });

  it("shows the field errors of a 400 beside their fields, a zone's too", async () => {
    const { api, user } = open();
    api.on("PUT", RULES_PATH, () =>
      apiError(400, "invalid_input", "Some request fields are not valid.", {
        touchdownPoints: "Touchdown points must be from 1 to 9.",
        "noRunZones.1": "A no-run zone label must be at most 60 characters.",
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Save rules" }));

    expect(await screen.findByText("Please check the highlighted fields.")).toBeInTheDocument();
    const td = screen.getByLabelText("Touchdown points");
    expect(td).toHaveAttribute("aria-invalid", "true");
    expect(td).toHaveAccessibleDescription("Touchdown points must be from 1 to 9.");
    expect(screen.getByLabelText("No-run zone 2")).toHaveAccessibleDescription(
      "A no-run zone label must be at most 60 characters.",
    );
    expect(screen.queryByText(/^League rules saved\./)).not.toBeInTheDocument();
  });

  it("checks the fields before sending: a blank number or zone is not sent", async () => {
    const { api, user } = open();
    await user.clear(await screen.findByLabelText("Safety points"));
    await user.clear(screen.getByLabelText("No-run zone 1"));
    await user.click(screen.getByRole("button", { name: "Save rules" }));
    expect(await screen.findByText("Safety points must be a number.")).toBeInTheDocument();
    expect(screen.getByText("A no-run zone cannot be blank.")).toBeInTheDocument();
    expect(puts(api)).toHaveLength(0);
  });

  it("another failure shows the server's message", async () => {
    const { api, user } = open();
    api.on("PUT", RULES_PATH, () => apiError(403, "forbidden", "You do not have access to this."));
    await user.click(await screen.findByRole("button", { name: "Save rules" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("You do not have access to this.");
  });

  it("Use NFL FLAG defaults puts the defaults back in the form", async () => {
    const { api, user } = open({
      ...DEFAULT_LEAGUE_RULES,
      periodKind: "quarter",
      touchdownPoints: 7,
      trackDowns: true,
      noRunZones: [],
    });
    expect(await screen.findByRole("radio", { name: "Four quarters" })).toBeChecked();
    expect(screen.queryByLabelText("No-run zone 1")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Use NFL FLAG defaults" }));
    expect(screen.getByRole("radio", { name: "Two halves" })).toBeChecked();
    expect(screen.getByLabelText("Touchdown points")).toHaveValue(6);
    expect(screen.getByRole("checkbox", { name: "Track downs" })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Save rules" }));
    await screen.findByText(/^League rules saved\./);
    expect(puts(api)[0]?.body).toEqual(DEFAULT_LEAGUE_RULES);
  });

  it("a failed load shows the error with Retry", async () => {
    const api = fakeApi().on("GET", RULES_PATH, () => apiError(500, "internal", "Something went wrong on our side."));
    renderPage(<LeagueRulesPage />, { path: "/coach/games/rules", user: coachUser(), api });
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByRole("heading", { name: "Error loading the league rules" })).toBeInTheDocument();
    expect(within(alert).getByRole("button", { name: "Retry" })).toBeInTheDocument();
  });
});
