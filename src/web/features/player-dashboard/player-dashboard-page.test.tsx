// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PlayerDashboardPage } from "~/features/player-dashboard/player-dashboard-page";
import { emptyDashboard, playerSummary, playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/*
 * /player/dashboard: the empty and error states. The dashboard with real data and its live updates stay in
 * tests/e2e/player-dashboard.spec.ts.
 */

const NOVA = playerUser({ id: "p-nova", fullName: "Nova New" });
const SUMMARY = playerSummary({ id: NOVA.id, name: NOVA.fullName });

/** A stat card's label and value share a parent. */
const stat = (label: string) => screen.getByText(label, { exact: true }).parentElement!;

describe("player dashboard page", () => {
  it("a player with nothing yet sees empty states that say what will appear", async () => {
    const api = fakeApi().on("GET", "/api/me/dashboard", emptyDashboard(SUMMARY));
    renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: NOVA, api });
    expect(
      await screen.findByRole("heading", { name: "Your coach hasn't logged any plays for you yet" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Hi Nova")).toBeInTheDocument();
    expect(screen.getByText(/Your score's history draws here after your first one\./)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No feedback yet" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "No training logged this week" })).toBeInTheDocument();
    expect(stat("Team ranking")).toHaveTextContent("1 / 10");
    expect(stat("Attendance")).toHaveTextContent("0%");
    expect(stat("Performance score")).toHaveTextContent("0.0");
    expect(screen.queryByRole("button", { name: "Mark as read" })).not.toBeInTheDocument();
  });

  it("shows an error with Retry when the dashboard cannot load", async () => {
    let failing = true;
    const api = fakeApi().on("GET", "/api/me/dashboard", () =>
      failing ? apiError(500, "internal", "The server had a problem.") : json(emptyDashboard(SUMMARY)),
    );
    const { user } = renderPage(<PlayerDashboardPage />, { path: "/player/dashboard", user: NOVA, api });
    const error = await screen.findByRole("alert");
    expect(within(error).getByRole("heading", { name: "Error loading your dashboard" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Stats summary" })).not.toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("region", { name: "Stats summary" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
