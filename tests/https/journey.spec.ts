import { readFileSync } from "node:fs";
import { expect, test } from "../e2e/fixtures";
import { signIn } from "../e2e/helpers";
import { PHONE, coachWithPlayers, createSession, expectScore, snapRows, syncBadge, tile } from "../e2e/logger-helpers";
import { received, showInServiceWorker, usePushDevice } from "../e2e/push-helpers";
import { seedTeam } from "../e2e/seed";
import { startPushService, type LocalPushService, type TestDevice } from "../server/support/push-service";
import { SESSION_COOKIE, hstsMaxAge, journeyRan, serviceWorkerControls, setCookie } from "./helpers";
import { httpsRun, originOf, rootCertOf } from "./run";

/*
 * Issue #30: notifications, the service worker and installing the app need https away from localhost. This is
 * docs/deploy.md's LAN install for real: Caddy with deploy/Caddyfile.lan (tls internal) in front of Flagline, a
 * browser that trusts Caddy's root as a phone does once it is installed, and what a coach does on game day:
 * notifications turned on and received, a snap logged offline.
 */

const run = httpsRun();
const ORIGIN = originOf(run);
const ONE_YEAR = 31_536_000;

test("the CA certificate phones install is served over http, and everything else redirects to https", async ({
  request,
}) => {
  const ca = await request.get(`http://localhost:${run.httpPort}/flagline-ca.crt`);
  expect(ca.status()).toBe(200);
  // The type iOS opens as a profile to install, and Android as a CA certificate.
  expect(ca.headers()["content-type"]).toBe("application/x-x509-ca-cert");
  expect(await ca.text()).toBe(readFileSync(rootCertOf(run), "utf8"));
  expect(await ca.text()).not.toContain("PRIVATE KEY");

  const redirect = await request.get(`http://localhost:${run.httpPort}/login`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(301);
  // {host} has no port: on a LAN install https is on 443.
  expect(redirect.headers()["location"]).toBe("https://localhost/login");
});

test("on the wire: Caddy's certificate, HSTS from the first answer, and a __Host- session cookie", async ({
  page,
  context,
}, testInfo) => {
  const { coach } = await seedTeam({});

  // The first answer over https: trusted (no ignoreHTTPSErrors), through Caddy, with HSTS for a year or more.
  const first = await page.goto("/");
  expect(first?.status()).toBe(200);
  const headers = await first!.allHeaders();
  expect(headers["server"], "answered through Caddy").toBe("Caddy");
  expect(hstsMaxAge(headers["strict-transport-security"])).toBeGreaterThanOrEqual(ONE_YEAR);
  const tls = await first!.securityDetails();
  // Caddy's internal CA signs with its intermediate; the leaf names localhost in its SAN only.
  expect(tls?.issuer).toMatch(/^Caddy Local Authority/);
  expect(tls?.protocol).toMatch(/^TLS 1\.[23]$/);

  // Signing in on the login page, as a person does: the answer sets the __Host- cookie.
  const signedIn = page.waitForResponse(
    (r) => new URL(r.url()).pathname === "/api/session" && r.request().method() === "POST",
  );
  await signIn(page, coach.email);
  const answer = await signedIn;
  expect(answer.status()).toBe(200);
  expect(hstsMaxAge(await answer.headerValue("strict-transport-security"))).toBeGreaterThanOrEqual(ONE_YEAR);
  const header = await answer.headerValue("set-cookie");
  const cookie = setCookie(header, SESSION_COOKIE);
  expect(cookie, `${SESSION_COOKIE} in Set-Cookie: ${header}`).not.toBeNull();
  expect(cookie!.has("secure")).toBe(true);
  expect(cookie!.get("path")).toBe("/");
  expect(cookie!.has("domain")).toBe(false);
  expect(cookie!.has("httponly")).toBe(true);
  expect(cookie!.get("samesite")?.toLowerCase()).toBe("lax");
  expect(setCookie(header, "flagline.session_token"), "no unprefixed session cookie").toBeNull();
  await expect(page).toHaveURL(/\/coach\//);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  // The browser kept it as a host-only, Secure cookie of this origin.
  const jar = await context.cookies(ORIGIN);
  const session = jar.find((c) => c.name === SESSION_COOKIE);
  expect(session, `${SESSION_COOKIE} in the cookie jar: ${jar.map((c) => c.name).join(", ")}`).toBeDefined();
  expect(session).toMatchObject({ domain: "localhost", path: "/", secure: true, httpOnly: true, sameSite: "Lax" });
  expect(jar.filter((c) => c.name.includes("session_token"))).toHaveLength(1);
  journeyRan(testInfo);
});

test.describe("game day over https", () => {
  test.use({ ...PHONE, serviceWorkers: "allow" });
  let push: LocalPushService;
  let device: TestDevice;
  test.beforeAll(async () => {
    push = await startPushService();
  });
  test.afterAll(async () => {
    await push?.close();
  });
  test.beforeEach(async ({ context }) => {
    device = push.device();
    await usePushDevice(context, device);
  });

  test("the app installs with its worker, notifications arrive, and a snap logged offline reaches the scoreboard", async ({
    page,
    context,
  }, testInfo) => {
    await coachWithPlayers(page, [
      { fullName: "Jordan Diaz", jerseyNumber: 7, primaryPosition: "qb" },
      { fullName: "Sam Lee", jerseyNumber: 11, primaryPosition: "wr" },
    ]);
    const sessionId = await createSession(page, { kind: "game", opponent: "Eagles" });
    await page.goto(`/coach/log?session=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Event Logger" })).toBeVisible();

    // Chromium registers a service worker only from a secure, trusted origin: this one is Caddy's, over https.
    const script = await serviceWorkerControls(page);
    expect(new URL(script).origin).toBe(ORIGIN);
    // Installing the app: Chromium's own check finds nothing missing (secure origin, manifest, worker) but that a
    // Playwright context is off the record, where no browser installs apps.
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== "in-incognito")).toEqual([]);
    expect((await cdp.send("Page.getAppManifest")).errors).toEqual([]);
    await cdp.detach();

    // Notifications (docs/product.md §16): turned on for this phone on the account page, the test one received by
    // the push service (decrypted with the phone's keys) and shown by the worker (tests/e2e/push-helpers.ts).
    await page.goto("/coach/account");
    const card = page.getByRole("region", { name: "Notifications" });
    await card.getByRole("button", { name: "Turn on notifications on this device" }).click();
    await expect(card.getByText("Notifications are on for this device.")).toBeVisible();
    await card.getByRole("button", { name: "Send a test notification" }).click();
    const hello = await received(device, "Flagline");
    expect(hello.payload.body).toBe("Notifications work on this device.");
    await showInServiceWorker(page, hello);
    await page.goto(`/coach/log?session=${sessionId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Event Logger" })).toBeVisible();

    // No signal: the snap waits in the outbox and the scoreboard counts it already.
    await context.setOffline(true);
    // The app itself comes from the worker now: its shell answers with no connection.
    expect(await page.evaluate(async () => (await fetch("/__spa-fallback.html")).status)).toBe(200);
    await tile(page, "Receivers", 11).click();
    await page.getByRole("button", { name: "Touchdown", exact: true }).click();
    await page.getByRole("button", { name: "No yards" }).click();
    await page.getByRole("button", { name: "Skip try" }).click();
    await expect(syncBadge(page)).toHaveText(/^1 snap waiting to send/);
    await expect(snapRows(page).filter({ hasText: "pending" })).toHaveCount(1);
    await expectScore(page, 6, 0);

    // Back online: sent, no longer pending, and the server's scoreboard agrees.
    await context.setOffline(false);
    await expect(syncBadge(page)).toHaveText(/All sent/);
    await expect(snapRows(page)).toHaveCount(1);
    await expect(snapRows(page).filter({ hasText: "pending" })).toHaveCount(0);
    await expectScore(page, 6, 0);
    const sheet = await (await page.request.get(`/api/team/sessions/${sessionId}/snaps`)).json();
    expect(sheet.scoreboard.score).toEqual({ us: 6, them: 0 });
    // The snap that waited offline is the game's first score: its notification reaches the phone once.
    const scored = await received(device, / 6–0 Eagles$/);
    expect(scored.payload.body).toBe("+6: Jordan #7 → Sam #11, touchdown");
    expect(push.refused).toEqual([]);
    journeyRan(testInfo);
  });
});
