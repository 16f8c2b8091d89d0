import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_SENT } from "#domain/api/recovery.js";
import { testEngines, seedProfile, type TestDatabase } from "#tests/server/support/test-database.js";
import {
  createTestApp,
  PASSWORD,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { linkIn, startSmtpPeer, type SmtpPeer } from "#tests/server/support/smtp-peer.js";
import { makeResetToken } from "../auth/tokens.js";
import { RESET_LINK_INVALID } from "./password.js";
import { NOT_CLAIMED } from "./reset-link.js";

const NEW_PASSWORD = "a-brand-new-password";

describe.each(testEngines())("password recovery on $engine", ({ create }) => {
  let database: TestDatabase;
  let peer: SmtpPeer;
  let mailApp: ReturnType<typeof createTestApp>;
  let plainApp: ReturnType<typeof createTestApp>;

  beforeAll(async () => {
    database = await create();
    peer = await startSmtpPeer();
    mailApp = createTestApp(database, {
      mail: { smtpUrl: peer.url, from: "Flagline <noreply@flagline.test>", contactTo: "team@flagline.test" },
    });
    plainApp = createTestApp(database);
  });
  afterAll(async () => {
    await peer?.close();
    await database?.cleanup();
  });

  const signIn = (app: typeof mailApp, email: string, password: string) =>
    new TestClient(app.app).post("/api/session", { email, password });

  async function playerWithEmail(app: typeof mailApp) {
    const coach = await signUpCoach(app.app);
    const player = await signUpPlayer(app.app, coach.me.team!.code);
    return { coach, player, email: player.me.email };
  }

  it("says whether mail is configured", async () => {
    expect((await new TestClient(mailApp.app).get("/api/mail")).body).toEqual({ mail: true });
    expect((await new TestClient(plainApp.app).get("/api/mail")).body).toEqual({ mail: false });
  });

  it("forgot password: the emailed link resets the password once; old sessions end; the new one signs in", async () => {
    const { player, email } = await playerWithEmail(mailApp);
    const res = await new TestClient(mailApp.app).post("/api/password/forgot", { email: email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });

    const mail = await peer.waitFor((m) => m.to.includes(email));
    expect(mail.from).toBe("noreply@flagline.test");
    expect(mail.subject).toBe("Reset your Flagline password");
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname}`).toBe("http://localhost:3000/reset-password");
    const token = link.searchParams.get("token")!;

    const anyone = new TestClient(mailApp.app);
    const short = await anyone.post("/api/password/reset", { token, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(short.body.error.fields.newPassword).toMatch(/at least 8/);
    const done = await anyone.post("/api/password/reset", { token, newPassword: NEW_PASSWORD });
    expect(done.status).toBe(200);

    // The session the player had is gone; the old password no longer works; the new one does.
    expect((await player.client.get("/api/me")).status).toBe(401);
    expect((await signIn(mailApp, email, PASSWORD)).status).toBe(401);
    expect((await signIn(mailApp, email, NEW_PASSWORD)).status).toBe(200);

    // Single use.
    const again = await anyone.post("/api/password/reset", { token, newPassword: "yet-another-password" });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: "invalid_token", message: RESET_LINK_INVALID });
    expect((await signIn(mailApp, email, NEW_PASSWORD)).status).toBe(200);
  });

  it("a newer link or a completed reset ends every older link of the account: emailed, coach-made, operator's", async () => {
    const { coach, player, email } = await playerWithEmail(mailApp);
    const anyone = new TestClient(mailApp.app);
    const reset = (token: string, newPassword: string) => anyone.post("/api/password/reset", { token, newPassword });
    const emailedLink = async () => {
      const before = peer.messages.length;
      expect((await anyone.post("/api/password/forgot", { email })).status).toBe(200);
      const mail = await peer.waitFor((m) => m.to.includes(email) && peer.messages.indexOf(m) >= before);
      return linkIn(mail).searchParams.get("token")!;
    };
    const coachLink = async () => {
      const res = await coach.client.post(`/api/team/players/${player.me.id}/reset-link`);
      expect(res.status).toBe(201);
      return new URL(res.body.url).searchParams.get("token")!;
    };
    const operatorLink = () => makeResetToken(mailApp.services.auth, player.me.id, 3600);

    // The case: two mails; the second link is the one that works, and after it neither does.
    const first = await emailedLink();
    const second = await emailedLink();
    expect(first).not.toBe(second);
    const stale = await reset(first, NEW_PASSWORD);
    expect(stale.status).toBe(400);
    expect(stale.body.error).toMatchObject({ code: "invalid_token", message: RESET_LINK_INVALID });
    expect((await reset(second, NEW_PASSWORD)).status).toBe(200);
    expect((await reset(first, "yet-another-password")).status).toBe(400);
    expect((await signIn(mailApp, email, NEW_PASSWORD)).status).toBe(200);

    // Each source's link ends the others' older ones.
    const mailed = await emailedLink();
    const made = await coachLink();
    expect((await reset(mailed, "password-from-the-mail")).status).toBe(400);
    const cli = await operatorLink();
    expect((await reset(made, "password-from-the-coach")).status).toBe(400);
    const mailedAfter = await emailedLink();
    expect((await reset(cli, "password-from-the-operator")).status).toBe(400);

    // A completed reset leaves none of the account's links working.
    expect((await reset(mailedAfter, "the-last-password")).status).toBe(200);
    const coachAfter = await coachLink();
    expect((await reset(coachAfter, "the-coach-password")).status).toBe(200);
    expect((await reset(mailedAfter, "too-late-password")).status).toBe(400);
    expect((await signIn(mailApp, email, "the-coach-password")).status).toBe(200);
  });

  it("an unknown email gets the same answer, and no mail is sent", async () => {
    const before = peer.messages.length;
    const nobody = uniqueEmail("nobody");
    const res = await new TestClient(mailApp.app).post("/api/password/forgot", { email: nobody });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    // A known address sent after it arrives; the unknown one never did.
    const { email } = await playerWithEmail(mailApp);
    await new TestClient(mailApp.app).post("/api/password/forgot", { email });
    await peer.waitFor((m) => m.to.includes(email));
    expect(peer.messages.slice(before).filter((m) => m.to.includes(nobody))).toEqual([]);
  });

  it("without mail, forgot password answers the same and sends nothing", async () => {
    const { email } = await playerWithEmail(plainApp);
    const before = peer.messages.length;
    const res = await new TestClient(plainApp.app).post("/api/password/forgot", { email });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: FORGOT_PASSWORD_SENT });
    await mailApp.services.mailer!.idle();
    expect(peer.messages.length).toBe(before);
  });

  it("a made-up or malformed token is refused with the same message", async () => {
    const client = new TestClient(plainApp.app);
    const made = await client.post("/api/password/reset", {
      token: "abcdefghijklmnopqrstuvwx",
      newPassword: NEW_PASSWORD,
    });
    expect(made.status).toBe(400);
    expect(made.body.error.message).toBe(RESET_LINK_INVALID);
    const bad = await client.post("/api/password/reset", { token: "../../etc", newPassword: NEW_PASSWORD });
    expect(bad.status).toBe(400);
  });

  it("the head coach's reset link works once, without mail, on the same reset endpoint", async () => {
    const { coach, player, email } = await playerWithEmail(plainApp);
    const res = await coach.client.post(`/api/team/players/${player.me.id}/reset-link`);
    expect(res.status).toBe(201);
    const link = new URL(res.body.url);
    expect(link.pathname).toBe("/reset-password");
    const hours = (Date.parse(res.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const token = link.searchParams.get("token")!;
    const anyone = new TestClient(plainApp.app);
    expect((await anyone.post("/api/password/reset", { token, newPassword: NEW_PASSWORD })).status).toBe(200);
    expect((await player.client.get("/api/me")).status).toBe(401);
    expect((await signIn(plainApp, email, NEW_PASSWORD)).status).toBe(200);
    expect((await anyone.post("/api/password/reset", { token, newPassword: PASSWORD })).status).toBe(400);
  });

  it("reset links: head coach only, a player of their own team only, and not for a roster row with no account", async () => {
    const { coach, player } = await playerWithEmail(plainApp);
    const { client: assistant, me: assistantMe } = await signUpAssistant(plainApp.app, coach.me.team!.coachInviteCode!);
    const path = `/api/team/players/${player.me.id}/reset-link`;
    expect((await assistant.post(path)).status).toBe(403);
    expect((await player.client.post(path)).status).toBe(403);
    expect((await new TestClient(plainApp.app).post(path)).status).toBe(401);

    const other = await signUpCoach(plainApp.app, "Other Team");
    const stranger = await other.client.post(path);
    const missing = await other.client.post("/api/team/players/no-such-player/reset-link");
    expect(stranger.status).toBe(404);
    // The same answer but for the request's own id.
    expect(stranger.body).toEqual({
      error: { ...missing.body.error, requestId: stranger.headers.get("x-request-id") },
    });
    // A coach is not a player of the team.
    expect((await coach.client.post(`/api/team/players/${assistantMe.id}/reset-link`)).status).toBe(404);

    const unclaimed = await seedProfile(database.db, {
      teamId: coach.me.team!.id,
      role: "player",
      fullName: "Rory Roster",
      jerseyNumber: 44,
      primaryPosition: "wr",
      positions: ["wr"],
    });
    const refused = await coach.client.post(`/api/team/players/${unclaimed.userId}/reset-link`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "not_claimed", message: NOT_CLAIMED });
  });

  it("the contact form's message is emailed to CONTACT_TO, replying to the sender", async () => {
    const res = await new TestClient(mailApp.app).post("/api/contact", {
      name: "Morgan Parent",
      email: "morgan@example.com",
      message: "Do you support 5v5 leagues this spring?",
    });
    expect(res.status).toBe(201);
    const mail = await peer.waitFor((m) => m.to.includes("team@flagline.test"));
    expect(mail.replyTo).toBe("morgan@example.com");
    expect(mail.subject).toBe("Flagline contact form: Morgan Parent");
    expect(mail.text).toContain("Do you support 5v5 leagues this spring?");
  });

  it("a mail server that is down fails no request", async () => {
    const down = await startSmtpPeer();
    await down.close();
    const app = createTestApp(database, {
      mail: { smtpUrl: down.url, from: "noreply@flagline.test", contactTo: "t@flagline.test" },
    });
    const { email } = await playerWithEmail(app);
    expect((await new TestClient(app.app).post("/api/password/forgot", { email })).status).toBe(200);
    const contact = await new TestClient(app.app).post("/api/contact", {
      name: "Sam",
      email: "sam@example.com",
      message: "Is anybody there at all?",
    });
    expect(contact.status).toBe(201);
    await app.services.mailer!.idle();
  });
});
