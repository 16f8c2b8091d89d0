import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { SESSION_QUERY_KEY } from "~/lib/query-keys";
import type { ProfileDto, ProfileResponse } from "#domain/api/player";
import { ME_ROOT_KEY, meKeys } from "~/lib/query-keys";

/**
 * After a profile or photo change: store what the server answered, then re-read the session (GET /api/me), so
 * the name, number, position and photo read the same in every corner of the app, and refresh the player's own
 * data (the dashboard shows them too).
 */
export function useProfileChanged(): (change: Partial<ProfileDto>) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (change: Partial<ProfileDto>) => {
      queryClient.setQueryData<ProfileResponse>(meKeys.profile(), (old) =>
        old ? { profile: { ...old.profile, ...change } } : old,
      );
      void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY, predicate: (q) => q.queryKey[1] !== "profile" });
    },
    [queryClient],
  );
}
