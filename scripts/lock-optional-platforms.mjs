// The npm mirror these machines use serves only the linux-x64 builds of packages with native binaries, so npm 11
// leaves the other platforms' optional packages out of package-lock.json, and `npm ci` then refuses the lock
// ("Missing: @rollup/rollup-darwin-arm64@ from lock file"). This adds a stub entry for each such package with its
// version and the os/cpu/libc its name declares, so `npm ci` skips it on this platform, as it would with a full
// lock. Run it after `npm install` changes the lock: `node scripts/lock-optional-platforms.mjs`.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const tail = name.split("/").pop();
  const os = [
    "android",
    "darwin",
    "freebsd",
    "linux",
    "win32",
    "openbsd",
    "openharmony",
    "netbsd",
    "sunos",
    "aix",
  ].find((o) => tail.includes(`-${o}-`) || tail.endsWith(`-${o}`));
  const cpuMatch = /-(arm64|x64|ia32|arm|loong64|ppc64|riscv64|s390x|wasm32|mips64el)(?:-|$)/.exec(tail);
  const entry = {};
  if (os) entry.os = [os];
  if (cpuMatch) entry.cpu = [cpuMatch[1]];
  if (/-(gnu|gnueabihf)$/.test(tail)) entry.libc = ["glibc"];
  if (/-(musl|musleabihf)$/.test(tail)) entry.libc = ["musl"];
  return entry;
}

let added = 0;
for (const [path, pkg] of Object.entries(packages)) {
  const optional = pkg.optionalDependencies ?? {};
  for (const [name, spec] of Object.entries(optional)) {
    const prefix = path === "" ? "" : `${path}/`;
    const nested = `${prefix}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    if (!/^\d+\.\d+\.\d+/.test(spec)) continue; // only exact pins name one version to record
    const platform = platformOf(name);
    if (!platform.os && !platform.cpu) continue; // not a platform package: leave it to npm
    packages[hoisted] = { version: spec, ...(pkg.dev ? { dev: true } : {}), optional: true, ...platform };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} platform stub(s) to package-lock.json`);
