import { describe, expect, it } from "vitest";
import { meKeys, playbookKeys, SESSION_QUERY_KEY, teamKeys } from "~/lib/query-keys";
import { CHANGE_KINDS, type ChangeKind } from "#domain/api/logger";
import { isAffectedBy, queryFamily } from "./change-keys";

const filters = { side: "all", kind: "all", from: "", to: "" } as const;

/** One key of every query family the app has, by family. */
const KEYS = {
  "team.players": teamKeys.players(),
  "team.player": teamKeys.player("p1", 120),
  "team.playerEvents": teamKeys.playerEvents("p1", null),
  "team.playerFeedback": teamKeys.playerFeedback("p1"),
  "team.sessions": teamKeys.sessions(),
  "team.session": teamKeys.session("s1"),
  "team.leaderboard": teamKeys.leaderboard("season", null, "all"),
  "team.stats": teamKeys.stats(120),
  "team.dashboard": teamKeys.dashboard(),
  "team.playbook.plays": playbookKeys.plays(false),
  "team.playbook.analysis": playbookKeys.analysis(filters, 120),
  "team.playbook.play-events": playbookKeys.playEvents("play1", filters, 120),
  "team.games": teamKeys.games(),
  "team.game-sheet": teamKeys.gameSheet("s1"),
  "team.participation": teamKeys.participation("s1"),
  "team.scoreboard": teamKeys.scoreboard(),
  "team.rules": teamKeys.rules(),
  "team.coaches": teamKeys.coaches(),
  "team.roster": teamKeys.roster(),
  "team.seasons": teamKeys.seasons(),
  "team.schedule": teamKeys.schedule("upcoming", 1),
  "team.schedule-settings": teamKeys.scheduleSettings(),
  "team.reminder-settings": teamKeys.reminderSettings(),
  "me.dashboard": meKeys.dashboard(120),
  "me.stat-lines": meKeys.statLines(),
  "me.profile": meKeys.profile(),
  "me.feedback": meKeys.feedback(),
  "me.training-logs": meKeys.trainingLogs({}),
  "me.calendar": meKeys.calendar(),
  "me.mail-preferences": meKeys.mailPreferences(),
} as const;
type Family = keyof typeof KEYS;

/** The families each kind the server publishes must refresh: the rest must stay as they are. */
const EXPECTED: Record<ChangeKind, Family[]> = {
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
    "team.games",
    "team.game-sheet",
    "team.participation",
    "team.scoreboard",
    "me.dashboard",
    "me.stat-lines",
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
    "team.games",
    "team.game-sheet",
    "team.participation",
    "team.scoreboard",
    "team.rules",
    "team.seasons",
    "team.schedule",
    "me.dashboard",
    "me.stat-lines",
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
    "team.game-sheet",
    "team.participation",
    "team.coaches",
    "team.roster",
    "team.schedule",
    "me.dashboard",
    "me.profile",
    "me.feedback",
  ],
  feedback: ["team.player", "team.playerFeedback", "me.dashboard", "me.feedback"],
  logs: ["team.player", "me.dashboard", "me.training-logs"],
  plays: ["team.playbook.plays", "team.playbook.analysis", "team.playbook.play-events"],
  schedule: ["team.schedule", "team.schedule-settings"],
};

describe("live updates: which queries a change kind refreshes", () => {
  it("every key of the registry has the family it is listed under", () => {
    for (const [family, key] of Object.entries(KEYS)) expect(queryFamily(key), family).toBe(family);
  });

  it("covers every kind the stream sends", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...CHANGE_KINDS].sort());
  });

  it.each(CHANGE_KINDS)("%s refreshes exactly its families", (kind) => {
    const refreshed = (Object.keys(KEYS) as Family[]).filter((family) => isAffectedBy(kind, KEYS[family]));
    expect(refreshed.sort()).toEqual([...EXPECTED[kind]].sort());
  });

  it("an event's page and the schedule's lists are one family", () => {
    expect(queryFamily(teamKeys.scheduleEvent("e1"))).toBe("team.schedule");
    expect(isAffectedBy("schedule", teamKeys.scheduleEvent("e1"))).toBe(true);
    expect(isAffectedBy("events", teamKeys.scheduleEvent("e1"))).toBe(false);
  });

  it("a player's detail, events and feedback are told apart though they share ['team', 'player', id]", () => {
    expect(isAffectedBy("logs", teamKeys.player("p1", 0))).toBe(true);
    expect(isAffectedBy("logs", teamKeys.playerEvents("p1", "touchdown"))).toBe(false);
    expect(isAffectedBy("logs", teamKeys.playerFeedback("p1"))).toBe(false);
  });

  it("never re-runs the session check", () => {
    for (const kind of CHANGE_KINDS) expect(isAffectedBy(kind, SESSION_QUERY_KEY)).toBe(false);
  });

  it("a team or player query it does not know is refreshed by every kind, as before", () => {
    for (const kind of CHANGE_KINDS) {
      expect(isAffectedBy(kind, ["team", "something-new"])).toBe(true);
      expect(isAffectedBy(kind, ["me", "something-new", { x: 1 }])).toBe(true);
    }
  });
});
