import { clsx } from "clsx";
import type { ReactNode } from "react";
import { positionName } from "#domain/positions";
import { formatJersey } from "~/ui/format";
import { positionColor } from "~/ui/position-colors";
import { positionAbbreviation } from "./view-model";

/** What a tile shows of a player. */
export interface TilePlayer {
  id: string;
  name: string;
  position: string;
  jerseyNumber: number | string;
}

/**
 * How big the tiles are. "roster": the whole team for the single-event logger, taller, the name on up to two lines,
 * more to a row on a wider screen, and kept clear of the sticky pad when scrolled to. "lineup": a side of a game
 * for the snap pad, three to a row. "compact": a lineup for a step that must leave room for more (every step fits
 * the phone).
 */
export type TileSize = "roster" | "lineup" | "compact";

const LINEUP = {
  list: "gap-1.5",
  tile: "h-14 justify-center py-1 pr-1.5 pl-2.5",
  bar: "w-1",
  position: "text-[0.65rem]",
  name: "mt-0.5 truncate text-[0.75rem] leading-tight",
};

const SIZES: Record<TileSize, typeof LINEUP> = {
  roster: {
    list: "gap-2 sm:grid-cols-4 lg:grid-cols-6",
    tile: "h-[4.25rem] scroll-mt-20 justify-start gap-0.5 py-1.5 pr-2 pl-3",
    bar: "w-1.5",
    position: "text-[0.7rem]",
    name: "line-clamp-2 text-[0.8rem] leading-[1.15] break-words",
  },
  lineup: LINEUP,
  compact: { ...LINEUP, tile: "h-12 justify-center py-1 pr-1.5 pl-2.5" },
};

/**
 * Players as big tiles, in the order given: the number first (what a coach reads off a jersey), then the name; the
 * first tap of both loggers. A tile logs or chooses at once; `selectedId` makes the tiles toggles (aria-pressed): the
 * chosen player stays chosen until another is tapped.
 */
export function PlayerTiles({
  label,
  players,
  onPick,
  selectedId,
  disabled = false,
  trailing,
  size = "lineup",
}: {
  label: string;
  players: readonly TilePlayer[];
  onPick: (id: string) => void;
  selectedId?: string | null;
  disabled?: boolean;
  /** A last tile that is not a player ("+3 more"). */
  trailing?: ReactNode;
  size?: TileSize;
}) {
  const look = SIZES[size];
  return (
    <ul aria-label={label} className={clsx("grid grid-cols-3", look.list)}>
      {players.map((p) => {
        const selected = selectedId !== undefined ? p.id === selectedId : undefined;
        return (
          <li key={p.id}>
            <button
              type="button"
              aria-pressed={selected}
              disabled={disabled}
              // "#11 Sam Lee, Wide Receiver": the number and the name are apart to the eye, not in the content.
              aria-label={`${formatJersey(p.jerseyNumber)} ${p.name}, ${positionName(p.position)}`}
              onClick={() => onPick(p.id)}
              className={clsx(
                "relative flex w-full flex-col overflow-hidden rounded-xl border-2 text-left transition-colors select-none",
                "touch-manipulation active:scale-[0.98] motion-reduce:active:scale-100 disabled:opacity-50",
                look.tile,
                selected
                  ? "border-field-900 bg-field-800 text-white shadow-md"
                  : "border-stone-200 bg-white text-stone-900 hover:border-field-400",
              )}
            >
              <span
                aria-hidden="true"
                className={clsx("absolute inset-y-0 left-0", look.bar)}
                style={{ backgroundColor: positionColor(p.position) }}
              />
              <span className="flex items-baseline justify-between gap-1">
                <span className="text-lg leading-none font-extrabold tabular-nums">{formatJersey(p.jerseyNumber)}</span>
                <span
                  aria-hidden="true"
                  className={clsx(
                    "font-bold tracking-wide",
                    look.position,
                    selected ? "text-field-100" : "text-stone-600",
                  )}
                >
                  {positionAbbreviation(p.position)}
                </span>
              </span>
              <span className={clsx("font-semibold", look.name)}>{p.name}</span>
            </button>
          </li>
        );
      })}
      {trailing ? <li>{trailing}</li> : null}
    </ul>
  );
}
