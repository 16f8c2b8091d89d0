import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { scaled } from "./tests/support/host-speed.ts";

/** The web's tests: components in jsdom (a docblock picks the environment) and the prerender's boot scripts. */
const WEB_TESTS = [
  "src/web/**/*.test.ts",
  "src/web/**/*.test.tsx",
  "tests/web/**/*.test.ts",
  "tests/web/**/*.test.tsx",
];

export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./src/web", import.meta.url)),
      // Made by vite-plugin-pwa in a build only; src/web/lib/pwa.ts imports it when a worker is registered.
      "virtual:pwa-register": fileURLToPath(new URL("./tests/web/pwa-register-stub.ts", import.meta.url)),
    },
  },
  test: {
    environment: "node",
    setupFiles: ["tests/server/support/setup.ts"],
    // One migrated PostgreSQL database per run, which each test database copies (pg-template.ts).
    globalSetup: ["tests/server/support/pg-template.ts"],
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
    // What a file changes of the process is put back after it, so files that share a worker (below) stay apart.
    restoreMocks: true,
    unstubEnvs: true,
    unstubGlobals: true,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/**/*.test.ts", "tests/**/*.test.ts"],
          exclude: WEB_TESTS,
          // Each file builds its own app and databases and no server module keeps state between apps, so the
          // files of a worker share its loaded modules instead of importing them again: the import phase went
          // from 190 s to 51 s of the suite's time (docs/testing.md, "Where the time goes").
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          include: WEB_TESTS,
          // Components keep state in modules (query clients, the outbox, mocks of modules): a fresh module graph
          // per file.
          isolate: true,
        },
      },
    ],
  },
});
