// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RosterPage } from "~/features/roster/roster-page";
import { rosterEntrySchema, type RosterEntry } from "#domain/api/roster";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/*
 * The roster's words about places nobody has claimed and players who wait for the coach (docs/product.md §11).
 */

function entry(over: Partial<RosterEntry> = {}): RosterEntry {
  return rosterEntrySchema.parse({
    id: "p-noah",
    fullName: "Noah Berg",
    jerseyNumber: 64,
    primaryPosition: "center",
    positions: ["center"],
    claimed: false,
    inviteToken: "tok-noah",
    confirmed: true,
    request: null,
    photoUrl: null,
    ...over,
  });
}

function open(roster: RosterEntry[], players = [playerSummary({ id: "p-noah", name: "Noah Berg", jerseyNumber: 64 })]) {
  const api = fakeApi()
    .on("GET", "/api/team/players", { players })
    .on("GET", "/api/team/roster", { players: roster })
    .on("DELETE", /^\/api\/team\/players\//, () => new Response(null, { status: 204 }));
  return { api, ...renderPage(<RosterPage />, { path: "/coach/team-roster", user: coachUser(), api }) };
}

describe("roster: unclaimed places and waiting players", () => {
  it("says team-code players wait for the coach, not that they appear straight away", async () => {
    open([entry()]);
    expect(await screen.findByText(/They wait under “Waiting for you” on your roster until a coach/)).toBeVisible();
    expect(screen.queryByText(/straight away/)).toBeNull();
  });

  it("removing a place nobody claimed speaks of its invite link, not of an account or the team code", async () => {
    const { user } = open([entry()]);
    await user.click(await screen.findByRole("button", { name: "Remove Noah Berg" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Noah Berg from the team?" });
    expect(
      within(dialog).getByText(/Nobody has claimed this place yet, so its invite link stops working/),
    ).toBeVisible();
    expect(within(dialog).queryByText(/account/)).toBeNull();
    expect(within(dialog).queryByText(/team code/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Remove player" }));
    expect(
      await screen.findByText("Noah Berg was removed from the team. Their invite link no longer works."),
    ).toBeVisible();
  });

  it("removing a player with an account still says their stats stay with it and they can rejoin", async () => {
    const { user } = open([entry({ claimed: true, inviteToken: null })]);
    await user.click(await screen.findByRole("button", { name: "Remove Noah Berg" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Noah Berg from the team?" });
    expect(within(dialog).getByText(/They can rejoin later with the team code/)).toBeVisible();
  });

  it("a waiting sign-up with an unclaimed place's name or number says so, and merging asks first", async () => {
    const place = entry();
    const waiting = entry({ id: "p-signup", jerseyNumber: null, claimed: true, inviteToken: null, confirmed: false });
    const numbered = entry({ id: "p-sam", fullName: "Samuel Lopez", jerseyNumber: 12, primaryPosition: "qb" });
    const asker = entry({
      id: "p-sammy",
      fullName: "Sammy L",
      jerseyNumber: null,
      claimed: true,
      inviteToken: null,
      confirmed: false,
      request: { jerseyNumber: 12, primaryPosition: null, requestedAt: "2026-11-25T10:00:00.000Z" },
    });
    const other = entry({ id: "p-zoe", fullName: "Zoe Zed", jerseyNumber: 5 });
    const { api, user } = open([waiting, asker, place, numbered, other]);
    api.on("POST", "/api/team/roster/p-signup/confirmation", (req: ApiRequest) =>
      (req.body as { decision: string }).decision === "merge"
        ? json({ player: { ...place, claimed: true, inviteToken: null } })
        : json({ player: waiting }),
    );
    const attention = await screen.findByRole("region", { name: "Waiting for you" });
    expect(within(attention).getByText("Matches the roster's Noah Berg #64 — merge?")).toBeVisible();
    // The number Sammy asked for is Samuel's place.
    expect(within(attention).getByText("Matches the roster's Samuel Lopez #12 — merge?")).toBeVisible();
    expect(within(attention).queryByText(/Zoe Zed/)).toBeNull();

    await user.click(
      within(attention).getByRole("button", { name: "Merge Noah Berg into the roster's Noah Berg #64" }),
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Merge Noah Berg into the roster's Noah Berg #64?" });
    expect(within(dialog).getByText(/the plays, snaps and attendance logged for it stay/)).toBeVisible();
    expect(api.count("POST", "/api/team/roster/p-signup/confirmation")).toBe(0);
    await user.click(within(dialog).getByRole("button", { name: "Merge" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const sent = api.requests.find((r) => r.method === "POST")!;
    expect(sent.pathname).toBe("/api/team/roster/p-signup/confirmation");
    expect(sent.body).toEqual({ decision: "merge", into: "p-noah" });
  });
});
