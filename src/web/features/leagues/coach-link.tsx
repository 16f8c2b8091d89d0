import { useMutation } from "@tanstack/react-query";
import type { LeagueTeam } from "#domain/api/leagues";
import { CopyButton } from "~/ui/copy-button";
import { FormOutcome } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { inviteLeagueCoach } from "./api";

/**
 * A single-use link for the coach of a team the league added by name (docs/product.md §17): the head coach who
 * takes it brings their Flagline team into that place.
 */
export function CoachLink({ team }: { team: LeagueTeam }) {
  const invite = useMutation({ mutationFn: () => inviteLeagueCoach(team.id) });
  const url = invite.data ? `${window.location.origin}${invite.data.path}` : null;
  return (
    <div className="mt-1 space-y-1 text-sm">
      <button
        type="button"
        className="text-field-800 underline"
        disabled={invite.isPending}
        onClick={() => invite.mutate()}
      >
        Invite its coach<span className="sr-only"> of {team.name}</span>
      </button>
      {url && invite.data ? (
        <div className="space-y-1">
          <p>
            Send this link to the coach of {team.name}. It works once, until {formatDateTime(invite.data.expiresAt)}:
          </p>
          <p className="font-mono break-all">{url}</p>
          <CopyButton text={url} label={`Copy the coach link for ${team.name}`} />
        </div>
      ) : null}
      <FormOutcome
        error={invite.error ? describeError(invite.error, "The link could not be made.") : null}
        notice={null}
      />
    </div>
  );
}
