import { describe, expect, it } from "vitest";
import { readFilters, writeFilters } from "./leaderboard-filters";

describe("leaderboard filters in the address", () => {
  it("defaults to the whole season and every group", () => {
    expect(readFilters(new URLSearchParams())).toEqual({ window: "season", group: "all", game: null });
    expect(readFilters(new URLSearchParams("window=forever&group=goalies"))).toEqual({
      window: "season",
      group: "all",
      game: null,
    });
  });

  it("reads and writes the same filters", () => {
    const filters = { window: "session", group: "defense", game: "g1" } as const;
    expect(readFilters(writeFilters(filters))).toEqual(filters);
    expect(writeFilters({ window: "season", group: "all", game: "g1" }).toString()).toBe("");
    expect(writeFilters({ window: "last30", group: "offense", game: "g1" }).toString()).toBe(
      "window=last30&group=offense",
    );
  });
});
