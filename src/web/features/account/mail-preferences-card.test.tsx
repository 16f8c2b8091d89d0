// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { coachUser, playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { AccountPage } from "./account-page";
import { AccountSections } from "./account-sections";

/* Emails (docs/product.md §12): three switches saved at once; a server without mail says where notices go instead. */

const PREFS = { reminders: true, changes: true, digest: true, announcements: true, mailEnabled: true };

describe("emails section", () => {
  it("on the coach's Account screen: each switch shows its state and turning one off saves it", async () => {
    let current = PREFS;
    const api = fakeApi()
      .on("GET", "/api/me/mail-preferences", () => json(current))
      .on("PATCH", "/api/me/mail-preferences", (req: ApiRequest) => {
        current = { ...current, ...(req.body as object) };
        return json(current);
      });
    const { user } = renderPage(<AccountPage />, { path: "/coach/account", user: coachUser(), api });
    const section = await screen.findByRole("region", { name: "Emails" });
    const reminders = await within(section).findByRole("switch", { name: "Reminders to answer" });
    expect(reminders).toHaveAttribute("aria-checked", "true");
    expect(within(section).getByRole("switch", { name: "Changes to events within 48 hours" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    expect(within(section).getByRole("switch", { name: "Weekly digest" })).toHaveAttribute("aria-checked", "true");
    expect(within(section).queryByText(/This server sends no email/)).not.toBeInTheDocument();

    await user.click(reminders);
    expect(await within(section).findByText("Reminders to answer: off.")).toBeInTheDocument();
    expect(reminders).toHaveAttribute("aria-checked", "false");
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ reminders: false });
  });

  it("on My Profile's sections: without mail, says the notices appear in the app; a failed save goes back", async () => {
    const api = fakeApi()
      .on("GET", "/api/me/mail-preferences", { ...PREFS, digest: false, mailEnabled: false })
      .on("PATCH", "/api/me/mail-preferences", () => apiError(500, "internal", "Something went wrong."));
    const { user } = renderPage(<AccountSections />, { path: "/player/profile", user: playerUser(), api });
    const section = await screen.findByRole("region", { name: "Emails" });
    expect(await within(section).findByText(/This server sends no email/)).toHaveTextContent(
      "Reminders and changes to events appear as notices in the app instead",
    );
    const digest = within(section).getByRole("switch", { name: "Weekly digest" });
    expect(digest).toHaveAttribute("aria-checked", "false");
    await user.click(digest);
    expect(await within(section).findByRole("alert")).toBeInTheDocument();
    expect(digest).toHaveAttribute("aria-checked", "false");
  });
});
