import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { FormMessage } from "./form-field";

/**
 * Asks before something that cannot be undone from here (Radix AlertDialog: focus trapped, Esc and Cancel
 * close it, Cancel has the first focus). `onConfirm` runs the action; the dialog stays open while it runs and
 * shows its error, and the caller closes it on success.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  onConfirm,
  pending = false,
  confirmDisabled = false,
  error,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** The confirm button waits (what the action would remove is still being read). */
  confirmDisabled?: boolean;
  error?: string | null;
  /** Where focus goes once it closes (Radix would otherwise look for a Trigger there is none of). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-stone-950/50 motion-reduce:animate-none" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-lg font-bold text-stone-900">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-2 text-stone-700">{description}</div>
          </AlertDialog.Description>
          {error ? (
            <div className="mt-4">
              <FormMessage tone="error">{error}</FormMessage>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn btn-secondary" disabled={pending}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className="btn bg-red-700 text-white hover:bg-red-800"
              disabled={pending || confirmDisabled}
              onClick={(event) => {
                // The action is asynchronous: stay open until it has succeeded or failed.
                event.preventDefault();
                onConfirm();
              }}
            >
              {pending ? pendingLabel : confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
