import { useMutation, useQuery } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { isApiError } from "~/lib/api";
import { deletionPlanQuery } from "~/lib/queries";
import { useLogout } from "~/lib/session-context";
import { FormCard } from "~/ui/app-page";
import { FormMessage, InputField } from "~/ui/form-field";
import { describeError, LoadingState } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { deleteAccount, downloadMyData } from "./api";
import { deletionLines } from "./deletion-text";

/** Download my data and delete my account (docs/product.md §11). */
export function MyDataCard() {
  const [open, setOpen] = useState(false);
  const download = useMutation({ mutationFn: downloadMyData });
  return (
    <FormCard
      title="Your data"
      icon={<Download aria-hidden="true" className="size-5 text-field-700" />}
      lead="Everything Flagline keeps about you, as a file; or your account gone for good."
    >
      <div className="mt-5 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => download.mutate()}
          disabled={download.isPending}
        >
          <Download aria-hidden="true" className="size-4" />
          {download.isPending ? "Preparing…" : "Download my data"}
        </button>
        <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" className="size-4" /> Delete my account
        </button>
      </div>
      {download.error ? (
        <div className="mt-4">
          <FormMessage tone="error">{describeError(download.error, "Your data could not be downloaded.")}</FormMessage>
        </div>
      ) : null}
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </FormCard>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const plan = useQuery(deletionPlanQuery());
  const logout = useLogout();
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const remove = useMutation({
    mutationFn: () => deleteAccount({ password }),
    onSuccess: () => logout(),
    onError: (error) => {
      if (isApiError(error, 400) && error.fields.password) setFieldError(error.fields.password);
    },
  });
  const blocked = plan.data?.mustHandOver === true;
  const formError =
    remove.error && !(isApiError(remove.error, 400) && remove.error.fields.password)
      ? describeError(remove.error, "Your account could not be deleted. Please try again.")
      : null;

  return (
    <SheetDialog open onOpenChange={(next) => (!next && !remove.isPending ? onClose() : undefined)} size="lg">
      <SheetHeader title="Delete your account?" />
      <Dialog.Description asChild>
        <div className="mt-3 space-y-2 text-stone-700">
          {plan.data ? deletionLines(plan.data).map((line) => <p key={line}>{line}</p>) : null}
          {plan.data && !blocked ? <p className="font-semibold text-stone-900">This cannot be undone.</p> : null}
        </div>
      </Dialog.Description>
      {plan.isPending ? <LoadingState label="Reading what goes with it" className="mt-4" /> : null}
      {plan.error ? (
        <div className="mt-4">
          <FormMessage tone="error">{describeError(plan.error, "Could not read what your account holds.")}</FormMessage>
        </div>
      ) : null}
      {plan.data && !blocked ? (
        <form
          noValidate
          className="mt-5 space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            setFieldError(password ? undefined : "Enter your password.");
            if (password) remove.mutate();
          }}
        >
          <InputField
            label="Your password"
            error={fieldError}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            type="password"
            autoComplete="current-password"
          />
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className="btn btn-secondary" disabled={remove.isPending}>
              Cancel
            </Dialog.Close>
            <button type="submit" className="btn bg-red-700 text-white hover:bg-red-800" disabled={remove.isPending}>
              {remove.isPending
                ? "Deleting…"
                : plan.data.deletesTeam
                  ? "Delete my account and the team"
                  : "Delete my account"}
            </button>
          </div>
        </form>
      ) : null}
    </SheetDialog>
  );
}
