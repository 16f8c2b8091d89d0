// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountPage } from "./account-page";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { coachUser } from "#tests/web/api-fixtures";
import type { DeletionPlan } from "#domain/api/recovery";
import { WRONG_CURRENT_PASSWORD } from "#domain/api/player";

/* The coach's Account screen: password, change email and the delete dialog's states. Deleting for real: integration tests. */

const plan = (over: Partial<DeletionPlan>): DeletionPlan => ({
  role: "coach",
  coachRole: "head",
  teamName: "Harbor Hawks",
  mustHandOver: false,
  deletesTeam: false,
  teamMembersLeft: 0,
  events: 0,
  attendance: 0,
  trainingLogs: 0,
  feedback: 0,
  apiTokens: 0,
  ...over,
});

describe("account screen", () => {
  it("the password form explains missing and mismatched fields, and shows the server's answer beside the current password", async () => {
    const api = fakeApi().on("POST", "/api/profile/password", () =>
      apiError(400, "wrong_password", WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD }),
    );
    // A coach: the password form is on the Account screen (players have it on My Profile, through the same sections).
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
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

  it("changes the email at once when the server has no mail, and says so", async () => {
    const api = fakeApi().on("POST", "/api/me/email", { status: "changed", email: "new@example.com" });
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    expect(await screen.findByText("You log in with casey@example.com.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New email"), "new@example.com");
    await user.type(screen.getByLabelText(/Your password/), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Change email" }));
    expect(
      await screen.findByText("Your account now uses new@example.com. Log in with it from now on."),
    ).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      newEmail: "new@example.com",
      password: "correct-horse",
    });
  });

  it("with mail, says where the confirmation went; a taken email shows beside the field", async () => {
    let taken = true;
    const api = fakeApi().on("POST", "/api/me/email", () =>
      taken
        ? apiError(409, "email_taken", "Another account already uses this email.", {
            newEmail: "Another account already uses this email.",
          })
        : new Response(JSON.stringify({ status: "confirm", email: "new@example.com" }), {
            headers: { "content-type": "application/json" },
          }),
    );
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    await user.type(await screen.findByLabelText("New email"), "new@example.com");
    await user.type(screen.getByLabelText(/Your password/), "correct-horse");
    await user.click(screen.getByRole("button", { name: "Change email" }));
    expect(await screen.findByText("Another account already uses this email.")).toBeInTheDocument();
    expect(screen.getByLabelText("New email")).toHaveAttribute("aria-invalid", "true");
    taken = false;
    await user.click(screen.getByRole("button", { name: "Change email" }));
    expect(await screen.findByText(/We sent a link to new@example.com/)).toBeInTheDocument();
  });

  it("a head coach alone is told plainly that the team goes too", async () => {
    const api = fakeApi().on("GET", "/api/me/deletion", plan({ deletesTeam: true, teamMembersLeft: 12, apiTokens: 2 }));
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(
      await within(dialog).findByText(
        "You are the only coach of Harbor Hawks: deleting your account deletes the team too.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Its 12 other members keep their accounts, without a team.")).toBeInTheDocument();
    expect(within(dialog).getByText("Your 2 API tokens stop working and are deleted.")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Delete my account and the team" })).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Delete my account and the team" }));
    expect(await within(dialog).findByText("Enter your password.")).toBeInTheDocument();
    expect(api.count("DELETE", "/api/me")).toBe(0);
  });

  it("a head coach with other coaches cannot delete until they hand over", async () => {
    const api = fakeApi().on("GET", "/api/me/deletion", plan({ mustHandOver: true }));
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(
      await within(dialog).findByText("Make one of them head coach in Team Settings before you delete your account."),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText("Your password")).not.toBeInTheDocument();
  });
});
