/*
 * The two server designs the saturday scenario compares, each bundled as package.json's build:server does:
 * "today's" from commit 56c5083 (the last commit before issue #17's work; extracted with git archive into a
 * temporary directory) and "new" from the working tree. Both bundles go under node_modules/.cache/flagline-bench/,
 * where their external packages resolve from this checkout's node_modules and neither git nor ESLint look.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BASELINE_COMMIT = "56c5083";
const CACHE = "node_modules/.cache/flagline-bench";

/** Entries besides main.ts that a design's server loads from its bundle's folder (a worker thread's module). */
const EXTRA_ENTRIES = ["src/server/db/snap-writer-worker.ts"];

function esbuild(cwd: string, outdir: string): void {
  execFileSync(
    path.resolve("node_modules/.bin/esbuild"),
    [
      "src/server/main.ts",
      ...EXTRA_ENTRIES.filter((entry) => existsSync(path.join(cwd, entry))),
      "--bundle",
      "--platform=node",
      "--format=esm",
      "--target=node20",
      "--packages=external",
      `--outdir=${outdir}`,
      "--sourcemap",
      "--log-level=warning",
    ],
    { cwd, stdio: ["ignore", "inherit", "inherit"] },
  );
}

/** The working tree's server, bundled as build:server does; returns the bundle's path. */
export function bundleWorkingTree(): string {
  const currentDir = path.resolve(CACHE, "current");
  mkdirSync(currentDir, { recursive: true });
  esbuild(process.cwd(), currentDir);
  return path.join(currentDir, "main.js");
}

export interface Design {
  name: "today" | "new";
  label: string;
  /** node arguments that start this design's server. */
  args: string[];
}

/** Bundles today's design (once: the commit does not change) and the working tree's; returns how to start each. */
export function buildDesigns(): Design[] {
  const baselineDir = path.resolve(CACHE, "baseline");
  if (!existsSync(path.join(baselineDir, "main.js"))) {
    const src = mkdtempSync(path.join(tmpdir(), "flagline-baseline-"));
    try {
      execFileSync("sh", ["-c", `git archive ${BASELINE_COMMIT} | tar -x -C '${src}'`], { stdio: "inherit" });
      mkdirSync(baselineDir, { recursive: true });
      esbuild(src, baselineDir);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  }
  const current = bundleWorkingTree();
  const head = execFileSync("git", ["rev-parse", "--short", "HEAD"]).toString().trim();
  return [
    {
      name: "today",
      label: `today's design (${BASELINE_COMMIT})`,
      args: ["--enable-source-maps", path.join(baselineDir, "main.js")],
    },
    {
      name: "new",
      label: `new design (working tree at ${head})`,
      args: ["--enable-source-maps", current],
    },
  ];
}
