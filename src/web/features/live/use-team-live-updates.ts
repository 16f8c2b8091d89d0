import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "~/lib/session-context";
import { CHANGE_EVENT } from "../../../domain/api/logger";
import { ME_ROOT_KEY } from "./me-keys";
import { TEAM_ROOT_KEY } from "./team-keys";

export const TEAM_STREAM_URL = "/api/team/stream";

/**
 * Keeps team data live: while a coach or player of a team is signed in, listens to GET /api/team/stream and, on
 * every "change", invalidates the queries under ["team"] and the player's own under ["me"] (on-screen ones
 * refetch, the rest refetch when next shown). The message only says that something changed, never what, so there is nothing to read from it.
 * Reconnecting after a dropped connection is EventSource's own (the server sets `retry:`); a stream the server
 * refuses (signed out, no team) is not retried.
 */
export function useTeamLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  // Keyed by user and team, so signing in as someone else, or joining another team, opens a fresh stream.
  const streamKey = user?.team ? `${user.id}:${user.team.id}` : null;

  useEffect(() => {
    if (streamKey === null || typeof EventSource === "undefined") return;
    const source = new EventSource(TEAM_STREAM_URL, { withCredentials: true });
    let opened = false;
    const onChange = () => {
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });
    };
    const onOpen = () => {
      // After a reconnect, changes made while the stream was down were never announced: refetch once.
      if (opened) onChange();
      opened = true;
    };
    source.addEventListener(CHANGE_EVENT, onChange);
    source.addEventListener("open", onOpen);
    return () => {
      source.removeEventListener(CHANGE_EVENT, onChange);
      source.removeEventListener("open", onOpen);
      source.close();
    };
  }, [streamKey, queryClient]);
}
