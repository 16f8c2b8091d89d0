// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiTokensResponseSchema, type ApiTokensResponse } from "#domain/api/api-tokens";
import { teamCoachesResponseSchema } from "#domain/api/team-settings";
import { TeamSettingsPage } from "~/features/team-settings/team-settings-page";
import { coachUser } from "#tests/web/api-fixtures";
import { apiError, fakeApi, json, renderPage, type ApiRequest, type FakeApi } from "#tests/web/render.tsx";

/* Team settings' API tokens (docs/product.md §11 "API tokens"): made, shown once, listed, revoked after asking. */

const HEAD = coachUser();
const ASSISTANT = coachUser({
  id: "coach-2",
  fullName: "Ari Assistant",
  email: "ari@example.com",
  coachRole: "assistant",
  team: { ...HEAD.team!, coachInviteCode: null },
});
const SECRET = "flt_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";

const SITE = {
  id: "token-1",
  name: "Club web site",
  scope: "read",
  createdAt: "2026-09-01T10:00:00.000Z",
  lastUsedAt: "2026-09-02T08:30:00.000Z",
  createdBy: { id: HEAD.id, fullName: HEAD.fullName },
} as const;

function open(api: FakeApi, tokens: ApiTokensResponse, user = HEAD) {
  api.on("GET", "/api/team/coaches", teamCoachesResponseSchema.parse({ coaches: [] }));
  api.on("GET", "/api/team/api-tokens", () => json(tokens));
  return renderPage(<TeamSettingsPage />, { path: "/coach/settings", user, api });
}

describe("team settings: API tokens", () => {
  it("lists each token's name, access, dates and maker", async () => {
    open(
      fakeApi(),
      apiTokensResponseSchema.parse({
        tokens: [SITE, { ...SITE, id: "t2", name: "Scoring app", scope: "write", lastUsedAt: null }],
      }),
    );
    const list = await screen.findByRole("list", { name: "API tokens" });
    const [site, app] = within(list).getAllByRole("listitem");
    expect(within(site!).getByText("Club web site")).toBeInTheDocument();
    expect(within(site!).getByText(/Read-only · Created .* by Casey Coach/)).toBeInTheDocument();
    expect(within(site!).getByText(/Last used/)).toBeInTheDocument();
    expect(within(app!).getByText(/Read-write/)).toBeInTheDocument();
    expect(within(app!).getByText("Never used")).toBeInTheDocument();
  });

  it("an empty list says nothing outside Flagline can read the team's data", async () => {
    open(fakeApi(), { tokens: [] });
    expect(await screen.findByText("Nothing outside Flagline can read your team's data.")).toBeInTheDocument();
  });

  it("an assistant coach is not shown the panel, and it asks for no tokens", async () => {
    const api = fakeApi();
    open(api, { tokens: [] }, ASSISTANT);
    expect(
      await screen.findByText("Only the head coach can change these settings. You can see them here."),
    ).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "API tokens" })).toBeNull();
    expect(api.count("GET", "/api/team/api-tokens")).toBe(0);
  });

  it("making a token sends its name and access, shows its text once with a Copy button, then never again", async () => {
    let tokens: ApiTokensResponse = { tokens: [] };
    const api = fakeApi().on("POST", "/api/team/api-tokens", (req: ApiRequest) => {
      const body = req.body as { name: string; scope: "read" | "write" };
      const token = { ...SITE, id: "token-9", name: body.name, scope: body.scope, lastUsedAt: null };
      tokens = { tokens: [token] };
      return json({ token, secret: SECRET }, 201);
    });
    const { user } = open(api, tokens);
    api.on("GET", "/api/team/api-tokens", () => json(tokens));
    await user.type(await screen.findByRole("textbox", { name: "Token name" }), "  Scoring app ");
    await user.click(screen.getByRole("radio", { name: /Read-write/ }));
    await user.click(screen.getByRole("button", { name: "Make token" }));

    const shown = await screen.findByRole("region", { name: "New API token" });
    expect(within(shown).getByText(SECRET)).toBeInTheDocument();
    expect(within(shown).getByText(/shown this once/)).toBeInTheDocument();
    expect(within(shown).getByRole("button", { name: "Copy the API token" })).toBeInTheDocument();
    expect(api.requests.find((r) => r.method === "POST")?.body).toEqual({ name: "Scoring app", scope: "write" });
    // The list (refetched) names it, and holds no text of the token.
    const list = await screen.findByRole("list", { name: "API tokens" });
    expect(within(list).getByText("Scoring app")).toBeInTheDocument();
    expect(list.textContent).not.toContain(SECRET);

    await user.click(within(shown).getByRole("button", { name: "Done, I have copied it" }));
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.getByRole("textbox", { name: "Token name" })).toHaveValue("");
  });

  it("a blank name is refused at the field; the server's refusal shows with the form", async () => {
    const api = fakeApi().on("POST", "/api/team/api-tokens", () =>
      apiError(409, "too_many_tokens", "A team can hold at most 25 API tokens. Revoke one you no longer use first."),
    );
    const { user } = open(api, { tokens: [] });
    await user.click(await screen.findByRole("button", { name: "Make token" }));
    expect(await screen.findByText("Give the token a name.")).toBeInTheDocument();
    expect(api.count("POST", "/api/team/api-tokens")).toBe(0);
    await user.type(screen.getByRole("textbox", { name: "Token name" }), "One more");
    await user.click(screen.getByRole("button", { name: "Make token" }));
    expect(await screen.findByText(/at most 25 API tokens/)).toBeInTheDocument();
  });

  it("revoking asks first, names the token, and only then revokes it", async () => {
    let tokens: ApiTokensResponse = apiTokensResponseSchema.parse({ tokens: [SITE] });
    const api = fakeApi().on("DELETE", `/api/team/api-tokens/${SITE.id}`, () => {
      tokens = { tokens: [] };
      return new Response(null, { status: 204 });
    });
    const { user } = open(api, tokens);
    api.on("GET", "/api/team/api-tokens", () => json(tokens));
    await user.click(await screen.findByRole("button", { name: "Revoke Club web site" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke “Club web site”?" });
    expect(within(dialog).getByText(/stops working at once/)).toBeInTheDocument();
    expect(api.count("DELETE", `/api/team/api-tokens/${SITE.id}`)).toBe(0);
    await user.click(within(dialog).getByRole("button", { name: "Revoke token" }));
    expect(await screen.findByText(/“Club web site” is revoked/)).toBeInTheDocument();
    expect(api.count("DELETE", `/api/team/api-tokens/${SITE.id}`)).toBe(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Revoke Club web site" })).toBeNull());
  });

  it("cancelling the question revokes nothing", async () => {
    const api = fakeApi();
    const { user } = open(api, apiTokensResponseSchema.parse({ tokens: [SITE] }));
    await user.click(await screen.findByRole("button", { name: "Revoke Club web site" }));
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(api.requests.filter((r) => r.method === "DELETE")).toEqual([]);
    expect(screen.getByText("Club web site")).toBeInTheDocument();
  });
});
