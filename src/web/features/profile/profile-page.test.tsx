// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProfilePage } from "~/features/profile/profile-page";
import { profileResponseSchema, WRONG_CURRENT_PASSWORD } from "#domain/api/player";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * /player/profile: the forms' field errors, in the browser and from the server. Saving details, photos and a new
 * password for real stay in tests/e2e/player-profile.spec.ts.
 */

const PAT = playerUser({
  id: "p-pat",
  fullName: "Pat Player",
  jerseyNumber: 7,
  primaryPosition: "wr",
  positions: ["wr"],
});
const PROFILE = profileResponseSchema.parse({
  profile: {
    role: "player",
    fullName: "Pat Player",
    email: PAT.email,
    jerseyNumber: 7,
    primaryPosition: "wr",
    positions: ["wr"],
    photoUrl: null,
  },
});

function openProfile() {
  const api = fakeApi()
    .on("GET", "/api/profile", PROFILE)
    .on("PATCH", "/api/profile", () => apiError(500, "unexpected", "Nothing should be sent."))
    .on("POST", "/api/profile/password", () =>
      apiError(400, "wrong_password", WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }),
    );
  return { api, ...renderPage(<ProfilePage />, { path: "/player/profile", user: PAT, api }) };
}

describe("profile page", () => {
  it("the details form shows the grouped positions and answers with the shared rules before anything is sent", async () => {
    const { api, user } = openProfile();
    const details = await screen.findByRole("region", { name: "Your details" });
    expect(within(details).getByLabelText("Full name")).toHaveValue("Pat Player");
    expect(within(details).getByLabelText("Jersey number")).toHaveValue("7");
    const primary = within(details).getByLabelText("Primary position");
    expect(primary).toHaveValue("wr");
    // The ten positions, grouped.
    expect(primary.querySelectorAll("optgroup")).toHaveLength(2);
    expect(primary.querySelectorAll("option:not([value=''])")).toHaveLength(10);

    await user.clear(within(details).getByLabelText("Full name"));
    await user.clear(within(details).getByLabelText("Jersey number"));
    await user.type(within(details).getByLabelText("Jersey number"), "-1");
    await user.click(within(details).getByRole("button", { name: "Save changes" }));
    expect(await within(details).findByText("Full name is required.")).toBeInTheDocument();
    expect(within(details).getByText("Jersey number must be between 0 and 99.")).toBeInTheDocument();
    expect(within(details).getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true");
    expect(api.count("PATCH", "/api/profile")).toBe(0);
  });

  it("the password form explains missing and mismatched fields, and shows the server's answer beside the current password", async () => {
    const { api, user } = openProfile();
    const form = await screen.findByRole("region", { name: "Change password" });
    const current = within(form).getByLabelText("Current password");
    await user.type(within(form).getByLabelText("New password", { exact: true }), "a-brand-new-secret");
    await user.type(within(form).getByLabelText("Confirm new password"), "a-different-secret");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    expect(await within(form).findByText("Enter your current password.")).toBeInTheDocument();
    expect(within(form).getByText("The two new passwords do not match.")).toBeInTheDocument();
    expect(api.count("POST", "/api/profile/password")).toBe(0);

    // A wrong current password: the server's message, beside that field.
    await user.type(current, "not-my-password");
    await user.clear(within(form).getByLabelText("Confirm new password"));
    await user.type(within(form).getByLabelText("Confirm new password"), "a-brand-new-secret");
    await user.click(within(form).getByRole("button", { name: "Change password" }));
    await waitFor(() => expect(current).toHaveAttribute("aria-invalid", "true"));
    expect(current).toHaveAccessibleDescription(expect.stringContaining(WRONG_CURRENT_PASSWORD));
    expect(api.requests.find((r) => r.method === "POST")?.body).toMatchObject({
      currentPassword: "not-my-password",
      newPassword: "a-brand-new-secret",
    });
  });
});
