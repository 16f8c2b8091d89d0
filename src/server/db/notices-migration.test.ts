import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { migrateToLatest } from "./index.js";
import { insertTestUser, testEngines } from "#tests/server/support/test-database.js";

describe.each(testEngines())("an existing database upgraded to notices (migration 013) on $engine", ({ create }) => {
  it("starts with no notices, keeps a user's notices, and drops them with the user", async () => {
    const t = await create({ migrateTo: "012_session_periods" });
    try {
      const user = await insertTestUser(t.db, { name: "Nia Notice" });
      await migrateToLatest(t.db, t.engine);
      expect(await t.db.selectFrom("notices").selectAll().execute()).toEqual([]);

      const id = randomUUID();
      await t.db
        .insertInto("notices")
        .values({
          id,
          user_id: user,
          team_id: "a-team",
          kind: "confirmed",
          params: '{"teamName":"Hawks"}',
          created_at: "2026-11-26T20:00:00.000Z",
        })
        .execute();
      const [row] = await t.db.selectFrom("notices").selectAll().execute();
      expect(row).toMatchObject({ id, user_id: user, kind: "confirmed", read_at: null });

      await t.db.deleteFrom("user").where("id", "=", user).execute();
      expect(await t.db.selectFrom("notices").selectAll().execute()).toEqual([]);
    } finally {
      await t.cleanup();
    }
  });
});
