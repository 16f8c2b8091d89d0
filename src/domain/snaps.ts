/**
 * Snaps (docs/product.md §10). A snap is one record of what happened on one down, with its participants: "a pass
 * from #7 to #11 for 12 yards". From it follow, by the pure functions here:
 * - the per-player events it implies (what the performance score of §9 counts), written in the same transaction;
 * - the points it is worth to us and to the opponent (the game's running score is their sum);
 * - its stat credits (football stat lines, box scores: see football-stats.ts).
 *
 * What becomes a scored event (decision 0010): only what a player did well. A completion credits the passer
 * (Pass Completion) and the receiver (Catch), both with the snap's yards; a touchdown pass credits Pass TD and
 * TD Catch instead (it is still a completion in the stat lines), and the team scores one touchdown. A carry is a
 * Rush Attempt, a rushing touchdown a Rush TD. A good try credits Extra Point to whoever threw, caught or ran it.
 * A flag pull, sack, interception and defensive stop credit their event; a safety for us credits the defender a
 * Flag Pull. Mistakes (an incompletion, a drop, an interception thrown, a penalty, a try no good) and a pass
 * defended are recorded on the snap and in stat lines only, so a player's score never rises because of a mistake.
 */
import type { EventType } from "./event-types.js";
import type { LeagueRules } from "./league-rules.js";

export const PASS_RESULTS = ["complete", "incomplete", "drop", "intercepted", "touchdown"] as const;
export type PassResult = (typeof PASS_RESULTS)[number];
export const OPPONENT_SCORES = ["touchdown", "try1", "try2", "safety"] as const;
export type OpponentScore = (typeof OPPONENT_SCORES)[number];
export const PENALTY_EFFECTS = ["none", "loss_of_down", "first_down"] as const;
export type PenaltyEffect = (typeof PENALTY_EFFECTS)[number];

export type SnapDetail =
  | { kind: "pass"; passerId: string; targetId: string | null; result: PassResult; yards: number | null }
  | { kind: "run"; runnerId: string; yards: number | null; touchdown: boolean }
  | {
      kind: "try";
      points: 1 | 2;
      method: "pass" | "run";
      good: boolean;
      passerId: string | null;
      /** The receiver of a pass try, the runner of a run try. */
      scorerId: string | null;
    }
  | { kind: "penalty"; on: "us" | "them"; yards: number; effect: PenaltyEffect; playerId: string | null }
  | { kind: "flag_pull"; defenderId: string; yards: number | null }
  | { kind: "sack"; defenderId: string }
  | { kind: "interception"; defenderId: string; returnTouchdown: boolean; yards: number | null }
  | { kind: "pass_defended"; defenderId: string }
  | { kind: "stop"; defenderId: string }
  | { kind: "safety"; defenderId: string | null }
  | { kind: "opponent_score"; score: OpponentScore };

export type SnapKind = SnapDetail["kind"];
export const SNAP_KINDS = [
  "pass",
  "run",
  "try",
  "penalty",
  "flag_pull",
  "sack",
  "interception",
  "pass_defended",
  "stop",
  "safety",
  "opponent_score",
] as const satisfies readonly SnapKind[];

/** Which side of the ball a snap is: ours with the ball, theirs, or neither (a penalty, a try). */
export function snapSide(detail: SnapDetail): "offense" | "defense" {
  switch (detail.kind) {
    case "pass":
    case "run":
    case "try":
    case "penalty":
      return "offense";
    default:
      return "defense";
  }
}

export interface ImpliedEvent {
  playerId: string;
  eventType: EventType;
  yards: number | null;
}

/** The scored per-player events a snap implies (see the header for the rules). */
export function eventsOfSnap(detail: SnapDetail): ImpliedEvent[] {
  const ev = (playerId: string, eventType: EventType, yards: number | null = null): ImpliedEvent => ({
    playerId,
    eventType,
    yards,
  });
  switch (detail.kind) {
    case "pass":
      if (detail.result === "complete" && detail.targetId)
        return [ev(detail.passerId, "Pass Completion", detail.yards), ev(detail.targetId, "Catch", detail.yards)];
      if (detail.result === "touchdown" && detail.targetId)
        return [ev(detail.passerId, "Pass TD", detail.yards), ev(detail.targetId, "TD Catch", detail.yards)];
      return [];
    case "run":
      return [ev(detail.runnerId, detail.touchdown ? "Rush TD" : "Rush Attempt", detail.yards)];
    case "try": {
      if (!detail.good) return [];
      const who = [detail.method === "pass" ? detail.passerId : null, detail.scorerId].filter(
        (id): id is string => id !== null,
      );
      return [...new Set(who)].map((id) => ev(id, "Extra Point"));
    }
    case "flag_pull":
      return [ev(detail.defenderId, "Flag Pull")];
    case "sack":
      return [ev(detail.defenderId, "Sack")];
    case "interception":
      return [ev(detail.defenderId, "Interception")];
    case "stop":
      return [ev(detail.defenderId, "Defensive Stop")];
    case "safety":
      return detail.defenderId ? [ev(detail.defenderId, "Flag Pull")] : [];
    case "pass_defended":
    case "penalty":
    case "opponent_score":
      return [];
  }
}

export interface SnapPoints {
  us: number;
  them: number;
}

/** The points a snap is worth to each side under the team's rules. */
export function pointsOfSnap(detail: SnapDetail, rules: Pick<LeagueRules, "touchdownPoints" | "safetyPoints">) {
  const td = rules.touchdownPoints;
  const us = (n: number): SnapPoints => ({ us: n, them: 0 });
  const them = (n: number): SnapPoints => ({ us: 0, them: n });
  switch (detail.kind) {
    case "pass":
      return us(detail.result === "touchdown" ? td : 0);
    case "run":
      return us(detail.touchdown ? td : 0);
    case "try":
      return us(detail.good ? detail.points : 0);
    case "interception":
      return us(detail.returnTouchdown ? td : 0);
    case "safety":
      return us(rules.safetyPoints);
    case "opponent_score":
      switch (detail.score) {
        case "touchdown":
          return them(td);
        case "try1":
          return them(1);
        case "try2":
          return them(2);
        case "safety":
          return them(rules.safetyPoints);
      }
    // eslint-disable-next-line no-fallthrough -- every score is handled above
    default:
      return us(0);
  }
}

export type ParticipantRole = "passer" | "target" | "runner" | "scorer" | "defender" | "penalized";

/** Who took part in a snap, and as what (a player appears once per role). */
export function participantsOfSnap(detail: SnapDetail): { playerId: string; role: ParticipantRole }[] {
  const out: { playerId: string; role: ParticipantRole }[] = [];
  const add = (playerId: string | null, role: ParticipantRole) => {
    if (playerId && !out.some((p) => p.playerId === playerId && p.role === role)) out.push({ playerId, role });
  };
  switch (detail.kind) {
    case "pass":
      add(detail.passerId, "passer");
      add(detail.targetId, "target");
      break;
    case "run":
      add(detail.runnerId, "runner");
      break;
    case "try":
      add(detail.method === "pass" ? detail.passerId : null, "passer");
      add(detail.scorerId, "scorer");
      break;
    case "penalty":
      add(detail.playerId, "penalized");
      break;
    case "flag_pull":
    case "sack":
    case "interception":
    case "pass_defended":
    case "stop":
      add(detail.defenderId, "defender");
      break;
    case "safety":
      add(detail.defenderId, "defender");
      break;
    case "opponent_score":
      break;
  }
  return out;
}

/** The players a snap names (for the team check before it is written). */
export function playersOfSnap(detail: SnapDetail): string[] {
  return [...new Set(participantsOfSnap(detail).map((p) => p.playerId))];
}

/**
 * What makes a snap impossible, beyond the shape its schema checks: a completion with no receiver, a passer who
 * throws to himself, a try run that names a passer. Returns [field, message] pairs; empty when it is fine.
 */
export function snapProblems(detail: SnapDetail): [string, string][] {
  const problems: [string, string][] = [];
  if (detail.kind === "pass") {
    const needsTarget = detail.result === "complete" || detail.result === "touchdown" || detail.result === "drop";
    if (needsTarget && !detail.targetId) problems.push(["targetId", "Choose the receiver."]);
    if (detail.targetId && detail.targetId === detail.passerId)
      problems.push(["targetId", "The passer cannot throw to himself."]);
    if (detail.yards !== null && (detail.result === "incomplete" || detail.result === "drop"))
      problems.push(["yards", "An incomplete pass gains no yards."]);
    // Nothing would keep them: an interception thrown credits no yards to anyone (return yards go on the defense's
    // interception snap).
    if (detail.yards !== null && detail.result === "intercepted")
      problems.push(["yards", "An intercepted pass gains no yards."]);
  }
  // A penalty on them is not on one of our players: naming one would list him as penalized on a foul he did not make.
  if (detail.kind === "penalty" && detail.on === "them" && detail.playerId)
    problems.push(["playerId", "A penalty on them names none of our players."]);
  if (detail.kind === "try") {
    if (detail.method === "run" && detail.passerId) problems.push(["passerId", "A run try has no passer."]);
    if (detail.method === "pass" && detail.passerId && detail.passerId === detail.scorerId)
      problems.push(["scorerId", "The passer cannot throw to himself."]);
  }
  return problems;
}

/** How a player is named in a snap's words: "#7", or the name when there is no jersey. */
export type PlayerLabel = (playerId: string) => string;

const yardWords = (yards: number) => `${yards} yd${Math.abs(yards) === 1 ? "" : "s"}`;
/**
 * The PlayerLabel of a set of players: "#7", or the name when there is no number (a jersey written "#7", "7" or
 * 7 alike; blank or "N/A" is none); `unknown` for an id not among them. A later entry for an id wins.
 */
export function playerLabeler(
  players: readonly { id: string; name: string; jerseyNumber: number | string | null }[],
  unknown = "Unknown player",
): PlayerLabel {
  const labels = new Map<string, string>();
  for (const p of players) {
    const jersey = p.jerseyNumber === null ? "" : String(p.jerseyNumber).trim().replace(/^#/, "");
    labels.set(p.id, jersey === "" || jersey.toUpperCase() === "N/A" ? p.name : `#${jersey}`);
  }
  return (id) => labels.get(id) ?? unknown;
}

/** A snap's points in words: "+6", "Opp +6", or null for none. */
export function snapPointsText(points: SnapPoints): string | null {
  const parts = [points.us > 0 ? `+${points.us}` : null, points.them > 0 ? `Opp +${points.them}` : null];
  const text = parts.filter(Boolean).join(", ");
  return text === "" ? null : text;
}

const yds = (yards: number | null) => (yards === null ? "" : `, ${yardWords(yards)}`);

/** A snap in a few words, as the play-by-play and Undo show it: "#7 → #11, 12 yds". */
export function describeSnap(detail: SnapDetail, label: PlayerLabel): string {
  switch (detail.kind) {
    case "pass": {
      const to = detail.targetId ? ` → ${label(detail.targetId)}` : "";
      const base = `${label(detail.passerId)}${to}`;
      switch (detail.result) {
        case "complete":
          return `${base}${yds(detail.yards)}`;
        case "touchdown":
          return `${base}${yds(detail.yards)}, touchdown`;
        case "incomplete":
          return `${base}, incomplete`;
        case "drop":
          return `${base}, dropped`;
        case "intercepted":
          return `${base}, intercepted`;
      }
      break;
    }
    case "run":
      return `${label(detail.runnerId)} run${yds(detail.yards)}${detail.touchdown ? ", touchdown" : ""}`;
    case "try": {
      const who =
        detail.method === "pass"
          ? [detail.passerId, detail.scorerId]
              .filter((x): x is string => !!x)
              .map(label)
              .join(" → ")
          : detail.scorerId
            ? `${label(detail.scorerId)} run`
            : "run";
      return `Try for ${detail.points}${who ? ` (${who})` : ""}: ${detail.good ? "good" : "no good"}`;
    }
    case "penalty": {
      const effect =
        detail.effect === "loss_of_down" ? ", loss of down" : detail.effect === "first_down" ? ", first down" : "";
      const who = detail.playerId ? ` (${label(detail.playerId)})` : "";
      return `Penalty on ${detail.on === "us" ? "us" : "them"}${who}, ${yardWords(detail.yards)}${effect}`;
    }
    case "flag_pull":
      return `Flag pull ${label(detail.defenderId)}${yds(detail.yards)}`;
    case "sack":
      return `Sack ${label(detail.defenderId)}`;
    case "interception":
      return `Interception ${label(detail.defenderId)}${yds(detail.yards)}${detail.returnTouchdown ? ", pick-six" : ""}`;
    case "pass_defended":
      return `Pass defended ${label(detail.defenderId)}`;
    case "stop":
      return `Defensive stop ${label(detail.defenderId)}`;
    case "safety":
      return `Safety for us${detail.defenderId ? ` (${label(detail.defenderId)})` : ""}`;
    case "opponent_score":
      switch (detail.score) {
        case "touchdown":
          return "Opponent touchdown";
        case "try1":
          return "Opponent try for 1, good";
        case "try2":
          return "Opponent try for 2, good";
        case "safety":
          return "Safety against us";
      }
  }
  return "Snap";
}

/** A snap as the game keeps it: its detail plus where it stands in the game. */
export interface GameSnap {
  id: string;
  detail: SnapDetail;
  period: number;
  /** ISO time the coach tapped; the game's order (then id). */
  occurredAt: string;
  /** The offense crossed midfield (or gained a first down by the league's rule) on this snap. */
  firstDown?: boolean;
  playId?: string | null;
}

/** Snaps in game order: by time, then id (two coaches' snaps made apart interleave by time). */
export function inGameOrder<T extends Pick<GameSnap, "occurredAt" | "id">>(snaps: readonly T[]): T[] {
  return [...snaps].sort((a, b) =>
    a.occurredAt < b.occurredAt ? -1 : a.occurredAt > b.occurredAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0,
  );
}

/** The running score: the sum of every snap's points. */
export function scoreOfSnaps(
  snaps: readonly Pick<GameSnap, "detail">[],
  rules: Pick<LeagueRules, "touchdownPoints" | "safetyPoints">,
): SnapPoints {
  let us = 0;
  let them = 0;
  for (const s of snaps) {
    const p = pointsOfSnap(s.detail, rules);
    us += p.us;
    them += p.them;
  }
  return { us, them };
}

export type GameResult = "W" | "L" | "T";

export function resultOf(score: SnapPoints): GameResult {
  return score.us > score.them ? "W" : score.us < score.them ? "L" : "T";
}

/** "3-1" or "3-1-1" (ties shown only when there are some). */
export function recordOf(results: readonly GameResult[]): { wins: number; losses: number; ties: number; text: string } {
  const wins = results.filter((r) => r === "W").length;
  const losses = results.filter((r) => r === "L").length;
  const ties = results.filter((r) => r === "T").length;
  return { wins, losses, ties, text: ties > 0 ? `${wins}-${losses}-${ties}` : `${wins}-${losses}` };
}

export interface DownState {
  down: number;
  /** What the offense is going for: to cross midfield, or to score. */
  toGain: "midfield" | "goal";
  /** Downs the current series allows. */
  of: number;
}

/**
 * Which side has the ball, as a penalty's effect shows it: a loss of down is only ever the offense's, an automatic
 * first down only ever goes to the offense. A penalty with no effect (replay the down) could be either side's.
 */
function penaltyOffense(detail: Extract<SnapDetail, { kind: "penalty" }>): "us" | "them" | null {
  if (detail.effect === "loss_of_down") return detail.on === "us" ? "us" : "them";
  if (detail.effect === "first_down") return detail.on === "them" ? "us" : "them";
  return null;
}

/** Whether a snap in `period` after one in `previous` is in a new half (or a new overtime), which ends any series. */
function newHalf(previous: number, period: number, rules: Pick<LeagueRules, "periodKind">): boolean {
  if (period === previous) return false;
  return rules.periodKind === "half" || period === 3 || period > 4;
}

/**
 * Down and distance when the league tracks downs (rules.trackDowns): our offense starts a series at 1st down to
 * cross midfield; a snap marked firstDown (crossed midfield) starts the count again, to score; a penalty with an
 * automatic first down for us starts the count again, to the same line. A score, a turnover, any defensive snap,
 * a penalty that shows the opponent has the ball (a loss of down for them, a first down for them) and the start of
 * a new half end the series (the next offensive snap is a new series from our own end). Loss-of-down penalties use
 * a down; other penalties replay it, and a penalty never opens a series unless its effect shows we have the ball.
 * null when downs are not tracked or our offense is not on the field.
 */
export function downState(snaps: readonly GameSnap[], rules: LeagueRules): DownState | null {
  if (!rules.trackDowns) return null;
  let state: DownState | null = null;
  let period: number | null = null;
  const fresh = (): DownState => ({ down: 1, toGain: "midfield", of: rules.downsToMidfield });
  const toScore = (): DownState => ({ down: 1, toGain: "goal", of: rules.downsToScore });
  for (const s of inGameOrder(snaps)) {
    if (period !== null && newHalf(period, s.period, rules)) state = null;
    period = s.period;
    const d = s.detail;
    if (snapSide(d) === "defense" || d.kind === "try") {
      state = null;
      continue;
    }
    if (d.kind === "penalty") {
      const offense = penaltyOffense(d);
      if (offense === "them" || (offense === null && state === null)) {
        state = null;
        continue;
      }
      state ??= fresh();
      if (s.firstDown && state.toGain === "midfield") state = toScore();
      else if (d.effect === "first_down") state = { ...state, down: 1 };
      else if (d.effect === "loss_of_down") state = { ...state, down: state.down + 1 };
    } else {
      state ??= fresh();
      const scored = (d.kind === "pass" && d.result === "touchdown") || (d.kind === "run" && d.touchdown);
      const turnover = d.kind === "pass" && d.result === "intercepted";
      if (scored || turnover) {
        state = null;
        continue;
      }
      if (s.firstDown && state.toGain === "midfield") state = toScore();
      else state = { ...state, down: state.down + 1 };
    }
    // Out of downs: the ball goes over.
    if (state.down > state.of) state = null;
  }
  return state;
}

/** "2nd & midfield", "1st & goal". */
export function downLabel(state: DownState): string {
  const ordinal = ["1st", "2nd", "3rd", "4th", "5th", "6th"][state.down - 1] ?? `${state.down}th`;
  return `${ordinal} & ${state.toGain === "goal" ? "goal" : "midfield"}`;
}
