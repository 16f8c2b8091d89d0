import { useMutation } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { CopyButton } from "~/ui/copy-button";
import { FormMessage } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import type { RosterEntry } from "#domain/api/roster";
import { inviteUrl, renewInvite } from "./api";

const QrCode = lazy(() => import("./qr-code"));

/**
 * A player's invite link (docs/product.md §11): the player, or a parent for a young player, opens it to claim the
 * place with an email and password. Copy it, or let them scan the QR code from this screen. A new link replaces
 * the old one, which stops working.
 */
export function InviteDialog({
  player,
  onOpenChange,
  onRenewed,
}: {
  player: RosterEntry | null;
  onOpenChange: (open: boolean) => void;
  onRenewed: () => void;
}) {
  const id = useId();
  // A link made here replaces the one the roster was loaded with, for this player only.
  const [renewed, setRenewed] = useState<{ id: string; token: string } | null>(null);
  const token = player && renewed?.id === player.id ? renewed.token : (player?.inviteToken ?? null);
  const renew = useMutation({
    mutationFn: (id: string) => renewInvite(id),
    onSuccess: (next, id) => {
      setRenewed({ id, token: next });
      onRenewed();
    },
  });
  const url = token ? inviteUrl(token) : null;

  return (
    <SheetDialog open={player !== null} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title={player ? `Invite ${player.fullName}` : "Invite"} />
      <p className="mt-1 text-sm text-stone-700">
        Send this link to the player, or to a parent for a young player. Opening it lets them claim this place on the
        roster with an email and password.
      </p>
      {url ? (
        <div className="mt-4 space-y-4">
          <div>
            <label htmlFor={`${id}-link`} className="label">
              Invite link
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <input
                id={`${id}-link`}
                readOnly
                value={url}
                className="input min-w-0 flex-1 font-mono text-xs"
                onFocus={(event) => event.currentTarget.select()}
              />
              <CopyButton text={url} label={`Copy ${player?.fullName ?? "the player"}'s invite link`} />
            </div>
          </div>
          <div className="flex justify-center">
            <Suspense fallback={<div className="size-48 rounded-lg bg-stone-100" aria-hidden="true" />}>
              <QrCode text={url} label={`QR code of ${player?.fullName ?? "the player"}'s invite link`} />
            </Suspense>
          </div>
        </div>
      ) : null}
      {renew.isError ? (
        <FormMessage tone="error">
          {describeError(renew.error, "A new link could not be made. Please try again.")}
        </FormMessage>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={renew.isPending}
          onClick={() => player && renew.mutate(player.id)}
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          {renew.isPending ? "Making a new link…" : "New link"}
        </button>
        <p className="text-sm text-stone-600">A new link stops the old one from working.</p>
      </div>
    </SheetDialog>
  );
}
