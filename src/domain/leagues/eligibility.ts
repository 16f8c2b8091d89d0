/**
 * Who may play a league's games for a team (docs/product.md §17, issue #31): the team's roster held against its
 * division's age cutoff and roster lock. Pure and free of zod, like the league's other rules.
 *
 * - Age: a player born before the division's cutoff is too old for it (playing down, never allowed); a younger
 *   player plays up, which is. With a cutoff, a player whose birth date is not recorded cannot be checked: that is
 *   a problem until the coach or a guardian records it. Without a cutoff, age is no one's business.
 * - Roster lock: the roster stays the team's own (the same Flagline team plays outside the league), so the lock
 *   blocks nothing. A player who joined the roster after the lock day (the day as the league's zone reads it; the day
 *   itself is still open) waits for the league's approval; one the league rejected is not eligible for its games.
 *   A decision is about one joining (`joinedAt`): a player taken off the roster and added again after the lock waits
 *   again, and a decision about a player who joined before the (moved) lock no longer matters.
 */
import { wallTimeOf } from "../schedule.js";

export const ROSTER_DECISIONS = ["approved", "rejected"] as const;
export type RosterDecision = (typeof ROSTER_DECISIONS)[number];

export const ELIGIBILITY_PROBLEMS = ["too_old", "no_birth_date", "awaiting_approval", "rejected"] as const;
type EligibilityProblemKind = (typeof ELIGIBILITY_PROBLEMS)[number];

/** A division's rules, in its league's zone. */
export interface DivisionRules {
  name: string;
  /** YYYY-MM-DD: born before it is too old; null: no cutoff. */
  ageCutoff: string | null;
  /** YYYY-MM-DD: the last day the roster changes freely; null: no lock. */
  rosterLock: string | null;
  /** The league's zone, in which a joining's day is read. */
  timeZone: string;
}

/** A player on the team's roster now. Players taken off the roster are on it no more, and nobody's problem. */
export interface RosterPlayer {
  id: string;
  /** As the caller may see it: the full name for the team's coaches, a short one for the league. */
  name: string;
  /** YYYY-MM-DD, or null: not recorded. */
  birthDate: string | null;
  /** When the player joined the roster (ISO-8601 UTC). */
  joinedAt: string;
}

/** The league's decision about a player who joined after the lock. */
export interface RosterApproval {
  playerId: string;
  decision: RosterDecision;
  /** The joining it decided about (the player's `joinedAt` then). */
  joinedAt: string;
  note: string | null;
}

interface EligibilityProblem {
  kind: EligibilityProblemKind;
  /** The day the player joined the roster, in the league's zone: for the roster lock's problems; else null. */
  joinedOn: string | null;
  /** The league's note with a rejection; else null. */
  note: string | null;
}

export interface PlayerEligibility {
  playerId: string;
  name: string;
  birthDate: string | null;
  problems: EligibilityProblem[];
}

/** The day a player joined the roster, as the league's zone reads it. */
export function joinedOn(joinedAt: string, timeZone: string): string {
  return wallTimeOf(new Date(joinedAt), timeZone).slice(0, 10);
}

/** Whether a player joined the roster after the division's lock day: a change the league approves or rejects. */
export function joinedAfterLock(player: Pick<RosterPlayer, "joinedAt">, division: DivisionRules): boolean {
  return division.rosterLock !== null && joinedOn(player.joinedAt, division.timeZone) > division.rosterLock;
}

/** The league's decision about this joining of the player (one about an earlier joining no longer counts). */
function decisionAbout(player: RosterPlayer, approval: RosterApproval | undefined): RosterApproval | undefined {
  return approval?.joinedAt === player.joinedAt ? approval : undefined;
}

/** Players in the order every list shows them: by name, then id. */
const byName = (a: { name: string; playerId: string }, b: { name: string; playerId: string }) =>
  a.name.localeCompare(b.name) || a.playerId.localeCompare(b.playerId);

/** What keeps one player from the division's games; empty: nothing. */
function playerProblems(
  division: DivisionRules,
  player: RosterPlayer,
  approval: RosterApproval | undefined,
): EligibilityProblem[] {
  const problems: EligibilityProblem[] = [];
  if (division.ageCutoff !== null) {
    // Days written YYYY-MM-DD compare as text.
    if (player.birthDate === null) problems.push({ kind: "no_birth_date", joinedOn: null, note: null });
    else if (player.birthDate < division.ageCutoff) problems.push({ kind: "too_old", joinedOn: null, note: null });
  }
  if (joinedAfterLock(player, division)) {
    const day = joinedOn(player.joinedAt, division.timeZone);
    const decided = decisionAbout(player, approval);
    if (decided?.decision === "rejected") problems.push({ kind: "rejected", joinedOn: day, note: decided.note });
    else if (!decided) problems.push({ kind: "awaiting_approval", joinedOn: day, note: null });
  }
  return problems;
}

/** The players of a team's roster who have a problem in the division, by name, each with every problem they have. */
export function eligibilityProblems(
  division: DivisionRules,
  roster: readonly RosterPlayer[],
  approvals: readonly RosterApproval[],
): PlayerEligibility[] {
  const byPlayer = new Map(approvals.map((a) => [a.playerId, a]));
  return roster
    .map((player) => ({
      playerId: player.id,
      name: player.name,
      birthDate: player.birthDate,
      problems: playerProblems(division, player, byPlayer.get(player.id)),
    }))
    .filter((p) => p.problems.length > 0)
    .sort(byName);
}

/** A player whose joining after the lock the league approved: eligible, and still the admins' to reject. */
export interface ApprovedAfterLock {
  playerId: string;
  name: string;
  /** The day the player joined the roster, in the league's zone. */
  joinedOn: string;
}

/** The players of a team's roster who joined after the lock and whose joining the league approved, by name. */
export function approvedAfterLock(
  division: DivisionRules,
  roster: readonly RosterPlayer[],
  approvals: readonly RosterApproval[],
): ApprovedAfterLock[] {
  const byPlayer = new Map(approvals.map((a) => [a.playerId, a]));
  return roster
    .filter(
      (player) =>
        joinedAfterLock(player, division) && decisionAbout(player, byPlayer.get(player.id))?.decision === "approved",
    )
    .map((player) => ({
      playerId: player.id,
      name: player.name,
      joinedOn: joinedOn(player.joinedAt, division.timeZone),
    }))
    .sort(byName);
}
