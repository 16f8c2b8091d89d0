import { clsx } from "clsx";
import type { ReactNode } from "react";
import { positionName } from "#domain/positions";
import { formatJersey } from "~/ui/format";
import { positionColor } from "~/ui/position-colors";
import type { LineupPlayer } from "./snap-model";
import { positionAbbreviation } from "../view-model";

/**
 * A lineup as big tiles, three to a row on a phone: the number first (what a coach reads off a jersey), then the
 * name. A tile logs or chooses at once; `selectedId` makes the tiles toggles (aria-pressed).
 */
export function PlayerTiles({
  label,
  players,
  onPick,
  selectedId,
  disabled = false,
  trailing,
  compact = false,
}: {
  label: string;
  players: readonly LineupPlayer[];
  onPick: (id: string) => void;
  selectedId?: string | null;
  disabled?: boolean;
  /** A last tile that is not a player ("+3 more"). */
  trailing?: ReactNode;
  /** Shorter tiles, for a step that must leave room for more (every step fits the phone). */
  compact?: boolean;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-1.5">
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
                "relative flex w-full flex-col justify-center overflow-hidden rounded-xl border-2 py-1 pr-1.5 pl-2.5 text-left transition-colors select-none",
                "touch-manipulation active:scale-[0.98] motion-reduce:active:scale-100 disabled:opacity-50",
                compact ? "h-12" : "h-14",
                selected
                  ? "border-field-900 bg-field-800 text-white shadow-md"
                  : "border-stone-200 bg-white text-stone-900 hover:border-field-400",
              )}
            >
              <span
                aria-hidden="true"
                className="absolute inset-y-0 left-0 w-1"
                style={{ backgroundColor: positionColor(p.position) }}
              />
              <span className="flex items-baseline justify-between gap-1">
                <span className="text-lg leading-none font-extrabold tabular-nums">{formatJersey(p.jerseyNumber)}</span>
                <span
                  aria-hidden="true"
                  className={clsx(
                    "text-[0.65rem] font-bold tracking-wide",
                    selected ? "text-field-100" : "text-stone-600",
                  )}
                >
                  {positionAbbreviation(p.position)}
                </span>
              </span>
              <span className="mt-0.5 truncate text-[0.75rem] leading-tight font-semibold">{p.name}</span>
            </button>
          </li>
        );
      })}
      {trailing ? <li>{trailing}</li> : null}
    </ul>
  );
}

type Tone = "plain" | "good" | "bad" | "score" | "defense" | "opponent";

const TONES: Record<Tone, string> = {
  plain: "border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
  good: "border-field-600/40 bg-field-50 text-field-950 hover:bg-field-100",
  bad: "border-stone-400 bg-stone-100 text-stone-900 hover:bg-stone-200",
  score: "border-accent-500 bg-accent-200 text-stone-950 hover:bg-accent-300",
  defense: "border-sky-700/40 bg-sky-50 text-sky-950 hover:bg-sky-100",
  opponent: "border-red-800/30 bg-red-50 text-red-950 hover:bg-red-100",
};

/** One of the pad's action buttons: thumb-sized, coloured by what it means. */
export function ActionButton({
  children,
  onClick,
  tone = "plain",
  pressed,
  disabled = false,
  className,
  label,
  compact = false,
}: {
  children: ReactNode;
  onClick: () => void;
  tone?: Tone;
  /** Makes it a toggle. */
  pressed?: boolean;
  disabled?: boolean;
  className?: string;
  /** An accessible name when the text alone is too short. */
  label?: string;
  /** 40 px high instead of 48, for a step that must leave room for more. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={pressed}
      aria-label={label}
      disabled={disabled}
      className={clsx(
        "flex items-center justify-center gap-1.5 rounded-xl border px-2 text-center text-sm leading-tight font-bold select-none",
        compact ? "h-10" : "h-12",
        "touch-manipulation active:scale-[0.97] motion-reduce:active:scale-100 disabled:opacity-50",
        pressed ? "border-field-900 bg-field-800 text-white" : TONES[tone],
        className,
      )}
    >
      {children}
    </button>
  );
}

/** Choose one of a few (a result, an effect, a method): toggles in a labelled group. */
export function ChoiceChips<T extends string | number>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={clsx("flex flex-wrap gap-1.5", className)}>
      {options.map((o) => (
        <button
          key={String(o.value)}
          type="button"
          aria-pressed={value === o.value}
          onClick={() => onChange(o.value)}
          className={clsx(
            "h-10 rounded-lg border px-3 text-sm font-bold select-none touch-manipulation",
            value === o.value
              ? "border-field-900 bg-field-800 text-white"
              : "border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
          )}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
