import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { withChildQuery } from "~/lib/acting-child";
import { afterPaint } from "~/lib/after-paint";
import { loadOnce } from "~/lib/load-once";
import { useSession } from "~/lib/session-context";
import { ME_ROOT_KEY, SESSION_QUERY_KEY, TEAM_ROOT_KEY } from "~/lib/query-keys";
import { CHANGE_EVENT } from "#domain/reads";
import { applyLiveChange } from "./apply-change";

const TEAM_STREAM_URL = "/api/team/stream";

/** The messages' reader (with zod), asked for once per page. */
const loadReader = loadOnce(() => import("./read-change"));

/**
 * Keeps team data live: while a coach or player of a team is signed in, listens to GET /api/team/stream and, on
 * every "change", puts the data it carries (the game's scoreboard, a coach's leaderboard) into the matching
 * queries and invalidates the other queries its kind affects (apply-change.ts, change-keys.ts; on-screen ones
 * refetch, the rest refetch when next shown). A message this version cannot read, and a reconnect (changes made
 * while the stream was down were never announced), refresh everything under ["team"] and ["me"].
 * Reconnecting after a dropped connection is EventSource's own (the server sets `retry:`); a stream the server
 * refuses (403: taken off the team, 401: signed out elsewhere) is not retried: the account's access was revoked,
 * so the team's cached data is dropped at once (no names or scores stay on screen) and the session is checked
 * again, which makes the guard show the "no longer on the roster" page (or the login).
 *
 * Neither the stream nor the reader of its messages is needed to draw the screen, whose first reads are under way
 * already (decision 0021): the stream opens once the screen's first frame is on the screen, and the reader
 * (read-change.ts, with zod) loads when the first message arrives. Messages are applied in the order they came;
 * if the reader cannot be loaded (the connection dropped), a message refreshes everything instead.
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
    const refreshAll = () => {
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });
    };
    const listen = () => {
      const source = new EventSource(withChildQuery(TEAM_STREAM_URL), { withCredentials: true });
      let opened = false;
      let applied: Promise<void> = Promise.resolve();
      const onChange = (message: MessageEvent) => {
        const data: unknown = message.data;
        applied = applied.then(loadReader).then(
          ({ readChange }) => {
            if (ended) return;
            const change = readChange(data);
            if (change) applyLiveChange(queryClient, change);
            else refreshAll();
          },
          () => {
            if (!ended) refreshAll();
          },
        );
      };
      const onOpen = () => {
        if (opened) refreshAll();
        opened = true;
      };
      const onError = () => {
        // A dropped connection is CONNECTING again (EventSource retries); an answer other than a stream is CLOSED.
        if (ended || source.readyState !== EventSource.CLOSED) return;
        void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        void queryClient.resetQueries({ queryKey: TEAM_ROOT_KEY });
      };
      source.addEventListener(CHANGE_EVENT, onChange);
      source.addEventListener("open", onOpen);
      source.addEventListener("error", onError);
      close = () => {
        source.removeEventListener(CHANGE_EVENT, onChange);
        source.removeEventListener("open", onOpen);
        source.removeEventListener("error", onError);
        source.close();
      };
    };
    const cancelWait = afterPaint(listen);
    return () => {
      ended = true;
      cancelWait();
      close();
    };
  }, [streamKey, queryClient]);
}
