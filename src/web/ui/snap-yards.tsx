import { clsx } from "clsx";
import { Delete } from "lucide-react";
import { useState, type ReactNode } from "react";

/**
 * The yards a sideline coach taps most (docs/product.md §2 `/coach/log`): every gain from 0 to 12, then 15, 20, 25,
 * 30 and 40 — on a 50-yard field short gains are most of a game, and a long one is told in round numbers. On the
 * demo seasons these chips cover 79% of the yards logged (the chips before, 0 2 3 5 8 10 12 15 20 25 30 40, 44%):
 * 1, 4, 6, 7 and 9 yards are each 5.5–6.7% of them.
 */
const YARD_CHIPS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 20, 25, 30, 40] as const;

const CHIP =
  "flex h-10 items-center justify-center rounded-xl border px-1 text-base font-bold tabular-nums select-none touch-manipulation active:scale-[0.97] motion-reduce:active:scale-100 disabled:opacity-50";

/** "12 yds", "1 yd", "-3 yds". */
export function yardsText(yards: number): string {
  return `${yards} yd${Math.abs(yards) === 1 ? "" : "s"}`;
}

/**
 * Yards in one tap: a chip per usual gain, "No yards" when the coach did not see, and "Other…" for an unusual
 * value (a loss, 47 yards) on a keypad drawn here, so the phone's keyboard never covers the screen.
 */
export function YardChips({
  label,
  onPick,
  chips = YARD_CHIPS,
  noneLabel = "No yards",
  min,
  max,
  disabled = false,
  selected,
  children,
  onKeypad,
}: {
  /** The value chosen so far (an editor's): its chip shows pressed. Left out, the chips just act. */
  selected?: number | null;
  /** The group's name ("Yards gained"). */
  label: string;
  onPick: (yards: number | null) => void;
  chips?: readonly number[];
  /** null hides the "No yards" chip. */
  noneLabel?: string | null;
  min: number;
  max: number;
  disabled?: boolean;
  /** More buttons on the last row. */
  children?: ReactNode;
  /** Told when the keypad opens and closes (the pad makes room for it). */
  onKeypad?: (open: boolean) => void;
}) {
  const [keypad, setKeypadState] = useState(false);
  const setKeypad = (open: boolean) => {
    setKeypadState(open);
    onKeypad?.(open);
  };
  if (keypad) {
    return (
      <YardKeypad
        label={label}
        min={min}
        max={max}
        onDone={(yards) => {
          setKeypad(false);
          onPick(yards);
        }}
        onCancel={() => setKeypad(false)}
      />
    );
  }
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <div className="grid grid-cols-6 gap-1.5">
        {chips.map((yards) => (
          <button
            key={yards}
            type="button"
            disabled={disabled}
            aria-label={yardsText(yards)}
            aria-pressed={selected === undefined ? undefined : selected === yards}
            onClick={() => onPick(yards)}
            className={clsx(
              CHIP,
              selected === yards
                ? "border-field-900 bg-field-800 text-white"
                : "border-field-600/40 bg-field-50 text-field-950 hover:bg-field-100",
            )}
          >
            {yards}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-1.5">
        {noneLabel ? (
          <button
            type="button"
            disabled={disabled}
            aria-pressed={selected === undefined ? undefined : selected === null}
            onClick={() => onPick(null)}
            className={clsx(
              CHIP,
              "flex-1 px-3 text-sm",
              selected === null
                ? "border-field-900 bg-field-800 text-white"
                : "border-stone-300 bg-white text-stone-900 hover:bg-stone-50",
            )}
          >
            {noneLabel}
          </button>
        ) : null}
        <button
          type="button"
          disabled={disabled}
          onClick={() => setKeypad(true)}
          className={clsx(CHIP, "flex-1 border-stone-300 bg-white px-3 text-sm text-stone-900 hover:bg-stone-50")}
        >
          Other…
        </button>
        {children}
      </div>
    </div>
  );
}

const KEY =
  "flex h-11 items-center justify-center rounded-xl border border-stone-300 bg-white text-lg font-bold text-stone-900 select-none touch-manipulation hover:bg-stone-50 active:scale-[0.97] motion-reduce:active:scale-100";

/** A number pad for yards from `min` to `max`: digits, a gain/loss switch and a delete key. */
function YardKeypad({
  label,
  min,
  max,
  initial = null,
  onDone,
  onCancel,
  doneLabel = "Done",
}: {
  label: string;
  min: number;
  max: number;
  initial?: number | null;
  onDone: (yards: number) => void;
  onCancel: () => void;
  doneLabel?: string;
}) {
  const [text, setText] = useState(initial === null ? "" : String(initial));
  const digits = text.replace("-", "");
  const negative = text.startsWith("-");
  const value = digits === "" ? null : Number(text);
  const valid = value !== null && Number.isInteger(value) && value >= min && value <= max;
  const press = (d: string) => {
    if (digits.length >= 3) return;
    const next = digits === "0" ? d : digits + d;
    setText(`${negative ? "-" : ""}${next}`);
  };
  return (
    <div role="group" aria-label={label} className="space-y-1.5">
      <div className="flex items-center gap-2">
        <output
          aria-live="polite"
          aria-label={`${label}: ${value === null ? "none yet" : yardsText(value)}`}
          className={clsx(
            "flex h-11 min-w-0 flex-1 items-center rounded-xl border-2 px-3 text-2xl font-extrabold tabular-nums",
            value !== null && !valid ? "border-red-700 text-red-800" : "border-stone-300 text-stone-950",
          )}
        >
          {negative ? "−" : ""}
          {digits || "0"}
          <span className="ml-1.5 text-base font-semibold text-stone-600">yds</span>
        </output>
        <button type="button" className="btn btn-secondary h-11 px-3" onClick={onCancel}>
          Back
        </button>
      </div>
      {value !== null && !valid ? (
        <p className="text-sm font-medium text-red-700">
          Yards must be from {min} to {max}.
        </p>
      ) : null}
      <div className="grid grid-cols-3 gap-1.5">
        {["1", "2", "3", "4", "5", "6", "7", "8", "9"].map((d) => (
          <button key={d} type="button" className={KEY} onClick={() => press(d)}>
            {d}
          </button>
        ))}
        <button
          type="button"
          className={KEY}
          aria-label="Switch between gain and loss"
          disabled={min >= 0}
          onClick={() => setText(negative ? digits : `-${digits}`)}
        >
          ±
        </button>
        <button type="button" className={KEY} onClick={() => press("0")}>
          0
        </button>
        <button
          type="button"
          className={KEY}
          aria-label="Delete last digit"
          onClick={() => setText(`${negative ? "-" : ""}${digits.slice(0, -1)}`)}
        >
          <Delete aria-hidden="true" className="size-5" />
        </button>
      </div>
      <button
        type="button"
        className="btn btn-field h-11 w-full text-base"
        disabled={!valid}
        onClick={() => {
          if (valid) onDone(value);
        }}
      >
        {doneLabel}
        {valid ? `: ${yardsText(value)}` : ""}
      </button>
    </div>
  );
}
