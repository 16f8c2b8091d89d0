// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { RosterPage } from "~/features/roster/roster-page";
import { rosterEntrySchema, type RosterEntry } from "#domain/api/roster";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest } from "#tests/web/render.tsx";

/*
 * The roster's dialogs and its to-do list (docs/product.md §11): import with its preview and row errors, adding a
 * player (a taken number beside its field, then the invite with its link and QR code), confirming a waiting
 * sign-up. The whole journey (import, invite link, a player claiming it) is tests/e2e/roster-claim.spec.ts.
 */

function entry(over: Partial<RosterEntry> = {}): RosterEntry {
  return rosterEntrySchema.parse({
    id: "p-dana",
    fullName: "Dana Deep",
    jerseyNumber: 9,
    primaryPosition: "safety",
    positions: ["safety"],
    claimed: true,
    inviteToken: null,
    confirmed: true,
    request: null,
    photoUrl: null,
    ...over,
  });
}

function open(roster: RosterEntry[]) {
  const api = fakeApi()
    .on("GET", "/api/team/players", { players: [playerSummary({ id: "p-dana", name: "Dana Deep", jerseyNumber: 9 })] })
    .on("GET", "/api/team/roster", { players: roster });
  return { api, ...renderPage(<RosterPage />, { path: "/coach/team-roster", user: coachUser(), api }) };
}

describe("roster dialogs", () => {
  it("import: the preview marks bad rows and imports nothing until they are fixed, then all of them", async () => {
    const { api, user } = open([entry()]);
    api.on("POST", "/api/team/roster/import", (req: ApiRequest) =>
      json({ players: (req.body as { players: unknown[] }).players.map((_, i) => entry({ id: `n${i}` })) }, 201),
    );
    await user.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import players" });
    const paste = within(dialog).getByLabelText("Paste the roster");
    await user.click(paste);
    await user.paste("name,jersey,position\nSam Lopez,12,QB\nKim Kicker,9,TE\nNo Spot,3,goalie");

    expect(
      within(dialog).getByRole("heading", { name: "Preview: 3 players, 1 row to fix, 1 already on the roster" }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("Same number as Dana Deep (#9)")).toBeInTheDocument();
    expect(within(dialog).getByText("“goalie” is not one of the ten positions.")).toBeInTheDocument();
    // The disabled button counts the rows the way the preview does (issue #27.11: it read "Import 0 players").
    expect(within(dialog).getByRole("button", { name: "Import 2 players" })).toBeDisabled();

    await user.clear(paste);
    await user.paste("name,jersey,position\nSam Lopez,12,QB\nKim Kicker,19,TE");
    await user.click(within(dialog).getByRole("button", { name: "Import 2 players" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(await screen.findByText(/2 players imported/)).toBeInTheDocument();
    const sent = api.requests.find((r) => r.method === "POST")!.body as { players: unknown[] };
    expect(sent.players).toEqual([
      { fullName: "Sam Lopez", jerseyNumber: 12, primaryPosition: "qb", positions: [] },
      { fullName: "Kim Kicker", jerseyNumber: 19, primaryPosition: "te", positions: [] },
    ]);
  });

  it("import: Cancel forgets the pasted text, so the next paste is read alone", async () => {
    const { user } = open([entry()]);
    await user.click(await screen.findByRole("button", { name: "Import" }));
    let dialog = await screen.findByRole("dialog", { name: "Import players" });
    await user.click(within(dialog).getByLabelText("Paste the roster"));
    await user.paste("name,jersey,position\nSam Lopez,12,QB\nOops");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.click(screen.getByRole("button", { name: "Import" }));
    dialog = await screen.findByRole("dialog", { name: "Import players" });
    expect(within(dialog).getByLabelText("Paste the roster")).toHaveValue("");
    expect(within(dialog).queryByRole("heading", { name: /Preview/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText("Paste the roster"));
    await user.paste("Riley Runner\t7\tRB");
    expect(within(dialog).getByRole("heading", { name: "Preview: 1 player" })).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Import 1 player" })).toBeEnabled();
  });

  it("import: a player already on the roster is skipped by default, or updated when the coach picks it", async () => {
    const { api, user } = open([entry(), entry({ id: "p-jo", fullName: "Jordan Okafor", jerseyNumber: null })]);
    api.on("POST", "/api/team/roster/import", (req: ApiRequest) =>
      json({ players: (req.body as { players: unknown[] }).players.map((_, i) => entry({ id: `n${i}` })) }, 201),
    );
    api.on("PATCH", "/api/team/roster/p-jo", () => json({ player: entry({ id: "p-jo", fullName: "Jordan Okafor" }) }));
    await user.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import players" });
    await user.click(within(dialog).getByLabelText("Paste the roster"));
    await user.paste("Okafor, Jordan\t21\tWR\nDana Deep\t9\tS\nNew Kid\t4\tQB");

    expect(within(dialog).getByText("Written “Okafor, Jordan”")).toBeInTheDocument();
    expect(within(dialog).getByText("Same name as Jordan Okafor")).toBeInTheDocument();
    expect(within(dialog).getByText("Same name as Dana Deep (#9)")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Import 1 player" })).toBeEnabled();
    await user.selectOptions(within(dialog).getByLabelText("Line 1: Jordan Okafor"), "Update Jordan Okafor");
    await user.click(within(dialog).getByRole("button", { name: "Import 1 player, update 1" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    const patch = api.requests.find((r) => r.method === "PATCH")!;
    expect(patch.body).toEqual({ fullName: "Jordan Okafor", jerseyNumber: 21, primaryPosition: "wr", positions: [] });
    const sent = api.requests.find((r) => r.method === "POST")!.body as { players: { fullName: string }[] };
    expect(sent.players.map((p) => p.fullName)).toEqual(["New Kid"]);
  });

  it("import: Excel's default CSV file (Windows-1252, semicolons) previews its names as written", async () => {
    const { user } = open([entry()]);
    await user.click(await screen.findByRole("button", { name: "Import" }));
    const dialog = await screen.findByRole("dialog", { name: "Import players" });
    const text = "Name;Jersey;Position\r\nRenée Lefèvre;3;QB\r\nJürgen Groß;4;WR\r\n";
    const bytes = Uint8Array.from(text, (ch) => ch.charCodeAt(0));
    await user.upload(within(dialog).getByLabelText("Choose a CSV file"), new File([bytes], "roster.csv"));

    expect(await within(dialog).findByText("Renée Lefèvre")).toBeInTheDocument();
    expect(within(dialog).getByText("Jürgen Groß")).toBeInTheDocument();
    expect(within(dialog).queryByText(/\uFFFD/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Import 2 players" })).toBeEnabled();
  });

  it("add player: a taken number is shown beside the field; once added, the invite link with Copy and a QR code", async () => {
    const { api, user } = open([entry()]);
    const message = "#9 is already Dana Deep's number on this team.";
    api.on("POST", "/api/team/roster", () => apiError(409, "jersey_taken", message, { jerseyNumber: message }));
    await user.click(await screen.findByRole("button", { name: "Add player" }));
    const dialog = await screen.findByRole("dialog", { name: "Add player" });
    await user.type(within(dialog).getByLabelText("Full name"), "Riley Runner");
    await user.type(within(dialog).getByLabelText(/Jersey number/), "9");
    await user.selectOptions(within(dialog).getByLabelText("Primary position"), "rb");
    await user.click(within(dialog).getByRole("button", { name: "Add player" }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Jersey number/)).toHaveAttribute("aria-invalid", "true");

    const added = entry({
      id: "p-riley",
      fullName: "Riley Runner",
      jerseyNumber: 22,
      claimed: false,
      inviteToken: "tok_123",
    });
    api.on("POST", "/api/team/roster", () => json({ player: added }, 201));
    await user.clear(within(dialog).getByLabelText(/Jersey number/));
    await user.type(within(dialog).getByLabelText(/Jersey number/), "22");
    await user.click(within(dialog).getByRole("button", { name: "Add player" }));

    const invite = await screen.findByRole("dialog", { name: "Invite Riley Runner" });
    expect(within(invite).getByLabelText("Invite link")).toHaveValue(`${window.location.origin}/claim/tok_123`);
    expect(within(invite).getByRole("button", { name: "Copy Riley Runner's invite link" })).toBeInTheDocument();
    expect(
      await within(invite).findByRole("img", { name: "QR code of Riley Runner's invite link" }),
    ).toBeInTheDocument();
  });

  it("lists waiting sign-ups and requests; Confirm and Approve send the coach's decision", async () => {
    const { api, user } = open([
      entry(),
      entry({ id: "p-max", fullName: "Max Maybe", jerseyNumber: null, confirmed: false }),
      entry({
        id: "p-pia",
        fullName: "Pia Pass",
        jerseyNumber: 4,
        primaryPosition: "lb",
        request: { jerseyNumber: 12, primaryPosition: "cb", requestedAt: "2026-11-20T18:00:00.000Z" },
      }),
    ]);
    api
      .on("POST", "/api/team/roster/p-max/confirmation", { player: entry({ id: "p-max" }) })
      .on("POST", "/api/team/roster/p-pia/request", { player: entry({ id: "p-pia" }) });
    const list = await screen.findByRole("region", { name: "Waiting for you" });
    expect(within(list).getByText(/joined with the team code/)).toHaveTextContent(
      "Max Maybe joined with the team code",
    );
    expect(within(list).getByText(/asks for/)).toHaveTextContent(
      "Pia Pass (#4 · Linebacker) asks for #12 · Cornerback",
    );
    await user.click(within(list).getByRole("button", { name: "Confirm Max Maybe" }));
    await user.click(within(list).getByRole("button", { name: "Approve Pia Pass's request" }));
    await waitFor(() => expect(api.count("POST", "/api/team/roster/p-pia/request")).toBe(1));
    expect(api.requests.filter((r) => r.method === "POST").map((r) => r.body)).toEqual([
      { decision: "confirm" },
      { decision: "approve" },
    ]);
  });
});
