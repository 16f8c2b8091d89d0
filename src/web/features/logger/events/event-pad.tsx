import { clsx } from "clsx";
import { ChevronDown, CloudUpload, Undo2 } from "lucide-react";
import { useId, useState } from "react";
import { OTHER_EVENT_TYPES, takesYards, WEIGHTED_EVENT_TYPES, type EventType } from "#domain/event-types";
import { eventPoints } from "#domain/scoring";
import { controlProps, FormField } from "~/ui/form-field";
import { formatScore } from "~/ui/format";
import { PlayPicker } from "../play-picker";
import type { PlayOption } from "../queries";
import type { PadStatus } from "../view-model";

const TOUCHDOWNS = new Set<EventType>(["Pass TD", "TD Catch", "Rush TD"]);
const DEFENSE = new Set<EventType>(["Flag Pull", "Interception", "Sack", "Defensive Stop"]);

const WEIGHTED = new Set<EventType>(WEIGHTED_EVENT_TYPES);
/** The pad's fields sit in one row, each label beside its control. */
const INLINE_LABEL = "text-sm font-semibold text-stone-800";

/** Touchdowns stand out, defence and offence read apart, the unweighted types stay plain. */
function typeTone(type: EventType): string {
  if (TOUCHDOWNS.has(type)) return "border-accent-500 bg-accent-200 text-stone-950 hover:bg-accent-300";
  if (DEFENSE.has(type)) return "border-sky-700/40 bg-sky-50 text-sky-950 hover:bg-sky-100";
  if (WEIGHTED.has(type)) return "border-field-600/40 bg-field-50 text-field-950 hover:bg-field-100";
  return "border-stone-300 bg-white text-stone-900 hover:bg-stone-50";
}

/**
 * The second tap: the event types, thumb-high at the bottom of the screen. The nine weighted types are always
 * there, the others behind "More". The status line above them says what the last tap did, politely, and holds
 * the Undo button; the optional yards apply to the next type that takes yards and then clear.
 */
export function EventPad({
  position,
  yardsText,
  onYardsChange,
  yardsError,
  plays,
  playId,
  onPlayChange,
  status,
  undoLabel,
  undoing = false,
  onUndo,
  onLog,
  pending,
}: {
  /** Changes not sent yet (shown small beside More). */
  pending: number;
  /** The chosen player's position (for the points each button earns), or null when no player is chosen. */
  position: string | null;
  yardsText: string;
  onYardsChange: (text: string) => void;
  yardsError: string | null;
  plays: readonly PlayOption[];
  playId: string;
  onPlayChange: (id: string) => void;
  status: PadStatus | null;
  /** "Flag Pull by Maya Okafor": what Undo would take back; null hides it. */
  undoLabel: string | null;
  /** Undo rests after taking something back (a double tap's second tap does nothing). */
  undoing?: boolean;
  onUndo: () => void;
  onLog: (type: EventType) => void;
}) {
  const [moreOpen, setMoreOpen] = useState(false);
  const ids = useId();
  const yardsErrorId = `${ids}-yards-error`;
  const moreId = `${ids}-more`;
  const hasYards = yardsText.trim() !== "" && !yardsError;

  const flipSign = () => {
    const t = yardsText.trim();
    onYardsChange(t.startsWith("-") ? t.slice(1) : t === "" ? "-" : `-${t}`);
  };

  const typeButton = (type: EventType) => {
    const points = position ? eventPoints(type, position) : null;
    return (
      <li key={type}>
        <button
          type="button"
          onClick={() => onLog(type)}
          aria-disabled={position ? undefined : true}
          className={clsx(
            "flex h-14 w-full flex-col items-center justify-center rounded-xl border px-1 text-center leading-[1.1] font-bold transition-colors select-none",
            "touch-manipulation active:scale-[0.97] motion-reduce:active:scale-100",
            typeTone(type),
            !position && "opacity-55",
          )}
        >
          <span className="text-[0.8rem]">{type}</span>
          <span aria-hidden="true" className="mt-0.5 text-[0.7rem] leading-none font-semibold tabular-nums opacity-80">
            {points !== null ? `+${formatScore(points)}` : "\u00a0"}
            {hasYards && takesYards(type) ? ` · ${yardsText.trim()} yd` : ""}
          </span>
        </button>
      </li>
    );
  };

  return (
    <div className="space-y-2">
      <div className="flex min-h-10 items-center gap-2">
        <p
          aria-live="polite"
          aria-atomic="true"
          className={clsx(
            "min-w-0 flex-1 truncate text-sm font-semibold",
            status?.tone === "error" ? "text-red-700" : status?.tone === "ok" ? "text-field-800" : "text-stone-600",
          )}
        >
          {status?.text ?? (position ? "Tap an event to log it." : "Choose a player, then an event.")}
        </p>
        {undoLabel ? (
          <button
            type="button"
            onClick={onUndo}
            disabled={undoing}
            aria-label={undoing ? "Undo" : `Undo ${undoLabel}`}
            className="btn btn-secondary h-10 shrink-0 px-3 py-0"
          >
            <Undo2 aria-hidden="true" className="size-4" />
            Undo
          </button>
        ) : null}
      </div>

      <div className="flex flex-wrap items-start gap-2">
        <FormField
          label="Yards"
          hint="Optional. Applies to the next event that takes yards, then clears."
          className="flex items-center gap-1.5"
          labelClassName={INLINE_LABEL}
          hintClassName="sr-only"
          invalid={yardsError !== null}
          describedBy={yardsError ? yardsErrorId : undefined}
        >
          {(field) => (
            <>
              <input
                {...controlProps(field)}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                enterKeyHint="done"
                placeholder="—"
                value={yardsText}
                onChange={(e) => onYardsChange(e.target.value)}
                className="input h-10 w-16 px-2 py-0 text-center tabular-nums"
              />
              <button
                type="button"
                onClick={flipSign}
                aria-label="Switch between gain and loss"
                className="btn btn-secondary h-10 w-10 shrink-0 px-0 py-0 text-lg"
              >
                ±
              </button>
            </>
          )}
        </FormField>
        <PlayPicker plays={plays} playId={playId} onChange={onPlayChange} className="min-w-0 flex-1" />
        {pending > 0 ? (
          // The header's status says it to assistive technology; this copy keeps it in sight while scrolled.
          <span
            aria-hidden="true"
            className="ml-auto inline-flex h-10 items-center gap-1 rounded-lg bg-accent-100 px-2.5 text-sm font-bold text-accent-800 tabular-nums"
          >
            <CloudUpload className="size-4" />
            {pending}
          </span>
        ) : null}
        <button
          type="button"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
          className={clsx("btn btn-secondary h-10 px-3 py-0", pending === 0 && "ml-auto")}
        >
          More
          <ChevronDown aria-hidden="true" className={clsx("size-4 transition-transform", moreOpen && "rotate-180")} />
        </button>
      </div>
      {yardsError ? (
        <p id={yardsErrorId} className="text-sm font-medium text-red-700">
          {yardsError}
        </p>
      ) : null}

      <ul className="grid grid-cols-3 gap-1.5" aria-label="Events">
        {WEIGHTED_EVENT_TYPES.map(typeButton)}
      </ul>
      <ul id={moreId} hidden={!moreOpen} className="grid grid-cols-3 gap-1.5" aria-label="More events">
        {OTHER_EVENT_TYPES.map(typeButton)}
      </ul>
    </div>
  );
}
