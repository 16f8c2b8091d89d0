import { describe, expect, it } from "vitest";
import { insertTestUser, testEngines } from "#tests/server/support/test-database.js";
import { migrateToLatest } from "./index.js";

describe.each(testEngines())("migration 005 (roster) on $engine", ({ create }) => {
  it("keeps a shared jersey number for the earliest-joined player and moves the others' to a request", async () => {
    const t = await create({ migrateTo: "004_snaps" });
    try {
      const team = async (id: string) =>
        t.db
          .insertInto("teams")
          .values({
            id,
            name: id,
            team_code: id.toUpperCase(),
            coach_invite_code: `${id}INVITE`,
            created_at: "2026-01-01T00:00:00.000Z",
          })
          .execute();
      await team("hawks");
      await team("owls");
      const player = async (teamId: string, name: string, jersey: number | null, joinedAt: string) => {
        const userId = await insertTestUser(t.db, { name });
        await t.db
          .insertInto("profiles")
          .values({
            user_id: userId,
            team_id: teamId,
            role: "player",
            coach_role: null,
            full_name: name,
            jersey_number: jersey,
            primary_position: "wr",
            positions: '["wr"]',
            photo_file_id: null,
            joined_at: joinedAt,
            created_at: joinedAt,
            updated_at: joinedAt,
          })
          .execute();
        return userId;
      };
      const late = await player("hawks", "Late Seven", 7, "2026-03-01T00:00:00.000Z");
      const first = await player("hawks", "First Seven", 7, "2026-01-05T00:00:00.000Z");
      const middle = await player("hawks", "Middle Seven", 7, "2026-02-01T00:00:00.000Z");
      const other = await player("owls", "Owl Seven", 7, "2026-04-01T00:00:00.000Z");
      const none = await player("hawks", "No Number", null, "2026-04-01T00:00:00.000Z");

      await migrateToLatest(t.db, t.engine);

      const rows = await t.db
        .selectFrom("profiles")
        .select(["user_id", "jersey_number", "requested_jersey_number", "requested_at", "confirmed", "claim_token"])
        .execute();
      const by = new Map(rows.map((r) => [r.user_id, r]));
      expect(by.get(first)).toMatchObject({
        jersey_number: 7,
        requested_jersey_number: null,
        confirmed: 1,
        claim_token: null,
      });
      expect(by.get(middle)).toMatchObject({ jersey_number: null, requested_jersey_number: 7 });
      expect(by.get(late)).toMatchObject({ jersey_number: null, requested_jersey_number: 7 });
      expect(by.get(late)!.requested_at).toEqual(expect.any(String));
      expect(by.get(other)).toMatchObject({ jersey_number: 7, requested_jersey_number: null });
      expect(by.get(none)).toMatchObject({ jersey_number: null, requested_jersey_number: null });

      // From now on the index refuses a second #7 on a team; other teams and players without one are free.
      await expect(
        t.db.updateTable("profiles").set({ jersey_number: 7 }).where("user_id", "=", middle).execute(),
      ).rejects.toThrow();
      await t.db.updateTable("profiles").set({ jersey_number: 8 }).where("user_id", "=", middle).execute();
    } finally {
      await t.cleanup();
    }
  });
});
