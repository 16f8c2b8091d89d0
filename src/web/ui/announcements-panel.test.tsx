// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Announcement } from "#domain/api/announcements";
import { AnnouncementsPanel } from "./announcements-panel";
import { coachUser, playerUser } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/* Team announcements on the dashboards (docs/product.md §14): a coach posts, pins and deletes; a player reads. */

function announcement(over: Partial<Announcement>): Announcement {
  return {
    id: "a-1",
    body: "Great win today!",
    authorName: "Casey Coach",
    createdAt: "2026-11-28T18:00:00.000Z",
    pinnedUntil: null,
    pinned: false,
    ...over,
  };
}

const PINNED = announcement({
  id: "a-2",
  body: "Pictures on Saturday.\nWear the home jersey.",
  pinnedUntil: "2026-12-05",
  pinned: true,
});

describe("announcements panel", () => {
  it("a coach posts one (explained before anything is sent when empty), and deletes one", async () => {
    let list = [PINNED, announcement({})];
    const api = fakeApi()
      .on("GET", "/api/team/announcements", () => json({ announcements: list }))
      .on("POST", "/api/team/announcements", (req: ApiRequest) => {
        const body = req.body as { body: string; pinnedUntil: string | null };
        const posted = announcement({ id: "a-3", body: body.body, pinnedUntil: body.pinnedUntil });
        list = [posted, ...list];
        return json({ announcement: posted }, 201);
      })
      .on("DELETE", "/api/team/announcements/a-1", () => {
        list = list.filter((a) => a.id !== "a-1");
        return new Response(null, { status: 204 });
      });
    const { user } = renderPage(<AnnouncementsPanel canPost />, { path: "/coach/dashboard", user: coachUser(), api });

    const items = await screen.findAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Pinned until");
    expect(items[0]).toHaveTextContent("Pictures on Saturday.");

    await user.click(screen.getByRole("button", { name: "Post to the team" }));
    expect(screen.getByText("Write the announcement.")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Pin to the top until" }));
    await user.type(screen.getByRole("textbox", { name: "New announcement" }), "No practice Thursday.");
    await user.click(screen.getByRole("button", { name: "Post to the team" }));
    expect(screen.getByText("Pick the day to keep it pinned until.")).toBeInTheDocument();
    expect(api.requests.some((r) => r.method === "POST")).toBe(false);

    await user.click(screen.getByRole("checkbox", { name: "Pin to the top until" }));
    await user.click(screen.getByRole("button", { name: "Post to the team" }));
    expect(await screen.findByText("Posted: the team sees it on their dashboards.")).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { body: "No practice Thursday.", pinnedUntil: null },
    ]);
    expect(await screen.findByText("No practice Thursday.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "New announcement" })).toHaveValue("");

    const win = screen.getByText("Great win today!").closest("li")!;
    await user.click(within(win).getByRole("button", { name: /Delete the announcement of/ }));
    expect(await screen.findByText("The announcement was deleted.")).toBeInTheDocument();
    expect(screen.queryByText("Great win today!")).not.toBeInTheDocument();
  });

  it("a player reads them with no way to post or delete, and sees no panel while the team has none", async () => {
    const api = fakeApi().on("GET", "/api/team/announcements", { announcements: [PINNED] });
    renderPage(<AnnouncementsPanel canPost={false} />, { path: "/player/dashboard", user: playerUser(), api });
    expect(await screen.findByText(/Pictures on Saturday/)).toBeInTheDocument();
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("a player's dashboard shows nothing when there are no announcements", async () => {
    const api = fakeApi().on("GET", "/api/team/announcements", { announcements: [] });
    renderPage(<AnnouncementsPanel canPost={false} />, { path: "/player/dashboard", user: playerUser(), api });
    await expect.poll(() => api.requests.length).toBeGreaterThan(0);
    expect(screen.queryByRole("heading", { name: "Announcements" })).not.toBeInTheDocument();
  });
});
