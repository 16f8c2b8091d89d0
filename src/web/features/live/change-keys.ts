import type { Query, QueryKey } from "@tanstack/react-query";
import type { ChangeKind } from "../../../domain/api/logger";

/**
 * What each change kind of GET /api/team/stream (src/server/routes/*: `hub.publish(teamId, changeNow(kind))`)
 * makes stale, by query family (a family is one GET endpoint's entries in lib/query-keys.ts, whatever their
 * parameters). Each list names the endpoints whose answer is built from the data of that kind:
 *
 * - events: every figure and event list (summaries, score history, leaderboard, stats, dashboards, the plays'
 *   "last used" and analysis, a session's events, the sessions' event counts).
 * - attendance: the attendance rates (summaries, player detail, stats, dashboards), the sessions' counts and a
 *   session's marks.
 * - sessions: whatever shows a session's kind, date or opponent, or counts sessions.
 * - roster: whatever shows a player's (or coach's) name, number, position or photo.
 * - feedback: the feedback lists, the detail page listing it, the player's unread count on their dashboard.
 * - logs: training logs (the player's own list and dashboard week, a coach's view in the player detail).
 * - plays: the playbook, its analysis and drill-down, and the logger's play picker (which reads the playbook's list).
 */
const FAMILIES_BY_KIND: Record<ChangeKind, readonly string[]> = {
  events: [
    "team.players",
    "team.player",
    "team.playerEvents",
    "team.sessions",
    "team.session",
    "team.leaderboard",
    "team.stats",
    "team.dashboard",
    "team.playbook.plays",
    "team.playbook.analysis",
    "team.playbook.play-events",
    "me.dashboard",
  ],
  attendance: [
    "team.players",
    "team.player",
    "team.sessions",
    "team.session",
    "team.leaderboard",
    "team.stats",
    "team.dashboard",
    "me.dashboard",
  ],
  sessions: [
    "team.players",
    "team.player",
    "team.playerEvents",
    "team.sessions",
    "team.session",
    "team.leaderboard",
    "team.stats",
    "team.dashboard",
    "team.playbook.analysis",
    "team.playbook.play-events",
    "me.dashboard",
  ],
  roster: [
    "team.players",
    "team.player",
    "team.playerEvents",
    "team.playerFeedback",
    "team.session",
    "team.leaderboard",
    "team.stats",
    "team.dashboard",
    "team.playbook.analysis",
    "team.playbook.play-events",
    "me.dashboard",
    "me.profile",
    "me.feedback",
  ],
  feedback: ["team.player", "team.playerFeedback", "me.dashboard", "me.feedback"],
  logs: ["team.player", "me.dashboard", "me.training-logs"],
  plays: ["team.playbook.plays", "team.playbook.analysis", "team.playbook.play-events"],
};

const KNOWN_FAMILIES = new Set(Object.values(FAMILIES_BY_KIND).flat());

/**
 * The family of a query key: "team.player" for ["team", "player", id, { tzOffset }], "team.playerEvents" for
 * ["team", "player", id, "events", …], "team.playbook.analysis" for ["team", "playbook", "analysis", …],
 * "me.dashboard" for ["me", "dashboard", …]. Null for keys outside ["team"] and ["me"] (the session).
 */
export function queryFamily(key: QueryKey): string | null {
  const [root, part] = key;
  if ((root !== "team" && root !== "me") || typeof part !== "string") return null;
  if (root === "team" && part === "player") {
    if (key[3] === "events") return "team.playerEvents";
    if (key[3] === "feedback") return "team.playerFeedback";
    return "team.player";
  }
  if (root === "team" && part === "playbook") return `team.playbook.${String(key[2])}`;
  return `${root}.${part}`;
}

/**
 * Whether a change of `kind` makes the query under `key` stale. A key of ["team"] or ["me"] whose family the
 * table above does not know (a query added later) is refreshed on every change, as all of them once were.
 */
export function isAffectedBy(kind: ChangeKind, key: QueryKey): boolean {
  const family = queryFamily(key);
  if (family === null) return false;
  return !KNOWN_FAMILIES.has(family) || FAMILIES_BY_KIND[kind].includes(family);
}

/** The `invalidateQueries` filter for a change of `kind`. */
export function changeFilter(kind: ChangeKind) {
  return { predicate: (query: Query) => isAffectedBy(kind, query.queryKey) };
}
