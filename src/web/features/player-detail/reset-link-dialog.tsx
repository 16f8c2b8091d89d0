import { useMutation } from "@tanstack/react-query";
import { KeyRound } from "lucide-react";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { apiFetch } from "~/lib/api";
import { CopyButton } from "~/ui/copy-button";
import { FormMessage } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import type { ResetLink } from "#domain/api/recovery";

function makeResetLink(playerId: string): Promise<ResetLink> {
  return apiFetch<ResetLink>(`/api/team/players/${encodeURIComponent(playerId)}/reset-link`, { method: "POST" });
}

/**
 * The head coach's password reset link for a player (docs/product.md §11): made when the dialog opens, shown
 * with a Copy button; it works once, for 24 hours. A player with no account yet gets the server's 409 text.
 */
export function ResetLinkButton({ playerId, playerName }: { playerId: string; playerName: string }) {
  const [open, setOpen] = useState(false);
  const make = useMutation({ mutationFn: () => makeResetLink(playerId) });
  return (
    <>
      <button
        type="button"
        className="btn btn-secondary w-fit"
        onClick={() => {
          setOpen(true);
          make.mutate();
        }}
      >
        <KeyRound aria-hidden="true" className="size-4" /> Password reset link
      </button>
      <SheetDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) make.reset();
        }}
        size="lg"
      >
        <SheetHeader title={`Password reset link for ${playerName}`} />
        <Dialog.Description className="mt-2 text-stone-700">
          Send this link to {playerName} only. It lets whoever opens it choose a new password for their account, once.
        </Dialog.Description>
        <div className="mt-4 space-y-3">
          {make.isPending ? <p className="text-stone-700">Making the link…</p> : null}
          {make.error ? (
            <FormMessage tone="error">
              {describeError(make.error, "The link could not be made. Please try again.")}
            </FormMessage>
          ) : null}
          {make.data ? (
            <>
              <label className="label" htmlFor="reset-link-url">
                Reset link
              </label>
              <input id="reset-link-url" className="input font-mono text-sm" readOnly value={make.data.url} />
              <CopyButton text={make.data.url} label="Copy reset link" />
              <p className="text-sm text-stone-600">
                Works once, until {formatDateTime(make.data.expiresAt)}. Signing in with the new password signs the
                player out everywhere else.
              </p>
            </>
          ) : null}
        </div>
      </SheetDialog>
    </>
  );
}
