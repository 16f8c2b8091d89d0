import { clsx } from "clsx";
import type { ReactNode } from "react";

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
