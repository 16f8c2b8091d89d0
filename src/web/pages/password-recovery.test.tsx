// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ForgotPasswordPage from "~/pages/forgot-password";
import ResetPasswordPage from "~/pages/reset-password";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { FORGOT_PASSWORD_SENT } from "#domain/api/recovery";

/* /forgot-password and /reset-password states. The whole journey (mail, coach's link) is tests/e2e/password-reset.spec.ts. */

describe("forgot password page", () => {
  it("without mail on the server, says who can make a reset link instead, and shows no form", async () => {
    const api = fakeApi().on("GET", "/api/mail", { mail: false });
    renderPage(<ForgotPasswordPage />, { path: "/forgot-password", api });
    expect(await screen.findByText("This Flagline server does not send email.")).toBeInTheDocument();
    expect(screen.getByText(/ask your head coach for a password reset link/i)).toBeInTheDocument();
    expect(screen.getByText(/ask the person who runs this Flagline server/i)).toBeInTheDocument();
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });

  it("with mail, sends the email and shows the same answer whatever the address", async () => {
    const api = fakeApi()
      .on("GET", "/api/mail", { mail: true })
      .on("POST", "/api/password/forgot", { message: FORGOT_PASSWORD_SENT });
    const { user } = renderPage(<ForgotPasswordPage />, { path: "/forgot-password", api });
    await user.click(await screen.findByRole("button", { name: "Send me a reset link" }));
    expect(await screen.findByText("Email is required.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Email"), " Pat@Example.com ");
    await user.click(screen.getByRole("button", { name: "Send me a reset link" }));
    expect(await screen.findByText(FORGOT_PASSWORD_SENT)).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ email: "pat@example.com" });
  });
});

describe("reset password page", () => {
  it("a link without a token says so and offers to ask again", async () => {
    renderPage(<ResetPasswordPage />, { path: "/reset-password", api: fakeApi() });
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/forgot-password");
  });

  it("checks the two passwords, then an expired link says so with a way to ask again", async () => {
    const expired = "This reset link has expired or was already used. Ask for a new one.";
    const api = fakeApi().on("POST", "/api/password/reset", () =>
      apiError(400, "invalid_token", expired, { token: expired }),
    );
    const { user } = renderPage(<ResetPasswordPage />, {
      path: "/reset-password",
      url: "/reset-password?token=abcdefgh12",
      api,
    });
    await user.type(screen.getByLabelText("New password", { exact: true }), "long-enough-1");
    await user.type(screen.getByLabelText("New password again"), "long-enough-2");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText("The two passwords are not the same.")).toBeInTheDocument();
    expect(api.count("POST", "/api/password/reset")).toBe(0);

    await user.clear(screen.getByLabelText("New password again"));
    await user.type(screen.getByLabelText("New password again"), "long-enough-1");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Ask for a new link" })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      token: "abcdefgh12",
      newPassword: "long-enough-1",
    });
  });

  it("a new password saved: on to the login page, which says so", async () => {
    const api = fakeApi().on("POST", "/api/password/reset", { ok: true });
    const { user } = renderPage(<ResetPasswordPage />, {
      path: "/reset-password",
      url: "/reset-password?token=abcdefgh12",
      api,
    });
    await user.type(screen.getByLabelText("New password", { exact: true }), "long-enough-1");
    await user.type(screen.getByLabelText("New password again"), "long-enough-1");
    await user.click(screen.getByRole("button", { name: "Save new password" }));
    expect(await screen.findByTestId("elsewhere")).toHaveTextContent("/login?reset=done");
  });
});
