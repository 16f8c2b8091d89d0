// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_GLOBAL } from "./early-fetch";
import { primeFirstReads, resetFirstReads } from "./first-reads";
import { appQueryClient } from "./query-client";

/*
 * Issue #35: on the first load of a screen whose reads the SPA fallback began, the screen's queries are in the cache
 * before it renders (one render with them instead of one per answer); any other time the loader lets the screen
 * render at once.
 */
function startedReads(paths: string[]) {
  (window as unknown as Record<string, unknown>)[EARLY_GLOBAL] = {
    at: Date.now(),
    responses: Object.fromEntries(paths.map((p) => [p, Promise.resolve(new Response("{}"))])),
    aborts: {},
  };
}

afterEach(() => {
  (window as unknown as Record<string, unknown>)[EARLY_GLOBAL] = undefined;
  appQueryClient().clear();
  resetFirstReads();
  vi.useRealTimers();
});

describe("primeFirstReads", () => {
  it("fills the cache with the screen's reads before it renders, once per page", async () => {
    startedReads(["/api/me", "/api/team/players"]);
    const players = vi.fn(() => Promise.resolve({ players: ["Ada"] }));
    await primeFirstReads([{ queryKey: ["team", "players"], queryFn: players }]);
    expect(appQueryClient().getQueryData(["team", "players"])).toEqual({ players: ["Ada"] });

    // A later visit to a screen (a navigation in the app) renders at once with what it has.
    const sessions = vi.fn(() => Promise.resolve({ sessions: [] }));
    await primeFirstReads([{ queryKey: ["team", "sessions"], queryFn: sessions }]);
    expect(sessions).not.toHaveBeenCalled();
    expect(players).toHaveBeenCalledTimes(1);
  });

  it("asks nothing when the page began no screen reads (signed out, another address, the session check only)", async () => {
    startedReads(["/api/me"]);
    const read = vi.fn(() => Promise.resolve({}));
    await primeFirstReads([{ queryKey: ["team", "players"], queryFn: read }]);
    expect(read).not.toHaveBeenCalled();
  });

  it("lets the screen render after 2.5 s when a read hangs, and leaves a failed read for the screen", async () => {
    vi.useFakeTimers();
    startedReads(["/api/team/players", "/api/team/sessions"]);
    let settled = false;
    const primed = primeFirstReads([
      { queryKey: ["team", "players"], queryFn: () => new Promise(() => {}) },
      { queryKey: ["team", "sessions"], queryFn: () => Promise.reject(new Error("offline")) },
    ]).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2_400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await primed;
    expect(settled).toBe(true);
    expect(appQueryClient().getQueryState(["team", "sessions"])?.status).toBe("error");
  });

  it("asks the reads that depend on the first answers once those are in, before the screen renders", async () => {
    startedReads(["/api/team/sessions"]);
    const order: string[] = [];
    const sessions = vi.fn(() => {
      order.push("sessions");
      return Promise.resolve({ sessions: [{ id: "s-1" }] });
    });
    const detail = vi.fn(() => {
      order.push("detail");
      return Promise.resolve({ events: ["kept"] });
    });
    await primeFirstReads([{ queryKey: ["team", "sessions"], queryFn: sessions }], (client) => {
      const list = client.getQueryData<{ sessions: Array<{ id: string }> }>(["team", "sessions"])?.sessions ?? [];
      return list.map((s) => ({ queryKey: ["team", "session", s.id], queryFn: detail }));
    });
    expect(order).toEqual(["sessions", "detail"]);
    expect(appQueryClient().getQueryData(["team", "session", "s-1"])).toEqual({ events: ["kept"] });
  });

  it("keeps to the same 2.5 s when a follow-up read hangs", async () => {
    vi.useFakeTimers();
    startedReads(["/api/team/sessions"]);
    let settled = false;
    const primed = primeFirstReads(
      [{ queryKey: ["team", "sessions"], queryFn: () => Promise.resolve({ sessions: [] }) }],
      () => [{ queryKey: ["team", "session", "s-1"], queryFn: () => new Promise(() => {}) }],
    ).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(2_400);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    await primed;
    expect(settled).toBe(true);
  });
});
