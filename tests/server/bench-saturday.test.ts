import { describe, expect, it } from "vitest";
import type { LoadResult } from "../../bench/saturday/load.js";
import { parseSaturdayOptions } from "../../bench/saturday/options.js";
import { saturdayMarkdown, verdictOf, type RungResult, type SaturdayResults } from "../../bench/saturday/report.js";

/*
 * The saturday scenario's verdict (issue #17 item 1): a G passes only with write p99 <= 100 ms, change-to-screen
 * p99 <= 1 s and writes acknowledged, and the report names the largest G that passed and whether the goal (G =
 * 1,000 at V = 10) is met. The load itself is measured by `npm run bench -- --scenario saturday`.
 */
function load(games: number, writeP99: number, screenP99: number, writes = games * 12): LoadResult {
  return {
    games,
    streams: games * 10,
    writes,
    writeP50: Math.min(writeP99, 4),
    writeP99,
    screens: writes * 10,
    screenP50: Math.min(screenP99, 1),
    screenP99,
    followers: 0,
    followP50: 0,
    followP99: 0,
    misses: Number.isFinite(screenP99) ? 0 : 1,
    connectSeconds: 1,
    counts: {
      misses: 0,
      writes,
      writeFailures: 0,
      write429: 0,
      writeTimeouts: 0,
      reads: 0,
      readFailures: 0,
      read429: 0,
      readTimeouts: 0,
      streamDrops: 0,
      stream429: 0,
      streamRefused: 0,
      changes: writes,
      payloadScoreboards: writes,
      payloadLeaderboards: writes,
    },
    streamStatuses: {},
    clientLoopDelayP99: 15,
    clientLoopDelayMax: 20,
    clientLoopUtilization: 0.2,
    firstFailure: "",
  };
}

function rung(games: number, writeP99: number, screenP99: number): RungResult {
  const r = load(games, writeP99, screenP99);
  return {
    ...r,
    servers: [{ cpuPercent: 45, maxRssMb: 1400, mainThreadPercent: 31, busiestOtherThreadPercent: 12.4 }],
    serverCpuPercent: 45,
    serverRssMb: 1400,
    clientCpuPercent: 15,
    postgresCpuPercent: null,
    othersCpuPercent: 3,
    stealPercent: 0,
    loadAverage: 1.4,
    burst: null,
    verdict: verdictOf(r),
  };
}

function report(rungs: RungResult[], args: string[] = []): string {
  const results: SaturdayResults = {
    startedAt: "2026-11-25T02:46:00.000Z",
    seconds: 174,
    options: parseSaturdayOptions(args),
    machine: {
      cpu: "test",
      nproc: 2,
      memoryGiB: 24,
      os: "Linux",
      node: "v20",
      sqlite: "3",
      postgres: null,
      autocannon: "9",
      server: "new",
      loadAtStart: [0.7, 1, 1],
    },
    runs: [{ design: "new", label: "new design", rungs, skipped: [], errors: [] }],
  };
  return saturdayMarkdown(results);
}

describe("the saturday scenario's verdict", () => {
  it("passes at the targets and misses just over either of them", () => {
    expect(verdictOf(load(1000, 100, 1000)).pass).toBe(true);
    expect(verdictOf(load(1000, 28, 4.2))).toEqual({ pass: true, why: "" });
    expect(verdictOf(load(1000, 307, 17))).toEqual({ pass: false, why: "write p99 307 ms > 100" });
    expect(verdictOf(load(1000, 28, 1001))).toEqual({ pass: false, why: "screen p99 1001 ms > 1000" });
  });

  it("misses when a screen never showed a write, when nothing was acknowledged, and when a figure is missing", () => {
    expect(verdictOf(load(1000, 28, Infinity))).toEqual({ pass: false, why: "screen p99 never shown > 1000" });
    expect(verdictOf(load(1000, 28, 4, 0)).why).toContain("no write acknowledged");
    expect(verdictOf(load(1000, NaN, 4)).pass).toBe(false);
  });

  it("reports the largest G that passed and whether G = 1,000 at V = 10 is met", () => {
    const met = report([rung(250, 11, 3.7), rung(500, 22, 3.4), rung(1000, 28, 4.2)]);
    expect(met).toContain("largest G with write p99 <= 100 ms and screen p99 <= 1000 ms: 1000.");
    expect(met).toContain("Goal G = 1,000 at V = 10: MET.");
    expect(met).toContain("| new | 1000 |");
    // Whether the server used both cores: its main thread and its busiest other thread, beside its total.
    expect(met).toContain("| Server CPU % | Main / busiest other thread % |");
    expect(met).toContain("| 45 | 31 / 12 | 1400 |");

    const missed = report([rung(250, 11, 3.7), rung(500, 22, 3.4), rung(1000, 307, 17)]);
    expect(missed).toContain("largest G with write p99 <= 100 ms and screen p99 <= 1000 ms: 500.");
    expect(missed).toContain("Goal G = 1,000 at V = 10: NOT MET.");
    expect(missed).toContain("MISS: write p99 307 ms > 100");
  });

  it("misses when the reminder burst beside the games was not all sent inside the write window", () => {
    const burst = { expected: 15_000, sent: 15_000, firstMailS: 31.2, allSentS: 74.5, dueAtS: 10 };
    expect(verdictOf({ ...load(1000, 40, 5), burst })).toEqual({ pass: true, why: "" });
    expect(verdictOf({ ...load(1000, 40, 5), burst: { ...burst, sent: 9_000, allSentS: null } })).toEqual({
      pass: false,
      why: "reminder burst: 9000 of 15000 mails sent in the window",
    });
    const text = report([{ ...rung(1000, 40, 5), burst }], ["--reminder-burst"]);
    expect(text).toContain(
      "15,000 reminders fell due 10 s into the write window; the server's minute tick and outbox sender put the " +
        "first in the SMTP sink 31.2 s and the last 74.5 s after they fell due (15,000 sent inside the window).",
    );
  });

  it("says a server figure was not read rather than printing 0 % for it", () => {
    const text = report([
      { ...rung(2000, 40, 5), servers: [], serverCpuPercent: NaN, serverRssMb: NaN, clientCpuPercent: NaN },
    ]);
    const row = text.split("\n").find((line) => line.startsWith("| new | 2000 |"))!;
    expect(row).toContain("| not read | not read | not read |");
    expect(row).not.toContain("NaN");
  });

  it("marks the figures of a window in which other work or the hypervisor took the CPU as a busy host's", () => {
    const quiet = report([rung(1000, 41, 5.9)]);
    const quietRow = quiet.split("\n").find((line) => line.startsWith("| new | 1000 |"))!;
    expect(quietRow).toContain("| 3 / 0 | PASS |");
    const busy = report([{ ...rung(1000, 92, 7), othersCpuPercent: 38 }]);
    const busyRow = busy.split("\n").find((line) => line.startsWith("| new | 1000 |"))!;
    expect(busyRow).toContain("| 38 / 0 | PASS (busy host) |");
    const stolen = report([{ ...rung(1000, 140, 7), stealPercent: 22 }]);
    expect(stolen).toContain("| 3 / 22 | MISS: write p99 140 ms > 100 (busy host) |");
  });

  it("does not call the goal met with fewer than 10 viewers a team", () => {
    const few = report([rung(1000, 28, 4.2)], ["--viewers", "5"]);
    expect(few).toContain("Goal G = 1,000 at V = 10: NOT MET.");
  });
});
