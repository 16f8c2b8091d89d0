import { useQuery } from "@tanstack/react-query";
import type { TeamSessionSummary } from "#domain/api/team";
import { sessionLabel } from "#domain/reads";
import { sessionImpactQuery } from "~/lib/queries";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formatDay } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { deleteImpactLines } from "./words";

/**
 * Asks before deleting a session, saying first what the delete removes and what it keeps (GET …/impact); the
 * Delete button waits until that is known.
 */
export function DeleteSessionDialog({
  session,
  onOpenChange,
  onConfirm,
  pending,
  error,
}: {
  session: TeamSessionSummary | null;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: string | null;
}) {
  const impact = useQuery({ ...sessionImpactQuery(session?.id ?? ""), enabled: session !== null });
  const label = session ? sessionLabel(session, formatDay) : "";
  return (
    <ConfirmDialog
      open={session !== null}
      onOpenChange={onOpenChange}
      title={`Delete ${label}?`}
      description={
        impact.data ? (
          <div className="space-y-1">
            {deleteImpactLines(impact.data.impact).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        ) : impact.isError ? (
          <p>{describeError(impact.error, "What this session holds could not be read. Please try again.")}</p>
        ) : (
          <p>Counting what it removes…</p>
        )
      }
      confirmLabel="Delete session"
      pendingLabel="Deleting…"
      onConfirm={onConfirm}
      pending={pending}
      confirmDisabled={!impact.data}
      error={error}
    />
  );
}
