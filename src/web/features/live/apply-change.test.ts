import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ScoreboardDto } from "#domain/api/game";
import { liveChangeSchema } from "#domain/api/live";
import type { LeaderboardResponse } from "#domain/api/team";
import { meKeys, teamKeys } from "~/lib/query-keys";
import { applyLiveChange, LIVE_LEADERBOARD_KEY } from "./apply-change";

const TODAY = "2026-11-24";
const at = "2026-11-24T15:00:00.000Z";

function game(over: Partial<ScoreboardDto> = {}): ScoreboardDto {
  return {
    sessionId: "g1",
    kind: "game",
    date: TODAY,
    opponent: "Eagles",
    homeAway: "home",
    score: { us: 0, them: 0 },
    final: null,
    result: null,
    period: 1,
    periodLabel: "1st half",
    down: null,
    snapCount: 0,
    ...over,
  };
}

const board = (touchdowns: number): LeaderboardResponse =>
  ({ window: "season", players: [{ id: "p1", stats: { touchdowns } }], leaders: {}, attendance: null }) as never;

/** A client holding the given queries' data, fresh (as a screen would have them). */
function clientWith(entries: [readonly unknown[], unknown][]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe("applying a live change", () => {
  it("puts the game's new scoreboard and the coach's leaderboard in place without refetching them", () => {
    const client = clientWith([
      [teamKeys.scoreboard(), { scoreboard: game() }],
      [LIVE_LEADERBOARD_KEY, board(0)],
      [teamKeys.leaderboard("last30", null, "all"), board(0)],
      [teamKeys.players(), { players: [] }],
      [teamKeys.rules(), { rules: {} }],
    ]);
    const next = game({ score: { us: 6, them: 0 }, snapCount: 1 });
    applyLiveChange(client, { kind: "events", at, scoreboard: next, leaderboard: board(1) }, TODAY);

    expect(client.getQueryData(teamKeys.scoreboard())).toEqual({ scoreboard: next });
    expect(client.getQueryData(LIVE_LEADERBOARD_KEY)).toEqual(board(1));
    expect(stale(client, teamKeys.scoreboard())).toBe(false);
    expect(stale(client, LIVE_LEADERBOARD_KEY)).toBe(false);
    // What the message did not carry refreshes as before; what the kind does not touch stays.
    expect(stale(client, teamKeys.leaderboard("last30", null, "all"))).toBe(true);
    expect(stale(client, teamKeys.players())).toBe(true);
    expect(stale(client, teamKeys.rules())).toBe(false);
  });

  it("a game of today replaces an empty scoreboard; another day's game or a game gone refetches instead", () => {
    const empty = clientWith([[teamKeys.scoreboard(), { scoreboard: null }]]);
    applyLiveChange(empty, { kind: "sessions", at, scoreboard: game() }, TODAY);
    expect(empty.getQueryData(teamKeys.scoreboard())).toEqual({ scoreboard: game() });

    const held = { scoreboard: game() };
    const other = clientWith([[teamKeys.scoreboard(), held]]);
    applyLiveChange(other, { kind: "events", at, scoreboard: game({ sessionId: "old", date: "2026-10-01" }) }, TODAY);
    expect(other.getQueryData(teamKeys.scoreboard())).toBe(held);
    expect(stale(other, teamKeys.scoreboard())).toBe(true);

    const gone = clientWith([[teamKeys.scoreboard(), held]]);
    applyLiveChange(gone, { kind: "sessions", at, scoreboard: null }, TODAY);
    expect(gone.getQueryData(teamKeys.scoreboard())).toBe(held);
    expect(stale(gone, teamKeys.scoreboard())).toBe(true);
  });

  it("a message without data invalidates exactly what its kind affects, as before", () => {
    const client = clientWith([
      [teamKeys.scoreboard(), { scoreboard: game() }],
      [LIVE_LEADERBOARD_KEY, board(0)],
      [meKeys.trainingLogs({}), { logs: [] }],
    ]);
    applyLiveChange(client, { kind: "events", at }, TODAY);
    expect(stale(client, teamKeys.scoreboard())).toBe(true);
    expect(stale(client, LIVE_LEADERBOARD_KEY)).toBe(true);
    expect(stale(client, meKeys.trainingLogs({}))).toBe(false);
  });

  it("reads the server's message with payloads, and one with fields it does not know", () => {
    const parsed = liveChangeSchema.parse({ kind: "events", at, scoreboard: game(), future: { x: 1 } });
    expect(parsed).toEqual({ kind: "events", at, scoreboard: game() });
  });
});
