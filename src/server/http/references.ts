import type { Kysely } from "kysely";
import { teamReferences, teamRosterAndReferences, type TeamReferences } from "../db/team-references.js";
import type { DB } from "../db/schema.js";
import type { TeamHub } from "../realtime/hub.js";
import { ApiError } from "./errors.js";

/*
 * The check every write that names players, sessions or plays makes before anything is written (events, snaps):
 * each must be the caller's team's, else a 400 invalid_reference naming each field that is not.
 */

const NOT_THE_TEAMS = {
  player: "This player is not on your team.",
  session: "This session is not your team's.",
  play: "This play is not in your team's playbook.",
} as const;

/** One id a request names, with the field that names it ("events.3.playerId"). */
export interface TeamRef {
  field: string;
  kind: keyof typeof NOT_THE_TEAMS;
  id: string;
}

const idsOf = (refs: readonly TeamRef[], kind: TeamRef["kind"]) => [
  ...new Set(refs.filter((r) => r.kind === kind).map((r) => r.id)),
];

/** Whether the lookup found this reference the team's. */
const isFound = (found: TeamReferences, r: TeamRef) =>
  (r.kind === "player" ? found.players : r.kind === "session" ? found.sessions : found.plays).has(r.id);

/** The references that are not the team's (one query, whatever their number). */
export async function missingReferences(db: Kysely<DB>, teamId: string, refs: readonly TeamRef[]): Promise<TeamRef[]> {
  const found = await teamReferences(db, teamId, {
    players: idsOf(refs, "player"),
    sessions: idsOf(refs, "session"),
    plays: idsOf(refs, "play"),
  });
  return refs.filter((r) => !isFound(found, r));
}

/** The 400 for these missing references (`many`: the message when there are several), or null for none. */
export function invalidReferences(missing: readonly TeamRef[], many: string): ApiError | null {
  if (missing.length === 0) return null;
  const fields: Record<string, string> = {};
  for (const r of missing) fields[r.field] = NOT_THE_TEAMS[r.kind];
  const messages = Object.values(fields);
  return new ApiError(400, "invalid_reference", messages.length === 1 ? messages[0]! : many, fields);
}

/** Throws invalidReferences' 400 when some of `refs` are not the team's (those `known` holds are not asked again). */
export async function checkTeamReferences(
  db: Kysely<DB>,
  teamId: string,
  refs: readonly TeamRef[],
  many: string,
  known?: KnownReferences,
): Promise<void> {
  if (!known) {
    const error = invalidReferences(await missingReferences(db, teamId, refs), many);
    if (error) throw error;
    return;
  }
  const asked = known.unknown(teamId, refs);
  if (asked.length === 0) return;
  const since = known.epoch();
  // A player not known yet brings the whole roster (a game's snaps soon name all of it): one query either way.
  const found = await teamRosterAndReferences(db, teamId, {
    sessions: idsOf(asked, "session"),
    plays: idsOf(asked, "play"),
  });
  const missing = asked.filter((r) => !isFound(found, r));
  known.add(
    teamId,
    [
      ...[...found.players].map((id): TeamRef => ({ field: "", kind: "player", id })),
      ...asked.filter((r) => r.kind !== "player" && isFound(found, r)),
    ],
    since,
  );
  const error = invalidReferences(missing, many);
  if (error) throw error;
}

/**
 * How long the ids found a team's are taken as still the team's without asking: at most this long after the
 * first of them was found. The hub's changes end it sooner; this bounds what a change the hub never told (a
 * database edited by hand) could let through.
 */
const KNOWN_MS = 60_000;
/** Teams whose ids are kept at once (the first kept goes first). */
const MAX_KNOWN_TEAMS = 5_000;

/**
 * The players, sessions and plays a check found the team's, kept so that game day's snaps, which name the same
 * game and the same players again and again, do not ask the database each time (at G = 1,000 that read was the
 * second costliest statement of the main thread: docs/performance.md, issue #34). A team's are forgotten when its
 * roster, sessions or playbook change (the hub's change, heard on every server), after KNOWN_MS, and every team's
 * when the hub resets (a PostgreSQL listener reconnected and may have missed changes). Only ids found are kept
 * (for players, the team's whole roster as read): an id not found is asked about every time, so one made a moment
 * ago on another server is never refused.
 */
export interface KnownReferences {
  /** The references of `refs` not known to be the team's. */
  unknown(teamId: string, refs: readonly TeamRef[]): TeamRef[];
  /** A count of the forgetting so far: pass it to `add` as the time the lookup began. */
  epoch(): number;
  /** `found` were the team's in a lookup begun at `since`; kept unless something was forgotten meanwhile. */
  add(teamId: string, found: readonly TeamRef[], since: number): void;
}

const FORGETTING_KINDS = new Set(["roster", "sessions", "plays"]);
const refKey = (r: TeamRef) => `${r.kind}:${r.id}`;

export function createKnownReferences(hub: TeamHub, now: () => number = Date.now): KnownReferences {
  const teams = new Map<string, { until: number; ids: Set<string> }>();
  let forgotten = 0;
  hub.observe({
    change(teamId, change) {
      if (!FORGETTING_KINDS.has(change.kind)) return;
      forgotten += 1;
      teams.delete(teamId);
    },
    reset() {
      forgotten += 1;
      teams.clear();
    },
  });
  const live = (teamId: string) => {
    const team = teams.get(teamId);
    if (team && team.until > now()) return team;
    if (team) teams.delete(teamId);
    return undefined;
  };
  return {
    unknown(teamId, refs) {
      const team = live(teamId);
      return team ? refs.filter((r) => !team.ids.has(refKey(r))) : [...refs];
    },
    epoch: () => forgotten,
    add(teamId, found, since) {
      if (since !== forgotten || found.length === 0) return;
      let team = live(teamId);
      if (!team) {
        if (teams.size >= MAX_KNOWN_TEAMS) teams.delete(teams.keys().next().value!);
        teams.set(teamId, (team = { until: now() + KNOWN_MS, ids: new Set() }));
      }
      for (const r of found) team.ids.add(refKey(r));
    },
  };
}

const knownByHub = new WeakMap<TeamHub, KnownReferences>();

/** The server's (the hub's) known references. */
export function knownReferencesOf(hub: TeamHub): KnownReferences {
  let known = knownByHub.get(hub);
  if (!known) knownByHub.set(hub, (known = createKnownReferences(hub)));
  return known;
}
