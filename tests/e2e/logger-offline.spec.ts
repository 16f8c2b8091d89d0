import { expect, test, type Page } from "./fixtures";
import { scaled } from "../support/host-speed";
import { performanceScore } from "#domain/scoring";
import {
  PHONE,
  coachWithPlayers,
  createSession,
  eventButton,
  eventRows,
  playerButton,
  expectScore,
  playerSummary,
  singleEvents,
  snapRows,
  syncBadge,
  tile,
} from "./logger-helpers";

/**
 * The offline round trip: the service worker caches the app shell and the logger's reads on a first visit; with
 * no connection events go into the IndexedDB outbox, survive closing the tab, the page opens again from the
 * worker, and everything is sent exactly once when the connection is back.
 */
test.use({ ...PHONE, serviceWorkers: "allow" });

const API_CACHE = "flagline-api";

/** Waits until a service worker controls the page and has cached what /coach/log needs offline. */
async function waitForOfflineReady(page: Page, sessionId: string) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), {
      // sw.js runs under the CSP it is served with: it must allow importScripts and fetch ('self').
      message: "a service worker controls the page",
      timeout: scaled(15_000),
    })
    .toBe(true);
  const needed = ["/api/me", "/api/team/players", "/api/team/sessions", `/api/team/sessions/${sessionId}`];
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ cacheName, urls }) => {
            const cache = await caches.open(cacheName);
            // Stored under the signed-in user's owner key (src/web/lib/api-cache.ts).
            const owner = await (await caches.open("flagline-cache-owner")).match("/__flagline/cache-owner");
            const key = owner ? (await owner.text()).split(" ")[1] : "";
            const found = await Promise.all(
              urls.map(async (u) => Boolean(await cache.match(`${u}?flagline-owner=${key}`))),
            );
            // Precached URLs carry Workbox's revision in the query.
            const shell = await caches.match("/__spa-fallback.html", { ignoreSearch: true });
            return found.every(Boolean) && Boolean(shell);
          },
          { cacheName: API_CACHE, urls: needed },
        ),
      { timeout: scaled(15_000) },
    )
    .toBe(true);
}

const TAPS = [
  "Flag Pull",
  "Flag Pull",
  "Flag Pull",
  "Flag Pull",
  "Catch",
  "Catch",
  "Catch",
  "TD Catch",
  "TD Catch",
  "Interception",
] as const;

test("ten events logged offline survive a closed tab and reach the server exactly once", async ({ page, context }) => {
  test.setTimeout(scaled(90_000));
  const { players } = await coachWithPlayers(page, [
    { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "wr" },
  ]);
  const maya = players[0]!;
  const sessionId = await createSession(page, { kind: "game", opponent: "Eagles" });
  const before = await playerSummary(page, maya.id);
  expect(before.eventCount).toBe(0);

  // First visit, online: the worker installs and caches. This spec logs single events (a game opens on Snaps).
  await page.goto(`/coach/log?session=${sessionId}`);
  await singleEvents(page);
  await expect(playerButton(page, "Maya Okafor")).toBeVisible();
  await waitForOfflineReady(page, sessionId);

  // Every tap starts a sync pass: none of them may send anything while offline.
  let sentOffline = 0;
  const countSends = (r: import("@playwright/test").Request) => {
    if (r.method() === "POST" && new URL(r.url()).pathname === "/api/team/events") sentOffline += 1;
  };
  await context.setOffline(true);
  page.on("request", countSends);
  await playerButton(page, "Maya Okafor").click();
  await page.getByRole("textbox", { name: "Yards" }).fill("8");
  for (const type of TAPS) await eventButton(page, type).click();
  await expect(syncBadge(page)).toHaveText(/^10 events waiting to send/);
  await expect(eventRows(page)).toHaveCount(10);
  await expect(eventRows(page).filter({ hasText: "pending" })).toHaveCount(10);
  page.off("request", countSends);
  expect(sentOffline, "event posts tried while offline").toBe(0);
  await expect(syncBadge(page)).toHaveText(/^10 events waiting to send/);

  // Close the tab; open the logger again, still offline, without the session in the address.
  await page.close();
  const again = await context.newPage();
  await again.goto("/coach/log");
  await expect(again.getByRole("heading", { level: 1, name: "Event Logger" })).toBeVisible();
  await expect(syncBadge(again)).toHaveText(/^10 events waiting to send/);
  await expect(playerButton(again, "Maya Okafor")).toBeVisible();
  await expect(eventRows(again).filter({ hasText: "pending" })).toHaveCount(10);

  // Back online: the outbox empties and the list shows the server's events.
  await context.setOffline(false);
  await expect(syncBadge(again)).toHaveText(/All sent/, { timeout: scaled(15_000) });
  await expect(eventRows(again)).toHaveCount(10);
  await expect(eventRows(again).filter({ hasText: "pending" })).toHaveCount(0);

  const counts: Record<string, number> = {};
  for (const t of TAPS) counts[t] = (counts[t] ?? 0) + 1;
  const after = await playerSummary(again, maya.id);
  expect(after.eventCount - before.eventCount).toBe(10);
  expect(after.performanceScore).toBe(performanceScore(counts, "wr"));
  expect(after.stats).toMatchObject({
    totalEvents: 10,
    flagPulls: 4,
    touchdowns: 2,
    interceptions: 1,
    receivingYards: 8,
  });

  // Replaying the same ids stores nothing twice.
  const detail = await (await again.request.get(`/api/team/sessions/${sessionId}`)).json();
  expect(detail.events).toHaveLength(10);
  const replay = detail.events.map((e: any) => ({
    id: e.id,
    playerId: e.playerId,
    eventType: e.eventType,
    yards: e.yards,
    sessionId,
    occurredAt: e.occurredAt,
  }));
  const res = await again.request.post("/api/team/events", { data: { events: replay } });
  expect(res.status(), await res.text()).toBe(200);
  const { results } = await res.json();
  expect(results).toHaveLength(10);
  expect(results.every((r: { status: string }) => r.status === "duplicate")).toBe(true);
  expect((await playerSummary(again, maya.id)).eventCount).toBe(10);
});

test("offline: undo of a pending event just drops it; deleting a sent event waits in the outbox", async ({
  page,
  context,
}) => {
  test.setTimeout(scaled(60_000));
  const { players } = await coachWithPlayers(page, [{ fullName: "Sam Lee", jerseyNumber: 12, primaryPosition: "cb" }]);
  const sam = players[0]!;
  const sessionId = await createSession(page);
  await page.goto(`/coach/log?session=${sessionId}`);
  await playerButton(page, "Sam Lee").click();
  await eventButton(page, "Interception").click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect.poll(async () => (await playerSummary(page, sam.id)).eventCount).toBe(1);
  // The delete confirmation is a part the logger loads when the browser is idle (decision 0021), and the service
  // worker precaches it: on a busy host neither may have happened before the signal goes, and the dialog then
  // never opens offline (this failed CI twice). The coach opens it once while online (and cancels), so it is in.
  await page.getByRole("button", { name: "Delete Interception by Sam Lee" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(eventRows(page)).toHaveCount(1);

  await context.setOffline(true);
  await eventButton(page, "Flag Pull").click();
  await expect(syncBadge(page)).toHaveText(/^1 event waiting to send/);
  await page.getByRole("button", { name: "Undo Flag Pull by Sam Lee" }).click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expect(eventRows(page)).toHaveCount(1);

  await page.getByRole("button", { name: "Delete Interception by Sam Lee" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(syncBadge(page)).toHaveText(/^1 deletion waiting to send/);
  await expect(eventRows(page)).toHaveCount(0);

  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText(/All sent/, { timeout: scaled(15_000) });
  await expect.poll(async () => (await playerSummary(page, sam.id)).eventCount).toBe(0);
});

test("an event the server refuses (its player left the team) is shown with the reason and can be discarded", async ({
  page,
  context,
}) => {
  test.setTimeout(scaled(60_000));
  const { players } = await coachWithPlayers(page, [
    { fullName: "Maya Okafor", jerseyNumber: 7, primaryPosition: "cb" },
    { fullName: "Sam Lee", jerseyNumber: 12, primaryPosition: "wr" },
  ]);
  const sam = players[1]!;
  const sessionId = await createSession(page);
  await page.goto(`/coach/log?session=${sessionId}`);
  await expect(playerButton(page, "Sam Lee")).toBeVisible();

  await context.setOffline(true);
  await playerButton(page, "Maya Okafor").click();
  await eventButton(page, "Flag Pull").click();
  await playerButton(page, "Sam Lee").click();
  await eventButton(page, "Catch").click();
  await expect(syncBadge(page)).toHaveText(/^2 events waiting to send/);

  // Meanwhile Sam is removed from the team (page.request does not go through the offline browser).
  const removed = await page.request.delete(`/api/team/players/${sam.id}`);
  expect(removed.status(), await removed.text()).toBe(204);

  await context.setOffline(false);
  await expect(syncBadge(page)).toHaveText(/All sent/, { timeout: scaled(15_000) });
  await expect(syncBadge(page)).toContainText("1 not saved");
  const failed = eventRows(page).filter({ hasText: "not saved" });
  await expect(failed).toHaveCount(1);
  await expect(failed).toContainText("Catch");
  await expect(failed).toContainText("This player is not on your team.");
  await expect(eventRows(page).filter({ hasText: "Flag Pull" })).not.toContainText("pending");

  await page.getByRole("button", { name: "Discard Catch by Sam Lee" }).click();
  await expect(eventRows(page)).toHaveCount(1);
  await expect(syncBadge(page)).not.toContainText("not saved");
  const detail = await (await page.request.get(`/api/team/sessions/${sessionId}`)).json();
  expect(detail.events.map((e: { eventType: string }) => e.eventType)).toEqual(["Flag Pull"]);
});

test("snaps logged offline survive a closed tab and reach the server once; the scoreboard follows", async ({
  page,
  context,
}) => {
  test.setTimeout(scaled(90_000));
  await coachWithPlayers(page, [
    { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
    { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
    { fullName: "Maya Okafor", jerseyNumber: 24, primaryPosition: "cb" },
  ]);
  const sessionId = await createSession(page, { kind: "game", opponent: "Eagles" });
  await page.goto(`/coach/log?session=${sessionId}`);
  await waitForOfflineReady(page, sessionId);
  // One snap sent while online.
  await tile(page, "Receivers", 11).click();
  await page.getByRole("button", { name: "Touchdown", exact: true }).click();
  await page.getByRole("button", { name: "No yards" }).click();
  await page.getByRole("button", { name: "Skip try" }).click();
  await expect(syncBadge(page)).toHaveText(/All sent/);
  await expectScore(page, 6, 0);

  // No signal: a flag pull and their touchdown wait in the outbox; the score counts them.
  await context.setOffline(true);
  await tile(page, "Defenders", 24).click();
  await page.getByRole("button", { name: "Flag pull", exact: true }).click();
  await page.getByRole("button", { name: "Opp TD" }).click();
  await expect(syncBadge(page)).toHaveText(/^2 snaps waiting to send/);
  await expectScore(page, 6, 6);

  // The tab closes; the logger opens again, still offline: the snaps are still waiting.
  await page.close();
  const again = await context.newPage();
  await again.goto(`/coach/log?session=${sessionId}`);
  await expect(syncBadge(again)).toHaveText(/^2 snaps waiting to send/);
  await expect(snapRows(again).filter({ hasText: "pending" })).toHaveCount(2);
  await expect(snapRows(again).filter({ hasText: "Opponent touchdown" })).toBeVisible();

  // Back online: sent once, and the server's snaps are all there.
  await context.setOffline(false);
  await expect(syncBadge(again)).toHaveText(/All sent/, { timeout: scaled(15_000) });
  await expectScore(again, 6, 6);
  await expect(snapRows(again)).toHaveCount(3);
  const sheet = await (await again.request.get(`/api/team/sessions/${sessionId}/snaps`)).json();
  expect(sheet.snaps.map((s: { detail: { kind: string } }) => s.detail.kind)).toEqual([
    "pass",
    "flag_pull",
    "opponent_score",
  ]);
  expect(sheet.scoreboard.score).toEqual({ us: 6, them: 6 });
});
