import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { scaled } from "#tests/support/host-speed.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";
import type { HubChange, Revocation, TeamHub } from "./hub.js";
import { createPgHub } from "./pg-hub.js";

/*
 * The PostgreSQL hub between app servers (LISTEN/NOTIFY). Two hubs on one database stand for two servers.
 */

const postgres = testEngines().find((e) => e.engine === "postgres");
const log = { warn: vi.fn(), info: vi.fn() };

describe.skipIf(!postgres)("the PostgreSQL hub between app servers", () => {
  let database: TestDatabase | undefined;
  const hubs: TeamHub[] = [];

  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((h) => h.close()));
    await database?.cleanup();
    database = undefined;
  });

  async function twoServers() {
    database = await postgres!.create();
    const url = (database.env as { DATABASE_URL: string }).DATABASE_URL;
    const [a, b] = await Promise.all([
      createPgHub({ connectionString: url, log }),
      createPgHub({ connectionString: url, log }),
    ]);
    hubs.push(a, b);
    return { a, b };
  }

  it("relays a burst of changes and revocations in order, one statement at a time on the listener's connection", async () => {
    // node-postgres queues a query sent while another runs on the same client and deprecates it (pg@9 drops the
    // queue): count each client's statements in flight.
    const inFlight = new WeakMap<object, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const counted = function (this: pg.Client, ...args: unknown[]) {
      const now = (inFlight.get(this) ?? 0) + 1;
      inFlight.set(this, now);
      most = Math.max(most, now);
      const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result;
    };
    vi.spyOn(pg.Client.prototype, "query").mockImplementation(counted as never);

    const { a, b } = await twoServers();
    const heard: HubChange[] = [];
    const revoked: Revocation[] = [];
    b.subscribe("team-1", (change) => heard.push(change));
    b.onRevoke("user-1", (r) => revoked.push(r));

    const sent: HubChange[] = Array.from({ length: 40 }, (_, i) => ({
      kind: i % 2 === 0 ? "events" : "roster",
      at: new Date(Date.UTC(2026, 11, 5, 10, 0, i)).toISOString(),
      sessionId: `session-${i}`,
    }));
    // As a busy server publishes: all in one go, none waiting for the one before.
    sent.slice(0, 20).forEach((change) => a.publish("team-1", change));
    a.revoke({ userId: "user-1", sessionId: "s-1" });
    sent.slice(20).forEach((change) => a.publish("team-1", change));

    await vi.waitFor(() => expect(heard).toHaveLength(sent.length), { timeout: scaled(10_000), interval: 20 });
    expect(heard).toEqual(sent);
    expect(revoked).toEqual([{ userId: "user-1", sessionId: "s-1" }]);
    expect(most).toBe(1);
    expect(log.warn).not.toHaveBeenCalled();
  });
});
