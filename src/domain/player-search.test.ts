import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CRITERIA,
  DEFAULT_ORDER,
  DEFAULT_SORT,
  ORDER_OPTIONS,
  SORT_OPTIONS,
  isCriteriaActive,
  matchesName,
  matchesPosition,
  searchPlayers,
  sortPlayers,
  type PlayerSearchCriteria,
  type PositionFilter,
  type SortKey,
  type SortOrder,
} from "./player-search.js";
import { POSITION_KEYS } from "./positions.js";

interface Row {
  id: string;
  name: string;
  position: string;
  performanceScore: number;
  teamRanking: number;
  eventCount: number;
  attendancePercentage: number;
}

// Distinct values in every sort column, so each sort has exactly one right answer.
const ROSTER: Row[] = [
  {
    id: "a",
    name: "Morgan Ortiz",
    position: "qb",
    performanceScore: 46.8,
    teamRanking: 6,
    eventCount: 30,
    attendancePercentage: 80,
  },
  {
    id: "b",
    name: "alex Brooks",
    position: "wr",
    performanceScore: 12.5,
    teamRanking: 2,
    eventCount: 50,
    attendancePercentage: 95,
  },
  {
    id: "c",
    name: "Zoe Chen",
    position: "slot",
    performanceScore: 88.1,
    teamRanking: 10,
    eventCount: 12,
    attendancePercentage: 60,
  },
  {
    id: "d",
    name: "Devon Alexander",
    position: "cb",
    performanceScore: 0,
    teamRanking: 1,
    eventCount: 0,
    attendancePercentage: 100,
  },
  {
    id: "e",
    name: "Sam Park",
    position: "unknown",
    performanceScore: 33.3,
    teamRanking: 4,
    eventCount: 7,
    attendancePercentage: 25,
  },
];

const ids = (rows: readonly Row[]) => rows.map((r) => r.id);
const criteria = (overrides: Partial<PlayerSearchCriteria>): PlayerSearchCriteria => ({
  ...DEFAULT_CRITERIA,
  ...overrides,
});

describe("options (docs/product.md §2)", () => {
  it("Sort By lists the five spec options in order", () => {
    expect(SORT_OPTIONS.map((o) => o.label)).toEqual([
      "Performance Score",
      "Team Ranking",
      "Activity Level",
      "Attendance",
      "Name",
    ]);
  });

  it("Order: desc is Highest First, asc is Lowest First", () => {
    expect(ORDER_OPTIONS).toEqual([
      { value: "desc", label: "Highest First" },
      { value: "asc", label: "Lowest First" },
    ]);
  });

  it("the default is performanceScore descending with no filter (docs/product.md §9)", () => {
    expect(DEFAULT_SORT).toBe("performanceScore");
    expect(DEFAULT_ORDER).toBe("desc");
    expect(DEFAULT_CRITERIA).toEqual({ query: "", position: "all", sortBy: "performanceScore", order: "desc" });
    expect(ids(searchPlayers(ROSTER, DEFAULT_CRITERIA))).toEqual(["c", "a", "e", "b", "d"]);
  });
});

describe("name filter (docs/product.md §5: case-insensitive substring)", () => {
  it.each<[string, string[]]>([
    ["", ["a", "b", "c", "d", "e"]],
    ["   ", ["a", "b", "c", "d", "e"]],
    ["alex", ["b", "d"]], // "alex Brooks" and "Devon ALEXander"
    ["ALEX", ["b", "d"]],
    ["Alex", ["b", "d"]],
    [" alex ", ["b", "d"]],
    ["chen", ["c"]],
    ["o", ["a", "b", "c", "d"]],
    ["n ort", ["a"]], // across the space
    ["zz", []],
    ["Morgan Ortiz Jr", []],
  ])("%j matches %j", (query, expected) => {
    expect(ids(ROSTER.filter((p) => matchesName(p, query))).sort()).toEqual(expected);
    expect(ids(searchPlayers(ROSTER, criteria({ query, sortBy: "name", order: "asc" }))).sort()).toEqual(expected);
  });

  it("property: matches exactly the names containing the query, ignoring case", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ minLength: 1, maxLength: 4 }), (name, query) => {
        fc.pre(query.trim() !== "" && query === query.trim());
        const expected = name.toLowerCase().includes(query.toLowerCase());
        expect(matchesName({ name }, query)).toBe(expected);
        expect(matchesName({ name }, query.toUpperCase())).toBe(
          name.toLowerCase().includes(query.toUpperCase().toLowerCase()),
        );
      }),
    );
  });

  it("property: any part of a name finds it, in upper or lower case", () => {
    // fast-check's default strings are printable ASCII, where upper/lower case round-trip.
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 16 }), fc.nat(), fc.nat(), (name, i, j) => {
        const [from, to] = [i % (name.length + 1), j % (name.length + 1)].sort((x, y) => x - y) as [number, number];
        const part = name.slice(from, to);
        expect(matchesName({ name }, part)).toBe(true);
        expect(matchesName({ name }, part.toUpperCase())).toBe(true);
        expect(matchesName({ name: name.toLowerCase() }, part.toUpperCase())).toBe(true);
      }),
    );
  });
});

describe("position filter (docs/product.md §5: exact match on the key)", () => {
  it.each<[PositionFilter, string[]]>([
    ["all", ["a", "b", "c", "d", "e"]],
    ["qb", ["a"]],
    ["wr", ["b"]], // not "slot"
    ["slot", ["c"]],
    ["cb", ["d"]],
    ["safety", []],
  ])("%s -> %j", (position, expected) => {
    expect(ids(searchPlayers(ROSTER, criteria({ position, sortBy: "name", order: "asc" }))).sort()).toEqual(expected);
  });

  it("is exact: no case folding or prefix match", () => {
    expect(matchesPosition({ position: "QB" }, "qb")).toBe(false);
    expect(matchesPosition({ position: "qb2" }, "qb")).toBe(false);
    expect(matchesPosition({ position: "q" }, "qb")).toBe(false);
    expect(matchesPosition({ position: "unknown" }, "all")).toBe(true);
  });

  it("combines with the name filter", () => {
    expect(ids(searchPlayers(ROSTER, criteria({ query: "alex", position: "cb" })))).toEqual(["d"]);
    expect(ids(searchPlayers(ROSTER, criteria({ query: "alex", position: "qb" })))).toEqual([]);
  });

  it("property: a key filter keeps exactly the players at that key", () => {
    const row = fc.record({
      id: fc.uuid(),
      name: fc.string({ maxLength: 6 }),
      position: fc.constantFrom(...POSITION_KEYS, "unknown", "QB"),
      performanceScore: fc.nat(),
      teamRanking: fc.integer({ min: 1, max: 10 }),
      eventCount: fc.nat(),
      attendancePercentage: fc.integer({ min: 0, max: 100 }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 15 }), fc.constantFrom(...POSITION_KEYS), (rows, position) => {
        const result = searchPlayers(rows, criteria({ position }));
        expect(result.every((r) => r.position === position)).toBe(true);
        expect(result.length).toBe(rows.filter((r) => r.position === position).length);
      }),
    );
  });
});

describe("sorting", () => {
  const cases: [SortKey, SortOrder, string[]][] = [
    ["performanceScore", "desc", ["c", "a", "e", "b", "d"]],
    ["performanceScore", "asc", ["d", "b", "e", "a", "c"]],
    ["teamRanking", "desc", ["c", "a", "e", "b", "d"]],
    ["teamRanking", "asc", ["d", "b", "e", "a", "c"]],
    ["activity", "desc", ["b", "a", "c", "e", "d"]],
    ["activity", "asc", ["d", "e", "c", "a", "b"]],
    ["attendance", "desc", ["d", "b", "a", "c", "e"]],
    ["attendance", "asc", ["e", "c", "a", "b", "d"]],
    // Name, case-insensitive: alex Brooks, Devon Alexander, Morgan Ortiz, Sam Park, Zoe Chen. desc is Z to A.
    ["name", "desc", ["c", "e", "a", "d", "b"]],
    ["name", "asc", ["b", "d", "a", "e", "c"]],
  ];

  it.each(cases)("%s %s", (sortBy, order, expected) => {
    expect(ids(sortPlayers(ROSTER, sortBy, order))).toEqual(expected);
    expect(ids(searchPlayers(ROSTER, criteria({ sortBy, order })))).toEqual(expected);
  });

  it("does not change the input", () => {
    const input = [...ROSTER];
    sortPlayers(input, "name", "asc");
    searchPlayers(input, criteria({ query: "a" }));
    expect(input).toEqual(ROSTER);
  });

  it("names compare numbers naturally", () => {
    const rows = ["Player 10", "Player 2", "Player 1"].map((name, i) => ({ ...ROSTER[0]!, id: String(i), name }));
    expect(sortPlayers(rows, "name", "asc").map((r) => r.name)).toEqual(["Player 1", "Player 2", "Player 10"]);
  });

  it("ties: name A to Z, then id, in both orders", () => {
    const tie = (id: string, name: string) => ({ ...ROSTER[0]!, id, name, performanceScore: 10 });
    const rows = [
      tie("3", "Cam"),
      tie("2", "ava"),
      tie("9", "Ben"),
      tie("1", "Ben"),
      { ...tie("0", "Zed"), performanceScore: 11 },
    ];
    expect(ids(sortPlayers(rows, "performanceScore", "desc"))).toEqual(["0", "2", "1", "9", "3"]);
    expect(ids(sortPlayers(rows, "performanceScore", "asc"))).toEqual(["2", "1", "9", "3", "0"]);
    // Equal names under Name sort fall back to id whichever way the names are ordered.
    const sameName = [tie("b", "Ben"), tie("a", "ben"), tie("c", "Ben")];
    expect(ids(sortPlayers(sameName, "name", "desc"))).toEqual(["a", "b", "c"]);
    expect(ids(sortPlayers(sameName, "name", "asc"))).toEqual(["a", "b", "c"]);
  });

  const rowArb = fc.record({
    name: fc.constantFrom("Ava", "ava", "Ben", "Cam", "Dee", ""),
    position: fc.constantFrom("qb", "wr"),
    performanceScore: fc.integer({ min: 0, max: 3 }).map((t) => t / 10),
    teamRanking: fc.integer({ min: 1, max: 3 }),
    eventCount: fc.integer({ min: 0, max: 3 }),
    attendancePercentage: fc.constantFrom(0, 50, 100),
  });
  const rosterArb = fc
    .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 12 })
    .chain((idList) => fc.tuple(...idList.map((id) => rowArb.map((r) => ({ ...r, id })))));
  const sortKeyArb = fc.constantFrom(...SORT_OPTIONS.map((o) => o.value));
  const orderArb = fc.constantFrom<SortOrder>("asc", "desc");

  const primary = (r: Row, sortBy: SortKey): number | string =>
    sortBy === "name"
      ? r.name
      : sortBy === "activity"
        ? r.eventCount
        : sortBy === "attendance"
          ? r.attendancePercentage
          : r[sortBy];

  it("property: the order does not depend on the input order (stable, total tie-break)", () => {
    fc.assert(
      fc.property(
        rosterArb.chain((rows) =>
          fc.tuple(fc.constant(rows), fc.shuffledSubarray(rows, { minLength: rows.length, maxLength: rows.length })),
        ),
        sortKeyArb,
        orderArb,
        ([rows, shuffled], sortBy, order) => {
          expect(ids(sortPlayers(shuffled, sortBy, order))).toEqual(ids(sortPlayers(rows, sortBy, order)));
        },
      ),
    );
  });

  it("property: sorted by the key in the chosen direction; equal keys in name A to Z order", () => {
    const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    const cmp = (a: number | string, b: number | string) =>
      typeof a === "string" && typeof b === "string" ? collator.compare(a, b) : (a as number) - (b as number);
    fc.assert(
      fc.property(rosterArb, sortKeyArb, orderArb, (rows, sortBy, order) => {
        const sorted = sortPlayers(rows, sortBy, order);
        expect(sorted.length).toBe(rows.length);
        expect(new Set(ids(sorted))).toEqual(new Set(ids(rows)));
        for (let i = 1; i < sorted.length; i++) {
          const prev = sorted[i - 1]!;
          const next = sorted[i]!;
          const c = cmp(primary(prev, sortBy), primary(next, sortBy));
          if (order === "asc") expect(c).toBeLessThanOrEqual(0);
          else expect(c).toBeGreaterThanOrEqual(0);
          if (c === 0) expect(collator.compare(prev.name, next.name)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it("property: desc reverses asc when the key values are all different", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000 }), { maxLength: 12 }),
        sortKeyArb,
        (values, sortBy) => {
          const rows = values.map((v, i) => ({
            id: `id${i}`,
            name: `Player ${v}`,
            position: "qb",
            performanceScore: v / 10,
            teamRanking: v,
            eventCount: v,
            attendancePercentage: v,
          }));
          expect(ids(sortPlayers(rows, sortBy, "desc"))).toEqual(ids(sortPlayers(rows, sortBy, "asc")).reverse());
        },
      ),
    );
  });
});

describe("isCriteriaActive (chooses the empty-state hint)", () => {
  it.each<[Partial<PlayerSearchCriteria>, boolean]>([
    [{}, false],
    [{ query: "   " }, false],
    [{ sortBy: "name", order: "asc" }, false], // sorting narrows nothing
    [{ query: "a" }, true],
    [{ query: " a " }, true],
    [{ position: "qb" }, true],
    [{ query: "a", position: "rusher" }, true],
  ])("%j -> %s", (overrides, expected) => {
    expect(isCriteriaActive(criteria(overrides))).toBe(expected);
  });
});
