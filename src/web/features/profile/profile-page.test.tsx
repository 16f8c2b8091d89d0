// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProfilePage } from "~/features/profile/profile-page";
import { profileResponseSchema } from "#domain/api/player";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";

/*
 * /player/profile: the details form's field errors, in the browser and from the server. Saving details, photos and a
 * new password for real stay in tests/e2e/player-profile.spec.ts; the password form is tested with the account screen.
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
    .on("PATCH", "/api/profile", () => apiError(500, "unexpected", "Nothing should be sent."));
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
});
