import { defineConfig, devices } from "@playwright/test";
import { PLAYWRIGHT_CHROMIUM_ARGS } from "./tests/support/chromium-flags.ts";
import { hostFactor, scaled } from "./tests/support/host-speed.ts";
import { browserHomeOf, dataDirOf, httpsRun, originOf } from "./tests/https/run.ts";

/*
 * The https journey (npm run test:https, after npm run build; docs/deploy.md "Tested"): Flagline behind Caddy with
 * `tls internal`, as docs/deploy.md installs it on a LAN, and Chromium trusting Caddy's CA as a phone would after
 * installing it. tests/https/global-setup.ts starts both servers on free ports and stops them afterwards.
 */

const run = httpsRun();
// tests/e2e/seed.ts writes the journey's accounts into this run's database (the workers read it from here).
process.env.E2E_DATA_DIR = dataDirOf(run);
// Every deadline is the quiet two-core machine's figure stretched for this host (tests/support/host-speed.ts).
const FACTOR = hostFactor();

export default defineConfig({
  testDir: "tests/https",
  globalSetup: "./tests/https/global-setup.ts",
  outputDir: "test-results/playwright-https",
  // A few tests, one after the other: one browser and two servers are load enough on a busy two-core machine.
  workers: 1,
  retries: 0,
  timeout: scaled(30_000, FACTOR),
  expect: { timeout: scaled(10_000, FACTOR) },
  use: {
    baseURL: originOf(run),
    // Never ignoreHTTPSErrors: the browser must trust the certificate for the journey to mean anything.
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      // Playwright's defaults, no sandbox, no background traffic, no GPU, no omnibox popup (chromium-flags.ts).
      args: PLAYWRIGHT_CHROMIUM_ARGS,
      // The HOME whose .pki/nssdb trusts Caddy's root (tests/https/global-setup.ts).
      env: { ...process.env, HOME: browserHomeOf(run) },
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
