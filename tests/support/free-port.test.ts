import { createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { e2ePorts, freeAmong } from "./free-port.ts";

/* The e2e suite's port choice (docs/testing.md): a server left behind on 3100 must not fail the next run. */

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function listen(port: number): Promise<void> {
  const s = createServer();
  servers.push(s);
  return new Promise((resolve, reject) => {
    s.once("error", reject);
    s.listen({ port, host: "0.0.0.0" }, () => resolve());
  });
}

/** A port the test may hold: the first of 3150–3199 with its mail port free (outside the suite's own range). */
function spareHigh(): number {
  const candidates = Array.from({ length: 50 }, (_, i) => 3150 + i);
  const free = freeAmong([...candidates, ...candidates.map((p) => p + 1000)]);
  const p = candidates.find((c) => free.has(c) && free.has(c + 1000));
  if (p === undefined) throw new Error("no spare port for the test");
  return p;
}

describe("e2e port", () => {
  it("tells a held port from a free one", async () => {
    const port = spareHigh();
    expect(freeAmong([port]).has(port)).toBe(true);
    await listen(port);
    expect(freeAmong([port]).has(port)).toBe(false);
  });

  it("refuses a taken E2E_PORT with a message naming the port and what to do", async () => {
    const port = spareHigh();
    await listen(port);
    expect(() => e2ePorts(String(port))).toThrow(new RegExp(`port ${port} is already in use.*unset E2E_PORT`));
    // Named: the process holding it is this test's own.
    expect(() => e2ePorts(String(port))).toThrow(new RegExp(`in use by .+ \\(pid ${process.pid}\\)`));
  });

  it("takes a requested free port, and without one a free pair from 3100 whose mail port is free too", () => {
    const port = spareHigh();
    expect(e2ePorts(String(port))).toEqual({ port, smtpPort: port + 1000 });
    const chosen = e2ePorts(undefined);
    expect(chosen.port).toBeGreaterThanOrEqual(3100);
    expect(freeAmong([chosen.port, chosen.smtpPort])).toEqual(new Set([chosen.port, chosen.smtpPort]));
  });
});
