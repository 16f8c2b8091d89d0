import { describe, expect, it } from "vitest";
import { NOTHING_TO_CHANGE } from "../zod.js";
import {
  createPlaySchema,
  listPlaysQuerySchema,
  nameKey,
  playbookAnalysisQuerySchema,
  playEventsQuerySchema,
  playTagsSchema,
  retagEventSchema,
  updatePlaySchema,
} from "./plays.js";

describe("play input", () => {
  it("trims, fills the optional fields and keeps the first spelling of a tag", () => {
    expect(
      createPlaySchema.parse({ name: "  Slant ", side: "offense", tags: [" Quick", "QUICK ", "red zone"] }),
    ).toEqual({
      name: "Slant",
      side: "offense",
      formation: "",
      tags: ["Quick", "red zone"],
      notes: "",
    });
  });

  it("counts tags after duplicates are dropped", () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `t${i}`);
    expect(playTagsSchema.parse([...twelve, "T0", "t11"])).toEqual(twelve);
    expect(playTagsSchema.safeParse([...twelve, "t12"]).success).toBe(false);
    expect(playTagsSchema.safeParse(Array.from({ length: 49 }, () => "same")).success).toBe(false);
  });

  it("a patch holds only what was sent", () => {
    expect(updatePlaySchema.parse({ notes: " x " })).toEqual({ notes: "x" });
    expect(updatePlaySchema.safeParse({}).error?.issues[0]?.message).toBe(NOTHING_TO_CHANGE);
  });

  it("names compare in any case and Unicode form", () => {
    expect(nameKey(" Flood ")).toBe(nameKey("FLOOD"));
    expect(nameKey("Caf\u00e9")).toBe(nameKey("CAFE\u0301"));
    expect(nameKey("Flood")).not.toBe(nameKey("Flood 2"));
  });

  it("re-tagging takes a UUID or null", () => {
    expect(retagEventSchema.parse({ playId: null })).toEqual({ playId: null });
    expect(retagEventSchema.safeParse({ playId: "slant" }).success).toBe(false);
    expect(retagEventSchema.safeParse({}).success).toBe(false);
  });
});

describe("query strings", () => {
  it("includeArchived defaults to false", () => {
    expect(listPlaysQuerySchema.parse({})).toEqual({ includeArchived: false });
    expect(listPlaysQuerySchema.parse({ includeArchived: "true" })).toEqual({ includeArchived: true });
  });

  it("the analysis window defaults to every event in UTC, and refuses a start after the end", () => {
    expect(playbookAnalysisQuerySchema.parse({})).toEqual({ kind: "all", tzOffset: 0 });
    expect(
      playbookAnalysisQuerySchema.parse({
        side: "defense",
        kind: "game",
        from: "2026-01-01",
        to: "2026-01-01",
        tzOffset: "-300",
      }),
    ).toEqual({ side: "defense", kind: "game", from: "2026-01-01", to: "2026-01-01", tzOffset: -300 });
    const bad = playbookAnalysisQuerySchema.safeParse({ from: "2026-02-01", to: "2026-01-31" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(["from"]);
  });

  it("the drill-down pages 25 at a time unless asked, at most 100", () => {
    expect(playEventsQuerySchema.parse({})).toMatchObject({ limit: 25, kind: "all" });
    expect(playEventsQuerySchema.parse({ limit: "100" }).limit).toBe(100);
    expect(playEventsQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });
});
