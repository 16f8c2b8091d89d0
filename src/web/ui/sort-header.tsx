import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";

export type SortDirection = "asc" | "desc";

/**
 * A column header that sorts its table: a button inside the <th>, which carries aria-sort while its column
 * decides the order. The arrow shows the direction; the button's name stays the column's name.
 */
export function SortHeader({
  label,
  active,
  direction,
  onSort,
  align = "left",
  className,
}: {
  label: ReactNode;
  active: boolean;
  direction: SortDirection;
  onSort: () => void;
  align?: "left" | "right";
  className?: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (direction === "asc" ? "ascending" : "descending") : "none"}
      className={clsx(
        "px-3 py-2 font-semibold whitespace-nowrap",
        align === "right" ? "text-right" : "text-left",
        className,
      )}
    >
      <button
        type="button"
        onClick={onSort}
        className={clsx(
          "inline-flex items-center gap-1 rounded px-1 py-0.5 hover:bg-stone-200/70",
          align === "right" && "flex-row-reverse",
          active ? "text-stone-950" : "text-stone-700",
        )}
      >
        {label}
        <Icon aria-hidden="true" className={clsx("size-3.5", !active && "opacity-60")} />
      </button>
    </th>
  );
}
