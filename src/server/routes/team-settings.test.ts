import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp, signUpAssistant, signUpCoach, signUpPlayer } from "#tests/server/support/test-client.js";
import type { TeamCoach } from "#domain/api/team-settings.js";
import { handOverHeadCoach } from "../db/team-coaches.js";

type App = ReturnType<typeof createTestApp>["app"];

/** A team with its head coach and two assistants. */
async function staffedTeam(app: App, name: string) {
  const head = await signUpCoach(app, name);
  const first = await signUpAssistant(app, head.me.team!.coachInviteCode!, "Ari First");
  const second = await signUpAssistant(app, head.me.team!.coachInviteCode!, "Bea Second");
  return { head, first, second, teamId: head.me.team!.id };
}

describe.each(testEngines())("team settings on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let heard: string[];

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database);
    app = built.app;
    heard = [];
    const hub = built.services.hub;
    const publish = hub.publish.bind(hub);
    hub.publish = (teamId, change) => {
      heard.push(change.kind);
      publish(teamId, change);
    };
  });
  afterAll(async () => database?.cleanup());

  it("the head coach renames the team (trimmed); every member's session shows the new name", async () => {
    const { head, first, teamId } = await staffedTeam(app, "Old Name");
    const player = await signUpPlayer(app, head.me.team!.code);
    const res = await head.client.request("PATCH", "/api/team", { json: { name: "  New Name  " } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ team: { id: teamId, name: "New Name" } });
    for (const client of [head.client, first.client, player.client]) {
      expect((await client.get("/api/me")).body.user.team.name).toBe("New Name");
    }
    expect(heard).toContain("roster");
  });

  it("a blank or too long name is a 400 by field; an assistant gets 403 and the name stays", async () => {
    const { head, first } = await staffedTeam(app, "Keepers");
    const blank = await head.client.request("PATCH", "/api/team", { json: { name: "   " } });
    expect(blank.status).toBe(400);
    expect(blank.body.error.fields).toEqual({ name: "Team name is required." });
    const long = await head.client.request("PATCH", "/api/team", { json: { name: "x".repeat(81) } });
    expect(long.body.error.fields).toEqual({ name: "Team name must be at most 80 characters." });
    const assistant = await first.client.request("PATCH", "/api/team", { json: { name: "Takeover" } });
    expect(assistant.status).toBe(403);
    expect((await head.client.get("/api/me")).body.user.team.name).toBe("Keepers");
  });

  it("lists the coaches: head first, then assistants by joining, with email and joined date; players are refused", async () => {
    const { head, first, second } = await staffedTeam(app, "Listers");
    const player = await signUpPlayer(app, head.me.team!.code);
    for (const client of [head.client, first.client]) {
      const res = await client.get<{ coaches: TeamCoach[] }>("/api/team/coaches");
      expect(res.status).toBe(200);
      expect(res.body.coaches.map((c) => [c.id, c.coachRole])).toEqual([
        [head.me.id, "head"],
        [first.me.id, "assistant"],
        [second.me.id, "assistant"],
      ]);
      expect(res.body.coaches[1]).toEqual({
        id: first.me.id,
        fullName: "Ari First",
        email: first.me.email,
        coachRole: "assistant",
        joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    }
    expect((await player.client.get("/api/team/coaches")).status).toBe(403);
  });

  it("the head coach removes an assistant: off the list, their session has no team but names the old one", async () => {
    const { head, first, second, teamId } = await staffedTeam(app, "Removers");
    expect((await head.client.delete(`/api/team/coaches/${first.me.id}`)).status).toBe(204);
    const list = await head.client.get<{ coaches: TeamCoach[] }>("/api/team/coaches");
    expect(list.body.coaches.map((c) => c.id)).toEqual([head.me.id, second.me.id]);

    const me = (await first.client.get("/api/me")).body.user;
    expect(me.team).toBeNull();
    expect(me.formerTeam).toEqual({ name: "Removers", leftAt: expect.any(String) });
    expect((await first.client.get("/api/team/dashboard")).status).toBe(403);
    // Already gone: 404, like an id that does not exist.
    expect((await head.client.delete(`/api/team/coaches/${first.me.id}`)).status).toBe(404);
    expect(teamId).toBeTruthy();
  });

  it("only an assistant of the team can be removed: the head themselves, a player, another team's coach → 404", async () => {
    const { head, first } = await staffedTeam(app, "Guards");
    const player = await signUpPlayer(app, head.me.team!.code);
    const other = await staffedTeam(app, "Others");
    for (const id of [head.me.id, player.me.id, other.first.me.id, "no-such-id"]) {
      const res = await head.client.delete(`/api/team/coaches/${encodeURIComponent(id)}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error.message).toBe("That assistant coach was not found.");
    }
    // An assistant may not remove anyone, not even another assistant.
    expect((await first.client.delete(`/api/team/coaches/${first.me.id}`)).status).toBe(403);
    expect((await other.head.client.get("/api/team/coaches")).body.coaches).toHaveLength(3);
  });

  it("hands the head coach role over: the old head becomes an assistant with assistant rights, one head", async () => {
    const { head, first, second, teamId } = await staffedTeam(app, "Handovers");
    const res = await head.client.post<{ coaches: TeamCoach[] }>(`/api/team/coaches/${first.me.id}/head`);
    expect(res.status).toBe(200);
    expect(res.body.coaches.map((c) => [c.id, c.coachRole])).toEqual([
      [first.me.id, "head"],
      [head.me.id, "assistant"],
      [second.me.id, "assistant"],
    ]);
    const oldHead = (await head.client.get("/api/me")).body.user;
    expect(oldHead.coachRole).toBe("assistant");
    expect(oldHead.team.coachInviteCode).toBeNull();
    expect((await first.client.get("/api/me")).body.user.team.coachInviteCode).toBe(head.me.team!.coachInviteCode);
    // The old head now has an assistant's rights; the new head has the head's.
    expect((await head.client.post("/api/team/codes/rotate", { which: "team" })).status).toBe(403);
    expect((await head.client.delete(`/api/team/coaches/${second.me.id}`)).status).toBe(403);
    expect((await first.client.request("PATCH", "/api/team", { json: { name: "Handed" } })).status).toBe(200);
    expect(await headsOf(teamId)).toEqual([first.me.id]);
  });

  it("refuses a hand-over to anyone but an assistant of the team (404), and an assistant may not hand over (403)", async () => {
    const { head, first, teamId } = await staffedTeam(app, "Refusers");
    const player = await signUpPlayer(app, head.me.team!.code);
    const other = await staffedTeam(app, "Strangers");
    for (const id of [head.me.id, player.me.id, other.first.me.id, "no-such-id"]) {
      expect((await head.client.post(`/api/team/coaches/${encodeURIComponent(id)}/head`)).status, id).toBe(404);
    }
    expect((await first.client.post(`/api/team/coaches/${first.me.id}/head`)).status).toBe(403);
    expect(await headsOf(teamId)).toEqual([head.me.id]);
    expect(await headsOf(other.teamId)).toEqual([other.head.me.id]);
  });

  it("two hand-overs at once (to two assistants): exactly one wins, the team has exactly one head", async () => {
    for (let round = 0; round < 3; round++) {
      const { head, first, second, teamId } = await staffedTeam(app, `Racers ${round}`);
      const answers = await Promise.all([
        head.client.post(`/api/team/coaches/${first.me.id}/head`),
        head.client.post(`/api/team/coaches/${second.me.id}/head`),
      ]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 403]);
      // Refused by the role check, or (when both passed it) inside the transaction.
      const loser = answers.find((a) => a.status === 403)!;
      expect(["You are no longer the head coach of this team.", "You do not have access to this."]).toContain(
        loser.body.error.message,
      );
      const heads = await headsOf(teamId);
      expect(heads).toHaveLength(1);
      expect([first.me.id, second.me.id]).toContain(heads[0]);
    }
  });

  it("in the database, of hand-overs started together past the role check, one wins and the rest change nothing", async () => {
    const { head, first, second, teamId } = await staffedTeam(app, "Database racers");
    const third = await signUpAssistant(app, head.me.team!.coachInviteCode!, "Cy Third");
    const targets = [first.me.id, second.me.id, third.me.id, first.me.id];
    const results = await Promise.all(targets.map((id) => handOverHeadCoach(database.db, teamId, head.me.id, id)));
    expect(results.filter((r) => r === "done")).toHaveLength(1);
    expect(results.filter((r) => r === "not_head")).toHaveLength(3);
    const heads = await headsOf(teamId);
    expect(heads).toHaveLength(1);
    expect(heads[0]).toBe(targets[results.indexOf("done")]);
    const assistants = await database.db
      .selectFrom("profiles")
      .select("user_id")
      .where("team_id", "=", teamId)
      .where("coach_role", "=", "assistant")
      .execute();
    expect(assistants).toHaveLength(3);
  });

  it("the database refuses a second head coach on a team outright (profiles_one_head_idx)", async () => {
    const { first, teamId } = await staffedTeam(app, "Two heads");
    await expect(
      database.db.updateTable("profiles").set({ coach_role: "head" }).where("user_id", "=", first.me.id).execute(),
    ).rejects.toThrow();
    expect(await headsOf(teamId)).toHaveLength(1);
  });

  it("a hand-over and a removal of the same assistant at once: never zero heads, never a removed head", async () => {
    const { head, first, teamId } = await staffedTeam(app, "Crossfire");
    await Promise.all([
      head.client.post(`/api/team/coaches/${first.me.id}/head`),
      head.client.delete(`/api/team/coaches/${first.me.id}`),
    ]);
    const heads = await headsOf(teamId);
    expect(heads).toHaveLength(1);
  });

  async function headsOf(teamId: string): Promise<string[]> {
    const rows = await database.db
      .selectFrom("profiles")
      .select("user_id")
      .where("team_id", "=", teamId)
      .where("coach_role", "=", "head")
      .execute();
    return rows.map((r) => r.user_id);
  }
});
