import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Radio } from "lucide-react";
import { useState } from "react";
import type { FollowLinkResponse } from "#domain/api/follow";
import { apiFetch } from "~/lib/api";
import { followLinkQuery } from "~/lib/queries";
import { teamKeys } from "~/lib/query-keys";
import { Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { CopyButton } from "~/ui/copy-button";
import { describeError } from "~/ui/query-state";

const linkPath = (sessionId: string) => `/api/team/sessions/${encodeURIComponent(sessionId)}/follow-link`;

/**
 * A game's follow link on its box score (docs/product.md §15): the page anyone holding it can open on a phone to
 * follow the game live, with no account. A coach makes it and turns it off; players and guardians copy it to share
 * with family. Players are shown there by first name and number only.
 */
export function FollowLinkPanel({ sessionId, coach }: { sessionId: string; coach: boolean }) {
  const query = useQuery(followLinkQuery(sessionId));
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const set = (data: FollowLinkResponse) => queryClient.setQueryData(teamKeys.followLink(sessionId), data);
  const make = useMutation({
    mutationFn: () => apiFetch<FollowLinkResponse>(linkPath(sessionId), { method: "PUT" }),
    onSuccess: (data) => {
      set(data);
      setNotice("The follow link is ready: copy it and send it to the families.");
    },
  });
  const revoke = useMutation({
    mutationFn: () => apiFetch<FollowLinkResponse>(linkPath(sessionId), { method: "DELETE" }),
    onSuccess: (data) => {
      set(data);
      setConfirming(false);
      setNotice("The follow link is off: anyone who opens it now is told it no longer works.");
    },
  });

  const link = query.data?.link ?? null;
  // Nothing to share and nothing a player can do: no panel.
  if (!coach && !link) return null;
  return (
    <Panel title="Follow live" icon={<Radio className="size-5" />}>
      <div className="space-y-3 text-sm" data-print="hide">
        <p>
          Anyone with the link can follow this game on a phone as it happens, without an account: the score, the line
          score and every play. Players show by first name and number only, and no photos.
        </p>
        {notice ? (
          <p role="status" className="font-semibold text-field-800">
            {notice}
          </p>
        ) : null}
        {link ? (
          <div className="flex flex-wrap items-center gap-3">
            <label className="sr-only" htmlFor={`follow-link-${sessionId}`}>
              Follow link
            </label>
            <input
              id={`follow-link-${sessionId}`}
              readOnly
              value={link.url}
              onFocus={(e) => e.currentTarget.select()}
              className="input min-w-0 flex-1 font-mono text-xs"
            />
            <CopyButton text={link.url} label="Copy the follow link" />
            {coach ? (
              <button type="button" className="btn btn-secondary py-2" onClick={() => setConfirming(true)}>
                Turn off link
              </button>
            ) : null}
          </div>
        ) : query.isSuccess ? (
          <div className="flex flex-wrap items-center gap-3">
            <button type="button" className="btn btn-primary" disabled={make.isPending} onClick={() => make.mutate()}>
              {make.isPending ? "Making the link..." : "Make a follow link"}
            </button>
          </div>
        ) : null}
        {make.isError ? (
          <p role="alert" className="text-red-800">
            {describeError(make.error, "The follow link could not be made. Please try again.")}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Turn off the follow link?"
        description="Pages open on it close, and the link stops working. A link you make later is a new one."
        confirmLabel="Turn off link"
        pendingLabel="Turning off..."
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        error={
          revoke.isError ? describeError(revoke.error, "The link could not be turned off. Please try again.") : null
        }
      />
    </Panel>
  );
}
