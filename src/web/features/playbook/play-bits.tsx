import { clsx } from "clsx";
import { Shield, Swords } from "lucide-react";
import type { PlaySide } from "#domain/api/plays";
import { SIDE_LABEL } from "./analysis-sort";

/** Offense or defense, in the logger's colours for each (field green, sky). */
export function SideBadge({ side, className }: { side: PlaySide; className?: string }) {
  const Icon = side === "offense" ? Swords : Shield;
  return (
    <span
      className={clsx(
        "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap",
        side === "offense"
          ? "border-field-600/40 bg-field-50 text-field-900"
          : "border-sky-700/40 bg-sky-50 text-sky-950",
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {SIDE_LABEL[side]}
    </span>
  );
}

/** A play's tags as chips, in a list named for assistive technology. */
export function TagChips({ tags, label }: { tags: readonly string[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag}
          className="rounded-full bg-stone-100 px-2.5 py-0.5 text-xs font-semibold text-stone-800 ring-1 ring-stone-300 ring-inset"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
