import { pino } from "pino";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Services } from "../services.js";
import { changeNow, createMemoryHub, type FeedMessage, type TeamHub } from "./hub.js";
import { createTeamFeed, FRAMES_WAIT_MS } from "./team-feed.js";

/*
 * A cluster worker's feed (decision 0024): a change another worker reads the payloads of (framesFollow) costs this
 * worker no read; the frames that worker shares go to this worker's screens; and if they never come (it died), this
 * worker reads them itself.
 */

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

function worker() {
  const local = createMemoryHub();
  const framesListeners = new Set<(teamId: string, messages: FeedMessage[]) => void>();
  const shared: FeedMessage[][] = [];
  const hub: TeamHub = {
    ...local,
    shareFrames: (_teamId, messages) => void shared.push(messages),
    onFrames(listener) {
      framesListeners.add(listener);
      return () => void framesListeners.delete(listener);
    },
  };
  let reads = 0;
  // Any payload read touches the database: count it, and fail it (the feed then sends the kind alone).
  const database = new Proxy({} as Services["database"], {
    get() {
      reads += 1;
      throw new Error("no database in this test");
    },
  });
  const feed = createTeamFeed({ hub, database, log: pino({ level: "silent" }) }, 0);
  const received: string[] = [];
  feed.subscribe("team-1", { coach: true, send: (m) => received.push(decode(m.coach)) }, () => {});
  const framesFrom = (messages: FeedMessage[]) => {
    for (const listener of framesListeners) listener("team-1", messages);
  };
  return { local, feed, received, shared, framesFrom, reads: () => reads };
}

afterEach(() => vi.useRealTimers());

describe("a cluster worker's team feed", () => {
  it("does not read a change another worker reads, and sends that worker's frames to its screens", async () => {
    const w = worker();
    w.local.publish("team-1", { ...changeNow("events", "game-1"), framesFollow: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(w.reads()).toBe(0);
    expect(w.received).toEqual([]);
    const frames = { kind: "events" as const, member: encode("member frame"), coach: encode("coach frame") };
    w.framesFrom([frames]);
    expect(w.received).toEqual(["coach frame"]);
  });

  it("reads the payloads itself when the other worker's frames do not come in time", async () => {
    vi.useFakeTimers();
    const w = worker();
    w.local.publish("team-1", { ...changeNow("roster"), framesFollow: true });
    await vi.advanceTimersByTimeAsync(FRAMES_WAIT_MS - 10);
    expect(w.reads()).toBe(0);
    await vi.advanceTimersByTimeAsync(20);
    expect(w.reads()).toBeGreaterThan(0);
    expect(w.received).toHaveLength(1);
    expect(w.received[0]).toContain('"kind":"roster"');
  });

  it("shares the frames it reads for its own writes with the other workers", async () => {
    const w = worker();
    w.local.publish("team-1", changeNow("roster"));
    await vi.waitFor(() => expect(w.shared).toHaveLength(1));
    expect(w.shared[0]!.map((m) => m.kind)).toEqual(["roster"]);
    expect(decode(w.shared[0]![0]!.coach)).toBe(w.received[0]);
  });
});
