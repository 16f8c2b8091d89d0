// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { teamCoachesResponseSchema } from "#domain/api/team-settings";
import { TeamSettingsPage } from "~/features/team-settings/team-settings-page";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest, type FakeApi } from "#tests/web/render.tsx";

/* /coach/settings (docs/product.md §2 "Team settings"): the head coach's controls, and an assistant's read-only view. */

const HEAD = coachUser();
const ASSISTANT = coachUser({
  id: "coach-2",
  fullName: "Ari Assistant",
  email: "ari@example.com",
  coachRole: "assistant",
  team: { ...HEAD.team!, coachInviteCode: null },
});

const COACHES = teamCoachesResponseSchema.parse({
  coaches: [
    {
      id: HEAD.id,
      fullName: HEAD.fullName,
      email: HEAD.email,
      coachRole: "head",
      joinedAt: "2026-08-01T10:00:00.000Z",
    },
    {
      id: ASSISTANT.id,
      fullName: ASSISTANT.fullName,
      email: ASSISTANT.email,
      coachRole: "assistant",
      joinedAt: "2026-09-01T10:00:00.000Z",
    },
  ],
});

function open(api: FakeApi, user = HEAD) {
  api.on("GET", "/api/team/coaches", COACHES);
  return renderPage(<TeamSettingsPage />, { path: "/coach/settings", user, api });
}

describe("team settings page", () => {
  it("the head coach sees the name form, both codes with replace buttons, and the coaches with their actions", async () => {
    open(fakeApi());
    expect(await screen.findByRole("heading", { level: 1, name: "Team Settings" })).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Team name" })).toHaveValue("Harbor Hawks");
    expect(screen.getByText("HAWK23")).toBeInTheDocument();
    expect(screen.getByText("COACH234")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New team code" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "New coach invite code" })).toBeInTheDocument();
    const list = (await screen.findByText("ari@example.com")).closest("li")!;
    expect(within(list).getByText(/Assistant coach · Joined/)).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Make Ari Assistant head coach" })).toBeInTheDocument();
    expect(within(list).getByRole("button", { name: "Remove Ari Assistant" })).toBeInTheDocument();
    // No action on the head coach's own row.
    expect(within(screen.getByText("(you)").closest("li")!).queryByRole("button")).toBeNull();
  });

  it("an assistant sees everything read-only, with a note, and never the coach invite code", async () => {
    open(fakeApi(), ASSISTANT);
    expect(
      await screen.findByText("Only the head coach can change these settings. You can see them here."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: "Team name" })).toBeNull();
    expect(screen.getByText("HAWK23")).toBeInTheDocument();
    expect(screen.queryByText("COACH234")).toBeNull();
    expect(screen.queryByRole("button", { name: /New .*code/ })).toBeNull();
    expect(await screen.findByText("casey@example.com")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /head coach$|^Remove/ })).toBeNull();
  });

  it("renames the team: sends the trimmed name and says it is saved; a server field error shows at the field", async () => {
    const api = fakeApi().on("PATCH", "/api/team", (req: ApiRequest) =>
      (req.body as { name: string }).name === "Taken"
        ? apiError(400, "invalid_input", "Team name is not allowed.", { name: "Team name is not allowed." })
        : json({ team: { id: HEAD.team!.id, name: (req.body as { name: string }).name } }),
    );
    const { user } = open(api);
    const field = await screen.findByRole("textbox", { name: "Team name" });
    await user.clear(field);
    await user.type(field, "Taken");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Team name is not allowed.")).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, "  Harbor Herons ");
    await user.click(screen.getByRole("button", { name: "Save name" }));
    expect(await screen.findByText("Saved. The team is now called Harbor Herons.")).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === "PATCH").at(-1)?.body).toEqual({ name: "Harbor Herons" });
  });

  it("replacing the team code asks first, then shows the new code", async () => {
    const api = fakeApi().on("POST", "/api/team/codes/rotate", {
      team: { id: HEAD.team!.id, code: "NEWC0D", coachInviteCode: "COACH234" },
    });
    const { user } = open(api);
    await user.click(await screen.findByRole("button", { name: "New team code" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Replace the team code?" });
    await user.click(within(dialog).getByRole("button", { name: "Replace code" }));
    expect(await screen.findByText("NEWC0D")).toBeInTheDocument();
    expect(screen.getByText(/The team code is replaced/)).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ which: "team" });
  });

  it("removing an assistant asks first, names them, and shows the server's refusal in the dialog", async () => {
    const api = fakeApi().on("DELETE", `/api/team/coaches/${ASSISTANT.id}`, () =>
      apiError(403, "not_head_coach", "You are no longer the head coach of this team."),
    );
    const { user } = open(api);
    await user.click(await screen.findByRole("button", { name: "Remove Ari Assistant" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Remove Ari Assistant from the coaching staff?" });
    await user.click(within(dialog).getByRole("button", { name: "Remove coach" }));
    expect(await within(dialog).findByText("You are no longer the head coach of this team.")).toBeInTheDocument();
  });

  it("handing over: after confirming, the list shows the new head and this coach loses the head coach's controls", async () => {
    const after = teamCoachesResponseSchema.parse({
      coaches: [
        { ...COACHES.coaches[1], coachRole: "head" },
        { ...COACHES.coaches[0], coachRole: "assistant" },
      ],
    });
    const api = fakeApi().on("POST", `/api/team/coaches/${ASSISTANT.id}/head`, after);
    const { user } = open(api);
    await user.click(await screen.findByRole("button", { name: "Make Ari Assistant head coach" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Make Ari Assistant the head coach?" });
    expect(within(dialog).getByText(/You become an assistant coach/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Make head coach" }));
    expect(
      await screen.findByText("Ari Assistant is now the head coach. You are an assistant coach."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Team name" })).toBeNull());
    expect(
      screen.getByText("Only the head coach can change these settings. You can see them here."),
    ).toBeInTheDocument();
    expect(screen.queryByText("COACH234")).toBeNull();
    expect(screen.queryByRole("button", { name: /head coach$/ })).toBeNull();
  });
});
