import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bornYearsAgo } from "#tests/support/birth-dates.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import { createTestApp } from "#tests/server/support/test-client.js";
import { loggerTeam, type LoggerTeam } from "#tests/server/support/logger-fixtures.js";
import { RETENTION_NOTICE_DAYS, runRetentionTick } from "./retention.js";
import { addGuardian } from "#tests/server/support/guardians.js";

/*
 * The retention job (docs/product.md §13, issue #30): a child who left their team, or whose team went quiet,
 * RETENTION_DAYS ago: the guardians are mailed first, the data goes RETENTION_NOTICE_DAYS later unless the child is
 * back by then; adults and children still active keep everything.
 */
const MAIL = { smtpUrl: "smtp://127.0.0.1:9", from: "noreply@flagline.test", contactTo: null };
const DAY = 86_400_000;
const DAYS = 730;

describe.each(testEngines())("the retention job on $engine", ({ create }) => {
  let database: TestDatabase;
  let app: ReturnType<typeof createTestApp>["app"];
  let team: LoggerTeam;
  const deleted: string[] = [];
  const log = pino({ level: "silent" });
  const tick = (now: Date) =>
    runRetentionTick({
      db: database.db,
      config: { retentionDays: DAYS, publicUrl: "http://localhost:3000", mail: MAIL },
      files: { delete: async (key: string) => void deleted.push(key) },
      log,
      now,
    });

  /** A guardian account linked to the player through a coach's guardian link, with consent. */
  function guardianOf(playerId: string, name: string) {
    return addGuardian(app, team.head, playerId, name);
  }

  /** Dates a player's leaving the team `daysAgo` back. */
  async function leftOn(playerId: string, daysAgo: number) {
    await database.db
      .updateTable("profiles")
      .set({ left_at: new Date(Date.now() - daysAgo * DAY).toISOString() })
      .where("user_id", "=", playerId)
      .execute();
  }

  /** Takes a player off the team, as the coach does, then dates their leaving `daysAgo` back. */
  async function leftDaysAgo(playerId: string, daysAgo: number) {
    expect((await team.head.request("DELETE", `/api/team/players/${playerId}`)).status).toBe(204);
    await leftOn(playerId, daysAgo);
  }

  const profile = (id: string) =>
    database.db
      .selectFrom("profiles")
      .select(["full_name", "birth_date", "team_id"])
      .where("user_id", "=", id)
      .executeTakeFirstOrThrow();
  const noticeOf = (id: string) =>
    database.db.selectFrom("retention_notices").selectAll().where("player_id", "=", id).executeTakeFirst();
  const count = async (table: "training_logs" | "guardian_links", id: string) =>
    (await database.db.selectFrom(table).select("player_id").where("player_id", "=", id).execute()).length;

  beforeAll(async () => {
    database = await create();
    app = createTestApp(database, { mail: MAIL }).app;
    team = await loggerTeam(app, "Falcons", 3);
  });
  afterAll(async () => database?.cleanup());

  it("tells the guardians of a child who left long ago, then erases the data after the notice period", async () => {
    const [maya, adult] = team.players as [LoggerTeam["players"][number], LoggerTeam["players"][number]];
    expect((await maya.client.request("PATCH", "/api/profile", { json: { fullName: "Maya Rivera" } })).status).toBe(
      200,
    );
    await team.head.request("PUT", `/api/team/players/${maya.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(11) },
    });
    const rosa = await guardianOf(maya.me.id, "Rosa Rivera");
    const logged = await maya.client.post("/api/me/training-logs", {
      date: "2026-10-01",
      activityType: "Conditioning",
      durationMinutes: 30,
      intensity: 5,
    });
    expect(logged.status, JSON.stringify(logged.body)).toBe(201);
    // Before the export or the erasure: the guardian downloads the child's data.
    const exported = await rosa.client.get<{ profile: { full_name: string } | null }>(
      `/api/family/children/${maya.me.id}/export`,
    );
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain("Maya Rivera");
    expect((await adult.client.get(`/api/family/children/${maya.me.id}/export`)).status).toBe(404);

    await leftDaysAgo(adult.me.id, DAYS + 1);
    // Not yet: a day short of the retention time.
    await leftDaysAgo(maya.me.id, DAYS - 1);
    expect(await tick(new Date())).toEqual({ told: 0, erased: 0 });
    await leftOn(maya.me.id, DAYS + 1);

    const start = new Date();
    // The adult (no guardian, no birth date) is nobody's child: only Maya is due.
    expect(await tick(start)).toEqual({ told: 1, erased: 0 });
    const mails = await database.db
      .selectFrom("mail_outbox")
      .select(["recipient", "subject", "body"])
      .where("idempotency_key", "like", `retention:${maya.me.id}:%`)
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe(rosa.email);
    const purgeDay = new Date(start.getTime() + RETENTION_NOTICE_DAYS * DAY).toISOString().slice(0, 10);
    expect(mails[0]!.subject).toBe(`Maya's data on Flagline will be deleted on ${purgeDay}`);
    expect(mails[0]!.body).toContain("Maya Rivera left Falcons more than 730 days ago");
    expect(mails[0]!.body).toContain("http://localhost:3000/family");

    // Told once, whatever the number of runs; nothing goes before the day.
    expect(await tick(new Date(start.getTime() + DAY))).toEqual({ told: 0, erased: 0 });
    expect((await profile(maya.me.id)).full_name).toBe("Maya Rivera");

    expect(await tick(new Date(start.getTime() + (RETENTION_NOTICE_DAYS + 1) * DAY))).toEqual({ told: 0, erased: 1 });
    const after = await profile(maya.me.id);
    expect(after).toMatchObject({ full_name: "Player #10", birth_date: null, team_id: null });
    expect(await count("training_logs", maya.me.id)).toBe(0);
    expect(await count("guardian_links", maya.me.id)).toBe(0);
    expect((await profile(adult.me.id)).full_name).toBe("Player B");
    // Erased once: later runs leave the place alone.
    expect(await tick(new Date(start.getTime() + (RETENTION_NOTICE_DAYS + 2) * DAY))).toEqual({ told: 0, erased: 0 });
  });

  it("keeps a child who is back on a team before the day, and erases a quiet team's children", async () => {
    const leo = team.players[2]!;
    await team.head.request("PUT", `/api/team/players/${leo.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(9) },
    });
    await guardianOf(leo.me.id, "Ana Lopez");
    await leftDaysAgo(leo.me.id, DAYS + 5);
    const start = new Date();
    expect((await tick(start)).told).toBe(1);
    // Back on a team (the coach's roster brings them back): no longer due, the notice goes.
    await database.db
      .updateTable("profiles")
      .set({ team_id: team.teamId, left_at: null, left_team_id: null, joined_at: new Date().toISOString() })
      .where("user_id", "=", leo.me.id)
      .execute();
    expect(await tick(new Date(start.getTime() + (RETENTION_NOTICE_DAYS + 1) * DAY))).toEqual({ told: 0, erased: 0 });
    expect((await profile(leo.me.id)).full_name).toBe("Player C");
    expect(await noticeOf(leo.me.id)).toBeUndefined();

    // A team quiet since long before the cutoff: its children are due too.
    const quiet = await loggerTeam(app, "Owls", 1);
    const owl = quiet.players[0]!;
    await quiet.head.request("PUT", `/api/team/players/${owl.me.id}/birth-date`, {
      json: { birthDate: bornYearsAgo(10) },
    });
    const old = new Date(Date.now() - (DAYS + 10) * DAY).toISOString();
    await database.db.updateTable("teams").set({ created_at: old }).where("id", "=", quiet.teamId).execute();
    await database.db.updateTable("profiles").set({ joined_at: old }).where("team_id", "=", quiet.teamId).execute();
    const marked = await tick(start);
    expect(marked.told).toBe(1);
    expect(await noticeOf(owl.me.id)).toMatchObject({ reason: "team_inactive" });
    // The Falcons, active this week, are not quiet: none of their children is due.
    expect(await noticeOf(leo.me.id)).toBeUndefined();
    expect((await tick(new Date(start.getTime() + (RETENTION_NOTICE_DAYS + 1) * DAY))).erased).toBe(1);
    expect((await profile(owl.me.id)).full_name).toMatch(/^Player #\d+$|^Former player$/);
  });
});
