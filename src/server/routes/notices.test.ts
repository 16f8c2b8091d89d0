import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";

/*
 * Notices (docs/product.md §11): each event tells the right person only, in the app and (with mail set up) by
 * mail that says least; only the recipient reads or marks them.
 */

const ROSTER = "/api/team/roster";
const NOTICES = "/api/me/notices";

interface NoticeBody {
  id: string;
  kind: string;
  params: Record<string, unknown>;
  readAt: string | null;
}

async function notices(client: TestClient): Promise<{ notices: NoticeBody[]; unread: number }> {
  const res = await client.get(NOTICES);
  expect(res.status).toBe(200);
  return res.body;
}
const kinds = async (client: TestClient) => (await notices(client)).notices.map((n) => n.kind);

describe.each(testEngines())("notices on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  let app: ReturnType<typeof createTestApp>["app"];
  let services: ReturnType<typeof createTestApp>["services"];

  beforeAll(async () => {
    database = await create();
    peer = await startSmtpPeer();
    ({ app, services } = createTestApp(database, {
      mail: { smtpUrl: peer.url, from: "Flagline <noreply@flagline.test>", contactTo: "team@flagline.test" },
    }));
  });
  afterAll(async () => {
    await peer?.close();
    await database?.cleanup();
  });

  it("a waiting player tells every coach of the team; confirming tells the player, by notice and mail", async () => {
    const coach = await signUpCoach(app, "Notice Hawks");
    const assistant = await signUpAssistant(app, coach.me.team!.coachInviteCode!);
    const other = await signUpCoach(app, "Other Owls");
    const bystander = await signUpPlayer(app, coach.me.team!.code, { fullName: "Bo Bystander" });
    const waiting = await signUpPlayer(app, coach.me.team!.code, { fullName: "Wren Waiting", waiting: true });

    for (const c of [coach, assistant]) {
      const list = await notices(c.client);
      const mine = list.notices.filter((n) => n.kind === "player_waiting" && n.params.playerName === "Wren Waiting");
      expect(mine).toHaveLength(1);
      expect(mine[0]!.params.teamName).toBe("Notice Hawks");
    }
    expect(await kinds(other.client)).toEqual([]);
    // The coach's mail says a player waits, not who.
    const coachMail = await peer.waitFor((m) => m.to.includes(coach.me.email) && m.subject.includes("waits"));
    expect(coachMail.subject).toBe("A player waits for you on Notice Hawks");
    expect(coachMail.text).not.toContain("Wren");

    expect((await kinds(waiting.client)).filter((k) => k === "confirmed")).toEqual([]);
    const confirmed = await coach.client.post(`${ROSTER}/${waiting.me.id}/confirmation`, { decision: "confirm" });
    expect(confirmed.status).toBe(200);
    const list = await notices(waiting.client);
    expect(list.notices.map((n) => n.kind)).toEqual(["confirmed"]);
    expect(list.unread).toBe(1);
    expect(await kinds(bystander.client)).toEqual([]);

    const mail = await peer.waitFor((m) => m.to.includes(waiting.me.email));
    expect(mail.subject).toBe("You are on Notice Hawks' roster");
    expect(mail.text).toContain("The coach confirmed you: you are on Notice Hawks' roster.");
    expect(mail.text).not.toContain("Bo Bystander");
  });

  it("declined and removed players are told, and still read their notices with no team", async () => {
    const coach = await signUpCoach(app, "Leaving Larks");
    const declined = await signUpPlayer(app, coach.me.team!.code, { waiting: true });
    const removed = await signUpPlayer(app, coach.me.team!.code);

    expect((await coach.client.post(`${ROSTER}/${declined.me.id}/confirmation`, { decision: "decline" })).status).toBe(
      204,
    );
    expect((await coach.client.request("DELETE", `/api/team/players/${removed.me.id}`)).status).toBe(204);

    expect(await kinds(declined.client)).toEqual(["declined"]);
    expect(await kinds(removed.client)).toEqual(["removed"]);
    const declinedMail = await peer.waitFor((m) => m.to.includes(declined.me.email));
    expect(declinedMail.subject).toBe("Your sign-up to Leaving Larks was declined");
    const removedMail = await peer.waitFor((m) => m.to.includes(removed.me.email));
    expect(removedMail.subject).toBe("You were removed from Leaving Larks");
  });

  it("a jersey or position request decided tells the player what was decided", async () => {
    const coach = await signUpCoach(app, "Request Robins");
    const player = await signUpPlayer(app, coach.me.team!.code, { jerseyNumber: 4, primaryPosition: "lb" });
    expect((await player.client.request("PATCH", "/api/profile", { json: { jerseyNumber: 12 } })).status).toBe(200);
    expect((await coach.client.post(`${ROSTER}/${player.me.id}/request`, { decision: "approve" })).status).toBe(200);
    expect((await player.client.request("PATCH", "/api/profile", { json: { primaryPosition: "cb" } })).status).toBe(
      200,
    );
    expect((await coach.client.post(`${ROSTER}/${player.me.id}/request`, { decision: "decline" })).status).toBe(200);

    const list = await notices(player.client);
    expect(list.notices.map((n) => [n.kind, n.params.jerseyNumber ?? null, n.params.position ?? null])).toEqual([
      ["request_declined", null, "cb"],
      ["request_approved", 12, null],
    ]);
    const mail = await peer.waitFor((m) => m.to.includes(player.me.email) && m.subject.includes("declined"));
    expect(mail.text).toContain("The coach declined your request for");
  });

  it("an unclaimed roster row gets its notice but no mail", async () => {
    const coach = await signUpCoach(app, "Quiet Quails");
    const added = await coach.client.post(ROSTER, { fullName: "Una Unclaimed", primaryPosition: "wr" });
    expect(added.status).toBe(201);
    const id = added.body.player.id as string;
    const before = peer.messages.length;
    expect((await coach.client.request("DELETE", `/api/team/players/${id}`)).status).toBe(204);
    const row = await database.db.selectFrom("notices").select("kind").where("user_id", "=", id).execute();
    expect(row.map((r) => r.kind)).toEqual(["removed"]);
    await services.mailer!.idle();
    expect(peer.messages.slice(before).filter((m) => m.to.includes("roster.invalid"))).toEqual([]);
  });

  it("only the recipient reads or marks a notice: another team's member changes nothing", async () => {
    const coach = await signUpCoach(app, "Private Pipits");
    const player = await signUpPlayer(app, coach.me.team!.code, { waiting: true });
    await coach.client.post(`${ROSTER}/${player.me.id}/confirmation`, { decision: "confirm" });
    const [notice] = (await notices(player.client)).notices;
    const outsider = await signUpCoach(app, "Prying Pelicans");

    expect((await notices(outsider.client)).notices.map((n) => n.id)).not.toContain(notice!.id);
    const tried = await outsider.client.post(`${NOTICES}/read`, { ids: [notice!.id] });
    expect(tried.status).toBe(200);
    expect(tried.body).toEqual({ marked: 0 });
    expect((await notices(player.client)).unread).toBe(1);

    expect((await player.client.post(`${NOTICES}/read`, { ids: [notice!.id] })).body).toEqual({ marked: 1 });
    const after = await notices(player.client);
    expect(after.unread).toBe(0);
    expect(after.notices[0]!.readAt).not.toBeNull();
    expect((await player.client.post(`${NOTICES}/read`, { all: true })).body).toEqual({ marked: 0 });
    expect((await player.client.post(`${NOTICES}/read`, { ids: [] })).status).toBe(400);
    expect((await new TestClient(app).get(NOTICES)).status).toBe(401);
  });
});
