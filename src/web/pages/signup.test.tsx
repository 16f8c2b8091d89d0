// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import SignupPage from "~/pages/signup";
import { playerUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

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

  it("a jersey number someone on the team wears is refused beside the field; the player picks none and joins", async () => {
    const TAKEN = "#64 is already taken on this team. Choose another number, or leave it empty.";
    const api = fakeApi().on("POST", "/api/signup", (req: ApiRequest) =>
      (req.body as { jerseyNumber?: number }).jerseyNumber === 64
        ? apiError(409, "jersey_taken", TAKEN, { jerseyNumber: TAKEN })
        : json({ user: playerUser({ jerseyNumber: null, waitingForCoach: true }) }, 201),
    );
    const { user } = renderPage(<SignupPage />, { path: "/signup", api });
    await user.click(screen.getByLabelText(/I'm a player/));
    await user.type(screen.getByLabelText("Full name"), "Noah Berg");
    await user.type(screen.getByLabelText("Email"), "noah@example.com");
    await user.type(screen.getByLabelText("Password"), "correct-horse-battery");
    await user.type(screen.getByLabelText(/Team code/), "HAWK23");
    const jersey = screen.getByLabelText(/Jersey number/);
    await user.type(jersey, "64");
    await user.selectOptions(screen.getByLabelText(/Primary position/), "center");
    await user.click(screen.getByRole("button", { name: "Create account" }));

    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(jersey).toHaveAccessibleDescription(expect.stringContaining(TAKEN));
    expect(jersey).toHaveFocus();
    // The email field is not blamed for it.
    expect(screen.getByLabelText("Email")).not.toHaveAttribute("aria-invalid", "true");

    await user.clear(jersey);
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(api.count("POST", "/api/signup")).toBe(2));
    expect(api.requests.filter((r) => r.method === "POST")[1]!.body).not.toHaveProperty("jerseyNumber");
  });
});
