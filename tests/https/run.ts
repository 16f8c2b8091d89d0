import { tmpdir } from "node:os";
import { join } from "node:path";
import { freeAmong } from "../support/free-port.ts";

/*
 * One https run's places (playwright.https.config.ts, docs/deploy.md "Tested"): Flagline on a free loopback port,
 * Caddy in front of it on a free http port (the CA certificate download and the redirect) and a free https port,
 * and one scratch folder holding the database, Caddy's storage and certificate authority, and the browser's home.
 * Chosen once by the Playwright runner and handed to the workers, which load the config again, through the
 * environment (as playwright.config.ts hands over the e2e port).
 */

const ENV = "FLAGLINE_HTTPS_RUN";
/** Clear of the e2e suite's ports (3100-3149 and 4100-4149, tests/support/free-port.ts): both may run at once. */
const FIRST_PORT = 3200;
const TRIES = 100;

export interface HttpsRun {
  /** The scratch folder: removed by the global setup's teardown. */
  dir: string;
  /** Flagline (HOST=127.0.0.1): only Caddy talks to it. */
  appPort: number;
  /** Caddy's plain http: /flagline-ca.crt, and a redirect for everything else. */
  httpPort: number;
  /** Caddy's https: Flagline's PUBLIC_URL. */
  httpsPort: number;
}

/** This run's places: chosen on the first call in the runner, read back from the environment everywhere else. */
export function httpsRun(): HttpsRun {
  const given = process.env[ENV];
  if (given) return JSON.parse(given) as HttpsRun;
  const candidates = Array.from({ length: TRIES }, (_, i) => FIRST_PORT + i);
  const open = freeAmong(candidates);
  const free = candidates.filter((port) => open.has(port));
  if (free.length < 3) throw new Error(`Fewer than 3 free ports between ${FIRST_PORT} and ${FIRST_PORT + TRIES - 1}.`);
  const [appPort, httpPort, httpsPort] = free as [number, number, number];
  const run: HttpsRun = { dir: join(tmpdir(), `flagline-https-${process.pid}`), appPort, httpPort, httpsPort };
  process.env[ENV] = JSON.stringify(run);
  return run;
}

/** What Flagline and the browser call the site: Caddy's https address. */
export const originOf = (run: HttpsRun) => `https://localhost:${run.httpsPort}`;

/** Flagline's data folder (E2E_DATA_DIR for tests/e2e/seed.ts). */
export const dataDirOf = (run: HttpsRun) => join(run.dir, "data");

/** Caddy's storage (its certificate authority, certificates and locks); HOME and XDG folders point here too. */
export const caddyHomeOf = (run: HttpsRun) => join(run.dir, "caddy");

/**
 * The root certificate of Caddy's internal CA, made on its first start: the file docs/deploy.md copies to phones.
 * For the Debian service this is /var/lib/caddy/.local/share/caddy/pki/authorities/local/root.crt.
 */
export const rootCertOf = (run: HttpsRun) => join(caddyHomeOf(run), "storage/pki/authorities/local/root.crt");

/** Where the LAN Caddyfile's /flagline-ca.crt is served from (its /srv/flagline-ca). */
export const caDownloadDirOf = (run: HttpsRun) => join(run.dir, "ca-download");

/** The browser's HOME: Chromium on Linux reads its trust anchors from $HOME/.pki/nssdb. */
export const browserHomeOf = (run: HttpsRun) => join(run.dir, "browser-home");
