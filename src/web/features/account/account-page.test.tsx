// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { AccountPage } from "./account-page";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { coachUser } from "#tests/web/api-fixtures";
import type { DeletionPlan } from "#domain/api/recovery";

/* The coach's Account screen: change email and the delete dialog's states. Deleting for real: integration tests. */

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
  ...over,
});

describe("account screen", () => {
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
    const api = fakeApi().on("GET", "/api/me/deletion", plan({ deletesTeam: true, teamMembersLeft: 12 }));
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete your account?" });
    expect(
      await within(dialog).findByText(
        "You are the only coach of Harbor Hawks: deleting your account deletes the team too.",
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Its 12 other members keep their accounts, without a team.")).toBeInTheDocument();
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
