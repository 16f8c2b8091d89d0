// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { playerUser } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";
import { NotificationsCard } from "./notifications-card";

/*
 * Notifications (docs/product.md §16): the devices they go to, each turned off on its own; the choices saved at once;
 * and where this browser cannot have them, why (the iPhone's Home Screen rule, plain http).
 */

const STATE = {
  publicKey: "BPz3Yb8x0000000000000000000000000000000000000000000000000000000000000000000000000000000",
  devices: [
    {
      id: "d1",
      device: "Chrome on Android",
      createdAt: "2026-11-20T18:00:00.000Z",
      lastSentAt: "2026-11-28T15:04:00.000Z",
      endpoint: "https://fcm.googleapis.com/fcm/send/one",
    },
  ],
  preferences: { game_start: true, scores: true, game_final: true, schedule: true, announcements: true },
};

function withBrowser(o: { secure: boolean; push: boolean; userAgent?: string }) {
  vi.stubGlobal("isSecureContext", o.secure);
  if (o.userAgent) vi.spyOn(navigator, "userAgent", "get").mockReturnValue(o.userAgent);
  if (o.push) {
    vi.stubGlobal("PushManager", class {});
    vi.stubGlobal("Notification", { permission: "default", requestPermission: async () => "granted" });
    Object.defineProperty(navigator, "serviceWorker", {
      configurable: true,
      value: { getRegistration: async () => undefined },
    });
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("notifications card", () => {
  it("lists the devices, turns one off, and saves a choice at once", async () => {
    withBrowser({ secure: true, push: true });
    let state = STATE;
    const api = fakeApi()
      .on("GET", "/api/me/push", () => json(state))
      .on("DELETE", "/api/me/push/devices/d1", () => {
        state = { ...state, devices: [] };
        return new Response(null, { status: 204 });
      })
      .on("PATCH", "/api/me/push/preferences", (req: ApiRequest) => {
        state = { ...state, preferences: { ...state.preferences, ...(req.body as object) } };
        return json(state.preferences);
      });
    const { user } = renderPage(<NotificationsCard />, { path: "/family", user: playerUser(), api });
    const card = await screen.findByRole("region", { name: "Notifications" });
    expect(await within(card).findByRole("button", { name: "Turn on notifications on this device" })).toBeEnabled();
    expect(within(card).getByText("Chrome on Android")).toBeInTheDocument();

    const scores = within(card).getByRole("switch", { name: "Every score" });
    await user.click(scores);
    expect(await within(card).findByText("Every score: off.")).toBeInTheDocument();
    expect(scores).toHaveAttribute("aria-checked", "false");
    expect(api.requests.find((r) => r.method === "PATCH")?.body).toEqual({ scores: false });

    await user.click(within(card).getByRole("button", { name: "Turn off notifications for Chrome on Android" }));
    expect(await within(card).findByText("Chrome on Android: no more notifications.")).toBeInTheDocument();
    expect(within(card).queryByText("Your devices")).not.toBeInTheDocument();
  });

  it("on an iPhone outside the Home Screen: says how to add it, and offers no button", async () => {
    withBrowser({
      secure: true,
      push: false,
      userAgent:
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1",
    });
    const api = fakeApi().on("GET", "/api/me/push", () => json({ ...STATE, devices: [] }));
    renderPage(<NotificationsCard />, { path: "/player/profile", user: playerUser(), api });
    const card = await screen.findByRole("region", { name: "Notifications" });
    expect(await within(card).findByText(/notifications need Flagline on your Home Screen/)).toHaveTextContent(
      "Add to Home Screen",
    );
    expect(within(card).queryByRole("button", { name: /Turn on notifications/ })).not.toBeInTheDocument();
  });

  it("over plain http away from the server's machine: says HTTPS is needed", async () => {
    withBrowser({ secure: false, push: true });
    const api = fakeApi().on("GET", "/api/me/push", () => json({ ...STATE, devices: [] }));
    renderPage(<NotificationsCard />, { path: "/player/profile", user: playerUser(), api });
    const card = await screen.findByRole("region", { name: "Notifications" });
    expect(
      await within(card).findByText(/Notifications need this server to be reached over HTTPS/),
    ).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: /Turn on notifications/ })).not.toBeInTheDocument();
  });
});
