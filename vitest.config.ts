import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { scaled } from "./tests/support/host-speed.ts";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./src/web", import.meta.url)) },
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["tests/server/support/setup.ts"],
    // The quiet two-core machine's deadlines, stretched on a slower or busier host (tests/support/host-speed.ts).
    testTimeout: scaled(30_000),
    hookTimeout: scaled(60_000),
    // Integration suites each create their own databases, so files may run in parallel.
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one on the two-core machines here. Much of an
    // integration test is waiting on PostgreSQL or an fsync, so a worker per core keeps both busy.
    maxWorkers: "100%",
    // Better Auth's scrypt at a test-only cost (tests/support/fast-password.mjs): same hash format, a fraction of
    // the CPU; the server and the e2e suite keep the real cost.
    execArgv: ["--import", "./tests/support/fast-password-register.mjs"],
  },
});
