import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { afterPaint } from "~/lib/after-paint";
import { useSession } from "~/lib/session-context";
import { ME_ROOT_KEY, TEAM_ROOT_KEY } from "~/lib/query-keys";
import { applyLiveChange } from "./apply-change";

const TEAM_STREAM_URL = "/api/team/stream";
/** A retry of the message reader's chunk that did not load (a dropped connection), until it does. */
const READER_RETRY_MS = 5000;

/**
 * Keeps team data live: while a coach or player of a team is signed in, listens to GET /api/team/stream and, on
 * every "change", puts the data it carries (the game's scoreboard, a coach's leaderboard) into the matching
 * queries and invalidates the other queries its kind affects (apply-change.ts, change-keys.ts; on-screen ones
 * refetch, the rest refetch when next shown). A message this version cannot read, and a reconnect (changes made while the stream was down were never announced),
 * refresh everything under ["team"] and ["me"].
 * Reconnecting after a dropped connection is EventSource's own (the server sets `retry:`); a stream the server
 * refuses (signed out, no team) is not retried.
 *
 * The stream opens after the screen's first paint, once the reader of its messages (read-change.ts, with zod) is
 * in: neither is needed to draw the screen, whose first reads are already under way (decision 0021).
 */
export function useTeamLiveUpdates(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  // Keyed by user and team, so signing in as someone else, or joining another team, opens a fresh stream.
  const streamKey = user?.team ? `${user.id}:${user.team.id}` : null;

  useEffect(() => {
    if (streamKey === null || typeof EventSource === "undefined") return;
    let ended = false;
    let close = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });
    };
    const listen = ({ CHANGE_EVENT, readChange }: typeof import("./read-change")) => {
      if (ended) return;
      const source = new EventSource(TEAM_STREAM_URL, { withCredentials: true });
      let opened = false;
      const onChange = (message: MessageEvent) => {
        const change = readChange(message.data);
        if (change) applyLiveChange(queryClient, change);
        else refreshAll();
      };
      const onOpen = () => {
        if (opened) refreshAll();
        opened = true;
      };
      source.addEventListener(CHANGE_EVENT, onChange);
      source.addEventListener("open", onOpen);
      close = () => {
        source.removeEventListener(CHANGE_EVENT, onChange);
        source.removeEventListener("open", onOpen);
        source.close();
      };
    };
    const start = () =>
      void import("./read-change").then(listen, () => {
        if (!ended) retry = setTimeout(start, READER_RETRY_MS);
      });
    const cancelWait = afterPaint(start);
    return () => {
      ended = true;
      cancelWait();
      clearTimeout(retry);
      close();
    };
  }, [streamKey, queryClient]);
}
