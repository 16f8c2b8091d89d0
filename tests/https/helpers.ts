import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { scaled } from "../support/host-speed.ts";

/** CI reads this file to prove the https journey ran (.ci/run): each journey test adds a line once it has passed. */
export const HTTPS_MARKER = fileURLToPath(new URL("../../test-results/https-journey-ran", import.meta.url));

/** Records that the test `testInfo` describes got to its end (call it last). */
export function journeyRan(testInfo: TestInfo): void {
  mkdirSync(dirname(HTTPS_MARKER), { recursive: true });
  appendFileSync(HTTPS_MARKER, `${new Date().toISOString()} ${testInfo.titlePath.slice(1).join(" > ")}\n`);
}

/** The session cookie's name over https (src/server/auth/index.ts): __Host-, so Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = "__Host-flagline.session_token";

/** max-age of a Strict-Transport-Security value, in seconds; null without one. */
export function hstsMaxAge(value: string | null | undefined): number | null {
  const match = value ? /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(value) : null;
  return match ? Number(match[1]) : null;
}

/** One cookie of a Set-Cookie header (Playwright joins several with "\n"): its attributes, lower-cased names. */
export function setCookie(header: string | null, name: string): Map<string, string> | null {
  const line = (header ?? "").split("\n").find((l) => l.startsWith(`${name}=`));
  if (!line) return null;
  const attributes = new Map<string, string>();
  for (const part of line.split(";").slice(1)) {
    const [key, ...value] = part.split("=");
    attributes.set(key!.trim().toLowerCase(), value.join("=").trim());
  }
  return attributes;
}

/**
 * Waits until the service worker is active and controls `page` (it claims the page it installs from), and returns
 * its script's URL. The step Web Push builds on: a push subscription belongs to this registration.
 */
export async function serviceWorkerControls(page: Page): Promise<string> {
  const active = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? null);
  // Chromium registers none from an origin whose certificate it does not trust, even when told to ignore the error.
  await expect.poll(active, { message: "an active service worker", timeout: scaled(15_000) }).not.toBeNull();
  const script = (await active())!;
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), {
      message: "the service worker controls the page",
      timeout: scaled(15_000),
    })
    .toBe(script);
  return script;
}
