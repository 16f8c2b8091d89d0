import { EventEmitter } from "node:events";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createHubRelay, type RelayWorker } from "../cluster-relay.js";
import { createClusterHub, type HubChannel } from "./cluster-hub.js";
import { changeNow, type HubChange } from "./hub.js";
import { readCacheOf } from "./read-cache.js";

const log = pino({ level: "silent" });

/**
 * A primary and `n` workers in one process: each worker's channel goes through the real relay, and the primary's
 * deliveries wait in a queue until `flush()`, so a test decides when the other workers hear of a change.
 */
function cluster(n: number) {
  const relay = createHubRelay();
  const queue: Array<() => void> = [];
  const inboxes = Array.from({ length: n }, () => new EventEmitter());
  const workers: RelayWorker[] = inboxes.map((inbox, i) => ({
    id: i + 1,
    send: (message) => void queue.push(() => inbox.emit("message", structuredClone(message))),
  }));
  const alive = new Set(workers.map((w) => w.id));
  const channels: HubChannel[] = inboxes.map((inbox, i) => ({
    send: (message) => {
      const from = workers[i]!;
      const copy = structuredClone(message);
      queue.push(() =>
        relay.fromWorker(
          from,
          copy,
          workers.filter((w) => w.id !== from.id && alive.has(w.id)),
        ),
      );
    },
    onMessage(listener) {
      inbox.on("message", listener);
      return () => void inbox.off("message", listener);
    },
  }));
  const hubs = channels.map((channel) => createClusterHub(channel, log));
  const flush = () => {
    while (queue.length > 0) queue.shift()!();
  };
  const kill = (id: number) => {
    alive.delete(id);
    relay.workerGone(id);
  };
  return { hubs, flush, relay, kill };
}

const settled = async (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
};

describe("the cluster hub: several server processes over one database", () => {
  it("tells every other worker's streams of a change, once each, and the sender's at once", () => {
    const { hubs, flush } = cluster(3);
    const heard = hubs.map(() => [] as HubChange[]);
    hubs.forEach((hub, i) => hub.subscribe("team-1", (change) => heard[i]!.push(change)));
    const change = changeNow("events", "session-9");
    hubs[0]!.publish("team-1", change);
    expect(heard[0]).toEqual([change]);
    expect(heard[1]).toEqual([]);
    flush();
    // The sender has screens of the team: it reads the payloads, and the others are told its frames follow.
    const relayed = { ...change, framesFollow: true };
    expect(heard).toEqual([[change], [relayed], [relayed]]);
  });

  it("ends a revoked user's streams on every worker", () => {
    const { hubs, flush } = cluster(2);
    const ended: string[] = [];
    hubs[1]!.onRevoke("user-1", (r) => ended.push(r.sessionId ?? "all"));
    hubs[0]!.revoke({ userId: "user-1", sessionId: "s-1" });
    flush();
    expect(ended).toEqual(["s-1"]);
  });

  it("answers a write only after the other workers dropped the cached reads it changed", async () => {
    const { hubs, flush } = cluster(2);
    const cache = readCacheOf(hubs[1]!);
    let reads = 0;
    const read = () => cache.get("team-1", "players", async () => ({ reads: ++reads }));
    expect((await read()).body).toBe('{"reads":1}');
    hubs[0]!.publish("team-1", changeNow("roster"));
    const delivered = hubs[0]!.delivered!();
    // Not yet relayed: the other worker still holds the old answer, so the write must not be answered yet.
    expect(await settled(delivered)).toBe(false);
    expect((await read()).body).toBe('{"reads":1}');
    flush(); // relayed and applied
    flush(); // the primary's acknowledgement
    expect(await settled(delivered)).toBe(true);
    expect((await read()).body).toBe('{"reads":2}');
  });

  it("does not wait for a worker that died, nor when nothing was published", async () => {
    const { hubs, flush, kill, relay } = cluster(2);
    expect(await settled(hubs[0]!.delivered!())).toBe(true);
    hubs[0]!.publish("team-1", changeNow("roster"));
    const delivered = hubs[0]!.delivered!();
    flush(); // the relay sends it to worker 2, which does not answer: it dies
    kill(2);
    flush();
    expect(await settled(delivered)).toBe(true);
    expect(relay.pendingCount()).toBe(0);
  });

  it("answers anyway after the wait limit when another worker never confirms", async () => {
    const channel: HubChannel = { send: () => {}, onMessage: () => () => {} };
    const hub = createClusterHub(channel, log, { deliveryWaitMs: 20 });
    hub.publish("team-1", changeNow("roster"));
    await expect(hub.delivered!()).resolves.toBeUndefined();
  });

  it("drops a malformed relayed message and still confirms it", () => {
    const sent: unknown[] = [];
    let deliver!: (m: unknown) => void;
    const hub = createClusterHub(
      {
        send: (m) => void sent.push(m),
        onMessage: (l) => {
          deliver = l;
          return () => {};
        },
      },
      log,
    );
    const heard: HubChange[] = [];
    hub.subscribe("team-1", (c) => heard.push(c));
    deliver({ flagline: "hub-relay", relay: 7, teamId: "team-1", change: { kind: "not-a-kind", at: "x" } });
    deliver("garbage");
    expect(heard).toEqual([]);
    expect(sent).toEqual([{ flagline: "hub-applied", relay: 7 }]);
  });

  it("says frames follow when the writing worker has screens of the team, and hands its frames over", () => {
    const { hubs, flush } = cluster(2);
    const heard: HubChange[] = [];
    hubs[1]!.subscribe("team-1", (c) => heard.push(c));
    hubs[0]!.publish("team-1", changeNow("roster"));
    flush();
    expect(heard.at(-1)?.framesFollow).toBeUndefined();
    hubs[0]!.subscribe("team-1", () => {});
    hubs[0]!.publish("team-1", changeNow("events", "game-1"));
    flush();
    expect(heard.at(-1)).toMatchObject({ kind: "events", sessionId: "game-1", framesFollow: true });

    const frames: Array<[string, string]> = [];
    hubs[1]!.onFrames!((teamId, messages) => {
      for (const m of messages) frames.push([teamId, new TextDecoder().decode(m.coach)]);
    });
    const bytes = (text: string) => new TextEncoder().encode(text);
    hubs[0]!.shareFrames!("team-1", [{ kind: "events", member: bytes("m"), coach: bytes("c") }]);
    flush();
    expect(frames).toEqual([["team-1", "c"]]);
  });
});
