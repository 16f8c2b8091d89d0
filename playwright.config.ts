import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { e2ePorts } from "./tests/support/free-port.ts";
import { PLAYWRIGHT_CHROMIUM_ARGS } from "./tests/support/chromium-flags.ts";
import { hostFactor, scaled } from "./tests/support/host-speed.ts";

// The first free port from 3100, or E2E_PORT (refused, naming who holds it, when taken). Chosen once by the runner
// and handed to the workers, which load this file again while the server holds the port, through the environment.
const chosen = process.env.FLAGLINE_E2E_PORT;
const { port: PORT, smtpPort } = chosen
  ? { port: Number(chosen), smtpPort: Number(chosen) + 1000 }
  : e2ePorts(process.env.E2E_PORT);
process.env.FLAGLINE_E2E_PORT = String(PORT);
const BASE_URL = `http://localhost:${PORT}`;
// One fresh data dir per run: tests never depend on what an earlier run left.
const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `flagline-e2e-${process.pid}`);
process.env.E2E_DATA_DIR = DATA_DIR;
// Where the server sends mail. Nothing listens there except while tests/e2e/mailed-links.spec.ts runs its own
// SMTP peer: a send with no peer fails in the background and is logged, as on a server whose mail is down.
const SMTP_PORT = smtpPort;
process.env.E2E_SMTP_PORT = String(SMTP_PORT);
// Every deadline below is the quiet two-core machine's figure stretched for this host (tests/support/host-speed.ts,
// docs/testing.md): measured once here and handed to the workers through FLAGLINE_HOST_FACTOR.
const FACTOR = hostFactor();
// One worker per usable core, two at most: on one core (taskset -c 0) a second worker only halves the CPU each
// test's server and browser get.
const WORKERS = Math.max(1, Math.min(2, availableParallelism()));

/** E2E_TRACE: off (default), on, retain-on-failure or on-first-retry; the browser's screenshots left out. */
function traceMode(value: string | undefined) {
  const modes = ["off", "on", "retain-on-failure", "on-first-retry"] as const;
  const mode = modes.find((m) => m === (value || "off"));
  if (!mode) throw new Error(`E2E_TRACE must be one of ${modes.join(", ")}; it is "${value}".`);
  return { mode, screenshots: false, snapshots: true, sources: true };
}

export default defineConfig({
  testDir: "tests/e2e",
  // After the web server is up: hashes the one e2e password once; tests seed their accounts with it (seed.ts).
  globalSetup: "./tests/e2e/global-setup.ts",
  // Not test-results/ itself: Playwright empties its output dir, and CI reads a marker the PostgreSQL suite leaves there.
  outputDir: "test-results/playwright",
  fullyParallel: true,
  // Two even off CI on the two-core machines here (Playwright would otherwise use one); one on a single core.
  workers: WORKERS,
  retries: 0,
  timeout: scaled(30_000, FACTOR),
  expect: { timeout: scaled(10_000, FACTOR) },
  use: {
    baseURL: BASE_URL,
    // Off by default: recording a trace of every test (to keep only the failures') made the suite 1.6 times as long,
    // the browser's own screenshots most of it (docs/testing.md). E2E_TRACE=retain-on-failure turns it on for a
    // run being diagnosed; a failure prints the requests still open either way (tests/e2e/fixtures.ts).
    trace: traceMode(process.env.E2E_TRACE),
    launchOptions: {
      executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      // Playwright's defaults, no sandbox, no background traffic, no GPU, no omnibox popup (chromium-flags.ts).
      args: PLAYWRIGHT_CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node dist/server/main.js",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: scaled(60_000, FACTOR),
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      DATA_DIR,
      // The embedded SQLite database in DATA_DIR, whatever the shell says: tests/e2e/seed.ts writes accounts there.
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
      // e2e signs in many times from one address; the limits themselves are tested in integration tests.
      AUTH_RATE_LIMIT: "0",
      CONTACT_RATE_LIMIT: "1000",
      PUBLIC_URL: BASE_URL,
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FROM: "Flagline <noreply@flagline.test>",
      // Notifications go to the tests' push service on the loopback (tests/e2e/push-helpers.ts).
      PUSH_ENDPOINT_ORIGINS: "http://127.0.0.1",
    },
  },
});
