// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ClaimPage from "~/pages/claim";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage } from "#tests/web/render.tsx";

const INFO = { teamName: "Harbor Hawks", fullName: "Kai Keeper", jerseyNumber: 17, primaryPosition: "qb" };

describe("claim page", () => {
  it("an unknown or used invite link says so, with a way to log in", async () => {
    const api = fakeApi().on("GET", "/api/claim/used", () =>
      apiError(404, "invite_not_found", "This invite link is not valid any more."),
    );
    renderPage(<ClaimPage />, { path: "/claim/:token", url: "/claim/used", api });
    expect(await screen.findByRole("heading", { name: "This invite link does not work" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/login");
  });

  it("shows whose place it is; a taken email is refused beside the field; a claim signs in to the dashboard", async () => {
    const api = fakeApi().on("GET", "/api/claim/tok", INFO);
    const taken = "An account with this email already exists. Sign in instead.";
    api.on("POST", "/api/claim/tok", () => apiError(409, "email_taken", taken, { email: taken }));
    const { user } = renderPage(<ClaimPage />, { path: "/claim/:token", url: "/claim/tok", api });
    expect(await screen.findByRole("heading", { name: "Claim your place" })).toBeInTheDocument();
    expect(screen.getByText(/You are joining/)).toHaveTextContent(
      "You are joining Harbor Hawks as Kai Keeper (#17 · Quarterback).",
    );
    await user.type(screen.getByLabelText("Email"), "kai@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse-battery");
    await user.click(screen.getByRole("button", { name: "Claim my place" }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");

    const me = playerUser({ fullName: "Kai Keeper", jerseyNumber: 17 });
    api.on("POST", "/api/claim/tok", () => json({ user: me, signedIn: true }, 201));
    await user.click(screen.getByRole("button", { name: "Claim my place" }));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/player/dashboard");
    expect(api.requests.filter((r) => r.method === "POST").at(-1)!.body).toEqual({
      email: "kai@example.com",
      password: "correct-horse-battery",
    });
  });
});
