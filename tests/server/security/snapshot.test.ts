/*
 * The security suites' snapshot (snapshot.ts) re-reads only the tables whose change counter moved: it must still see
 * every change a full read would, and nothing a full read would not.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProfile, testEngines, type TestDatabase } from "../support/test-database.js";
import { snapshot, snapshotDiff } from "./snapshot.js";

describe.each(testEngines())("stored-rows snapshot on $engine", ({ create }) => {
  let database: TestDatabase;
  let userId: string;

  beforeAll(async () => {
    database = await create();
    ({ userId } = await seedProfile(database.db, { fullName: "Ada Before", role: "coach", teamId: null }));
  });
  afterAll(async () => {
    await database?.cleanup();
  });

  const rename = (fullName: string) =>
    database.db.updateTable("profiles").set({ full_name: fullName }).where("user_id", "=", userId).execute();

  it("names the table a write changed, and only it", async () => {
    const before = await snapshot(database);
    await rename("Ada After");
    expect(snapshotDiff(before, await snapshot(database))).toEqual(["profiles"]);
    const between = await snapshot(database);
    await seedProfile(database.db, { fullName: "Bo New", role: "player", teamId: null });
    expect(snapshotDiff(between, await snapshot(database))).toEqual(["profiles", "user"]);
  });

  it("sees a change made after a snapshot that read nothing again", async () => {
    const first = await snapshot(database);
    const unchanged = await snapshot(database);
    expect(snapshotDiff(first, unchanged)).toEqual([]);
    await rename("Ada Again");
    expect(snapshotDiff(unchanged, await snapshot(database))).toEqual(["profiles"]);
  });

  it("finds no change where a write left the rows as they were, or was rolled back", async () => {
    const before = await snapshot(database);
    const { full_name } = await database.db
      .selectFrom("profiles")
      .select("full_name")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    await rename(full_name);
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.updateTable("profiles").set({ full_name: "Never Kept" }).where("user_id", "=", userId).execute();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(snapshotDiff(before, await snapshot(database))).toEqual([]);
  });
});
