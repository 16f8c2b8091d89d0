import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_VERSION } from "#domain/family.js";
import { MAILED_INVITES_PER_PLAYER, NO_MAIL_FOR_INVITES } from "#domain/api/family.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { scaled } from "#tests/support/host-speed.js";
import { startMailBackground } from "./background.js";
import { runRetentionTick } from "./retention.js";

/*
 * Guardian invites by email (docs/product.md §13, issue #30): with mail set up, the coach gives a guardian's address
 * and the link is mailed there, once; the same address again replaces the first link; the family shows who was asked
 * until the link is taken or expires. Without mail, an address is refused with a word to share the link instead.
 */

const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
type App = ReturnType<typeof createTestApp>["app"];

async function teamWithPlayer(app: App, teamName: string) {
  const coach = await signUpCoach(app, teamName);
  const player = await signUpPlayer(app, coach.me.team!.code, { fullName: "Mia Lopez" });
  return { coach: coach.client, player: player.client, playerId: player.me.id as string };
}

const invite = (coach: TestClient, playerId: string, json?: unknown) =>
  coach.request("POST", `/api/team/players/${playerId}/guardian-invites`, json === undefined ? {} : { json });

const family = async (coach: TestClient, playerId: string) => {
  const res = await coach.get(`/api/team/players/${playerId}/family`);
  expect(res.status).toBe(200);
  return res.body as { openInvites: number; mailedInvites: { email: string }[]; mailEnabled: boolean };
};

describe.each(testEngines())("guardian invites by email on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let plainApp: App;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database, { mail: MAIL }).app;
    plainApp = createTestApp(database, { mail: null }).app;
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const mails = (to: string) =>
    database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body", "expires_at", "idempotency_key"])
      .where("recipient", "=", to)
      .orderBy("created_at")
      .execute();

  /** The link a mail carries, as the guardian would click it. */
  const linkIn = (body: string) => /\/guardian\/([A-Za-z0-9_-]+)/.exec(body)![1]!;

  it("mails a working link to the guardian, naming the child by first name and initial only", async () => {
    const { coach, playerId } = await teamWithPlayer(app, "Mail Hawks");
    const to = uniqueEmail("parent");
    const res = await invite(coach, playerId, { email: to });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ emailedTo: to });

    const [mail, ...more] = await mails(to);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe("Mail Hawks: you are invited as Mia L.'s guardian");
    expect(mail!.body).toContain("Casey Coach, a coach of Mail Hawks");
    expect(mail!.body).not.toContain("Lopez");
    expect(mail!.body).toContain(`http://localhost:3000/guardian/${res.body.token}`);
    // A mail still queued when the link ends is not sent: its link would be dead.
    expect(mail!.expires_at).toBe(res.body.expiresAt);

    const opened = await new TestClient(app).get(`/api/guardian-invites/${linkIn(mail!.body)}`);
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ teamName: "Mail Hawks", childName: "Mia L." });

    expect(await family(coach, playerId)).toMatchObject({
      openInvites: 1,
      mailedInvites: [{ email: to, expiresAt: res.body.expiresAt }],
      mailEnabled: true,
    });

    // The guardian takes it: the link and the address it went to are gone from the family.
    const guardian = new TestClient(app);
    const taken = await guardian.post(`/api/guardian-invites/${linkIn(mail!.body)}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName: "Rosa Lopez",
      email: to,
      password: PASSWORD,
    });
    expect(taken.status).toBe(201);
    expect(await family(coach, playerId)).toMatchObject({ openInvites: 0, mailedInvites: [] });
    const kept = await database.db.selectFrom("guardian_invites").select("email").where("email", "=", to).execute();
    expect(kept).toEqual([]);
  });

  it("the same address again mails a new link and the first one stops working", async () => {
    const { coach, playerId } = await teamWithPlayer(app, "Again Owls");
    const to = uniqueEmail("parent");
    const first = await invite(coach, playerId, { email: to });
    const second = await invite(coach, playerId, { email: `  ${to.toUpperCase()} ` });
    expect(second.status).toBe(201);
    expect(second.body.emailedTo).toBe(to);

    const sent = await mails(to);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toContain(second.body.token);
    expect((await new TestClient(app).get(`/api/guardian-invites/${first.body.token}`)).status).toBe(404);
    expect((await new TestClient(app).get(`/api/guardian-invites/${second.body.token}`)).status).toBe(200);
    // A link made by hand is not touched by mailing.
    const byHand = await invite(coach, playerId);
    expect(byHand.body.emailedTo).toBeNull();
    expect(await family(coach, playerId)).toMatchObject({ openInvites: 2, mailedInvites: [{ email: to }] });
  });

  it(`holds at ${MAILED_INVITES_PER_PLAYER} mailed links open per player, storing and mailing nothing more`, async () => {
    const { coach, playerId } = await teamWithPlayer(app, "Many Jays");
    const addresses = Array.from({ length: MAILED_INVITES_PER_PLAYER }, () => uniqueEmail("parent"));
    for (const to of addresses) expect((await invite(coach, playerId, { email: to })).status).toBe(201);
    const extra = uniqueEmail("parent");
    const refused = await invite(coach, playerId, { email: extra });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("too_many_invites");
    expect(await mails(extra)).toEqual([]);
    expect((await family(coach, playerId)).mailedInvites).toHaveLength(MAILED_INVITES_PER_PLAYER);
    // Mailing one of the same addresses again still works: it replaces, not adds.
    expect((await invite(coach, playerId, { email: addresses[0] })).status).toBe(201);
  });

  it("refuses a bad address, another team's player, and a player's own request", async () => {
    const { coach, player, playerId } = await teamWithPlayer(app, "Check Larks");
    expect((await invite(player, playerId, { email: uniqueEmail("parent") })).status).toBe(403);
    const bad = await invite(coach, playerId, { email: "not an address" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBeTruthy();
    const other = await teamWithPlayer(app, "Other Larks");
    expect((await invite(coach, other.playerId, { email: uniqueEmail("parent") })).status).toBe(404);
    expect((await family(coach, playerId)).openInvites).toBe(0);
  });

  it("without mail, an address is refused with a word to share the link, and links are still made", async () => {
    const { coach, playerId } = await teamWithPlayer(plainApp, "Quiet Wrens");
    expect((await family(coach, playerId)).mailEnabled).toBe(false);
    const to = uniqueEmail("parent");
    const refused = await invite(coach, playerId, { email: to });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "mail_not_set_up", fields: { email: NO_MAIL_FOR_INVITES } });
    expect(await mails(to)).toEqual([]);
    expect((await family(coach, playerId)).openInvites).toBe(0);

    const made = await invite(coach, playerId);
    expect(made.status).toBe(201);
    expect(made.body.emailedTo).toBeNull();
  });

  it("the retention tick deletes links past their end, with the address they were mailed to", async () => {
    const { coach, playerId } = await teamWithPlayer(app, "Old Doves");
    const to = uniqueEmail("parent");
    const made = await invite(coach, playerId, { email: to });
    const addresses = () =>
      database.db.selectFrom("guardian_invites").select("email").where("player_id", "=", playerId).execute();
    const tick = (now: Date) =>
      runRetentionTick({
        db: database.db,
        config: { retentionDays: 730, publicUrl: "http://localhost:3000", mail: MAIL },
        files: { delete: async () => {} },
        log: pino({ level: "silent" }),
        now,
      });
    await tick(new Date(Date.parse(made.body.expiresAt) - 60_000));
    expect(await addresses()).toEqual([{ email: to }]);
    await tick(new Date(Date.parse(made.body.expiresAt) + 1));
    expect(await addresses()).toEqual([]);
  });
});

describe.each(testEngines())("a mailed invite leaves at once on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;

  beforeAll(async () => {
    database = await create();
    peer = await startSmtpPeer();
  });
  afterAll(async () => {
    await peer?.close();
    await database?.cleanup();
  });

  it("the coach's request wakes this server's sender: the mail does not wait for the sender's next look", async () => {
    const mail = { smtpUrl: peer.url, from: "noreply@flagline.test", contactTo: null };
    const { app, services } = createTestApp(database, { mail });
    // A sender that would look on its own only every ten minutes: the mail arrives because the request rang.
    const background = startMailBackground(services, { senderPollMs: 10 * 60_000 });
    try {
      const { coach, playerId } = await teamWithPlayer(app, "Prompt Hawks");
      const to = uniqueEmail("prompt");
      expect((await invite(coach, playerId, { email: to })).status).toBe(201);
      const sent = await peer.waitFor((m) => m.to.includes(to), scaled(20_000));
      expect(sent.subject).toBe("Prompt Hawks: you are invited as Mia L.'s guardian");
    } finally {
      await background.stop();
    }
  });
});
