// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FeedbackForm } from "~/features/feedback/feedback-form";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * The coach's feedback form: its categories, field errors and character count. Sending feedback, the player
 * reading it and the live updates stay in tests/e2e/feedback.spec.ts.
 */

describe("feedback form", () => {
  it("lists the categories, explains each field's error, counts characters and refuses more than 2,000", async () => {
    const api = fakeApi().on("POST", /^\/api\/team\/players\/[^/]+\/feedback$/, () =>
      apiError(500, "unexpected", "Nothing should be sent."),
    );
    const { user } = renderPage(<FeedbackForm playerId="p-rae" playerName="Rae Runner" />, {
      path: "/coach/player/:id",
      url: "/coach/player/p-rae",
      user: coachUser(),
      api,
    });
    const form = await screen.findByRole("region", { name: "Write feedback" });
    const category = within(form).getByLabelText("Category");
    expect(Array.from(category.querySelectorAll("option:not([value=''])"), (o) => o.textContent)).toEqual([
      "Technique",
      "Effort",
      "Game IQ",
      "Leadership",
      "Conditioning",
      "Other",
    ]);

    await user.click(within(form).getByRole("button", { name: "Send feedback" }));
    expect(await within(form).findByText("Choose one of the listed categories.")).toBeInTheDocument();
    expect(within(form).getByText("Write your feedback.")).toBeInTheDocument();
    expect(category).toHaveAttribute("aria-invalid", "true");

    // The counter follows the text, and more than 2,000 characters is refused.
    await user.click(within(form).getByLabelText("Feedback"));
    await user.paste("x".repeat(2001));
    expect(within(form).getByText("2,001 / 2,000 characters")).toBeInTheDocument();
    await user.selectOptions(category, "Technique");
    await user.click(within(form).getByRole("button", { name: "Send feedback" }));
    expect(await within(form).findByText("Feedback must be at most 2000 characters.")).toBeInTheDocument();
    expect(within(form).queryByText("Choose one of the listed categories.")).not.toBeInTheDocument();
    expect(api.count("POST", /feedback$/)).toBe(0);
  });
});
