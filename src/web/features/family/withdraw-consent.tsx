import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "~/lib/api";
import { withdrawalPlanQuery } from "~/lib/queries";
import { familyKey } from "~/lib/query-keys";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { plural } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import type { WithdrawalPlan } from "#domain/api/family";

/** Every item that withdrawing deletes (or deleted), in the words the guardian reads. */
export function withdrawalItems(plan: WithdrawalPlan): string[] {
  return [
    `the name ${plan.fullName} (past games show "${plan.shownAs}")`,
    ...(plan.birthDate ? ["the birth date"] : []),
    ...(plan.photo ? ["the photo"] : []),
    ...(plan.ownSignIn ? ["their own sign-in and email"] : []),
    plural(plan.trainingLogs, "training log"),
    plural(plan.feedback, "piece of the coach's feedback", "pieces of the coach's feedback"),
    plural(plan.scheduleAnswers, "schedule answer"),
  ];
}

/**
 * Withdrawing consent for a child (docs/product.md §13): the dialog reads exactly what goes before anything does;
 * `onWithdrawn` hears what went.
 */
export function WithdrawConsent({
  childId,
  name,
  onWithdrawn,
}: {
  childId: string;
  name: string;
  onWithdrawn: (removed: WithdrawalPlan) => void;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const plan = useQuery({ ...withdrawalPlanQuery(childId), enabled: open });
  const withdraw = useMutation({
    mutationFn: () =>
      apiFetch<{ removed: WithdrawalPlan }>(`/api/family/children/${encodeURIComponent(childId)}/withdrawal`, {
        method: "POST",
        json: { confirm: true },
      }),
    onSuccess: async ({ removed }) => {
      setOpen(false);
      onWithdrawn(removed);
      await queryClient.invalidateQueries({ queryKey: familyKey() });
    },
  });

  return (
    <>
      <button type="button" className="btn btn-secondary w-full text-red-800" onClick={() => setOpen(true)}>
        Withdraw consent
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Withdraw consent for ${name}?`}
        description={
          plan.data ? (
            <>
              <p>This deletes, for good:</p>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {withdrawalItems(plan.data).map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <p className="mt-2">
                {name} leaves the team's lists and you stop acting for them. The team keeps only anonymous numbers in
                its totals.
              </p>
            </>
          ) : plan.isError ? (
            describeError(plan.error, "What would be deleted could not be read. Please try again.")
          ) : (
            "Reading what would be deleted…"
          )
        }
        confirmLabel="Withdraw and delete"
        pendingLabel="Deleting…"
        confirmDisabled={!plan.data}
        pending={withdraw.isPending}
        error={
          withdraw.isError ? describeError(withdraw.error, "Consent could not be withdrawn. Please try again.") : null
        }
        onConfirm={() => withdraw.mutate()}
      />
    </>
  );
}
