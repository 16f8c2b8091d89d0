import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api";
import { CopyButton } from "~/ui/copy-button";
import { FormMessage } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";

/**
 * From 13, a guardian invites the child to a sign-in of their own (docs/product.md §13): the link the child opens
 * to choose an email and password; everything of theirs stays, and the guardian keeps them on the family page.
 */
export function OwnSignInInvite({ childId, name }: { childId: string; name: string }) {
  const invite = useMutation({
    mutationFn: () =>
      apiFetch<{ token: string }>(`/api/family/children/${encodeURIComponent(childId)}/sign-in-invite`, {
        method: "POST",
      }),
  });
  const url = invite.data ? `${window.location.origin}/claim/${encodeURIComponent(invite.data.token)}` : null;
  return (
    <div className="space-y-2 text-sm">
      {url ? (
        <>
          <p className="text-stone-700">Send {name} this link to choose an email and password:</p>
          <div className="flex flex-wrap items-center gap-2">
            <input
              readOnly
              aria-label={`${name}'s sign-in link`}
              value={url}
              className="input min-w-0 flex-1 font-mono text-xs"
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton text={url} label={`Copy ${name}'s sign-in link`} />
          </div>
        </>
      ) : (
        <button
          type="button"
          className="btn btn-secondary w-full"
          disabled={invite.isPending}
          onClick={() => invite.mutate()}
        >
          {invite.isPending ? "Making a link…" : `Invite ${name} to their own sign-in`}
        </button>
      )}
      {invite.isError ? (
        <FormMessage tone="error">
          {describeError(invite.error, "The link could not be made. Please try again.")}
        </FormMessage>
      ) : null}
    </div>
  );
}
