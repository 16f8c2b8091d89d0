// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import SignupPage from "~/pages/signup";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";

/* /signup: a 429 shows what the server says, so a lockout after wrong codes reads as one. Signing up for real stays in e2e. */

const LOCKED = "Too many wrong team or coach invite codes from this address. Please wait 15 minutes and try again.";

describe("sign-up page", () => {
  it("when the server refuses with 429, the form shows the server's message", async () => {
    const api = fakeApi().on("POST", "/api/signup", () => apiError(429, "rate_limited", LOCKED));
    const { user } = renderPage(<SignupPage />, { path: "/signup", api });
    await user.click(screen.getByLabelText(/I'm a coach/));
    await user.type(screen.getByLabelText("Full name"), "Casey Coach");
    await user.type(screen.getByLabelText("Email"), "casey@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse-battery");
    await user.type(screen.getByLabelText(/Team name/), "Falcons");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText(LOCKED)).toBeInTheDocument();
    expect(api.count("POST", "/api/signup")).toBe(1);
  });
});
