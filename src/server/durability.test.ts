import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);

describe("npm run check:durability", () => {
  it("keeps every acknowledged event and snap exactly once across a SIGKILL, with no counter drift", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--import", "tsx", "scripts/durability.ts", "--clients", "50", "--kill-after", "300"],
      {
        // Two server starts (each up to 120 s under load) and the run itself.
        timeout: 300_000,
      },
    );
    expect(stdout).toMatch(/stored after restart: \d+ \(attempted \d+\); acknowledged but missing: 0/);
    expect(stdout).toMatch(/snaps acknowledged before SIGKILL: [1-9]\d*; .*acknowledged but missing: 0/);
    expect(stdout).toMatch(/counter drift after restart: 0; after replay: 0/);
    expect(stdout).toContain("DURABLE");
  }, 310_000);
});
