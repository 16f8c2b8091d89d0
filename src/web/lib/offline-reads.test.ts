import { QueryClient } from "@tanstack/react-query";
import { afterEach, expect, it, vi } from "vitest";
import { recacheOfflineReads, workerControlsPage } from "./offline-reads";
import { teamKeys } from "./query-keys";

afterEach(() => {
  vi.unstubAllGlobals();
});

function json(body: unknown) {
  return new Response(JSON.stringify(body), { headers: { "Content-Type": "application/json" } });
}

it("reads the offline reads again through the network without changing what the screen shows", async () => {
  const asked: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: string) => {
      asked.push(input);
      return json({ players: [{ id: "p1" }, { id: "p2" }] });
    }),
  );
  const client = new QueryClient();
  const roster = vi.fn(async () => (await fetch("/api/team/players")).json());
  const dashboard = vi.fn(async () => (await fetch("/api/team/dashboard")).json());
  await client.fetchQuery({ queryKey: teamKeys.players(), queryFn: roster });
  await client.fetchQuery({ queryKey: teamKeys.dashboard(), queryFn: dashboard });
  const shown = client.getQueryState(teamKeys.players())!;
  const heard = vi.fn();
  client.getQueryCache().subscribe(heard);
  asked.length = 0;

  recacheOfflineReads(client);

  // The roster (kept offline) and who is signed in are read again; the dashboard (not kept offline) is not.
  await expect.poll(() => [...asked].sort()).toEqual(["/api/me", "/api/team/players"]);
  expect(roster).toHaveBeenCalledTimes(2);
  expect(dashboard).toHaveBeenCalledTimes(1);
  // The screen's data stays as it was: no new answer in the cache, so nothing renders again.
  await Promise.resolve();
  expect(client.getQueryState(teamKeys.players())!.dataUpdatedAt).toBe(shown.dataUpdatedAt);
  expect(client.getQueryData(teamKeys.players())).toBe(shown.data);
  expect(heard).not.toHaveBeenCalled();
});

it("a read that fails is let go quietly", async () => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      throw new TypeError("offline");
    }),
  );
  const client = new QueryClient();
  client.setQueryData(teamKeys.players(), { players: [] });
  const failing = vi.fn(async () => {
    throw new Error("offline");
  });
  client.getQueryCache().find({ queryKey: teamKeys.players() })!.setOptions({
    queryKey: teamKeys.players(),
    queryFn: failing,
  });
  recacheOfflineReads(client);
  await expect.poll(() => failing.mock.calls.length).toBe(1);
  expect(client.getQueryData(teamKeys.players())).toEqual({ players: [] });
});

it("knows whether a worker controls the page", () => {
  expect(workerControlsPage()).toBe(false);
  vi.stubGlobal("navigator", { serviceWorker: { controller: {} } });
  expect(workerControlsPage()).toBe(true);
  vi.stubGlobal("navigator", { serviceWorker: { controller: null } });
  expect(workerControlsPage()).toBe(false);
});
