import { Dialog } from "radix-ui";
import { useState } from "react";
import { FormMessage } from "~/ui/form-field";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";

/**
 * The logger's "End game" sheet (snap-scoreboard.tsx). A chunk of its own with Radix's dialog, loaded once the
 * screen is idle (lazy-parts.tsx): the scoreboard draws without it (decision 0021).
 */
function ScoreStepper({ label, value, onChange }: { label: string; value: number; onChange: (value: number) => void }) {
  return (
    <div role="group" aria-label={label} className="flex items-center justify-between gap-2">
      <span className="min-w-0 truncate font-semibold text-stone-800">{label}</span>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          className="btn btn-secondary h-11 w-11 px-0 text-lg"
          aria-label={`${label}: one less`}
          disabled={value <= 0}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output aria-live="polite" className="w-12 text-center text-2xl font-extrabold tabular-nums">
          {value}
        </output>
        <button
          type="button"
          className="btn btn-secondary h-11 w-11 px-0 text-lg"
          aria-label={`${label}: one more`}
          disabled={value >= 999}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}

/** The final score, prefilled with the snaps' total; a different score is recorded as a correction. */
export function EndGameDialog({
  open,
  onOpenChange,
  live,
  teamName,
  opponent,
  onSave,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  live: { us: number; them: number };
  teamName: string;
  opponent: string | null;
  onSave: (final: { us: number; them: number }) => void;
}) {
  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} size="md">
      <SheetHeader title="End game" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        The final score, as the snaps add it up. Change it only if the official score differs.
      </Dialog.Description>
      {open ? <EndGameForm live={live} teamName={teamName} opponent={opponent} onSave={onSave} /> : null}
    </SheetDialog>
  );
}

function EndGameForm({
  live,
  teamName,
  opponent,
  onSave,
}: {
  live: { us: number; them: number };
  teamName: string;
  opponent: string | null;
  onSave: (final: { us: number; them: number }) => void;
}) {
  const [us, setUs] = useState(live.us);
  const [them, setThem] = useState(live.them);
  const corrected = us !== live.us || them !== live.them;
  return (
    <form
      className="mt-4 space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        onSave({ us, them });
      }}
    >
      <ScoreStepper label={teamName} value={us} onChange={setUs} />
      <ScoreStepper label={opponent ?? "Them"} value={them} onChange={setThem} />
      {corrected ? (
        <FormMessage tone="error">
          The snaps add up to {live.us}–{live.them}. Saving {us}–{them} records a correction with your name.
        </FormMessage>
      ) : null}
      <button type="submit" className="btn btn-field h-12 w-full text-base">
        Save final score
      </button>
    </form>
  );
}
