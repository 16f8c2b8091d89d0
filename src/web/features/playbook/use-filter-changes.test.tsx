// @vitest-environment jsdom
import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { DEFAULT_FILTERS, type AnalysisFilters } from "./analysis-filters";
import { useFilterChanges } from "./use-filter-changes";

/* Two filter changes before the address shows the first: the second keeps the first (the playbook's dates). */

describe("analysis filter changes", () => {
  it("a change made before the address shows the previous one builds on the previous one", () => {
    const written: AnalysisFilters[] = [];
    const { result } = renderHook(({ filters }) => useFilterChanges(filters, (f) => written.push(f)), {
      initialProps: { filters: { ...DEFAULT_FILTERS, from: "2026-11-29" } },
    });
    // The coach types From, then To, while the address still shows the old From.
    result.current({ from: "2026-11-27" });
    result.current({ to: "2026-11-28" });
    expect(written.at(-1)).toEqual({ ...DEFAULT_FILTERS, from: "2026-11-27", to: "2026-11-28" });
  });

  it("follows the address when it changes to filters nobody asked for here (Back, a link)", () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ filters }) => useFilterChanges(filters, onChange), {
      initialProps: { filters: DEFAULT_FILTERS },
    });
    result.current({ side: "defense" });
    // The address lands on what was asked, then Back takes it to another window.
    rerender({ filters: { ...DEFAULT_FILTERS, side: "defense" } });
    rerender({ filters: { ...DEFAULT_FILTERS, kind: "game" } });
    result.current({ to: "2026-11-28" });
    expect(onChange).toHaveBeenLastCalledWith({ ...DEFAULT_FILTERS, kind: "game", to: "2026-11-28" });
  });

  it("an address landing on an earlier request keeps the later one", () => {
    const onChange = vi.fn();
    const { result, rerender } = renderHook(({ filters }) => useFilterChanges(filters, onChange), {
      initialProps: { filters: DEFAULT_FILTERS },
    });
    result.current({ from: "2026-11-27" });
    result.current({ to: "2026-11-28" });
    // The first navigation lands while the second is still running.
    rerender({ filters: { ...DEFAULT_FILTERS, from: "2026-11-27" } });
    result.current({ side: "offense" });
    expect(onChange).toHaveBeenLastCalledWith({
      ...DEFAULT_FILTERS,
      from: "2026-11-27",
      to: "2026-11-28",
      side: "offense",
    });
  });
});
