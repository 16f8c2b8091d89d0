import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { caDownloadDirOf, caddyHomeOf, type HttpsRun } from "./run.ts";

/*
 * The Caddyfile the https journey runs: deploy/Caddyfile.lan itself, the file docs/deploy.md tells a LAN install to
 * copy, with this run's names put in. Its global options are kept and the test's own added; its two sites get
 * localhost and free ports; its upstream gets Flagline's port; its CA download folder a scratch one. A replacement
 * that finds nothing to replace fails the run: the recipe and its test change together.
 */

export const LAN_CADDYFILE = fileURLToPath(new URL("../../deploy/Caddyfile.lan", import.meta.url));
export const PUBLIC_CADDYFILE = fileURLToPath(new URL("../../deploy/Caddyfile.public", import.meta.url));

/** The names deploy/Caddyfile.lan is written with. */
const LAN_NAME = "flagline.lan";
const UPSTREAM = "127.0.0.1:3000";
const CA_DOWNLOAD_DIR = "/srv/flagline-ca";

/**
 * Options only the test needs, added to the file's global block:
 * - admin off: no admin endpoint (port 2019 may be taken, and nothing reloads this Caddy);
 * - storage in the scratch folder: the CA, its certificates and locks go with the run;
 * - h1 and h2 only: HTTP/3 (QUIC, UDP) is not what this journey is about, and Chromium may try it after the first
 *   answer's Alt-Svc and fall back, a second path through the network stack the test would not control;
 * - errors only in the log: Caddy logs every certificate it issues at INFO, and the run prints its stderr.
 */
function testOptions(run: HttpsRun): string {
  return [
    "\tadmin off",
    "\tstorage file_system {",
    `\t\troot ${caddyHomeOf(run)}/storage`,
    "\t}",
    "\tservers {",
    "\t\tprotocols h1 h2",
    "\t}",
    "\tlog {",
    "\t\tlevel ERROR",
    "\t}",
  ].join("\n");
}

/** `text` with every `from` replaced by `to`; throws when there is none. */
function replaceAll(text: string, from: string | RegExp, to: string, what: string): string {
  const pattern = typeof from === "string" ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "g") : from;
  if (!pattern.test(text)) {
    throw new Error(`deploy/Caddyfile.lan no longer has ${what} (${String(from)}): update tests/https/caddy.ts too.`);
  }
  pattern.lastIndex = 0;
  return text.replace(pattern, to);
}

/** deploy/Caddyfile.lan with this run's names and ports, and the test's options added to its global block. */
export function lanCaddyfileFor(run: HttpsRun): string {
  let text = readFileSync(LAN_CADDYFILE, "utf8");
  // The global options block: the first "{" alone on a line, up to the first "}" alone on a line.
  text = replaceAll(text, /^\{\n([\s\S]*?)^\}$/m, `{\n$1${testOptions(run)}\n}`, "a global options block");
  text = replaceAll(text, `http://${LAN_NAME} {`, `http://localhost:${run.httpPort} {`, "its http:// site");
  text = replaceAll(text, new RegExp(`^${LAN_NAME} \\{`, "m"), `https://localhost:${run.httpsPort} {`, "its site");
  text = replaceAll(text, UPSTREAM, `127.0.0.1:${run.appPort}`, "Flagline's address");
  text = replaceAll(text, CA_DOWNLOAD_DIR, caDownloadDirOf(run), "the CA download folder");
  // Comments may still name it; no directive may.
  const left = text.split("\n").filter((line) => !line.trim().startsWith("#") && line.includes(LAN_NAME));
  if (left.length > 0) throw new Error(`deploy/Caddyfile.lan names ${LAN_NAME} where the test did not expect it.`);
  return text;
}
