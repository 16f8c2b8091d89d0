import { Suspense, type ReactNode, type RefObject } from "react";
import { ConfirmDialog, useOpenedOnce } from "./lazy-parts";

/**
 * "Delete this event?" / "Delete this snap?" before a row of the play-by-play goes (event-list.tsx, snap-list.tsx).
 * Mounted the first time it opens, its dialog code loaded on demand (decision 0021); closing it puts the focus back
 * on the list's heading.
 */
export function ConfirmDelete<Row>({
  row,
  noun,
  describe,
  onDelete,
  onClose,
  returnFocus,
}: {
  /** The row asked about; null: closed. */
  row: Row | null;
  noun: string;
  describe: (row: Row) => ReactNode;
  onDelete: (row: Row) => void;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  const mounted = useOpenedOnce(row !== null);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialog
        open={row !== null}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        title={`Delete this ${noun}?`}
        description={row === null ? null : describe(row)}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        onConfirm={() => {
          if (row !== null) onDelete(row);
          onClose();
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      />
    </Suspense>
  );
}
