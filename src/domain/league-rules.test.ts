import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { leagueRulesSchema, readLeagueRules } from "./api/league-rules.js";
import { DEFAULT_LEAGUE_RULES, periodCount, periodLabel, type LeagueRules } from "./league-rules.js";

const messages = (value: unknown) =>
  leagueRulesSchema.safeParse(value).error?.issues.map((i) => [i.path.join("."), i.message]) ?? [];

describe("league rules: the NFL FLAG 5-on-5 defaults (docs/product.md §10)", () => {
  it("two halves, TD 6, tries from 5 and 10, safety 2, downs not tracked, 4 and 4, two no-run zones, 5 on the field, no minimum", () => {
    expect(DEFAULT_LEAGUE_RULES).toEqual({
      periodKind: "half",
      touchdownPoints: 6,
      tryOneYards: 5,
      tryTwoYards: 10,
      safetyPoints: 2,
      trackDowns: false,
      downsToMidfield: 4,
      downsToScore: 4,
      noRunZones: ["5 yards before midfield", "5 yards before the end zone"],
      playersOnField: 5,
      minSnapsPerPeriod: null,
    });
    expect(Object.isFrozen(DEFAULT_LEAGUE_RULES)).toBe(true);
  });

  it("the defaults pass their own schema", () => {
    expect(leagueRulesSchema.parse(DEFAULT_LEAGUE_RULES)).toEqual(DEFAULT_LEAGUE_RULES);
  });
});

describe("readLeagueRules", () => {
  it("a team that never set rules has the defaults", () => {
    for (const stored of [null, undefined, "rules", 42, true])
      expect(readLeagueRules(stored)).toEqual(DEFAULT_LEAGUE_RULES);
    expect(readLeagueRules({})).toEqual(DEFAULT_LEAGUE_RULES);
    expect(readLeagueRules([])).toEqual(DEFAULT_LEAGUE_RULES);
  });

  it("reads back what was stored", () => {
    const rules: LeagueRules = {
      periodKind: "quarter",
      touchdownPoints: 7,
      tryOneYards: 3,
      tryTwoYards: 12,
      safetyPoints: 1,
      trackDowns: true,
      downsToMidfield: 3,
      downsToScore: 3,
      noRunZones: [],
      playersOnField: 7,
      minSnapsPerPeriod: 6,
    };
    expect(readLeagueRules(JSON.parse(JSON.stringify(rules)))).toEqual(rules);
  });

  it("falls back field by field: what is broken takes its default, what is fine is kept", () => {
    expect(
      readLeagueRules({
        periodKind: "thirds",
        touchdownPoints: 7,
        tryOneYards: 2.5,
        tryTwoYards: "10",
        safetyPoints: 0,
        trackDowns: "yes",
        downsToMidfield: 3,
        downsToScore: 99,
        noRunZones: ["ok", ""],
        extra: "ignored",
      }),
    ).toEqual({ ...DEFAULT_LEAGUE_RULES, touchdownPoints: 7, downsToMidfield: 3 });
  });

  it("keeps only its own fields and trims the zone labels", () => {
    // JSON.parse makes "__proto__" an own key, which is none of the rules.
    const read = readLeagueRules(JSON.parse('{"noRunZones": [" at midfield "], "__proto__": {"touchdownPoints": 8}}'));
    expect(read.noRunZones).toEqual(["at midfield"]);
    expect(read.touchdownPoints).toBe(6);
    expect(Object.keys(read).sort()).toEqual(Object.keys(DEFAULT_LEAGUE_RULES).sort());
  });

  it("returns a copy: changing it leaves the defaults alone", () => {
    const read = readLeagueRules(null);
    read.noRunZones.push("mine");
    read.touchdownPoints = 1;
    expect(DEFAULT_LEAGUE_RULES.noRunZones).toHaveLength(2);
    expect(readLeagueRules(null)).toEqual(DEFAULT_LEAGUE_RULES);
  });

  it("whatever is stored, the rules read back pass the schema", () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.anything(), fc.dictionary(fc.constantFrom(...Object.keys(DEFAULT_LEAGUE_RULES)), fc.anything())),
        (stored) => {
          expect(leagueRulesSchema.safeParse(readLeagueRules(stored)).success).toBe(true);
        },
      ),
    );
  });
});

describe("periodLabel", () => {
  const halves = { periodKind: "half" as const };
  const quarters = { periodKind: "quarter" as const };

  it("halves, then overtime", () => {
    expect(periodCount(halves)).toBe(2);
    expect([1, 2, 3, 4, 5].map((p) => periodLabel(p, halves))).toEqual(["1st half", "2nd half", "OT", "OT2", "OT3"]);
  });

  it("quarters, then overtime", () => {
    expect(periodCount(quarters)).toBe(4);
    expect([1, 2, 3, 4, 5, 6, 8].map((p) => periodLabel(p, quarters))).toEqual([
      "1st quarter",
      "2nd quarter",
      "3rd quarter",
      "4th quarter",
      "OT",
      "OT2",
      "OT4",
    ]);
  });
});

describe("leagueRulesSchema: what the settings form is told", () => {
  const valid = { ...DEFAULT_LEAGUE_RULES };

  it("refuses numbers out of range or not whole, naming the rule", () => {
    expect(messages({ ...valid, touchdownPoints: 0 })).toEqual([
      ["touchdownPoints", "Touchdown points must be from 1 to 9."],
    ]);
    expect(messages({ ...valid, touchdownPoints: 10 })).toEqual([
      ["touchdownPoints", "Touchdown points must be from 1 to 9."],
    ]);
    expect(messages({ ...valid, safetyPoints: 1.5 })).toEqual([
      ["safetyPoints", "Safety points must be a whole number."],
    ]);
    expect(messages({ ...valid, tryOneYards: "5" })).toEqual([["tryOneYards", "Try for 1 distance must be a number."]]);
    expect(messages({ ...valid, tryTwoYards: 31 })).toEqual([
      ["tryTwoYards", "Try for 2 distance must be from 1 to 30."],
    ]);
    expect(messages({ ...valid, downsToMidfield: 7 })).toEqual([
      ["downsToMidfield", "Downs to cross midfield must be from 1 to 6."],
    ]);
    expect(messages({ ...valid, downsToScore: 0 })).toEqual([["downsToScore", "Downs to score must be from 1 to 6."]]);
  });

  it("refuses a period kind, a flag or zones it does not know", () => {
    expect(messages({ ...valid, periodKind: "thirds" })).toEqual([["periodKind", "Choose halves or quarters."]]);
    expect(messages({ ...valid, trackDowns: "yes" })).toEqual([["trackDowns", "Track downs must be true or false."]]);
    expect(messages({ ...valid, noRunZones: ["a", "b", "c", "d", "e"] })).toEqual([
      ["noRunZones", "At most 4 no-run zones."],
    ]);
    expect(messages({ ...valid, noRunZones: ["  "] })).toEqual([["noRunZones.0", "A no-run zone cannot be blank."]]);
    expect(messages({ ...valid, noRunZones: ["x".repeat(61)] })).toEqual([
      ["noRunZones.0", "A no-run zone label must be at most 60 characters."],
    ]);
    expect(messages({ ...valid, noRunZones: [5] })).toEqual([["noRunZones.0", "A no-run zone must be text."]]);
  });

  it("every field is required (the form always sends them all), but the playing-time ones default", () => {
    const { trackDowns: _, ...missing } = valid;
    expect(messages(missing)).toEqual([["trackDowns", "Track downs must be true or false."]]);
    const { playersOnField: _p, minSnapsPerPeriod: _m, ...older } = { ...DEFAULT_LEAGUE_RULES };
    expect(leagueRulesSchema.parse(older)).toEqual(DEFAULT_LEAGUE_RULES);
  });

  it("the playing-time rules: 3 to 11 on the field, a minimum of 1 to 50 or none", () => {
    expect(messages({ ...valid, playersOnField: 12, minSnapsPerPeriod: 0 })).toEqual([
      ["playersOnField", "Players on the field must be from 3 to 11."],
      ["minSnapsPerPeriod", "Minimum snaps per period must be from 1 to 50."],
    ]);
    expect(messages({ ...valid, playersOnField: 3, minSnapsPerPeriod: 50 })).toEqual([]);
    expect(messages({ ...valid, minSnapsPerPeriod: null })).toEqual([]);
  });

  it("accepts the edges of every range", () => {
    expect(
      leagueRulesSchema.safeParse({
        periodKind: "quarter",
        touchdownPoints: 9,
        tryOneYards: 20,
        tryTwoYards: 1,
        safetyPoints: 1,
        trackDowns: true,
        downsToMidfield: 6,
        downsToScore: 1,
        noRunZones: ["a", "b", "c", "x".repeat(60)],
      }).success,
    ).toBe(true);
  });
});
