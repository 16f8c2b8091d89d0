import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import { formatDay } from "~/ui/format";
import type { TrainingLogDto } from "../../../domain/api/player";
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
    <Dialog.Root open={log !== null} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-stone-950/50 motion-reduce:animate-none" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={clsx(
            "fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none",
            "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl sm:p-6",
          )}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-stone-900">Edit training entry</Dialog.Title>
            <Dialog.Close
              className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
