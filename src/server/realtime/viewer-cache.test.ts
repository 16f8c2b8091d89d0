import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { viewerCacheOf } from "./viewer-cache.js";

/*
 * The viewer cache (decision 0016) spares most requests the session and profile reads, and every change of who a
 * session belongs to takes effect on the very next request: each case warms the cache, changes, and asks again.
 */

describe.each(testEngines())("the viewer cache on $engine", ({ create }) => {
  let database: TestDatabase;
  let built: ReturnType<typeof createTestApp>;
  let app: ReturnType<typeof createTestApp>["app"];

  beforeAll(async () => {
    database = await create();
    built = createTestApp(database);
    app = built.app;
  });
  afterAll(async () => database?.cleanup());

  /** A second browser of the same account (its own session). */
  async function signIn(email: string, password = PASSWORD) {
    const client = new TestClient(app);
    expect((await client.post("/api/session", { email, password })).status).toBe(200);
    return client;
  }
  /** The same session as `client`, after `client` itself has dropped its cookie (a copied cookie). */
  const copyOf = (client: TestClient) => {
    const copy = new TestClient(app);
    for (const [k, v] of client.cookies) copy.cookies.set(k, v);
    return copy;
  };
  const warm = async (client: TestClient, path = "/api/profile") => {
    expect((await client.get(path)).status).toBe(200);
    expect((await client.get(path)).status).toBe(200);
  };

  it("reads the session once for many requests of it", async () => {
    const coach = await signUpCoach(app, "Cached");
    const spy = vi.spyOn(built.services.auth.api, "getSession");
    try {
      for (let i = 0; i < 5; i++) expect((await coach.client.get("/api/team/players")).status).toBe(200);
      expect(spy.mock.calls.length).toBeLessThanOrEqual(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("sign-out: the session's cookie is refused on the next request", async () => {
    const coach = await signUpCoach(app, "Out");
    const stolen = copyOf(coach.client);
    await warm(stolen);
    expect((await coach.client.request("DELETE", "/api/session")).status).toBe(204);
    expect((await stolen.get("/api/profile")).status).toBe(401);
  });

  it("password change: the account's other sessions are refused on the next request", async () => {
    const coach = await signUpCoach(app, "Pw");
    const other = await signIn(coach.me.email);
    await warm(other);
    const res = await coach.client.post("/api/profile/password", {
      currentPassword: PASSWORD,
      newPassword: "another-long-pass-1",
    });
    expect(res.status).toBe(204);
    expect((await other.get("/api/profile")).status).toBe(401);
    expect((await coach.client.get("/api/profile")).status).toBe(200);
  });

  it("removal from the team: the player's next team read is refused", async () => {
    const coach = await signUpCoach(app, "Removers");
    const player = await signUpPlayer(app, coach.me.team!.code, { jerseyNumber: 3 });
    await warm(player.client, "/api/team/scoreboard");
    expect((await coach.client.delete(`/api/team/players/${player.me.id}`)).status).toBe(204);
    expect((await player.client.get("/api/team/scoreboard")).status).toBe(403);
  });

  it("joining a team: the team's reads work on the very next request", async () => {
    const coach = await signUpCoach(app, "Joiners");
    const other = await signUpCoach(app, "Leavers");
    const player = await signUpPlayer(app, other.me.team!.code, { jerseyNumber: 4 });
    await coach.client.get("/api/team/players");
    expect((await other.client.delete(`/api/team/players/${player.me.id}`)).status).toBe(204);
    await warm(player.client);
    expect((await player.client.get("/api/team/scoreboard")).status).toBe(403);
    expect((await player.client.post("/api/me/join", { code: coach.me.team!.code })).status).toBe(200);
    expect((await player.client.get("/api/team/scoreboard")).status).toBe(200);
  });

  it("removing an assistant coach and handing over the head coach take effect on the next request", async () => {
    const head = await signUpCoach(app, "Handers");
    const next = await signUpAssistant(app, head.me.team!.coachInviteCode!, "Nia Next");
    const gone = await signUpAssistant(app, head.me.team!.coachInviteCode!, "Gil Gone");
    await warm(gone.client, "/api/team/players");
    expect((await head.client.delete(`/api/team/coaches/${gone.me.id}`)).status).toBe(204);
    expect((await gone.client.get("/api/team/players")).status).toBe(403);

    const rotate = (c: TestClient) => c.post("/api/team/codes/rotate", { which: "team" });
    expect((await rotate(next.client)).status).toBe(403); // warm: an assistant
    expect((await rotate(head.client)).status).toBe(200);
    expect((await head.client.post(`/api/team/coaches/${next.me.id}/head`)).status).toBe(200);
    expect((await rotate(next.client)).status).toBe(200);
    expect((await rotate(head.client)).status).toBe(403);
  });

  it("deleting the account: its session is refused on the next request", async () => {
    const coach = await signUpCoach(app, "Deleters");
    const player = await signUpPlayer(app, coach.me.team!.code, { jerseyNumber: 5 });
    const copy = copyOf(player.client);
    await warm(copy);
    expect((await player.client.request("DELETE", "/api/me", { json: { password: PASSWORD } })).status).toBe(204);
    expect((await copy.get("/api/profile")).status).toBe(401);
  });

  it("an email change is the viewer's email on the next request", async () => {
    const coach = await signUpCoach(app, "Mailers");
    await warm(coach.client);
    const newEmail = `renamed.${Date.now()}@example.com`;
    const changed = await coach.client.post("/api/me/email", { newEmail, password: PASSWORD });
    expect(changed.body).toMatchObject({ status: "changed" });
    // The address now is the viewer's: asking for it again is "the same", not "taken by someone".
    const again = await coach.client.post("/api/me/email", { newEmail, password: PASSWORD });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe("same_email");
  });

  it("keeps no session past a revocation that arrived while it was being read", async () => {
    const cache = viewerCacheOf(built.services.hub);
    const viewer = {
      userId: "u-race",
      email: "r@example.com",
      role: "coach" as const,
      coachRole: "head" as const,
      teamId: null,
      fullName: "R",
      sessionId: "s",
    };
    await cache.get("token-race", async () => {
      built.services.hub.revoke({ userId: "u-race" });
      return { viewer, expiresAt: Date.now() + 60_000 };
    });
    let asked = false;
    await cache.get("token-race", async () => {
      asked = true;
      return null;
    });
    expect(asked).toBe(true);
  });
});
