import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { sql, type KyselyPlugin, type PluginTransformQueryArgs, type RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventsOfSnap, participantsOfSnap, pointsOfSnap, type SnapDetail } from "#domain/snaps.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { checkIntegrity } from "./integrity.js";
import { setLeagueRules } from "./league-rules.js";
import {
  createSnapWriter,
  deleteSnap,
  editSnap,
  insertSnaps,
  listSessionSnaps,
  SnapIdTakenError,
  type NewSnapRow,
} from "./snaps.js";
import { createTeamSession } from "./team-sessions.js";
import { createTeam, type Team } from "./teams.js";
import {
  asObject,
  recountFromSource,
  seedProfile,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";

/** Fails any insert into `table` while armed: a write that breaks half-way through a snap's transaction. */
class FailInsertPlugin implements KyselyPlugin {
  armed: string | null = null;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const node = args.node;
    if (this.armed && node.kind === "InsertQueryNode" && node.into?.table.identifier.name === this.armed)
      throw new Error(`test: insert into ${this.armed} refused`);
    return node;
  }
  async transformResult(args: Parameters<NonNullable<KyselyPlugin["transformResult"]>>[0]) {
    return args.result;
  }
}

describe.each(testEngines())("snaps on $engine", ({ create }) => {
  const failing = new FailInsertPlugin();
  let t: TestDatabase;
  let team: Team;
  let other: Team;
  let coachId: string;
  let otherCoachId: string;
  let sessionId: string;
  let otherSessionId: string;
  let players: string[];

  beforeAll(async () => {
    t = await create({ plugins: [failing] });
    team = await createTeam(t.db, { name: "Snaps" });
    other = await createTeam(t.db, { name: "Other" });
    coachId = (await seedProfile(t.db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" }))
      .userId;
    otherCoachId = (
      await seedProfile(t.db, { teamId: other.id, role: "coach", coachRole: "head", fullName: "Other coach" })
    ).userId;
    players = [];
    for (let i = 0; i < 4; i++)
      players.push(
        (
          await seedProfile(t.db, {
            teamId: team.id,
            role: "player",
            fullName: `P${i}`,
            jerseyNumber: i + 1,
            primaryPosition: "wr",
          })
        ).userId,
      );
    sessionId = (
      await createTeamSession(t.db, { teamId: team.id, kind: "game", date: "2026-10-03", createdBy: coachId })
    ).id;
    otherSessionId = (
      await createTeamSession(t.db, { teamId: other.id, kind: "game", date: "2026-10-03", createdBy: otherCoachId })
    ).id;
  });
  afterAll(async () => t?.cleanup());

  let tick = 0;
  function snap(detail: SnapDetail, over: Partial<NewSnapRow> = {}): NewSnapRow {
    tick += 1;
    return {
      id: randomUUID(),
      sessionId,
      playId: null,
      period: 1,
      firstDown: false,
      occurredAt: new Date(Date.UTC(2026, 9, 3, 15, 0, 0, tick)).toISOString(),
      detail,
      ...over,
    };
  }
  const pass = (passer: string, target: string, yards = 12): SnapDetail => ({
    kind: "pass",
    passerId: passer,
    targetId: target,
    result: "complete",
    yards,
  });

  async function counts() {
    const n = async (table: "snaps" | "events" | "snap_players") =>
      Number(
        (
          await t.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      snaps: await n("snaps"),
      events: await n("events"),
      participants: await n("snap_players"),
      counters: asObject(await storedTotals(t.db)),
    };
  }

  async function expectConsistent() {
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
    const report = await checkIntegrity(t.db);
    expect(report.drift).toEqual([]);
    expect(report.snapMismatches).toEqual([]);
  }

  it("writes a snap with its implied events, counters, participants and points", async () => {
    const s = snap(pass(players[0]!, players[1]!, 25), { firstDown: true });
    const td = snap({ kind: "run", runnerId: players[2]!, yards: 3, touchdown: true });
    expect(await insertSnaps(t.db, team.id, coachId, [s, td])).toEqual(["created", "created"]);

    const events = await t.db.selectFrom("events").selectAll().where("snap_id", "=", s.id).execute();
    expect(events.map((e) => [e.player_id, e.event_type, e.yards]).sort()).toEqual(
      eventsOfSnap(s.detail)
        .map((e) => [e.playerId, e.eventType, e.yards])
        .sort(),
    );
    for (const e of events) {
      expect(e).toMatchObject({
        team_id: team.id,
        session_id: sessionId,
        play_id: null,
        occurred_at: s.occurredAt,
        created_by: coachId,
      });
      expect(e.id).not.toBe(s.id);
    }
    const row = await t.db.selectFrom("snaps").selectAll().where("id", "=", td.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "run", our_points: 6, their_points: 0, first_down: 0, created_by: coachId });
    const participants = await t.db.selectFrom("snap_players").selectAll().where("snap_id", "=", s.id).execute();
    expect(participants.map((p) => [p.player_id, p.role]).sort()).toEqual(
      participantsOfSnap(s.detail)
        .map((p) => [p.playerId, p.role])
        .sort(),
    );
    await expectConsistent();
  });

  it("atomic: a snap whose second implied event fails (its receiver is no profile) writes nothing", async () => {
    const before = await counts();
    const good = snap(pass(players[0]!, players[1]!));
    const bad = snap(pass(players[2]!, randomUUID()));
    await expect(insertSnaps(t.db, team.id, coachId, [good, bad])).rejects.toThrow();
    expect(await counts()).toEqual(before);
  });

  it("atomic: a failure after the events and counters were written (the participants) rolls all of it back", async () => {
    const before = await counts();
    failing.armed = "snap_players";
    try {
      await expect(
        insertSnaps(t.db, team.id, coachId, [
          snap(pass(players[0]!, players[3]!)),
          snap(pass(players[1]!, players[2]!)),
        ]),
      ).rejects.toThrow(/refused/);
    } finally {
      failing.armed = null;
    }
    expect(await counts()).toEqual(before);
    await expectConsistent();
  });

  it("a replay is a duplicate and changes nothing; an id twice in one call is created once", async () => {
    const a = snap(pass(players[0]!, players[1]!));
    const b = snap({ kind: "sack", defenderId: players[3]! });
    expect(await insertSnaps(t.db, team.id, coachId, [a, b, { ...a }])).toEqual(["created", "created", "duplicate"]);
    const before = await counts();
    // Even with other content, a known id is the same snap.
    expect(
      await insertSnaps(t.db, team.id, coachId, [b, { ...a, detail: { kind: "stop", defenderId: players[2]! } }]),
    ).toEqual(["duplicate", "duplicate"]);
    expect(await counts()).toEqual(before);
  });

  it("an id of another team's snap throws SnapIdTakenError and writes nothing", async () => {
    const theirs = snap({ kind: "opponent_score", score: "touchdown" }, { sessionId: otherSessionId });
    expect(await insertSnaps(t.db, other.id, otherCoachId, [theirs])).toEqual(["created"]);
    const before = await counts();
    const mine = snap(pass(players[0]!, players[1]!));
    const error = await insertSnaps(t.db, team.id, coachId, [mine, { ...theirs, sessionId }]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SnapIdTakenError);
    expect([...(error as SnapIdTakenError).ids]).toEqual([theirs.id]);
    expect(await counts()).toEqual(before);
  });

  it("points follow the rules in force when a snap is written; a later change of rules keeps them", async () => {
    await setLeagueRules(t.db, team.id, { ...DEFAULT_LEAGUE_RULES, touchdownPoints: 7, safetyPoints: 3 });
    const td = snap({ kind: "pass", passerId: players[0]!, targetId: players[1]!, result: "touchdown", yards: 9 });
    await insertSnaps(t.db, team.id, coachId, [td]);
    await setLeagueRules(t.db, team.id, { ...DEFAULT_LEAGUE_RULES });
    const row = await t.db.selectFrom("snaps").selectAll().where("id", "=", td.id).executeTakeFirstOrThrow();
    expect([row.our_points, row.their_points]).toEqual([7, 0]);
    // An edit recomputes under the rules now in force.
    await editSnap(t.db, { id: td.id, teamId: team.id }, coachId, { period: 2, detail: td.detail });
    const edited = await t.db.selectFrom("snaps").selectAll().where("id", "=", td.id).executeTakeFirstOrThrow();
    expect([edited.our_points, edited.period]).toEqual([6, 2]);
  });

  it("edit then edit back: events (by content), counters and participants return to the same state", async () => {
    const s = snap(pass(players[0]!, players[1]!, 14));
    await insertSnaps(t.db, team.id, coachId, [s]);
    const content = async () =>
      (await t.db.selectFrom("events").selectAll().orderBy("id").execute())
        .map((e) => [e.snap_id, e.player_id, e.event_type, e.yards, e.session_id, e.play_id, e.occurred_at].join(" "))
        .sort();
    const participants = async () =>
      (await t.db.selectFrom("snap_players").selectAll().execute())
        .map((p) => `${p.snap_id} ${p.player_id} ${p.role}`)
        .sort();
    const before = {
      events: await content(),
      counters: asObject(await storedTotals(t.db)),
      parts: await participants(),
    };

    const key = { id: s.id, teamId: team.id };
    expect(
      await editSnap(t.db, key, coachId, {
        period: 1,
        detail: { kind: "run", runnerId: players[3]!, yards: 40, touchdown: true },
      }),
    ).toEqual({ changed: true });
    await expectConsistent();
    expect(await content()).not.toEqual(before.events);

    expect(await editSnap(t.db, key, coachId, { period: 1, detail: s.detail })).toEqual({ changed: true });
    expect({
      events: await content(),
      counters: asObject(await storedTotals(t.db)),
      parts: await participants(),
    }).toEqual(before);
    const row = await t.db.selectFrom("snaps").selectAll().where("id", "=", s.id).executeTakeFirstOrThrow();
    expect(row.edited_by).toBe(coachId);
    expect(row.edited_at).not.toBeNull();

    // The same edit again is a no-op: not even the events' ids change.
    const ids = (await t.db.selectFrom("events").select("id").where("snap_id", "=", s.id).execute()).map((e) => e.id);
    expect(await editSnap(t.db, key, coachId, { period: 1, detail: { ...s.detail } })).toEqual({ changed: false });
    expect(
      (await t.db.selectFrom("events").select("id").where("snap_id", "=", s.id).execute()).map((e) => e.id),
    ).toEqual(ids);
    expect(await editSnap(t.db, { id: s.id, teamId: other.id }, otherCoachId, { period: 1, detail: s.detail })).toBe(
      null,
    );
  });

  it("delete removes the snap, its events and participants; counters equal a recount, last event time recomputed", async () => {
    const player = players[2]!;
    const early = snap({ kind: "flag_pull", defenderId: player, yards: null });
    const late = snap({ kind: "interception", defenderId: player, returnTouchdown: true, yards: 30 });
    await insertSnaps(t.db, team.id, coachId, [early, late]);
    const stats = () =>
      t.db.selectFrom("player_stats").selectAll().where("player_id", "=", player).executeTakeFirstOrThrow();
    expect((await stats()).last_event_at).toBe(late.occurredAt);

    expect(await deleteSnap(t.db, { id: late.id, teamId: other.id })).toBe(false);
    expect(await deleteSnap(t.db, { id: late.id, teamId: team.id })).toBe(true);
    expect(await t.db.selectFrom("snaps").select("id").where("id", "=", late.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("events").select("id").where("snap_id", "=", late.id).execute()).toEqual([]);
    expect(await t.db.selectFrom("snap_players").select("player_id").where("snap_id", "=", late.id).execute()).toEqual(
      [],
    );
    const recount = await recountFromSource(t.db);
    expect((await stats()).last_event_at).toBe(recount.get(player)!.lastEventAt);
    expect((await stats()).last_event_at! < late.occurredAt).toBe(true);
    expect(await deleteSnap(t.db, { id: late.id, teamId: team.id })).toBe(false);
    await expectConsistent();
  });

  it("any sequence of writes, edits and deletes keeps every counter equal to a recount and every snap's events", async () => {
    const detailArb: fc.Arbitrary<SnapDetail> = fc.oneof(
      fc
        .tuple(
          fc.constantFrom(...players),
          fc.constantFrom(...players),
          fc.constantFrom("complete", "incomplete", "touchdown", "drop", "intercepted" as const),
          fc.integer({ min: -5, max: 60 }),
        )
        .filter(([a, b]) => a !== b)
        .map(([passerId, targetId, result, yards]) => ({
          kind: "pass" as const,
          passerId,
          targetId,
          result,
          yards: result === "complete" || result === "touchdown" ? yards : null,
        })),
      fc
        .tuple(fc.constantFrom(...players), fc.option(fc.integer({ min: -5, max: 60 })), fc.boolean())
        .map(([runnerId, yards, touchdown]) => ({ kind: "run" as const, runnerId, yards, touchdown })),
      fc
        .tuple(
          fc.constantFrom(...players),
          fc.constantFrom(...players),
          fc.boolean(),
          fc.constantFrom(1 as const, 2 as const),
        )
        .filter(([a, b]) => a !== b)
        .map(([passerId, scorerId, good, points]) => ({
          kind: "try" as const,
          points,
          method: "pass" as const,
          good,
          passerId,
          scorerId,
        })),
      fc.constantFrom(...players).map((defenderId) => ({ kind: "sack" as const, defenderId })),
      fc.constant({ kind: "opponent_score" as const, score: "try2" as const }),
    );
    const op = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), details: fc.array(detailArb, { minLength: 1, maxLength: 3 }) }),
      fc.record({
        kind: fc.constant("edit" as const),
        pick: fc.nat(),
        detail: detailArb,
        period: fc.integer({ min: 1, max: 4 }),
      }),
      fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        const live: string[] = [];
        for (const o of ops) {
          if (o.kind === "add") {
            const made = o.details.map((d) => snap(d));
            await insertSnaps(t.db, team.id, coachId, made);
            live.push(...made.map((m) => m.id));
          } else if (live.length > 0) {
            const id = live[o.pick % live.length]!;
            if (o.kind === "edit")
              await editSnap(t.db, { id, teamId: team.id }, coachId, { period: o.period, detail: o.detail });
            else {
              await deleteSnap(t.db, { id, teamId: team.id });
              live.splice(live.indexOf(id), 1);
            }
          }
        }
        await expectConsistent();
        const sheet = await listSessionSnaps(t.db, team.id, sessionId);
        for (const s of sheet) expect(s.points).toEqual(pointsOfSnap(s.detail, DEFAULT_LEAGUE_RULES));
      }),
      { numRuns: 12, seed: 20_261_003 },
    );
  });

  it("the group-commit writer: concurrent requests share batches, each all or nothing; a bad one fails alone", async () => {
    const writer = createSnapWriter(t.db, { maxSnapsPerBatch: 5 });
    const theirs = snap({ kind: "stop", defenderId: otherCoachId }, { sessionId: otherSessionId });
    expect(await insertSnaps(t.db, other.id, otherCoachId, [theirs])).toEqual(["created"]);
    const requests = Array.from({ length: 12 }, (_, i) => [
      snap(pass(players[i % 4]!, players[(i + 1) % 4]!, i)),
      snap({ kind: "flag_pull", defenderId: players[(i + 2) % 4]!, yards: null }),
    ]);
    const shared = snap({ kind: "sack", defenderId: players[0]! });
    const bad = [snap({ kind: "sack", defenderId: players[1]! }), { ...theirs, sessionId }];
    const before = await counts();
    const results = await Promise.allSettled([
      ...requests.map((r) => writer.write(team.id, coachId, r)),
      writer.write(team.id, coachId, [shared]),
      writer.write(team.id, coachId, bad),
      writer.write(team.id, coachId, [shared]),
    ]);
    await writer.flush();
    expect(results.slice(0, 12).map((r) => r.status === "fulfilled" && r.value)).toEqual(
      requests.map(() => ["created", "created"]),
    );
    expect(results[12]).toEqual({ status: "fulfilled", value: ["created"] });
    expect(results[13]!.status).toBe("rejected");
    expect((results[13] as PromiseRejectedResult).reason).toBeInstanceOf(SnapIdTakenError);
    expect(results[14]).toEqual({ status: "fulfilled", value: ["duplicate"] });
    const after = await counts();
    expect(after.snaps - before.snaps).toBe(12 * 2 + 1);
    expect(await t.db.selectFrom("snaps").select("id").where("id", "=", bad[0]!.id).execute()).toEqual([]);
    await expectConsistent();
  });

  it("snap detail is stored as JSON text and read back whole", async () => {
    const s = snap({ kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: players[1]! });
    await insertSnaps(t.db, team.id, coachId, [s]);
    const raw = await sql<{ detail: string }>`select detail from snaps where id = ${s.id}`.execute(t.db);
    expect(JSON.parse(raw.rows[0]!.detail)).toEqual(s.detail);
  });
});
