import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  POSITION_GROUP_LABELS,
  POSITION_KEYS,
  POSITIONS,
  effectivePosition,
  isPositionKey,
  positionGroup,
  positionName,
  type PositionFields,
} from "./positions.js";

// docs/product.md §3, written out again so a change in positions.ts has to be a deliberate one.
const SPEC_POSITIONS: [key: string, name: string, group: "offense" | "defense"][] = [
  ["qb", "Quarterback", "offense"],
  ["wr", "Wide Receiver", "offense"],
  ["slot", "Slot Receiver", "offense"],
  ["rb", "Running Back", "offense"],
  ["te", "Tight End", "offense"],
  ["center", "Center", "offense"],
  ["cb", "Cornerback", "defense"],
  ["safety", "Safety", "defense"],
  ["lb", "Linebacker", "defense"],
  ["rusher", "Pass Rusher", "defense"],
];

const NOT_KEYS = [
  "unknown",
  "other",
  "",
  " ",
  "QB",
  "Qb",
  "quarterback",
  "Quarterback",
  "kicker",
  "constructor",
  "__proto__",
  "toString",
];

describe("POSITIONS (docs/product.md §3)", () => {
  it("are exactly the ten positions of the spec, in order", () => {
    expect(POSITIONS.map((p) => [p.key, p.name, p.group])).toEqual(SPEC_POSITIONS);
    expect([...POSITION_KEYS]).toEqual(SPEC_POSITIONS.map(([key]) => key));
  });

  it("group labels", () => {
    expect(POSITION_GROUP_LABELS).toEqual({ offense: "Offense", defense: "Defense", other: "Other" });
  });
});

describe("positionGroup", () => {
  it.each(SPEC_POSITIONS)("%s (%s) is %s", (key, _name, group) => {
    expect(positionGroup(key)).toBe(group);
  });

  it.each([...NOT_KEYS, null, undefined])("%j is other", (value) => {
    expect(positionGroup(value)).toBe("other");
  });

  it("property: anything that is not one of the ten keys is other", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        fc.pre(!POSITION_KEYS.includes(s as never));
        expect(positionGroup(s)).toBe("other");
      }),
    );
  });
});

describe("positionName and isPositionKey", () => {
  it.each(SPEC_POSITIONS)("%s is named %s", (key, name) => {
    expect(positionName(key)).toBe(name);
    expect(isPositionKey(key)).toBe(true);
  });

  it.each([...NOT_KEYS, null, undefined])("%j is Unknown and not a key", (value) => {
    expect(positionName(value)).toBe("Unknown");
    expect(isPositionKey(value)).toBe(false);
  });

  it("isPositionKey rejects non-strings", () => {
    for (const value of [1, {}, [], true, Symbol("qb")]) expect(isPositionKey(value)).toBe(false);
  });
});

describe("effectivePosition (docs/product.md §3: primaryPosition, else first of positions, else position, lowercased, else unknown)", () => {
  const cases: [string, PositionFields | null | undefined, string][] = [
    ["primaryPosition wins over everything", { primaryPosition: "qb", positions: ["wr"], position: "rb" }, "qb"],
    ["then the first of positions", { positions: ["wr", "cb"], position: "rb" }, "wr"],
    ["then position", { position: "rb" }, "rb"],
    [
      "first of positions when primaryPosition is null",
      { primaryPosition: null, positions: ["slot"], position: "rb" },
      "slot",
    ],
    ["empty primaryPosition counts as missing", { primaryPosition: "", positions: ["lb"], position: "rb" }, "lb"],
    ["blank primaryPosition counts as missing", { primaryPosition: "   ", positions: ["lb"] }, "lb"],
    ["empty positions list counts as missing", { primaryPosition: "", positions: [], position: "cb" }, "cb"],
    ["null positions list counts as missing", { positions: null, position: "cb" }, "cb"],
    ["empty first position counts as missing", { positions: [""], position: "safety" }, "safety"],
    ["null first position counts as missing", { positions: [null], position: "safety" }, "safety"],
    ["empty position counts as missing", { primaryPosition: "", positions: [], position: "" }, "unknown"],
    ["no fields at all", {}, "unknown"],
    ["no user", null, "unknown"],
    ["undefined user", undefined, "unknown"],
    ["primaryPosition is lowercased", { primaryPosition: "QB" }, "qb"],
    ["first of positions is lowercased", { positions: ["Slot"] }, "slot"],
    ["position is lowercased", { position: "SAFETY" }, "safety"],
    ["surrounding spaces are trimmed", { primaryPosition: "  Wr " }, "wr"],
    ["an unlisted position is kept, lowercased", { primaryPosition: "Kicker" }, "kicker"],
  ];

  it.each(cases)("%s", (_label, user, expected) => {
    expect(effectivePosition(user)).toBe(expected);
  });

  it("the effective position of a capitalised key lands in the right group", () => {
    expect(positionGroup(effectivePosition({ primaryPosition: "CB" }))).toBe("defense");
    expect(positionGroup(effectivePosition({ positions: ["Center"] }))).toBe("offense");
    expect(positionGroup(effectivePosition({}))).toBe("other");
  });

  const field = fc.option(fc.oneof(fc.constantFrom(...POSITION_KEYS, "", "  ", "QB", "Rusher"), fc.string()), {
    nil: undefined,
  });
  const norm = (s: string | null | undefined) =>
    typeof s === "string" && s.trim() !== "" ? s.trim().toLowerCase() : null;

  it("property: precedence and normalisation", () => {
    fc.assert(
      fc.property(
        field,
        fc.option(fc.array(field, { maxLength: 3 }), { nil: undefined }),
        field,
        (primary, list, pos) => {
          const user: PositionFields = { primaryPosition: primary, positions: list, position: pos };
          const expected = norm(primary) ?? norm(list?.[0]) ?? norm(pos) ?? "unknown";
          const actual = effectivePosition(user);
          expect(actual).toBe(expected);
          expect(actual).toBe(actual.trim().toLowerCase());
        },
      ),
    );
  });
});
