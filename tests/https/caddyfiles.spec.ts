import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { LAN_CADDYFILE, PUBLIC_CADDYFILE } from "./caddy";

/*
 * docs/deploy.md's Caddyfiles, as the installed Caddy (Debian's 2.6) reads them. The LAN one also runs in front of
 * Flagline in journey.spec.ts; the public one needs a real name and the internet for its certificate, so here it is
 * read and checked: a site for flagline.example.org, certificates from a public CA, proxied to Flagline's port.
 */

const CADDY = process.env.CADDY_PATH || "caddy";

/** `caddy <args>` with HOME in a scratch folder (validate provisions the TLS app, which writes there). */
function caddy(args: string[]): string {
  const home = mkdtempSync(join(tmpdir(), "flagline-caddy-"));
  try {
    return execFileSync(CADDY, args, {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, HOME: home, XDG_DATA_HOME: join(home, "data"), XDG_CONFIG_HOME: join(home, "config") },
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

interface Adapted {
  apps: {
    http: { servers: Record<string, { listen: string[]; routes: unknown[] }> };
    tls?: { automation?: { policies?: { subjects?: string[]; issuers?: { module: string }[] }[] } };
  };
}

const adapt = (file: string) => JSON.parse(caddy(["adapt", "--adapter", "caddyfile", "--config", file])) as Adapted;

for (const file of [PUBLIC_CADDYFILE, LAN_CADDYFILE]) {
  test(`${file.split("/").slice(-2).join("/")} is a valid Caddy configuration, formatted as caddy fmt writes it`, () => {
    caddy(["validate", "--adapter", "caddyfile", "--config", file]);
    // Caddy 2.6's `fmt --diff` exits 0 either way: compare what it writes with the file.
    expect(caddy(["fmt", file])).toBe(readFileSync(file, "utf8"));
  });
}

test("deploy/Caddyfile.public: flagline.example.org over https on 443, proxied over h2c to 127.0.0.1:3000", () => {
  const config = adapt(PUBLIC_CADDYFILE);
  const servers = Object.values(config.apps.http.servers);
  expect(servers).toHaveLength(1);
  expect(servers[0]!.listen).toEqual([":443"]);
  const routes = JSON.stringify(servers[0]!.routes);
  expect(routes).toContain('"host":["flagline.example.org"]');
  // HTTP/2 without TLS to Flagline (decision 0036): many streams on one connection.
  expect(routes).toContain(
    '"handler":"reverse_proxy","transport":{"protocol":"http","versions":["h2c","2"]},"upstreams":[{"dial":"127.0.0.1:3000"}]',
  );
  // No tls directive: Caddy's default public issuers (ACME), never its internal CA.
  expect(JSON.stringify(config.apps.tls ?? {})).not.toContain('"internal"');
});

test("deploy/Caddyfile.lan: its own CA for flagline.lan, the CA certificate on plain http", () => {
  const config = adapt(LAN_CADDYFILE);
  const listens = Object.values(config.apps.http.servers).map((s) => s.listen.join(" "));
  expect(listens.sort()).toEqual([":443", ":80"]);
  expect(config.apps.tls?.automation?.policies).toEqual([
    { subjects: ["flagline.lan"], issuers: [{ module: "internal" }] },
  ]);
});
