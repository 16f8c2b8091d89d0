import { expect, test, type Page } from "./fixtures";
import { scaled } from "../support/host-speed";
import { seedTeam, signIn } from "./helpers";

/**
 * The service worker's cached API answers (the logger's reads, kept for offline use) belong to one user: they are
 * stored under that user's owner key (src/web/lib/api-cache.ts), and deleted when the session ends, changes to
 * another user, or is found revoked.
 */
test.use({ serviceWorkers: "allow" });

interface CacheState {
  owner: string | null;
  apiCaches: string[];
  urls: string[];
  bodies: string[];
}

function cacheState(page: Page): Promise<CacheState> {
  return page.evaluate(async () => {
    const entry = await (await caches.open("flagline-cache-owner")).match("/__flagline/cache-owner");
    const apiCaches = (await caches.keys()).filter((n) => n.startsWith("flagline-api"));
    const urls: string[] = [];
    const bodies: string[] = [];
    for (const name of apiCaches) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        urls.push(request.url);
        bodies.push(await (await cache.match(request))!.text());
      }
    }
    return { owner: entry ? await entry.text() : null, apiCaches, urls, bodies };
  });
}

/** Opens the logger, waits for the worker to control the page and to hold the roster under `userId`'s key. */
async function openLoggerAndWaitForCache(page: Page, userId: string): Promise<string> {
  await page.goto("/coach/log");
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: scaled(15_000) })
    .toBe(true);
  // The first visit's reads went out before the worker took control; a reload reads through it.
  await page.reload();
  let key = "";
  await expect
    .poll(
      async () => {
        const state = await cacheState(page);
        const [owner, ownerKey] = (state.owner ?? "").split(" ");
        key = ownerKey ?? "";
        return owner === userId && state.urls.some((u) => u.includes("/api/team/players?flagline-owner=" + key));
      },
      { timeout: scaled(15_000) },
    )
    .toBe(true);
  return key;
}

test("one coach's cached team never reaches the next user of the browser", async ({ page }) => {
  test.setTimeout(scaled(90_000));
  const a = await seedTeam({ teamName: "Alpha Owls", players: [{ fullName: "Avery Alpha" }] });
  const b = await seedTeam({ teamName: "Bravo Bears", players: [{ fullName: "Blake Bravo" }] });

  await signIn(page, a.coach.email);
  await expect(page).toHaveURL(/\/coach\/dashboard$/);
  const keyA = await openLoggerAndWaitForCache(page, a.coach.id);
  const stateA = await cacheState(page);
  expect(stateA.bodies.join("\n")).toContain("Avery Alpha");
  // Every entry is stored under A's key.
  expect(stateA.urls.every((u) => u.includes(`flagline-owner=${keyA}`))).toBe(true);

  // Sign-out: nothing of A's stays behind.
  await page.goto("/coach/dashboard");
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(async () => (await cacheState(page)).apiCaches.length).toBe(0);
  expect((await cacheState(page)).owner).toBeNull();

  // The next user: a new key, only their team.
  await signIn(page, b.coach.email);
  await expect(page).toHaveURL(/\/coach\/dashboard$/);
  const keyB = await openLoggerAndWaitForCache(page, b.coach.id);
  expect(keyB).not.toBe(keyA);
  const stateB = await cacheState(page);
  expect(stateB.bodies.join("\n")).toContain("Blake Bravo");
  expect(stateB.bodies.join("\n")).not.toContain("Avery Alpha");
  expect(stateB.urls.every((u) => u.includes(`flagline-owner=${keyB}`))).toBe(true);

  // Revoked elsewhere (here: the session ended behind the page's back): the next session check answers signed
  // out, and the cached answers go.
  expect((await page.request.delete("/api/session")).status()).toBe(204);
  await page.goto("/coach/dashboard");
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(async () => (await cacheState(page)).apiCaches.length, { timeout: scaled(10_000) }).toBe(0);
  expect((await cacheState(page)).owner).toBeNull();
});
