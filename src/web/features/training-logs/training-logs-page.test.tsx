// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TrainingLogsPage } from "~/features/training-logs/training-logs-page";
import { trainingLogsResponseSchema } from "#domain/api/player";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

/*
 * /player/logs: the error state and the add form's field errors. Adding, editing, deleting and filtering real
 * entries stay in tests/e2e/player-logs.spec.ts.
 */

const TESS = playerUser({ id: "p-tess", fullName: "Tess Trainer" });
const NO_LOGS = trainingLogsResponseSchema.parse({ logs: [], weeklyTotals: [] });

describe("training logs page", () => {
  it("shows an error with Retry when the history cannot load", async () => {
    let failing = true;
    const api = fakeApi().on("GET", "/api/me/training-logs", () => (failing ? json({}, 500) : json(NO_LOGS)));
    const { user } = renderPage(<TrainingLogsPage />, { path: "/player/logs", user: TESS, api });
    const error = await screen.findByRole("alert");
    expect(within(error).getByRole("heading", { name: "Error loading your training" })).toBeInTheDocument();
    failing = false;
    await user.click(within(error).getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { name: "No training logged yet" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Error loading your training" })).not.toBeInTheDocument();
  });

  it("the add form explains each field's error before anything is sent", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/training-logs", NO_LOGS)
      .on("POST", "/api/me/training-logs", () => apiError(500, "unexpected", "Nothing should be sent."));
    const { user } = renderPage(<TrainingLogsPage />, { path: "/player/logs", user: TESS, api });
    expect(await screen.findByRole("heading", { name: "No training logged yet" })).toBeInTheDocument();
    expect(
      screen.getByText("Your weekly minutes are drawn here once you add your first training entry."),
    ).toBeInTheDocument();
    const add = screen.getByRole("region", { name: "Add a training entry" });
    expect(within(add).getByLabelText("Intensity")).toHaveValue("5");

    await user.click(within(add).getByRole("button", { name: "Add entry" }));
    expect(await within(add).findByText("Choose one of the listed activities.")).toBeInTheDocument();
    expect(within(add).getByText("Duration must be a number.")).toBeInTheDocument();
    expect(within(add).getByLabelText("Activity")).toHaveAttribute("aria-invalid", "true");

    await user.type(within(add).getByLabelText("Duration (minutes)"), "601");
    await user.click(within(add).getByRole("button", { name: "Add entry" }));
    expect(await within(add).findByText("Duration must be between 1 and 600.")).toBeInTheDocument();
    expect(api.count("POST", "/api/me/training-logs")).toBe(0);
  });
});
