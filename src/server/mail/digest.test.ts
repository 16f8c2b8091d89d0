import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, todayIn, weekdayOf, zonedTimeToUtc } from "#domain/schedule.js";
import { CONSENT_VERSION } from "#domain/family.js";
import {
  createTestApp,
  PASSWORD,
  signUpCoach,
  signUpPlayer,
  TestClient,
  uniqueEmail,
} from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { runDigestTick } from "./digest.js";

/*
 * The weekly digest (docs/product.md §12, issue #29), with an injected clock: at the team's digest time (default
 * Sunday 18:00 in its zone) each person gets the coming week's events, a player with their own answers, a coach
 * with the counts; once per week whatever the ticks; not when they turned it off; not days late.
 */

const log = pino({ level: "silent" });
const ZONE = "Europe/Berlin";
const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
type App = ReturnType<typeof createTestApp>["app"];

/** The next Sunday after today in the zone. */
function nextSunday(): string {
  const today = todayIn(ZONE);
  return addDays(today, (6 - weekdayOf(today) + 7) % 7 || 7);
}

async function teamWithWeek(app: App, name: string) {
  const coach = await signUpCoach(app, name);
  const ada = await signUpPlayer(app, coach.me.team!.code, { fullName: "Ada Digest" });
  const bo = await signUpPlayer(app, coach.me.team!.code, { fullName: "Bo Digest" });
  const zone = await coach.client.request("PATCH", "/api/team/schedule-settings", { json: { timeZone: ZONE } });
  expect(zone.status).toBe(200);
  const sunday = nextSunday();
  const make = async (client: TestClient, date: string, kind: "game" | "practice") => {
    const res = await client.post("/api/team/schedule", { kind, date, startTime: "19:00", opponent: "Owls" });
    expect(res.status).toBe(201);
    return res.body.events[0].id as string;
  };
  const monday = await make(coach.client, addDays(sunday, 1), "game");
  const wednesday = await make(coach.client, addDays(sunday, 3), "practice");
  const nextWeek = await make(coach.client, addDays(sunday, 8), "practice");
  const at = zonedTimeToUtc(sunday, "18:00", ZONE);
  return { coach, ada, bo, sunday, at, monday, wednesday, nextWeek };
}

describe.each(testEngines())("the weekly digest on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];
  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database, { mail: MAIL }));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const tick = (now: Date) => runDigestTick({ db: database.db, config: services.config, log, now });
  const digests = async (teamId: string) =>
    database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body", "headers"])
      .where("idempotency_key", "like", `digest:${teamId}:%`)
      .execute();

  it("goes out Sunday 18:00 team time with the week's events and each person's answers, once", async () => {
    const t = await teamWithWeek(app, "Digest Dingoes");
    const teamId = t.coach.me.team!.id;
    const answered = await t.ada.client.request("PUT", `/api/team/schedule/${t.monday}/answers/${t.ada.me.id}`, {
      json: { answer: "going" },
    });
    expect(answered.status).toBe(200);
    const off = await t.bo.client.request("PATCH", "/api/me/mail-preferences", { json: { digest: false } });
    expect(off.status).toBe(200);

    expect(await tick(new Date(t.at.getTime() - 60_000))).toBe(0);
    const [x, y] = await Promise.all([tick(t.at), tick(t.at)]);
    expect(x + y).toBe(2);
    const rows = await digests(teamId);
    expect(rows.map((r) => r.recipient).sort()).toEqual([t.coach.me.email, t.ada.me.email].sort());
    expect(await tick(new Date(t.at.getTime() + 3_600_000))).toBe(0);

    const ada = rows.find((r) => r.recipient === t.ada.me.email)!;
    expect(ada.subject).toBe("Digest Dingoes: the week ahead");
    expect(ada.body).toContain(`Mon ${addDays(t.sunday, 1)} 19:00: Game against Owls\n  Your answer: Going`);
    expect(ada.body).toMatch(
      new RegExp(`Wed ${addDays(t.sunday, 3)} 19:00: Practice\\n  Not answered yet: http://localhost:3000/answer/\\S+`),
    );
    expect(ada.body).not.toContain(addDays(t.sunday, 8));
    expect(ada.body).not.toContain("Bo Digest");
    expect(JSON.parse(ada.headers)["List-Unsubscribe"]).toMatch(/\/api\/unsubscribe\//);
    const coach = rows.find((r) => r.recipient === t.coach.me.email)!;
    expect(coach.body).toContain("  1 going, 0 maybe, 0 can't go, 1 not answered");
  });

  it("a guardian gets each child's week: answer links for a child without a sign-in, a child's own answers otherwise", async () => {
    const t = await teamWithWeek(app, "Guardian Gulls");
    const teamId = t.coach.me.team!.id;
    const added = await t.coach.client.post("/api/team/roster", {
      fullName: "Maya Rivera",
      jerseyNumber: 44,
      primaryPosition: "wr",
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const maya = added.body.player.id as string;
    // One guardian of Maya (no sign-in of her own) and of Ada (who signs in and answers herself).
    const invite = async (playerId: string) =>
      (await t.coach.client.post(`/api/team/players/${playerId}/guardian-invites`)).body.token as string;
    const rosa = new TestClient(app);
    const email = uniqueEmail("guardian");
    const first = await rosa.post(`/api/guardian-invites/${await invite(maya)}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
      fullName: "Rosa Rivera",
      email,
      password: PASSWORD,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const second = await rosa.post(`/api/guardian-invites/${await invite(t.ada.me.id)}`, {
      consent: true,
      consentVersion: CONSENT_VERSION,
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const answered = await t.ada.client.request("PUT", `/api/team/schedule/${t.monday}/answers/${t.ada.me.id}`, {
      json: { answer: "maybe" },
    });
    expect(answered.status).toBe(200);

    await tick(t.at);
    const rows = await digests(teamId);
    const mail = rows.find((r) => r.recipient === email)!;
    expect(mail.subject).toBe("Guardian Gulls: the week ahead");
    expect(mail.body).toContain(`Ada Digest:\n  Mon ${addDays(t.sunday, 1)} 19:00: Game against Owls\n    Ada: Maybe`);
    expect(mail.body).toContain(`  Wed ${addDays(t.sunday, 3)} 19:00: Practice\n    Ada has not answered yet`);
    expect(mail.body).toMatch(
      new RegExp(
        `Maya Rivera:\\n  Mon ${addDays(t.sunday, 1)} 19:00: Game against Owls\\n    Not answered yet: http://localhost:3000/answer/\\S+`,
      ),
    );
    expect(mail.body).not.toContain("Bo Digest");
    // Once a week, whatever the ticks; off when the guardian turns the digest off.
    expect(await tick(new Date(t.at.getTime() + 60_000))).toBe(0);
    const off = await rosa.request("PATCH", "/api/me/mail-preferences", { json: { digest: false } });
    expect(off.status).toBe(200);
    await database.db.deleteFrom("mail_outbox").where("recipient", "=", email).execute();
    expect(await tick(new Date(t.at.getTime() + 120_000))).toBe(0);
  });

  it("is skipped when its time passed long ago, and follows the team's own day and time", async () => {
    const t = await teamWithWeek(app, "Late Lemurs");
    const teamId = t.coach.me.team!.id;
    expect(await tick(new Date(t.at.getTime() + 12 * 3_600_000))).toBe(0);
    expect(await digests(teamId)).toEqual([]);

    const moved = await t.coach.client.request("PATCH", "/api/team/reminder-settings", {
      json: { digestWeekday: 0, digestTime: "07:00" },
    });
    expect(moved.status).toBe(200);
    const monday = zonedTimeToUtc(addDays(t.sunday, 1), "07:00", ZONE);
    expect(await tick(new Date(monday.getTime() - 1))).toBe(0);
    expect(await tick(monday)).toBe(3);
  });

  it("a tick over many teams lets the server answer requests in between", async () => {
    const t = await teamWithWeek(app, "Yielding Yaks");
    // SQLite answers within the same turn of the event loop: without a pause between teams, a request waiting for
    // its turn (this callback) would run only after the whole tick.
    let finished = false;
    let servedDuringTick = false;
    setImmediate(() => (servedDuringTick = !finished));
    await tick(t.at);
    finished = true;
    expect(await digests(t.coach.me.team!.id)).toHaveLength(3);
    expect(servedDuringTick).toBe(true);
  });
});
