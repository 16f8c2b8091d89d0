import { useEffect, useRef } from "react";
import { writeFilters, type AnalysisFilters } from "./analysis-filters";

/**
 * Changes to the analysis filters, which live in the address. Writing the address is a navigation that may still
 * be running when the next change comes (a coach typing both dates; a busy phone): that change must build on the
 * filters asked for last, not on the ones the address still shows, or it would write the older value back (a
 * "From" date reverting as "To" is typed). The filters asked for follow the address again when it changes to
 * something this tab did not ask for (Back, a link). Every change of the tab, "Clear filters" included, goes
 * through here.
 */
export function useFilterChanges(
  filters: AnalysisFilters,
  onFiltersChange: (filters: AnalysisFilters) => void,
): (patch: Partial<AnalysisFilters>) => void {
  const asked = useRef(filters);
  const pending = useRef<string[]>([]);
  const shown = writeFilters("analysis", filters).toString();

  useEffect(() => {
    const at = pending.current.indexOf(shown);
    if (at >= 0) pending.current = pending.current.slice(at + 1);
    else {
      pending.current = [];
      asked.current = filters;
    }
    // `shown` is the filters' identity: a new object with the same values is not a change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  return (patch) => {
    const next = { ...asked.current, ...patch };
    asked.current = next;
    pending.current.push(writeFilters("analysis", next).toString());
    onFiltersChange(next);
  };
}
