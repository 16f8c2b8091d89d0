/**
 * Football stat lines (docs/product.md §10): what a snap, or an event logged before snaps existed, credits each
 * player with, summed into lines a coach reads (QB C/ATT, yards, TD, INT, passer rating; receivers targets,
 * catches, yards, drops; runners carries, yards; defenders flag pulls, sacks, interceptions, passes defended),
 * and the team's line that counts each touchdown once and never adds passing and receiving yards together.
 */
import type { EventType } from "./event-types.js";
import type { SnapDetail } from "./snaps.js";

export interface StatLine {
  passAttempts: number;
  completions: number;
  passYards: number;
  /** Completions whose yards were logged: yards-based figures show only when every completion has yards. */
  passYardsKnown: number;
  passTouchdowns: number;
  interceptionsThrown: number;
  targets: number;
  catches: number;
  receivingYards: number;
  receivingYardsKnown: number;
  receivingTouchdowns: number;
  drops: number;
  carries: number;
  rushingYards: number;
  rushingYardsKnown: number;
  rushingTouchdowns: number;
  flagPulls: number;
  sacks: number;
  interceptions: number;
  /** Interceptions returned for a touchdown (pick-six). */
  defensiveTouchdowns: number;
  passesDefended: number;
  stops: number;
  safeties: number;
  tryAttempts: number;
  tryGood: number;
  penalties: number;
  penaltyYards: number;
}

export function emptyStatLine(): StatLine {
  return {
    passAttempts: 0,
    completions: 0,
    passYards: 0,
    passYardsKnown: 0,
    passTouchdowns: 0,
    interceptionsThrown: 0,
    targets: 0,
    catches: 0,
    receivingYards: 0,
    receivingYardsKnown: 0,
    receivingTouchdowns: 0,
    drops: 0,
    carries: 0,
    rushingYards: 0,
    rushingYardsKnown: 0,
    rushingTouchdowns: 0,
    flagPulls: 0,
    sacks: 0,
    interceptions: 0,
    defensiveTouchdowns: 0,
    passesDefended: 0,
    stops: 0,
    safeties: 0,
    tryAttempts: 0,
    tryGood: 0,
    penalties: 0,
    penaltyYards: 0,
  };
}

export function addLines(a: StatLine, b: StatLine): StatLine {
  const out = { ...a };
  for (const key of Object.keys(b) as (keyof StatLine)[]) out[key] += b[key];
  return out;
}

type Credit = Partial<StatLine>;

function passerCredit(yards: number | null, extra: Credit = {}): Credit {
  return { passAttempts: 1, completions: 1, ...yardsOf("pass", yards), ...extra };
}

function yardsOf(kind: "pass" | "receiving" | "rushing", yards: number | null): Credit {
  if (yards === null) return {};
  if (kind === "pass") return { passYards: yards, passYardsKnown: 1 };
  if (kind === "receiving") return { receivingYards: yards, receivingYardsKnown: 1 };
  return { rushingYards: yards, rushingYardsKnown: 1 };
}

/** What one snap credits each player with. */
export function creditsOfSnap(detail: SnapDetail): { playerId: string; credit: Credit }[] {
  const out: { playerId: string; credit: Credit }[] = [];
  const give = (playerId: string | null, credit: Credit) => {
    if (playerId) out.push({ playerId, credit });
  };
  switch (detail.kind) {
    case "pass":
      switch (detail.result) {
        case "complete":
          give(detail.passerId, passerCredit(detail.yards));
          give(detail.targetId, { targets: 1, catches: 1, ...yardsOf("receiving", detail.yards) });
          break;
        case "touchdown":
          give(detail.passerId, passerCredit(detail.yards, { passTouchdowns: 1 }));
          give(detail.targetId, {
            targets: 1,
            catches: 1,
            receivingTouchdowns: 1,
            ...yardsOf("receiving", detail.yards),
          });
          break;
        case "incomplete":
          give(detail.passerId, { passAttempts: 1 });
          give(detail.targetId, { targets: 1 });
          break;
        case "drop":
          give(detail.passerId, { passAttempts: 1 });
          give(detail.targetId, { targets: 1, drops: 1 });
          break;
        case "intercepted":
          give(detail.passerId, { passAttempts: 1, interceptionsThrown: 1 });
          give(detail.targetId, { targets: 1 });
          break;
      }
      break;
    case "run":
      give(detail.runnerId, {
        carries: 1,
        rushingTouchdowns: detail.touchdown ? 1 : 0,
        ...yardsOf("rushing", detail.yards),
      });
      break;
    case "try": {
      const credit = { tryAttempts: 1, tryGood: detail.good ? 1 : 0 };
      if (detail.method === "pass") give(detail.passerId, credit);
      if (detail.scorerId !== (detail.method === "pass" ? detail.passerId : null)) give(detail.scorerId, credit);
      break;
    }
    case "penalty":
      if (detail.on === "us") give(detail.playerId, { penalties: 1, penaltyYards: detail.yards });
      break;
    case "flag_pull":
      give(detail.defenderId, { flagPulls: 1 });
      break;
    case "sack":
      give(detail.defenderId, { sacks: 1 });
      break;
    case "interception":
      give(detail.defenderId, { interceptions: 1, defensiveTouchdowns: detail.returnTouchdown ? 1 : 0 });
      break;
    case "pass_defended":
      give(detail.defenderId, { passesDefended: 1 });
      break;
    case "stop":
      give(detail.defenderId, { stops: 1 });
      break;
    case "safety":
      give(detail.defenderId, { safeties: 1, flagPulls: 1 });
      break;
    case "opponent_score":
      break;
  }
  return out;
}

/** What an event logged on its own (before snaps, or from "More") credits its player with. */
export function creditOfEvent(eventType: string, yards: number | null): Credit {
  switch (eventType as EventType) {
    case "Pass Completion":
      return passerCredit(yards);
    case "Pass Incompletion":
      return { passAttempts: 1 };
    case "Pass TD":
      return passerCredit(yards, { passTouchdowns: 1 });
    case "Interception Thrown":
      return { passAttempts: 1, interceptionsThrown: 1 };
    case "Catch":
      return { targets: 1, catches: 1, ...yardsOf("receiving", yards) };
    case "TD Catch":
      return { targets: 1, catches: 1, receivingTouchdowns: 1, ...yardsOf("receiving", yards) };
    case "Drop":
      return { targets: 1, drops: 1 };
    case "Rush Attempt":
      return { carries: 1, ...yardsOf("rushing", yards) };
    case "Rush TD":
      return { carries: 1, rushingTouchdowns: 1, ...yardsOf("rushing", yards) };
    case "Flag Pull":
      return { flagPulls: 1 };
    case "Sack":
      return { sacks: 1 };
    case "Interception":
      return { interceptions: 1 };
    case "Defensive Stop":
      return { stops: 1 };
    case "Penalty":
      return { penalties: 1 };
    case "Extra Point":
      return { tryAttempts: 1, tryGood: 1 };
    default:
      return {};
  }
}

function apply(line: StatLine, credit: Credit, times = 1): void {
  for (const [key, value] of Object.entries(credit) as [keyof StatLine, number][]) line[key] += value * times;
}

/** Events logged on their own, as (type, count, summed yards, count that carried yards) rows. */
export interface LooseEventCount {
  eventType: string;
  count: number;
  yards: number;
  /** How many of them carried yards. */
  withYards: number;
}

/**
 * A player's line: their loose events (aggregated by type) plus every snap they took part in.
 * A loose row's yards are credited once in total and its "known" counters by how many carried yards.
 */
export function playerStatLine(
  playerId: string,
  loose: readonly LooseEventCount[],
  snaps: readonly { detail: SnapDetail }[],
): StatLine {
  const line = emptyStatLine();
  for (const row of loose) {
    const perEvent = creditOfEvent(row.eventType, null);
    apply(line, perEvent, row.count);
    const withYards = creditOfEvent(row.eventType, 1);
    for (const [key, value] of Object.entries(withYards) as [keyof StatLine, number][]) {
      if (key.endsWith("YardsKnown")) line[key] += value * row.withYards;
      else if (key.endsWith("Yards") && key !== "penaltyYards") line[key] += row.yards;
    }
  }
  for (const s of snaps) {
    for (const c of creditsOfSnap(s.detail)) if (c.playerId === playerId) apply(line, c.credit);
  }
  return line;
}

/** Every player's line from a set of snaps (a game's box score), keyed by player id. */
export function linesBySnapPlayer(snaps: readonly { detail: SnapDetail }[]): Map<string, StatLine> {
  const lines = new Map<string, StatLine>();
  for (const s of snaps) {
    for (const c of creditsOfSnap(s.detail)) {
      let line = lines.get(c.playerId);
      if (!line) lines.set(c.playerId, (line = emptyStatLine()));
      apply(line, c.credit);
    }
  }
  return lines;
}

/** The team's own numbers from its snaps (and loose events): each touchdown once, turnovers, penalties both ways. */
export interface TeamLine {
  line: StatLine;
  /** Passing + rushing + defensive touchdowns: a touchdown pass is one touchdown, not two. */
  touchdowns: number;
  /** Passing yards + rushing yards (receiving yards are the passing yards seen from the catch). */
  totalYards: number | null;
  turnovers: number;
  penaltiesOnUs: number;
  penaltyYardsOnUs: number;
  penaltiesOnThem: number;
  penaltyYardsOnThem: number;
}

/**
 * Whether a snap is a touchdown of ours (docs/product.md §10, "Touchdowns and safeties"): a touchdown pass (one,
 * whoever is named), a rushing touchdown or an interception returned for a touchdown.
 */
function isOurTouchdown(d: SnapDetail): boolean {
  return (
    (d.kind === "pass" && d.result === "touchdown") ||
    (d.kind === "run" && d.touchdown) ||
    (d.kind === "interception" && d.returnTouchdown)
  );
}

/**
 * The team touchdowns of events logged on their own: a touchdown pass may be logged as a Pass TD, a TD Catch or
 * both, so the larger of the two counts the passes; plus the rushing touchdowns.
 */
function looseTouchdowns(loose: readonly LooseEventCount[]): number {
  const n = (type: EventType) => loose.filter((r) => r.eventType === type).reduce((sum, r) => sum + r.count, 0);
  return Math.max(n("Pass TD"), n("TD Catch")) + n("Rush TD");
}

/**
 * The team's own line. Its `touchdowns` is THE team touchdown count (offense + defense + return, each once):
 * team stats, the box score, its CSV and the API all read it from here.
 */
export function teamLine(snaps: readonly { detail: SnapDetail }[], loose: readonly LooseEventCount[] = []): TeamLine {
  const line = emptyStatLine();
  const pseudo = "team";
  apply(line, playerStatLine(pseudo, loose, []));
  let penaltiesOnUs = 0;
  let penaltyYardsOnUs = 0;
  let penaltiesOnThem = 0;
  let penaltyYardsOnThem = 0;
  let snapTouchdowns = 0;
  for (const s of snaps) {
    const d = s.detail;
    if (isOurTouchdown(d)) snapTouchdowns++;
    // Credits of a snap summed over its players would count a completion's yards twice (passer and receiver):
    // each credit family is taken from the player it belongs to, which gives every figure once. A try is the
    // exception (its passer and its scorer are both credited with it), so it is counted here once, named or not.
    if (d.kind === "try") {
      line.tryAttempts++;
      if (d.good) line.tryGood++;
    } else {
      for (const c of creditsOfSnap(d)) apply(line, c.credit);
    }
    // A safety with no defender named is still the team's.
    if (d.kind === "safety" && !d.defenderId) apply(line, { safeties: 1, flagPulls: 1 });
    if (d.kind === "penalty") {
      if (d.on === "us") {
        penaltiesOnUs++;
        penaltyYardsOnUs += d.yards;
        // A penalty on nobody in particular still counts against the team.
        if (!d.playerId) line.penalties++;
        if (!d.playerId) line.penaltyYards += d.yards;
      } else {
        penaltiesOnThem++;
        penaltyYardsOnThem += d.yards;
      }
    }
  }
  const loosePenalties = loose.filter((r) => r.eventType === "Penalty").reduce((n, r) => n + r.count, 0);
  const yardsKnown = line.passYardsKnown === line.completions && line.rushingYardsKnown === line.carries;
  const anyYards = line.passYardsKnown + line.rushingYardsKnown > 0;
  return {
    line,
    touchdowns: snapTouchdowns + looseTouchdowns(loose),
    totalYards: anyYards && yardsKnown ? line.passYards + line.rushingYards : null,
    turnovers: line.interceptionsThrown,
    penaltiesOnUs: penaltiesOnUs + loosePenalties,
    penaltyYardsOnUs,
    penaltiesOnThem,
    penaltyYardsOnThem,
  };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** NFL passer rating (each part clamped to 0..2.375), one decimal; null with no attempts. */
export function passerRating(p: {
  attempts: number;
  completions: number;
  yards: number;
  touchdowns: number;
  interceptions: number;
}): number | null {
  if (p.attempts <= 0) return null;
  const clamp = (x: number) => Math.max(0, Math.min(2.375, x));
  const a = clamp((p.completions / p.attempts - 0.3) * 5);
  const b = clamp((p.yards / p.attempts - 3) * 0.25);
  const c = clamp((p.touchdowns / p.attempts) * 20);
  const d = clamp(2.375 - (p.interceptions / p.attempts) * 25);
  return round1(((a + b + c + d) / 6) * 100);
}

/** Whether the yards of every completion (or catch, or carry) were logged, and at least one was. */
function allYards(known: number, of: number): boolean {
  return of > 0 && known === of;
}

/** The figures a coach reads, with yards-based ones null where yards were not logged for every play. */
export function statFigures(line: StatLine) {
  // A passer with attempts but no completion gained 0 yards, known (an incompletion carries no yards): his yards,
  // yards per attempt and rating are figures (0 of 5 rates 39.6), not "—".
  const passYards =
    allYards(line.passYardsKnown, line.completions) || (line.passAttempts > 0 && line.completions === 0);
  const recYards = allYards(line.receivingYardsKnown, line.catches);
  const rushYards = allYards(line.rushingYardsKnown, line.carries);
  return {
    completionPct: line.passAttempts > 0 ? round1((100 * line.completions) / line.passAttempts) : null,
    passYards: passYards ? line.passYards : null,
    yardsPerAttempt: passYards && line.passAttempts > 0 ? round1(line.passYards / line.passAttempts) : null,
    passerRating: passYards
      ? passerRating({
          attempts: line.passAttempts,
          completions: line.completions,
          yards: line.passYards,
          touchdowns: line.passTouchdowns,
          interceptions: line.interceptionsThrown,
        })
      : null,
    receivingYards: recYards ? line.receivingYards : null,
    yardsPerCatch: recYards ? round1(line.receivingYards / line.catches) : null,
    rushingYards: rushYards ? line.rushingYards : null,
    yardsPerCarry: rushYards ? round1(line.rushingYards / line.carries) : null,
  };
}
export type StatFigures = ReturnType<typeof statFigures>;

export type StatGroup = "passing" | "receiving" | "rushing" | "defense";

/** The stat groups in the order a player's position reads them, then any other group they have numbers in. */
export function statGroupsFor(position: string | null | undefined, line: StatLine): StatGroup[] {
  const lead: Record<string, StatGroup> = {
    qb: "passing",
    wr: "receiving",
    slot: "receiving",
    te: "receiving",
    center: "receiving",
    rb: "rushing",
    cb: "defense",
    safety: "defense",
    lb: "defense",
    rusher: "defense",
  };
  const has: Record<StatGroup, boolean> = {
    passing: line.passAttempts > 0,
    receiving: line.targets > 0,
    rushing: line.carries > 0,
    defense: line.flagPulls + line.sacks + line.interceptions + line.passesDefended + line.stops + line.safeties > 0,
  };
  // Own keys only: a position like "constructor" must not read Object.prototype.
  const first = position && Object.hasOwn(lead, position) ? lead[position] : undefined;
  const order: StatGroup[] = first ? [first] : [];
  for (const g of ["passing", "receiving", "rushing", "defense"] as const)
    if (!order.includes(g) && has[g]) order.push(g);
  return order;
}
