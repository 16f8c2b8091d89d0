import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnnouncementsResponse } from "#domain/api/announcements.js";
import { ANNOUNCEMENT_MAX, PIN_IN_PAST } from "#domain/announcements.js";
import { CHILD_HEADER } from "#domain/acting.js";
import { addDays, todayIn } from "#domain/schedule.js";
import {
  createTestApp,
  signUpAssistant,
  signUpCoach,
  signUpPlayer,
  TestClient,
} from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { addGuardian } from "#tests/server/support/guardians.js";

/*
 * Team announcements (docs/product.md §14): a coach posts, everyone on the team reads (a guardian acting for a child
 * too), pinned ones stay on top until their day, and each person (guardians included, the author not) gets one mail
 * unless they turned announcement mail off.
 */

const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("team announcements on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let coach: Awaited<ReturnType<typeof signUpCoach>>;
  let assistant: Awaited<ReturnType<typeof signUpAssistant>>;
  let ada: Awaited<ReturnType<typeof signUpPlayer>>;
  let quiet: Awaited<ReturnType<typeof signUpPlayer>>;
  let child: string;
  let guardian: { client: TestClient; email: string };
  let other: Awaited<ReturnType<typeof signUpCoach>>;
  /** How often the request rang this server's mail sender (services.mailOutbox). */
  let rang = 0;

  beforeAll(async () => {
    database = await create();
    let services: ReturnType<typeof createTestApp>["services"];
    ({ app, services } = createTestApp(database, { mail: MAIL }));
    services.mailOutbox.answer(() => (rang += 1));
    coach = await signUpCoach(app, "Harbor Hawks");
    assistant = await signUpAssistant(app, coach.me.team!.coachInviteCode!);
    ada = await signUpPlayer(app, coach.me.team!.code, { fullName: "Ada Able" });
    quiet = await signUpPlayer(app, coach.me.team!.code, { fullName: "Quinn Quiet" });
    other = await signUpCoach(app, "Other Otters");
    // A child the coach put on the roster (no sign-in, no address of their own), with a guardian.
    const added = await coach.client.post("/api/team/roster", {
      fullName: "Maya Rivera",
      jerseyNumber: 4,
      primaryPosition: "qb",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    child = added.body.player.id;
    const { client, email } = await addGuardian(app, coach.client, child);
    guardian = { client, email };
    const off = await quiet.client.request("PATCH", "/api/me/mail-preferences", { json: { announcements: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ announcements: false, changes: true });
  });
  afterAll(async () => database?.cleanup());

  const mailsOf = async (id: string) =>
    database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body"])
      .where("idempotency_key", "like", `announcement:${id}:%`)
      .orderBy("recipient")
      .execute();

  it("a coach posts; the team and the players' guardians are mailed once each, but not the author or who opted out", async () => {
    const body = "No practice Thursday: the field is closed.\nBring water on Saturday.";
    const rangBefore = rang;
    const res = await coach.client.post("/api/team/announcements", { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // The mails leave now, not at the sender's next look (mail/background.ts answers the bell).
    expect(rang).toBe(rangBefore + 1);
    expect(res.body.announcement).toMatchObject({
      body,
      authorName: coach.me.fullName,
      pinnedUntil: null,
      pinned: false,
    });
    const mails = await mailsOf(res.body.announcement.id);
    expect(mails.map((m) => m.recipient).sort()).toEqual([assistant.me.email, ada.me.email, guardian.email].sort());
    expect(mails[0]!.subject).toBe("Harbor Hawks: No practice Thursday: the field is closed. Bring water on…");
    expect(mails[0]!.body).toContain(body);
    expect(mails[0]!.body).toContain("/unsubscribe/");

    // Everyone on the team reads it; a guardian through the child; another team sees none of it.
    for (const client of [coach.client, assistant.client, ada.client, quiet.client]) {
      const list = await client.get<AnnouncementsResponse>("/api/team/announcements");
      expect(list.status).toBe(200);
      expect(list.body.announcements[0]!.body).toBe(body);
    }
    const acting = await guardian.client.request<AnnouncementsResponse>("GET", "/api/team/announcements", {
      headers: { [CHILD_HEADER]: child },
    });
    expect(acting.status).toBe(200);
    expect(acting.body.announcements[0]!.body).toBe(body);
    expect((await other.client.get<AnnouncementsResponse>("/api/team/announcements")).body.announcements).toEqual([]);
  });

  it("pinned ones stay on top until their day; a day in the past and bad input are refused and store nothing", async () => {
    const today = todayIn("UTC");
    const pinned = await assistant.client.post("/api/team/announcements", {
      body: "Pictures on Saturday, wear the home jersey.",
      pinnedUntil: addDays(today, 3),
    });
    expect(pinned.status).toBe(201);
    expect(pinned.body.announcement).toMatchObject({ pinned: true, authorName: assistant.me.fullName });
    const newer = await coach.client.post("/api/team/announcements", { body: "Great win today!" });
    const list = (await ada.client.get<AnnouncementsResponse>("/api/team/announcements")).body.announcements;
    expect(list.map((a) => [a.body, a.pinned])).toEqual([
      ["Pictures on Saturday, wear the home jersey.", true],
      ["Great win today!", false],
      ["No practice Thursday: the field is closed.\nBring water on Saturday.", false],
    ]);

    const before = await database.db.selectFrom("announcements").select("id").execute();
    const past = await coach.client.post("/api/team/announcements", { body: "Late", pinnedUntil: addDays(today, -2) });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ pinnedUntil: PIN_IN_PAST });
    for (const bad of [
      { body: "   " },
      { body: "x".repeat(ANNOUNCEMENT_MAX + 1) },
      { body: "Hi", pinnedUntil: "2026-02-30" },
    ]) {
      const res = await coach.client.post("/api/team/announcements", bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(await database.db.selectFrom("announcements").select("id").execute()).toHaveLength(before.length);

    // Players and guardians do not post; another team's coach cannot delete.
    expect((await ada.client.post("/api/team/announcements", { body: "Me too" })).status).toBe(403);
    const asChild = await guardian.client.request("POST", "/api/team/announcements", {
      headers: { [CHILD_HEADER]: child },
      json: { body: "From a parent" },
    });
    expect(asChild.status).toBe(403);
    const id = newer.body.announcement.id as string;
    expect((await other.client.delete(`/api/team/announcements/${id}`)).status).toBe(404);
    expect((await ada.client.delete(`/api/team/announcements/${id}`)).status).toBe(403);
    expect((await coach.client.delete(`/api/team/announcements/${id}`)).status).toBe(204);
    expect((await coach.client.delete(`/api/team/announcements/${id}`)).status).toBe(404);
    const after = (await ada.client.get<AnnouncementsResponse>("/api/team/announcements")).body.announcements;
    expect(after.map((a) => a.body)).not.toContain("Great win today!");
  });
});
