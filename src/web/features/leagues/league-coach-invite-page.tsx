import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { leagueKeys } from "~/lib/query-keys";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { takeCoachInvite } from "./api";
import { leagueCoachInviteQuery } from "./queries";

/**
 * /league-coach/:token (docs/product.md §17): a league's link for the coach of a team it added by name. The head
 * coach who takes it puts their own team in that place; its games arrive in the team's schedule.
 */
export function LeagueCoachInvitePage({ token }: { token: string }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery({ ...leagueCoachInviteQuery(token), retry: false });
  const take = useMutation({
    mutationFn: () => takeCoachInvite(token),
    onSuccess: async (mine) => {
      queryClient.setQueryData(leagueKeys.mine(), mine);
      await navigate("/leagues");
    },
  });
  const headCoach = user.role === "coach" && user.team !== null && user.coachRole === "head";
  return (
    <div className="space-y-8">
      <AppPageHeader title="Join a league" />
      <QueryState
        query={info}
        loading="Checking the link..."
        errorTitle="Link not valid"
        errorMessage="This coach link could not be checked."
      >
        {(data) => (
          <Panel title={`${data.teamName} in ${data.leagueName}`}>
            <p>
              {data.invitedBy ? `${data.invitedBy} asks you` : "You are asked"} to bring your team into{" "}
              {data.leagueName} as {data.teamName}, in the {data.divisionName} division. Your team keeps its roster,
              stats and seasons; the league&apos;s games go into your team&apos;s schedule.
            </p>
            {data.taken ? (
              <p className="mt-3 font-medium">Another team has taken this place already.</p>
            ) : headCoach ? (
              <button
                type="button"
                className="btn btn-primary mt-4"
                disabled={take.isPending}
                onClick={() => take.mutate()}
              >
                Bring {user.team!.name} in as {data.teamName}
              </button>
            ) : (
              <p className="mt-3 font-medium">Only a team&apos;s head coach can bring it into a league.</p>
            )}
            <FormOutcome
              error={take.error ? describeError(take.error, "The link could not be taken.") : null}
              notice={null}
            />
          </Panel>
        )}
      </QueryState>
    </div>
  );
}
