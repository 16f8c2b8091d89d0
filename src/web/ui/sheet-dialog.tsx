import { clsx } from "clsx";
import { X } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";

/** How wide the card is from `sm` up (a phone always gets the full-width bottom sheet). */
const SIZES = {
  md: "sm:w-full sm:max-w-md",
  lg: "sm:w-full sm:max-w-lg sm:p-6",
  xl: "sm:w-full sm:max-w-xl sm:p-6",
  "3xl": "sm:w-[calc(100vw-3rem)] sm:max-w-3xl sm:p-6",
} as const;

/**
 * A modal dialog that is a bottom sheet on a phone and a centred card from `sm` up: the play form, the
 * training-log editor, the new-session form and a play's drill-down. The children bring the Dialog.Title and
 * Dialog.Description (SheetHeader for the usual title row).
 */
export function SheetDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  size,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
  size: keyof typeof SIZES;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-stone-950/50 motion-reduce:animate-none" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className={clsx(
            "fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none",
            "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl",
            SIZES[size],
          )}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dialog's X button ("Close"). */
export function DialogCloseButton() {
  return (
    <Dialog.Close
      className="-mt-1 -mr-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
      aria-label="Close"
    >
      <X aria-hidden="true" className="size-5" />
    </Dialog.Close>
  );
}

/** The usual first row of a sheet: its title and the close button. */
export function SheetHeader({ title }: { title: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <Dialog.Title className="text-lg font-bold break-words text-stone-900">{title}</Dialog.Title>
      <DialogCloseButton />
    </div>
  );
}
