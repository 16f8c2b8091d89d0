import { queryOptions, type QueryClient } from "@tanstack/react-query";
import {
  gameSheetQuery as gameSheet,
  playsQuery as playbookPlaysQuery,
  rulesQuery as teamRules,
  sessionDetailQuery as sessionDetail,
  teamPlayersQuery,
  teamSessionsQuery,
} from "~/lib/queries";
import { initialSessionId, localDay } from "./view-model";

/**
 * The logger's reads: the shared definitions (lib/queries.ts) with "offlineFirst", so with the browser offline
 * they still ask and the service worker answers from its cache (vite.config.ts).
 */
const offlineFirst = { networkMode: "offlineFirst" } as const;

export function playersQuery() {
  return queryOptions({ ...teamPlayersQuery(), ...offlineFirst });
}

export function sessionsQuery() {
  return queryOptions({ ...teamSessionsQuery(), ...offlineFirst });
}

export function sessionDetailQuery(id: string) {
  return queryOptions({ ...sessionDetail(id), ...offlineFirst });
}

/** GET /api/team/sessions/{id}/snaps: the game's scoreboard, rules, snaps and the players they name. */
export function gameSheetQuery(sessionId: string) {
  return queryOptions({ ...gameSheet(sessionId), ...offlineFirst });
}

/**
 * The logger's first load (lib/first-reads.ts): the reads of the session it opens, picked as the page picks it (the
 * address's ?session=, else today's) from the sessions list once that is in the cache, so the page's first render
 * holds them. A session remembered on this phone is not known here: the page then opens that one, and these two
 * answers simply go unused.
 */
export function firstSessionReads(asked: string | null) {
  return (client: QueryClient) => {
    const list = client.getQueryData(sessionsQuery().queryKey)?.sessions;
    const id = list ? initialSessionId(list, asked, null, localDay()) : null;
    return id ? [sessionDetailQuery(id), gameSheetQuery(id)] : [];
  };
}

/** GET /api/team/rules, for a session the server does not have yet (its sheet brings the rules otherwise). */
export function rulesQuery() {
  return queryOptions({ ...teamRules(), ...offlineFirst, staleTime: 5 * 60_000 });
}

export interface PlayOption {
  id: string;
  name: string;
}

/** Reads whatever list of plays the playbook API answers with: `{ plays: [{ id, name | title }] }`. */
export function readPlays(body: unknown): PlayOption[] {
  const list = typeof body === "object" && body !== null && "plays" in body ? (body as { plays: unknown }).plays : null;
  if (!Array.isArray(list)) return [];
  return list.flatMap((p: unknown) => {
    if (typeof p !== "object" || p === null) return [];
    const { id, name, title } = p as { id?: unknown; name?: unknown; title?: unknown };
    const label = typeof name === "string" ? name : typeof title === "string" ? title : null;
    return typeof id === "string" && label ? [{ id, name: label }] : [];
  });
}

/**
 * The team's current plays, for the optional play on an event: the playbook's own entry, read as picker options.
 * A failed read leaves the picker hidden (no plays) rather than retrying under the coach's thumb.
 */
export function playsQuery() {
  return queryOptions({
    ...playbookPlaysQuery(false),
    select: readPlays,
    retry: false,
    staleTime: 5 * 60_000,
    ...offlineFirst,
  });
}
