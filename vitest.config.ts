import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./src/web", import.meta.url)) },
  },
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/**/*.test.ts", "tests/**/*.test.tsx"],
    environment: "node",
    setupFiles: ["src/server/test-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Integration suites each create their own databases, so files may run in parallel.
    pool: "forks",
  },
});
