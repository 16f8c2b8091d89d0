// @vitest-environment jsdom
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import ContactPage from "~/pages/contact";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";

/* /contact: the form's field errors and the rate-limit answer. Sending a message for real stays in tests/e2e/contact.spec.ts. */

describe("contact page", () => {
  it("explains the missing fields before anything is sent", async () => {
    const api = fakeApi().on("POST", "/api/contact", () => apiError(500, "unexpected", "Nothing should be sent."));
    const { user } = renderPage(<ContactPage />, { path: "/contact", api });
    await user.click(screen.getByRole("button", { name: /send/i }));
    expect(await screen.findByText("Name is required.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(api.count("POST", "/api/contact")).toBe(0);
  });

  it("when the server says too many messages, the form says so", async () => {
    const api = fakeApi().on("POST", "/api/contact", () =>
      apiError(429, "rate_limited", "Too many messages — please try again later."),
    );
    const { user } = renderPage(<ContactPage />, { path: "/contact", api });
    await user.type(screen.getByLabelText("Name"), "Morgan Parent");
    await user.type(screen.getByLabelText("Email"), "morgan@example.com");
    await user.type(screen.getByLabelText("Message"), "Second message in a row, to check the limit.");
    await user.click(screen.getByRole("button", { name: /send/i }));
    expect(await screen.findByText("Too many messages — please try again later.")).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({
      name: "Morgan Parent",
      email: "morgan@example.com",
      message: "Second message in a row, to check the limit.",
    });
    // What was typed stays, to send again later.
    expect(screen.getByLabelText("Message")).toHaveValue("Second message in a row, to check the limit.");
  });
});
