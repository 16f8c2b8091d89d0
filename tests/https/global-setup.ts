import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import hashE2ePassword from "../e2e/global-setup.ts";
import { scaled } from "../support/host-speed.ts";
import { lanCaddyfileFor } from "./caddy.ts";
import {
  browserHomeOf,
  caDownloadDirOf,
  caddyHomeOf,
  dataDirOf,
  httpsRun,
  originOf,
  rootCertOf,
  type HttpsRun,
} from "./run.ts";

/*
 * Starts what a LAN install runs (docs/deploy.md): Flagline on a loopback port with an https PUBLIC_URL and
 * TRUST_PROXY=1, and Caddy in front of it with deploy/Caddyfile.lan (tls internal). Then it does what a phone's
 * owner does: installs Caddy's root certificate. The browser really trusts it, through an NSS database in the
 * browser's own HOME (Chromium on Linux reads $HOME/.pki/nssdb): not --ignore-certificate-errors nor Playwright's
 * ignoreHTTPSErrors, under which the page loads but Chromium still refuses a service worker whose script came over
 * a connection with a certificate error, and not an SPKI allow-list, which pins one key and skips the chain a phone
 * checks. The test process (page.request, seeding) trusts the same root through NODE_EXTRA_CA_CERTS, which
 * Playwright's workers read when they start, after this setup.
 *
 * Returns the teardown: Caddy and Flagline are stopped (SIGTERM, as systemd stops them) and the scratch folder goes.
 */

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** Lines of a process's output kept to explain a failure. */
const TAIL_LINES = 40;

interface Started {
  name: string;
  child: ChildProcess;
  /** Its last lines of output (stdout and stderr). */
  tail: string[];
  exited: Promise<number | null>;
}

/** Starts a server; `echo`: its stderr goes to the run's output too. Its last lines are kept for a failure. */
function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, echo: boolean): Started {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const tail: string[] = [];
  const keep = (chunk: Buffer) => {
    tail.push(...chunk.toString().split("\n").filter(Boolean));
    tail.splice(0, Math.max(0, tail.length - TAIL_LINES));
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", (chunk: Buffer) => {
    keep(chunk);
    if (echo) process.stderr.write(`[${name}] ${chunk.toString()}`);
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once("error", (error) => {
      tail.push(String(error));
      resolve(-1);
    });
    child.once("exit", (code) => resolve(code));
  });
  return { name, child, tail, exited };
}

/** Polls `ready` until it answers true; fails at once, with the process's output, if the process ends first. */
async function waitUntil(started: Started, what: string, ready: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + scaled(60_000);
  let gone: number | null | undefined;
  void started.exited.then((code) => (gone = code));
  for (;;) {
    if (gone !== undefined) {
      throw new Error(`${started.name} ended (exit ${gone}) before ${what}:\n${started.tail.join("\n")}`);
    }
    // A check that throws (a file not there yet, a refused connection) is a "not yet".
    const ok = await Promise.resolve()
      .then(ready)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${started.name}: no ${what} in time:\n${started.tail.join("\n")}`);
    await sleep(100);
  }
}

/** SIGTERM, then SIGKILL if it has not ended within the server's own 10 s grace (README). */
async function stop(started: Started | undefined): Promise<void> {
  if (!started || started.child.exitCode !== null || started.child.signalCode !== null) return;
  started.child.kill("SIGTERM");
  const ended = await Promise.race([started.exited.then(() => true), sleep(scaled(12_000)).then(() => false)]);
  if (!ended) {
    started.child.kill("SIGKILL");
    await started.exited;
  }
}

/** GET `url` over https trusting only `ca` (the root a phone installs): true on a 200. */
function answersOverHttps(url: string, ca: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ca, timeout: 5_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.once("timeout", () => req.destroy(new Error("timed out")));
    req.once("error", reject);
    req.end();
  });
}

/** An NSS database in `home` trusting `rootCert` to identify web sites, as Chromium on Linux reads it. */
function trustInBrowser(home: string, rootCert: string) {
  const db = `sql:${join(home, ".pki/nssdb")}`;
  mkdirSync(join(home, ".pki/nssdb"), { recursive: true });
  execFileSync("certutil", ["-N", "-d", db, "--empty-password"], { stdio: "pipe" });
  // "C,,": a CA trusted to issue server certificates (TLS), nothing else (mail, code signing).
  execFileSync(
    "certutil",
    ["-A", "-d", db, "-n", "Caddy Local Authority (Flagline https run)", "-t", "C,,", "-i", rootCert],
    {
      stdio: "pipe",
    },
  );
}

/**
 * Flagline as docs/deploy.md sets it up behind Caddy, on this run's port and data. Settings a later step needs
 * (Web Push's PUSH_ENDPOINT_ORIGINS for a test push service, say) go here.
 */
function flaglineEnv(run: HttpsRun): NodeJS.ProcessEnv {
  return {
    ...process.env,
    PORT: String(run.appPort),
    // Only Caddy reaches it (docs/deploy.md): X-Forwarded-For can then be trusted.
    HOST: "127.0.0.1",
    TRUST_PROXY: "1",
    PUBLIC_URL: originOf(run),
    DATA_DIR: dataDirOf(run),
    DATABASE_URL: "",
    LOG_LEVEL: "warn",
    // Repeated runs sign in many times from one address; the limits are tested in the integration suites.
    AUTH_RATE_LIMIT: "0",
    SMTP_URL: "",
    // Notifications go to the journey's push service on the loopback (tests/e2e/push-helpers.ts).
    PUSH_ENDPOINT_ORIGINS: "http://127.0.0.1",
  };
}

/** Caddy, with HOME and the XDG folders in the scratch folder: nothing of this run lands in the real home. */
function caddyEnv(run: HttpsRun): NodeJS.ProcessEnv {
  const home = caddyHomeOf(run);
  return {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, "data"),
    XDG_CONFIG_HOME: join(home, "config"),
  };
}

/** Fails at once, saying what to install, when a program the run needs is missing. */
function preflight(): void {
  if (!existsSync(join(ROOT, "dist/server/main.js"))) {
    throw new Error("dist/server/main.js is missing: run `npm run build` before `npm run test:https`.");
  }
  for (const [command, args, hint] of [
    [process.env.CADDY_PATH || "caddy", ["version"], "Caddy (Debian: apt-get install caddy)"],
    ["certutil", ["-H"], "certutil (Debian: apt-get install libnss3-tools)"],
  ] as const) {
    const error = spawnSync(command, args, { stdio: "ignore" }).error;
    if (error) throw new Error(`The https journey needs ${hint}: ${error.message}`);
  }
}

export default async function globalSetup() {
  preflight();
  const run = httpsRun();
  const origin = originOf(run);
  rmSync(run.dir, { recursive: true, force: true });
  for (const dir of [dataDirOf(run), caddyHomeOf(run), caDownloadDirOf(run), browserHomeOf(run)]) {
    mkdirSync(dir, { recursive: true });
  }
  let flagline: Started | undefined;
  let caddy: Started | undefined;
  const teardown = async () => {
    await stop(caddy);
    await stop(flagline);
    rmSync(run.dir, { recursive: true, force: true });
  };
  try {
    // Flagline's stderr shows in the run's output, as the e2e suite's web server's does; its log (stdout) and all
    // of Caddy's output, which calls a live stream the browser closes after a test an error, only in a failure.
    flagline = start(
      "flagline",
      process.execPath,
      ["--enable-source-maps", "dist/server/main.js"],
      flaglineEnv(run),
      true,
    );
    // GET /api/health answers any Host (http/host-guard.ts), so the loopback address can ask it.
    await waitUntil(flagline, "health answer", async () => {
      const res = await fetch(`http://127.0.0.1:${run.appPort}/api/health`);
      return res.ok;
    });

    const caddyfile = join(run.dir, "Caddyfile");
    writeFileSync(caddyfile, lanCaddyfileFor(run));
    caddy = start(
      "caddy",
      process.env.CADDY_PATH || "caddy",
      ["run", "--adapter", "caddyfile", "--config", caddyfile],
      caddyEnv(run),
      false,
    );
    const rootCert = rootCertOf(run);
    // Caddy makes its CA (root and intermediate) when it starts, then the site's certificate. The root is read
    // again on every try: it may be there but not yet completely written.
    await waitUntil(caddy, `Flagline's health over ${origin}, trusting Caddy's root`, async () =>
      answersOverHttps(`${origin}/api/health`, readFileSync(rootCert, "utf8")),
    );

    // The LAN recipe's next step: the root certificate, copied where phones download it.
    copyFileSync(rootCert, join(caDownloadDirOf(run), "flagline-ca.crt"));
    trustInBrowser(browserHomeOf(run), rootCert);
    process.env.NODE_EXTRA_CA_CERTS = rootCert;

    // The e2e seeding (tests/e2e/seed.ts) writes accounts into this run's database with one password hash.
    process.env.E2E_DATA_DIR = dataDirOf(run);
    await hashE2ePassword();
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
