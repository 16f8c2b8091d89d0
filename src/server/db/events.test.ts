import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_TYPES } from "#domain/event-types.js";
import { getEvent, listEvents, recordEvent, removeEvent, type NewEvent } from "./events.js";
import { createTeam, type Team } from "./teams.js";
import {
  asObject,
  recountFromSource,
  seedProfile,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";

describe.each(testEngines())("events on $engine", ({ engine, create }) => {
  let t: TestDatabase;
  let team: Team;
  let other: Team;
  let coachId: string;

  beforeAll(async () => {
    t = await create({ poolMax: 10 });
    team = await createTeam(t.db, { name: "Events" });
    other = await createTeam(t.db, { name: "Other" });
    coachId = (await seedProfile(t.db, { teamId: team.id, role: "coach", coachRole: "head", fullName: "Coach" }))
      .userId;
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  async function newPlayer(teamId = team.id) {
    return (await seedProfile(t.db, { teamId, role: "player", fullName: "P", primaryPosition: "qb" })).userId;
  }

  function event(playerId: string, over: Partial<NewEvent> = {}): NewEvent {
    return {
      id: randomUUID(),
      teamId: team.id,
      playerId,
      eventType: "Pass TD",
      yards: 12,
      occurredAt: "2025-09-01T18:00:00.000Z",
      createdBy: coachId,
      ...over,
    };
  }

  async function expectCountersMatchEvents() {
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  }

  it("records an event once, whatever the number of replays", async () => {
    const playerId = await newPlayer();
    const e = event(playerId);
    expect(await recordEvent(t.db, e)).toEqual({ inserted: true });
    expect(await recordEvent(t.db, e)).toEqual({ inserted: false });
    // A replay carrying different content is still the same event: nothing changes.
    expect(
      await recordEvent(t.db, { ...e, eventType: "Sack", yards: 99, occurredAt: "2026-01-01T00:00:00.000Z" }),
    ).toEqual({
      inserted: false,
    });
    const rows = await t.db.selectFrom("events").selectAll().where("player_id", "=", playerId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: e.id, event_type: "Pass TD", yards: 12 });
    const counts = await t.db
      .selectFrom("player_event_counts")
      .select(["player_id", "event_type", "count", "yards"])
      .where("player_id", "=", playerId)
      .execute();
    expect(counts).toEqual([{ player_id: playerId, event_type: "Pass TD", count: 1, yards: 12 }]);
    const stats = await t.db
      .selectFrom("player_stats")
      .selectAll()
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    expect(stats).toMatchObject({ event_count: 1, last_event_at: e.occurredAt });
    await expectCountersMatchEvents();
  });

  it("keeps the latest time as last_event_at whatever the order events arrive in", async () => {
    const playerId = await newPlayer();
    await recordEvent(t.db, event(playerId, { occurredAt: "2025-09-02T10:00:00.000Z" }));
    await recordEvent(t.db, event(playerId, { occurredAt: "2025-09-01T10:00:00.000Z", yards: null }));
    const stats = await t.db
      .selectFrom("player_stats")
      .selectAll()
      .where("player_id", "=", playerId)
      .executeTakeFirst();
    expect(stats).toMatchObject({ event_count: 2, last_event_at: "2025-09-02T10:00:00.000Z" });
    const counts = await t.db
      .selectFrom("player_event_counts")
      .select(["player_id", "event_type", "count", "yards"])
      .where("player_id", "=", playerId)
      .execute();
    expect(counts).toEqual([{ player_id: playerId, event_type: "Pass TD", count: 2, yards: 12 }]);
  });

  it("removes an event once, scoped by team, and recomputes last_event_at", async () => {
    const playerId = await newPlayer();
    const early = event(playerId, { occurredAt: "2025-09-01T10:00:00.000Z", eventType: "Catch", yards: 7 });
    const late = event(playerId, { occurredAt: "2025-09-03T10:00:00.000Z", eventType: "Catch", yards: 5 });
    await recordEvent(t.db, early);
    await recordEvent(t.db, late);

    // Another team cannot remove it.
    expect(await removeEvent(t.db, { id: late.id, teamId: other.id })).toBeNull();
    expect(await getEvent(t.db, { id: late.id, teamId: team.id })).not.toBeNull();
    expect(await getEvent(t.db, { id: late.id, teamId: other.id })).toBeNull();

    const removed = await removeEvent(t.db, { id: late.id, teamId: team.id });
    expect(removed).toMatchObject({ id: late.id, teamId: team.id, playerId, eventType: "Catch", yards: 5 });
    expect(await removeEvent(t.db, { id: late.id, teamId: team.id })).toBeNull();
    let stats = await t.db.selectFrom("player_stats").selectAll().where("player_id", "=", playerId).executeTakeFirst();
    expect(stats).toMatchObject({ event_count: 1, last_event_at: early.occurredAt });
    let counts = await t.db
      .selectFrom("player_event_counts")
      .select(["player_id", "event_type", "count", "yards"])
      .where("player_id", "=", playerId)
      .execute();
    expect(counts).toEqual([{ player_id: playerId, event_type: "Catch", count: 1, yards: 7 }]);

    await removeEvent(t.db, { id: early.id, teamId: team.id });
    stats = await t.db.selectFrom("player_stats").selectAll().where("player_id", "=", playerId).executeTakeFirst();
    expect(stats).toMatchObject({ event_count: 0, last_event_at: null });
    counts = await t.db
      .selectFrom("player_event_counts")
      .select(["player_id", "event_type", "count", "yards"])
      .where("player_id", "=", playerId)
      .execute();
    expect(counts).toEqual([{ player_id: playerId, event_type: "Catch", count: 0, yards: 0 }]);

    // Recording it again after an undo is a new insert.
    expect(await recordEvent(t.db, early)).toEqual({ inserted: true });
    await expectCountersMatchEvents();
  });

  it("rejects times that do not sort as text, and fractional yards", async () => {
    const playerId = await newPlayer();
    await expect(recordEvent(t.db, event(playerId, { occurredAt: "2025-09-01T10:00:00Z" }))).rejects.toThrow(
      RangeError,
    );
    await expect(recordEvent(t.db, event(playerId, { occurredAt: "2025-09-01 10:00:00.000" }))).rejects.toThrow(
      RangeError,
    );
    await expect(recordEvent(t.db, event(playerId, { yards: 2.5 }))).rejects.toThrow(RangeError);
    expect(await t.db.selectFrom("events").select("id").where("player_id", "=", playerId).execute()).toEqual([]);
  });

  it("rolls the whole write back when a part fails", async () => {
    // An unknown player fails the foreign key: no event, no counters.
    const e = event("no-such-player");
    await expect(recordEvent(t.db, e)).rejects.toThrow();
    expect(await getEvent(t.db, { id: e.id, teamId: team.id })).toBeNull();
    expect(
      await t.db.selectFrom("player_stats").select("player_id").where("player_id", "=", "no-such-player").execute(),
    ).toEqual([]);
  });

  it("lists a team's events newest first, page by page", async () => {
    const playerId = await newPlayer();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const e = event(playerId, { occurredAt: `2025-10-0${1 + (i % 3)}T12:00:00.000Z` });
      ids.push(e.id);
      await recordEvent(t.db, e);
    }
    const all = await listEvents(t.db, { teamId: team.id, playerId, limit: 100 });
    expect(all.map((e) => e.id).sort()).toEqual([...ids].sort());
    const pages: string[] = [];
    let before: { occurredAt: string; id: string } | undefined;
    for (;;) {
      const page = await listEvents(t.db, { teamId: team.id, playerId, limit: 3, before });
      pages.push(...page.map((e) => e.id));
      const last = page.at(-1);
      if (page.length < 3 || !last) break;
      before = { occurredAt: last.occurredAt, id: last.id };
    }
    expect(pages).toEqual(all.map((e) => e.id));
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.occurredAt > b.occurredAt || (a.occurredAt === b.occurredAt && a.id > b.id)).toBe(true);
    }
    expect(await listEvents(t.db, { teamId: other.id, playerId })).toEqual([]);
  });

  it(`keeps every counter equal to a recount under concurrent writes (${engine})`, async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()];
    const types = EVENT_TYPES.slice(0, 5);
    let n = 0;
    const make = () => {
      n++;
      return event(players[n % players.length]!, {
        eventType: types[n % types.length]!,
        yards: n % 4 === 0 ? null : (n % 23) - 3,
        occurredAt: new Date(Date.UTC(2025, 8, 1) + ((n * 7919) % 100_000) * 1000).toISOString(),
      });
    };
    const first = Array.from({ length: 150 }, make);
    // Each event twice at once: replays racing their original.
    const results = await Promise.all([...first, ...first].map((e) => recordEvent(t.db, e)));
    expect(results.filter((r) => r.inserted)).toHaveLength(first.length);

    const second = Array.from({ length: 100 }, make);
    const toRemove = first.filter((_, i) => i % 2 === 0);
    await Promise.all([
      ...second.map((e) => recordEvent(t.db, e)),
      ...toRemove.map((e) => removeEvent(t.db, { id: e.id, teamId: team.id })),
      // Double removes racing each other: only one of each may count.
      ...toRemove.slice(0, 30).map((e) => removeEvent(t.db, { id: e.id, teamId: team.id })),
      ...second.slice(0, 40).map((e) => recordEvent(t.db, e)),
    ]);
    const remaining = await t.db.selectFrom("events").select("id").where("player_id", "in", players).execute();
    expect(remaining).toHaveLength(first.length - toRemove.length + second.length);
    await expectCountersMatchEvents();
  });
});
