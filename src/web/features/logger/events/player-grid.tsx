import { clsx } from "clsx";
import type { PlayerSummaryDto } from "#domain/api/team";
import { positionName } from "#domain/positions";
import { formatJersey } from "~/ui/format";
import { positionColor } from "~/ui/position-colors";
import { positionAbbreviation } from "../view-model";

/**
 * The roster as big buttons in jersey order: the first of the two taps. A toggle (aria-pressed): the chosen
 * player stays chosen for the next play until another is tapped.
 */
export function PlayerGrid({
  players,
  selectedId,
  onSelect,
}: {
  players: readonly PlayerSummaryDto[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6" aria-label="Players">
      {players.map((p) => {
        const selected = p.id === selectedId;
        return (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(p.id)}
              className={clsx(
                "relative flex h-[4.25rem] w-full scroll-mt-20 scroll-mb-[calc(var(--logger-pad,0px)+0.5rem)] flex-col justify-start gap-0.5 overflow-hidden rounded-xl border-2 py-1.5 pr-2 pl-3 text-left transition-colors select-none",
                "touch-manipulation active:scale-[0.98] motion-reduce:active:scale-100",
                selected
                  ? "border-field-900 bg-field-800 text-white shadow-md"
                  : "border-stone-200 bg-white text-stone-900 hover:border-field-400",
              )}
            >
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 w-1.5"
                style={{ backgroundColor: positionColor(p.position) }}
              />
              <span className="flex items-baseline justify-between gap-1">
                <span className="text-lg leading-none font-extrabold tabular-nums">{formatJersey(p.jerseyNumber)}</span>
                <span
                  aria-hidden="true"
                  className={clsx(
                    "text-[0.7rem] font-bold tracking-wide",
                    selected ? "text-field-100" : "text-stone-600",
                  )}
                >
                  {positionAbbreviation(p.position)}
                </span>
              </span>
              <span className="line-clamp-2 text-[0.8rem] leading-[1.15] font-semibold break-words">
                {p.name}
                <span className="sr-only">, {positionName(p.position)}</span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
