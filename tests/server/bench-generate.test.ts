import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { generate, sqliteLoader } from "../../bench/generate.js";
import { migrateToLatest, openDatabase } from "../../src/server/db/index.js";
import { checkIntegrity } from "../../src/server/db/integrity.js";

/*
 * The bench writes its counters and tallies itself, in JS, rather than through the write paths (bench/generate.ts):
 * they must be exactly what a recount of its events gives, or every figure measured on them is of wrong data.
 */
describe("the bench's generated data", () => {
  it("has counters and tallies equal to a recount of its events", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "flagline-generate-"));
    try {
      const setup = openDatabase({ dataDir });
      await migrateToLatest(setup.db, setup.engine);
      await setup.close();
      await generate(
        sqliteLoader(path.join(dataDir, "flagline.db")),
        {
          measured: [{ name: "Measured", players: 12, events: 3_000 }],
          background: { teams: 2, players: 3, eventsPerPlayer: 20 },
          seed: 7,
        },
        () => {},
      );
      const database = openDatabase({ dataDir });
      try {
        const report = await checkIntegrity(database.db);
        expect(report.drift).toEqual([]);
        expect(report.tallyDrift).toEqual([]);
      } finally {
        await database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
