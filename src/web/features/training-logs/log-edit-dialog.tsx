import { Dialog } from "radix-ui";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { formatDay } from "~/ui/format";
import type { TrainingLogDto } from "#domain/api/player";
import { LogForm, logValues, type LogFormOutput } from "./log-form";

/** Changes one entry: the same form as adding, filled in, in a dialog (a sheet from the bottom on a phone). */
export function LogEditDialog({
  log,
  today,
  onOpenChange,
  save,
  onCloseAutoFocus,
}: {
  log: TrainingLogDto | null;
  today: string;
  onOpenChange: (open: boolean) => void;
  save: (log: TrainingLogDto, values: LogFormOutput) => Promise<void>;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <SheetDialog open={log !== null} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} size="xl">
      <SheetHeader title="Edit training entry" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {log ? `${log.activityType} on ${formatDay(log.date)}. Your weekly totals follow the change.` : null}
      </Dialog.Description>
      {log ? (
        <LogForm
          key={log.id}
          className="mt-5"
          initial={logValues(log)}
          today={today}
          submitLabel="Save changes"
          pendingLabel="Saving…"
          save={(values) => save(log, values)}
        />
      ) : null}
    </SheetDialog>
  );
}
