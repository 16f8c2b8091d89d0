import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FeedMessage, TeamFeed } from "../realtime/team-feed.js";
import type { Services } from "../services.js";
import type { StreamSink } from "../http/event-stream.js";
import { runStream } from "./stream.js";

/**
 * One open stream with its clock in the test's hands: what it writes to its socket while the team's changes come
 * often, and while nothing happens.
 */
type FeedSubscriber = Parameters<TeamFeed["subscribe"]>[1];
const utf8 = new TextEncoder();

describe("a stream's heartbeat", () => {
  beforeEach(() => vi.useFakeTimers({ now: new Date("2026-10-03T15:00:00Z") }));
  afterEach(() => vi.useRealTimers());

  function openOne(heartbeatMs: number) {
    const written: string[] = [];
    const writtenAt: number[] = [];
    let subscriber: FeedSubscriber | undefined;
    let abort = () => {};
    const sink: StreamSink = {
      write(chunk) {
        written.push(typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk));
        writtenAt.push(Date.now());
        return true;
      },
      onAbort(onAbort) {
        abort = onAbort;
      },
      close() {},
    };
    const hub = { onRevoke: () => () => {} } as unknown as Services["hub"];
    const done = runStream(
      {
        feed: {
          subscribe(_teamId, s) {
            subscriber = s;
            return () => {};
          },
        },
        coach: true,
        teamId: "team",
        userId: "coach",
        sessionId: "session",
        stillMember: async () => true,
        release() {},
      },
      sink,
      { hub, log: pino({ level: "silent" }), heartbeatMs, membershipCheckMs: 60 * 60_000, coalesceMs: 250 },
    );
    const change = (n: number): FeedMessage => ({
      kind: "events",
      member: utf8.encode(`event: change\ndata: {"n":${n}}\n\n`),
      coach: utf8.encode(`event: change\ndata: {"n":${n}}\n\n`),
    });
    return {
      written,
      writtenAt,
      heartbeats: () => written.filter((w) => w.includes(": heartbeat")).length,
      changes: () => written.filter((w) => w.startsWith("event: change")).length,
      send: (n: number) => subscriber!.send(change(n)),
      close: async () => {
        abort();
        await done;
      },
    };
  }

  it("is left out while the game's changes keep the stream busy, and sent when it goes quiet", async () => {
    const stream = openOne(25_000);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.written.join("")).toContain(": connected");

    // A snap every 10 s for five minutes, as a scorer logs a game: every message arrives, no heartbeat between.
    for (let n = 1; n <= 30; n++) {
      await vi.advanceTimersByTimeAsync(10_000);
      stream.send(n);
    }
    expect(stream.changes()).toBe(30);
    expect(stream.heartbeats()).toBe(0);

    // Then nothing: a heartbeat at the latest 1.5 intervals after the last message, and one every interval after.
    await vi.advanceTimersByTimeAsync(37_500);
    expect(stream.heartbeats()).toBe(1);
    await vi.advanceTimersByTimeAsync(50_000);
    expect(stream.heartbeats()).toBe(3);
    await stream.close();
  });

  it("never leaves a stream silent for longer than one and a half intervals", async () => {
    const stream = openOne(25_000);
    await vi.advanceTimersByTimeAsync(0);
    // Messages at uneven times, some just before a tick and some just after, then a long quiet.
    for (const gap of [11_000, 14_000, 24_900, 300, 40_000, 12_400, 60_000]) {
      await vi.advanceTimersByTimeAsync(gap);
      stream.send(gap);
    }
    await vi.advanceTimersByTimeAsync(100_000);
    const silences = stream.writtenAt.slice(1).map((t, i) => t - stream.writtenAt[i]!);
    expect(Math.max(...silences)).toBeLessThanOrEqual(37_500);
    // Not a heartbeat a tick either: fewer than the 12 ticks of those 262.6 s.
    expect(stream.heartbeats()).toBeLessThan(12);
    await stream.close();
  });
});
