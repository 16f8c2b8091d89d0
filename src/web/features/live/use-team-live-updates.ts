import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSession } from "~/lib/session-context";
import { ME_ROOT_KEY, TEAM_ROOT_KEY } from "~/lib/query-keys";
import { CHANGE_EVENT } from "#domain/api/logger";
import { liveChangeSchema } from "#domain/api/live";
import { applyLiveChange } from "./apply-change";

const TEAM_STREAM_URL = "/api/team/stream";

/**
 * Keeps team data live: while a coach or player of a team is signed in, listens to GET /api/team/stream and, on
 * every "change", puts the data it carries (the game's scoreboard, a coach's leaderboard) into the matching
 * queries and invalidates the other queries its kind affects (apply-change.ts, change-keys.ts; on-screen ones
 * refetch, the rest refetch when next shown). A message this version cannot read, and a reconnect (changes made while the stream was down were never announced),
 * refresh everything under ["team"] and ["me"].
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
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });
    };
    const onChange = (message: MessageEvent) => {
      const change = liveChangeSchema.safeParse(readJson(message.data));
      if (change.success) applyLiveChange(queryClient, change.data);
      else refreshAll();
    };
    const onOpen = () => {
      if (opened) refreshAll();
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

function readJson(data: unknown): unknown {
  if (typeof data !== "string") return undefined;
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
}
