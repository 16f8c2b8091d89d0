// @vitest-environment jsdom
import { useQuery } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LeaderboardResponse } from "#domain/api/team";
import { CHANGE_EVENT } from "#domain/reads";
import { apiFetch } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { coachUser, noLeaders, playerSummary } from "#tests/web/api-fixtures";
import { apiError, fakeApi, renderPage } from "#tests/web/render.tsx";
import { LIVE_LEADERBOARD_KEY } from "./apply-change";
import { useTeamLiveUpdates } from "./use-team-live-updates";

/**
 * The live stream as the hook uses it (decision 0016; decision 0021 for when it opens and reads): an EventSource
 * stands in for GET /api/team/stream, so messages can be sent at will. What a message does to each query is
 * apply-change.test.ts's; here, that the hook opens one stream, applies messages in the order they came although
 * their reader loads after the first, refreshes on what it cannot read and on a reconnect, and closes on leaving.
 */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  closed = false;
  readyState = FakeEventSource.CONNECTING;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: string) {
    this.dispatchEvent(new MessageEvent(CHANGE_EVENT, { data }));
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new Event("open"));
  }
  /** The connection dropped: EventSource tries again. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event("error"));
  }
  /** The server answered the reconnect with an error (403: off the team): EventSource gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }
}

function Live() {
  useTeamLiveUpdates();
  return <p>live</p>;
}

const board = (name: string): LeaderboardResponse => ({
  window: "season",
  players: [{ ...playerSummary({ name }), place: 1 }],
  leaders: noLeaders(),
  attendance: null,
});
const change = (fields: object) => JSON.stringify({ kind: "events", at: "2026-11-25T10:00:00.000Z", ...fields });

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => vi.unstubAllGlobals());

async function openStream() {
  const page = renderPage(<Live />, { path: "/coach/log", user: coachUser(), api: fakeApi() });
  await page.findByText("live");
  await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
  const stream = FakeEventSource.opened[0]!;
  expect(stream.url).toBe("/api/team/stream");
  return { ...page, stream };
}

describe("useTeamLiveUpdates", () => {
  it("applies the messages in the order they came, the first before its reader had loaded", async () => {
    const { stream, queryClient } = await openStream();
    stream.open();
    // Sent at once: the first waits for the reader's chunk, and the second must not overtake it.
    stream.send(change({ leaderboard: board("First") }));
    stream.send(change({ leaderboard: board("Second") }));
    await waitFor(() =>
      expect(queryClient.getQueryData<LeaderboardResponse>(LIVE_LEADERBOARD_KEY)?.players[0]?.name).toBe("Second"),
    );
    stream.send(change({ leaderboard: board("Third") }));
    await waitFor(() =>
      expect(queryClient.getQueryData<LeaderboardResponse>(LIVE_LEADERBOARD_KEY)?.players[0]?.name).toBe("Third"),
    );
  });

  it("refreshes the team's data on a message it cannot read and when the stream comes back, not when it first opens", async () => {
    const { stream, queryClient } = await openStream();
    const key = teamKeys.players(null);
    const stale = () => queryClient.getQueryState(key)?.isInvalidated;
    queryClient.setQueryData(key, { players: [] });
    stream.open();
    expect(stale()).toBe(false);

    stream.send("{ not json");
    await waitFor(() => expect(stale()).toBe(true));

    queryClient.setQueryData(key, { players: [] });
    stream.send(change({ kind: "nonsense" }));
    await waitFor(() => expect(stale()).toBe(true));

    queryClient.setQueryData(key, { players: [] });
    stream.open();
    expect(stale()).toBe(true);
  });

  it("a refused stream (taken off the team) drops the team's data and shows the no-longer-on-the-roster page", async () => {
    const assistant = coachUser({ coachRole: "assistant" });
    const api = fakeApi().on("GET", "/api/team/players", { players: [playerSummary({ name: "Quinn Catcher" })] });
    function Roster() {
      useTeamLiveUpdates();
      const players = useQuery({
        queryKey: teamKeys.players(null),
        queryFn: () => apiFetch<{ players: { name: string }[] }>("/api/team/players"),
      });
      return (
        <ul>
          {players.data?.players.map((p) => (
            <li key={p.name}>{p.name}</li>
          ))}
        </ul>
      );
    }
    const page = renderPage(<Roster />, { path: "/coach/leaderboard", user: assistant, api });
    await page.findByText("Quinn Catcher");
    await waitFor(() => expect(FakeEventSource.opened).toHaveLength(1));
    const stream = FakeEventSource.opened[0]!;
    stream.open();

    // A dropped connection is only retried: nothing changes.
    const sessionChecks = api.count("GET", "/api/me");
    stream.drop();
    expect(page.getByText("Quinn Catcher")).toBeInTheDocument();
    expect(api.count("GET", "/api/me")).toBe(sessionChecks);

    // The head coach removes the assistant: the stream ends and its reconnect is refused.
    api.on("GET", "/api/me", {
      user: { ...assistant, team: null, formerTeam: { name: "Harbor Hawks", leftAt: "2026-11-26T18:00:00.000Z" } },
    });
    api.on("GET", "/api/team/players", () => apiError(403, "forbidden", "You do not have access to this."));
    stream.refuse();
    expect(page.queryClient.getQueryData(teamKeys.players(null))).toBeUndefined();
    await waitFor(() => expect(page.queryByText("Quinn Catcher")).not.toBeInTheDocument());
    expect(await page.findByText("You're no longer on Harbor Hawks' roster")).toBeInTheDocument();
    expect(page.queryByText("Quinn Catcher")).not.toBeInTheDocument();
  });

  it("closes the stream when the screen goes", async () => {
    const { stream, unmount } = await openStream();
    unmount();
    expect(stream.closed).toBe(true);
  });
});
