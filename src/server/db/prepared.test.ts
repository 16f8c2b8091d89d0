import type { KyselyPlugin, PluginTransformQueryArgs, RootOperationNode } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getLeagueRules } from "./league-rules.js";
import { MAX_LISTED, prepared } from "./prepared.js";
import { currentSeason } from "./seasons.js";
import { createTeam, type Team } from "./teams.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/** Counts the queries Kysely builds (a plugin sees each query it compiles). */
class CountingPlugin implements KyselyPlugin {
  compiled = 0;
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.compiled++;
    return args.node;
  }
  async transformResult(args: Parameters<NonNullable<KyselyPlugin["transformResult"]>>[0]) {
    return args.result;
  }
}

const teamsNamed = prepared((db, p: { names: readonly string[] }) =>
  db.selectFrom("teams").select("name").where("name", "in", p.names).orderBy("name"),
);

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

const teamByName = prepared((db, p: { name: string; limit: number }) =>
  db.selectFrom("teams").select(["id", "name"]).where("name", "=", p.name).orderBy("id").limit(p.limit),
);

describe.each(testEngines())("prepared queries on $engine", ({ create }) => {
  let t: TestDatabase;
  let a: Team;
  let b: Team;

  beforeAll(async () => {
    t = await create();
    a = await createTeam(t.db, { name: "Prepared A" });
    b = await createTeam(t.db, { name: "Prepared B" });
  });
  afterAll(() => t.cleanup());

  it("answers each call with its own parameters, as the builder would", async () => {
    expect(await teamByName(t.db, { name: "Prepared A", limit: 5 })).toEqual([{ id: a.id, name: "Prepared A" }]);
    expect(await teamByName(t.db, { name: "Prepared B", limit: 5 })).toEqual([{ id: b.id, name: "Prepared B" }]);
    expect(await teamByName(t.db, { name: "Prepared B", limit: 0 })).toEqual([]);
    expect(await teamByName(t.db, { name: "nobody", limit: 5 })).toEqual([]);
  });

  it("runs inside a transaction, seeing its uncommitted rows", async () => {
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("teams").set({ name: "Renamed A" }).where("id", "=", a.id).execute();
        expect(await teamByName(trx, { name: "Renamed A", limit: 5 })).toEqual([{ id: a.id, name: "Renamed A" }]);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    expect(await teamByName(t.db, { name: "Renamed A", limit: 5 })).toEqual([]);
  });

  it("gives the hot reads that use it the same answers as before (a season, the rules)", async () => {
    const season = await currentSeason(t.db, a.id);
    expect(season?.team_id).toBe(a.id);
    expect(await currentSeason(t.db, "no-such-team")).toBeNull();
    expect((await getLeagueRules(t.db, a.id)).periodKind).toBeDefined();
  });

  it("takes a list of values, prepared per length, and builds a list longer than it prepares", async () => {
    expect(names(await teamsNamed(t.db, { names: ["Prepared B"] }))).toEqual(["Prepared B"]);
    expect(names(await teamsNamed(t.db, { names: ["Prepared A", "Prepared B"] }))).toEqual([
      "Prepared A",
      "Prepared B",
    ]);
    expect(names(await teamsNamed(t.db, { names: ["Prepared A"] }))).toEqual(["Prepared A"]);
    const many = [...Array.from({ length: MAX_LISTED }, (_, i) => `nobody ${i}`), "Prepared B"];
    expect(names(await teamsNamed(t.db, { names: many }))).toEqual(["Prepared B"]);
  });

  it("inserts rows as given, prepared per number of rows and their columns", async () => {
    type Row = { id: string; name: string; team_code: string; coach_invite_code: string; created_at: string };
    const insert = prepared((db, p: { rows: readonly (Row & { min_players: number | null })[] }) =>
      db.insertInto("teams").values(p.rows).returning(["name", "min_players"]),
    );
    const row = (name: string, min: number | null) => ({
      id: `prepared-${name}`,
      name,
      team_code: `PREP-${name}`,
      coach_invite_code: `PREP-C-${name}`,
      created_at: new Date().toISOString(),
      min_players: min,
    });
    const read = (r: ReturnType<typeof row>) => ({ name: r.name, min_players: r.min_players });
    const first = [row("r1", 4)];
    expect(await insert(t.db, { rows: first })).toEqual(first.map(read));
    const two = [row("r2", null), row("r3", 7)];
    expect(await insert(t.db, { rows: two })).toEqual(two.map(read));
    const again = [row("r4", null)];
    expect(await insert(t.db, { rows: again })).toEqual(again.map(read));
    expect(names(await teamsNamed(t.db, { names: ["r1", "r2", "r3", "r4"] }))).toEqual(["r1", "r2", "r3", "r4"]);
  });

  it("refuses a parameter that is not bound in its SQL", async () => {
    const unbound = prepared((db, p: { name: string; unused: string }) =>
      db.selectFrom("teams").select("id").where("name", "=", p.name),
    );
    await expect(unbound(t.db, { name: "x", unused: "y" })).rejects.toThrow(/"unused" is not a parameter/);
  });
});

describe.each(testEngines())("prepared queries with plugins on $engine", ({ create }) => {
  const counting = new CountingPlugin();
  let t: TestDatabase;

  beforeAll(async () => {
    t = await create({ plugins: [counting] });
    await createTeam(t.db, { name: "Plugged" });
  });
  afterAll(() => t.cleanup());

  it("builds the query on each call, so the database's plugins see every one", async () => {
    const before = counting.compiled;
    expect(await teamByName(t.db, { name: "Plugged", limit: 5 })).toHaveLength(1);
    expect(await teamByName(t.db, { name: "Plugged", limit: 5 })).toHaveLength(1);
    expect(counting.compiled - before).toBe(2);
  });
});
