import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEventWriter } from "./event-writer.js";
import { recordEvents, type NewEvent } from "./events.js";
import { createTeam } from "./teams.js";
import {
  asObject,
  recountFromSource,
  seedProfile,
  storedTotals,
  testEngines,
  type TestDatabase,
} from "#tests/server/support/test-database.js";

describe.each(testEngines())("batched event writes on $engine", ({ create }) => {
  let t: TestDatabase;
  let teamId: string;
  let players: string[];

  beforeAll(async () => {
    t = await create();
    teamId = (await createTeam(t.db, { name: "Writer" })).id;
    players = [];
    for (let i = 0; i < 4; i++) {
      players.push((await seedProfile(t.db, { teamId, role: "player", fullName: `W${i}` })).userId);
    }
  });
  afterAll(async () => {
    await t?.cleanup();
  });

  const event = (i: number, over: Partial<NewEvent> = {}): NewEvent => ({
    id: randomUUID(),
    teamId,
    playerId: players[i % players.length]!,
    eventType: i % 3 === 0 ? "Flag Pull" : "Catch",
    yards: i % 3 === 0 ? null : i % 17,
    occurredAt: new Date(Date.UTC(2025, 8, 1, 12) + i * 60_000).toISOString(),
    createdBy: "coach",
    ...over,
  });

  it("writes concurrent calls in batches: replays are no-ops, a bad event fails alone", async () => {
    const writer = createEventWriter(t.db, { maxBatch: 40 });
    const events = Array.from({ length: 150 }, (_, i) => event(i));
    const bad = event(999, { playerId: "no-such-player" });
    const calls = [...events, ...events.slice(0, 30), bad].map((e) =>
      writer.record(e).then(
        (r) => ({ id: e.id, ok: true as const, inserted: r.inserted }),
        () => ({ id: e.id, ok: false as const }),
      ),
    );
    const results = await Promise.all(calls);
    await writer.flush();
    expect(results.filter((r) => !r.ok).map((r) => r.id)).toEqual([bad.id]);
    expect(results.filter((r) => r.ok && r.inserted)).toHaveLength(events.length);
    const stored = await t.db.selectFrom("events").select("id").where("team_id", "=", teamId).execute();
    expect(stored).toHaveLength(events.length);
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  });

  it("recordEvents is all or nothing", async () => {
    const before = await t.db.selectFrom("events").select("id").execute();
    await expect(recordEvents(t.db, [event(1), event(2, { playerId: "no-such-player" })])).rejects.toThrow();
    expect(await t.db.selectFrom("events").select("id").execute()).toHaveLength(before.length);
    const dup = event(3);
    expect(await recordEvents(t.db, [dup, dup, event(4)])).toEqual([
      { inserted: true },
      { inserted: false },
      { inserted: true },
    ]);
    expect(asObject(await storedTotals(t.db))).toEqual(asObject(await recountFromSource(t.db)));
  });
});
