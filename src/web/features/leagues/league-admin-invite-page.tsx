import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { leagueKeys } from "~/lib/query-keys";
import { leagueAdminInviteQuery } from "./queries";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { FormOutcome } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { takeCoAdminInvite } from "./api";

/** /league-admin/:token (docs/product.md §17): a co-admin link, taken by the signed-in account. */
export function LeagueAdminInvitePage({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useQuery({ ...leagueAdminInviteQuery(token), retry: false });
  const take = useMutation({
    mutationFn: () => takeCoAdminInvite(token),
    onSuccess: async (league) => {
      queryClient.setQueryData(leagueKeys.detail(league.id), league);
      await queryClient.invalidateQueries({ queryKey: leagueKeys.mine() });
      await navigate(`/leagues/${league.id}`);
    },
  });
  return (
    <div className="space-y-8">
      <AppPageHeader title="Help run a league" />
      <QueryState
        query={info}
        loading="Checking the link..."
        errorTitle="Link not valid"
        errorMessage="This co-admin link could not be checked."
      >
        {(data) => (
          <Panel title={data.leagueName}>
            <p>
              {data.invitedBy ? `${data.invitedBy} asks you` : "You are asked"} to help run {data.leagueName}: its
              divisions, teams, fields, schedule and results.
            </p>
            <button
              type="button"
              className="btn btn-primary mt-4"
              disabled={take.isPending}
              onClick={() => take.mutate()}
            >
              Help run {data.leagueName}
            </button>
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
