// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";
import { UnsubscribePage } from "./unsubscribe-page";

/* A mail's unsubscribe link (docs/product.md §12): opening it changes nothing; the button stops that mail. */

const PATH = "/unsubscribe/:token";
const URL = "/unsubscribe/tok.mac";
const API = "/api/unsubscribe/tok.mac";

describe("unsubscribe page", () => {
  it("says which mail and that you get it, stops it only on the button, then says how to turn it back on", async () => {
    const api = fakeApi()
      .on("GET", API, { kind: "reminders", subscribed: true })
      .on("POST", API, { kind: "reminders", subscribed: false });
    const { user } = renderPage(<UnsubscribePage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "Reminders to answer" })).toBeInTheDocument();
    expect(screen.getByText("You get these emails.")).toBeInTheDocument();
    expect(api.count("POST", API)).toBe(0);

    await user.click(screen.getByRole("button", { name: "Stop these emails" }));
    expect(await screen.findByText("You will no longer get reminder emails.")).toBeInTheDocument();
    expect(api.count("POST", API)).toBe(1);
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
    expect(screen.getByText(/Turn them back on under Emails/)).toHaveTextContent(
      "My Profile for players, Account for coaches, once you log in",
    );
  });

  it("a mail already stopped says so, and a signed-in coach gets a link to their Emails", async () => {
    const api = fakeApi().on("GET", API, { kind: "digest", subscribed: false });
    renderPage(<UnsubscribePage />, { path: PATH, url: URL, api, user: coachUser() });
    expect(await screen.findByRole("heading", { level: 1, name: "Weekly digest" })).toBeInTheDocument();
    expect(screen.getByText("You do not get the weekly digest email.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Stop these emails" })).not.toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Account" })).toHaveAttribute("href", "/coach/account#emails");
  });

  it("a link that is not valid (404) says so", async () => {
    const api = fakeApi().on("GET", API, () => apiError(404, "not_found", "That link was not found."));
    renderPage(<UnsubscribePage />, { path: PATH, url: URL, api });
    expect(await screen.findByRole("heading", { level: 1, name: "This link is not valid" })).toBeInTheDocument();
  });

  it("a link that cannot be read for now says so, and Retry reads it again", async () => {
    let calls = 0;
    const api = fakeApi().on("GET", API, () =>
      ++calls === 1
        ? apiError(503, "unavailable", "The server is busy.")
        : json({ kind: "reminders", subscribed: true }),
    );
    const { user } = renderPage(<UnsubscribePage />, { path: PATH, url: URL, api });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The link could not be read");
    expect(alert).toHaveTextContent("The server is busy.");
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Reminders to answer" })).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
