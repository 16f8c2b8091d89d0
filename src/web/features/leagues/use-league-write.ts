import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeagueDetail } from "#domain/api/leagues";
import { isApiError } from "~/lib/api";
import { leagueKeys } from "~/lib/query-keys";
import { describeError } from "~/ui/query-state";

/**
 * A write of a league's setup that answers the league as it now is: the answer replaces the admin page's copy, and
 * the schedule's games (their conflicts depend on the setup), the eligibility list and the caller's league list are
 * read again.
 */
export function useLeagueWrite<I>(leagueId: string, write: (input: I) => Promise<LeagueDetail>, onDone?: () => void) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: write,
    onSuccess: (league) => {
      queryClient.setQueryData(leagueKeys.detail(leagueId), league);
      void queryClient.invalidateQueries({ queryKey: leagueKeys.games(leagueId) });
      // A division's cutoff and lock, and the teams in it, decide who is eligible.
      void queryClient.invalidateQueries({ queryKey: leagueKeys.eligibility(leagueId) });
      void queryClient.invalidateQueries({ queryKey: leagueKeys.mine() });
      onDone?.();
    },
  });
  const fields: Record<string, string> = isApiError(mutation.error) ? mutation.error.fields : {};
  return { mutation, fields };
}

/** The error of a write whose fields are shown beside their inputs: only what no field says. */
export const leftover = (error: unknown, fields: Record<string, string>, fallback: string) =>
  error && Object.keys(fields).length === 0 ? describeError(error, fallback) : null;
