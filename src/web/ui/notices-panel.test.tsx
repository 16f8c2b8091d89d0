// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NoticeDto, NoticesResponse } from "#domain/api/notices";
import { NoticesPanel } from "~/ui/notices-panel";
import { playerUser } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* The notices list (docs/product.md §11 Notices): the words of domain/notices.ts, an unread mark, Mark all as read. */

const PLAYER = playerUser();

function notice(id: string, kind: NoticeDto["kind"], params: NoticeDto["params"], readAt: string | null): NoticeDto {
  return { id, teamId: "team-1", kind, params, createdAt: "2026-11-20T18:00:00.000Z", readAt };
}

const NOTICES: NoticesResponse = {
  notices: [
    notice("n2", "request_approved", { teamName: "Harbor Hawks", jerseyNumber: 7, position: null }, null),
    notice("n1", "confirmed", { teamName: "Bay City Thunder" }, "2026-11-19T10:00:00.000Z"),
  ],
  unread: 1,
};

describe("notices panel", () => {
  it("lists the notices in their words with their time, marks the unread one New, and Mark all as read clears it", async () => {
    let current = NOTICES;
    const api = fakeApi()
      .on("GET", "/api/me/notices", () => json(current))
      .on("POST", "/api/me/notices/read", () => {
        current = {
          unread: 0,
          notices: current.notices.map((n) => ({ ...n, readAt: n.readAt ?? "2026-11-26T00:00:00.000Z" })),
        };
        return json({ marked: 1 });
      });
    const { user } = renderPage(<NoticesPanel />, { path: "/player/dashboard", user: PLAYER, api });

    const region = await screen.findByRole("region", { name: "Notices" });
    const items = await within(region).findAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent("New");
    expect(items[0]).toHaveTextContent("The coach approved your request: jersey number 7.");
    expect(items[1]).not.toHaveTextContent("New");
    expect(items[1]).toHaveTextContent("The coach confirmed you: you are on Bay City Thunder's roster.");
    expect(items[0]!.querySelector("time")).toHaveAttribute("datetime", "2026-11-20T18:00:00.000Z");
    expect(within(region).getByText("1 unread notice")).toBeInTheDocument();

    await user.click(within(region).getByRole("button", { name: "Mark all as read" }));
    await waitFor(() => expect(within(region).queryByText("New")).toBeNull());
    expect(api.requests.filter((r: ApiRequest) => r.method === "POST").map((r) => [r.pathname, r.body])).toEqual([
      ["/api/me/notices/read", { all: true }],
    ]);
    expect(within(region).getByText("All read.")).toBeInTheDocument();
    expect(within(region).queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("says Nothing new. when there are no notices", async () => {
    const api = fakeApi().on("GET", "/api/me/notices", { notices: [], unread: 0 });
    renderPage(<NoticesPanel />, { path: "/player/dashboard", user: PLAYER, api });
    expect(await screen.findByRole("heading", { name: "Nothing new." })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all as read" })).toBeNull();
  });

  it("shows the five newest, the rest behind Show all", async () => {
    const many = Array.from({ length: 7 }, (_, i) =>
      notice(`n${i}`, "request_declined", { teamName: "Harbor Hawks", jerseyNumber: i }, null),
    );
    const api = fakeApi().on("GET", "/api/me/notices", { notices: many, unread: 7 });
    const { user } = renderPage(<NoticesPanel />, { path: "/player/dashboard", user: PLAYER, api });
    expect(await screen.findAllByRole("listitem")).toHaveLength(5);
    await user.click(screen.getByRole("button", { name: "Show all 7" }));
    expect(screen.getAllByRole("listitem")).toHaveLength(7);
  });

  it("the schedule's notices say the day and time the viewer's way and link to their event on the team", async () => {
    const event = { teamName: "Harbor Hawks", eventId: "ev-1", eventKind: "game" as const, opponent: "Eagles" };
    const api = fakeApi().on("GET", "/api/me/notices", {
      notices: [
        notice("n3", "event_reminder", { ...event, eventDate: "2099-06-13", eventTime: "18:00" }, null),
        notice(
          "n2",
          "event_changed",
          { ...event, eventDate: "2099-06-14", eventTime: "10:00", change: "cancelled" },
          null,
        ),
        { ...notice("n1", "event_changed", { ...event, change: "time" }, null), teamId: "old-team" },
      ],
      unread: 3,
    });
    renderPage(<NoticesPanel />, { path: "/player/dashboard", user: PLAYER, api });
    const items = await screen.findAllByRole("listitem");
    expect(items[0]).toHaveTextContent(/Are you coming to the game against Eagles on \w+, Jun 13, 2099 at 6:00\sPM\?/);
    expect(within(items[0]!).getByRole("link", { name: "Answer now" })).toHaveAttribute(
      "href",
      "/player/schedule/ev-1",
    );
    expect(items[1]).toHaveTextContent("Harbor Hawks cancelled the game against Eagles");
    expect(within(items[1]!).getByRole("link", { name: "See the cancelled event" })).toHaveAttribute(
      "href",
      "/player/schedule/ev-1",
    );
    // A notice from a team the viewer is no longer on links nowhere.
    expect(within(items[2]!).queryByRole("link")).toBeNull();
  });
});
