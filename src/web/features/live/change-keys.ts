import type { QueryKey } from "@tanstack/react-query";
import type { ChangeKind } from "#domain/api/logger";

/**
 * Which change kinds of GET /api/team/stream (src/server/routes/*: `hub.publish(teamId, changeNow(kind))`) make
 * each query family stale (a family is one GET endpoint's entries in lib/query-keys.ts, whatever their
 * parameters). By kind, the endpoints whose answer is built from the data of that kind:
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
 * - schedule: the team's schedule (docs/product.md §12): its lists, an event's page, the dashboards' next event, the
 *   schedule settings. A session started for a scheduled event ("sessions") links it to its box score, and a roster
 *   change changes who can answer (the counts' "no answer" and a coach's list of players).
 * Snaps are announced as "events" (a snap writes events); a final score, the game's period (decision 0022),
 * home/away and the league rules as "sessions", which is what the games list, game sheets and scoreboards are built
 * from besides snaps.
 */
const KINDS_BY_FAMILY: Record<string, readonly ChangeKind[]> = {
  "team.players": ["events", "attendance", "sessions", "roster"],
  "team.player": ["events", "attendance", "sessions", "roster", "feedback", "logs"],
  "team.playerEvents": ["events", "sessions", "roster"],
  "team.playerFeedback": ["roster", "feedback"],
  // A player's guardians, consent and birth date: every change to them is announced as "roster".
  "team.playerFamily": ["roster"],
  "team.sessions": ["events", "attendance", "sessions"],
  "team.session": ["events", "attendance", "sessions", "roster"],
  "team.leaderboard": ["events", "attendance", "sessions", "roster"],
  "team.stats": ["events", "attendance", "sessions", "roster"],
  "team.dashboard": ["events", "attendance", "sessions", "roster"],
  "team.playbook.plays": ["events", "plays"],
  "team.playbook.analysis": ["events", "sessions", "roster", "plays"],
  "team.playbook.play-events": ["events", "sessions", "roster", "plays"],
  "team.games": ["events", "sessions"],
  "team.game-sheet": ["events", "sessions", "roster"],
  "team.participation": ["events", "sessions", "roster"],
  // A coach making or revoking a game's follow link announces it as "sessions" (naming the game).
  "team.follow-link": ["sessions"],
  "team.scoreboard": ["events", "sessions"],
  "team.rules": ["sessions"],
  "team.coaches": ["roster"],
  // Made and revoked only on the settings page, which refreshes it itself: no live change touches it.
  "team.api-tokens": [],
  // Starting or changing a season is announced as "sessions": the picker's list and every stat read follow it.
  "team.seasons": ["sessions"],
  "team.roster": ["roster"],
  "team.schedule": ["schedule", "sessions", "roster"],
  "team.schedule-settings": ["schedule"],
  // The reminder times: changed only on the schedule screen, which sets them itself; no change kind announces them.
  "team.reminder-settings": [],
  "me.dashboard": ["events", "attendance", "sessions", "roster", "feedback", "logs"],
  "me.stat-lines": ["events", "sessions"],
  "me.profile": ["roster"],
  "me.feedback": ["roster", "feedback"],
  "me.training-logs": ["logs"],
  // The caller's own calendar link: made and replaced only on the schedule screen, which sets it itself.
  "me.calendar": [],
  // Which mails the person gets: changed on their own account sections (which set it) or by a mail's unsubscribe link.
  "me.mail-preferences": [],
};

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
    if (key[3] === "family") return "team.playerFamily";
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
  const kinds = KINDS_BY_FAMILY[family];
  return kinds === undefined || kinds.includes(kind);
}
