/**
 * The demo team's season, made up from a seed (pure: no database, no clock). Games are logged as snaps the way a
 * coach on the sideline would log them (docs/product.md §10): our drives of passes from the quarterback and runs,
 * touchdowns followed by their tries, penalties now and then, and the opponent's drives as our defense saw them
 * (flag pulls, sacks, passes defended, a stop on fourth down, an interception now and then) with their
 * touchdowns and tries. Practices hold snaps from scrimmage that score nothing. About half the snaps carry a play
 * of the playbook, offense plays on offense snaps and defense plays on defense snaps.
 *
 * Every number the app shows is then read from these snaps, so they agree: a completion always names its
 * receiver and its yards (team passing yards are the receivers' yards), a touchdown is one snap, and a finished
 * game's final score is the sum of its snaps' points (scoreOfSnaps).
 */
import type { HomeAway } from "#domain/api/game.js";
import { DEFAULT_LEAGUE_RULES, periodCount, type LeagueRules } from "#domain/league-rules.js";
import type { PlaySide } from "#domain/playbook.js";
import type { PositionKey } from "#domain/positions.js";
import {
  recordOf,
  resultOf,
  scoreOfSnaps,
  type GameResult,
  type OpponentScore,
  type SnapDetail,
  type SnapPoints,
} from "#domain/snaps.js";
import { randomness, type Random } from "./random.js";

export interface SeasonPlayer {
  id: string;
  position: PositionKey;
  /** Other positions the player also plays (a receiver who covers as a cornerback). */
  others?: readonly PositionKey[];
}

export interface SeasonPlay {
  id: string;
  side: PlaySide;
  /** An offense play is a pass play unless it says it is a run. */
  style?: "pass" | "run";
}

export interface SeasonOptions {
  players: readonly SeasonPlayer[];
  plays: readonly SeasonPlay[];
  seed: number;
  /** Now: the season is seen from this day, its last game the day before (or today, with liveGame). */
  today: Date;
  /** The zone the calendar days are in, in minutes east of UTC (0): a session's date is its local day. */
  zoneOffset?: number;
  /**
   * The last game is today and still being played: its snaps run into the last period and stop a minute before
   * `today`, and it has no final score.
   */
  liveGame?: boolean;
  /** Games, one a week (8). */
  games?: number;
  /** Practices, each three days before a game (6). */
  practices?: number;
  rules?: Pick<LeagueRules, "periodKind" | "touchdownPoints" | "safetyPoints">;
}

/** A snap as the write path takes it (domain/api/game.ts NewSnap). */
interface SeasonSnap {
  id: string;
  sessionId: string;
  playId: string | null;
  period: number;
  firstDown: boolean;
  occurredAt: string;
  detail: SnapDetail;
}

interface SeasonSession {
  id: string;
  kind: "game" | "practice";
  /** YYYY-MM-DD */
  date: string;
  opponent: string | null;
  homeAway: HomeAway | null;
  location: string;
  /** In game order (their times strictly increase). */
  snaps: SeasonSnap[];
  /** Players marked absent; the snaps never name them. */
  absent: string[];
  /** A game's final score (its snaps' total); null for a practice and a game still being played. */
  final: SnapPoints | null;
}

interface Season {
  /** Oldest first. */
  sessions: SeasonSession[];
  record: { wins: number; losses: number; ties: number; text: string };
  snapCount: number;
}

const OPPONENTS: ReadonlyArray<{ name: string; field: string }> = [
  { name: "Lakeview Sharks", field: "Lakeview Community Fields" },
  { name: "Northside Hawks", field: "Northside Rec Center" },
  { name: "Cedar Hill Mustangs", field: "Cedar Hill Park, Field 1" },
  { name: "Eastwood Thunder", field: "Eastwood Middle School" },
  { name: "Harbor City Comets", field: "Harbor City Sports Complex" },
  { name: "Maple Grove Hornets", field: "Maple Grove Commons" },
  { name: "Westbrook Eagles", field: "Westbrook Athletic Fields" },
  { name: "Pine Valley Wolves", field: "Pine Valley Park" },
  { name: "Stonebridge Bulldogs", field: "Stonebridge Fields, Field 3" },
  { name: "Oakmont Rams", field: "Oakmont Recreation Grounds" },
];
const HOME_FIELD = "Riverside Park, Field 2";
const PRACTICE_FIELD = "Riverside Park";

/** Yards from our goal line to theirs (NFL FLAG: 50 between the goal lines, midfield at 25). */
const FIELD = 50;
const MIDFIELD = 25;
const DOWNS = 4;

const DAY = 86_400_000;

// ---------------------------------------------------------------------------------------------------------------
// Who does what

type Weights = Partial<Record<PositionKey, number>>;

const RECEIVERS: Weights = { wr: 3, slot: 2.6, te: 1.6, rb: 1, center: 0.4 };
const RUNNERS: Weights = { rb: 12, slot: 1, qb: 0.8, wr: 0.3 };
const OFFENSIVE_LINE: Weights = { center: 2, wr: 1, slot: 1, te: 1, rb: 1 };
const FLAG_PULLERS: Weights = { lb: 3, safety: 2.6, cb: 2.4, rusher: 1.2 };
const COVERAGE: Weights = { cb: 3, safety: 2.4, lb: 0.8 };
const BALLHAWKS: Weights = { cb: 2.5, safety: 2.5, lb: 1 };
const RUSHERS: Weights = { rusher: 6, lb: 2 };
const STOPPERS: Weights = { lb: 3, safety: 2.5, cb: 2, rusher: 1.5 };

/** A player's weight for a role: their primary position counts fully, another one they play less. */
function roleWeight(player: SeasonPlayer, weights: Weights): number {
  let w = weights[player.position] ?? 0;
  for (const p of player.others ?? []) w = Math.max(w, 0.4 * (weights[p] ?? 0));
  return w;
}

interface Lineup {
  passer: string;
  pick(weights: Weights, except?: string): string;
}

function lineupOf(players: readonly SeasonPlayer[], random: Random): Lineup {
  const passer =
    random.weighted(players, (p) => (p.position === "qb" ? 10 : (p.others?.includes("qb") ?? false) ? 1 : 0)) ??
    players[0]!;
  return {
    passer: passer.id,
    pick(weights, except) {
      const pool = players.filter((p) => p.id !== except);
      const chosen = random.weighted(pool, (p) => roleWeight(p, weights)) ?? random.weighted(pool, () => 1)!;
      return chosen.id;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Plays

interface PlayChoice {
  id: string;
  /** How well the play works: scales completions and yards a little, so plays compare differently. */
  quality: number;
  popularity: number;
}

interface Playbook {
  offense(style: "pass" | "run"): PlayChoice | null;
  defense(): PlayChoice | null;
}

function playbookOf(plays: readonly SeasonPlay[], random: Random): Playbook {
  const choices = plays.map((p, i) => ({
    play: p,
    choice: { id: p.id, quality: 0.8 + random.next() * 0.45, popularity: 1 / (1 + 0.35 * i) },
  }));
  const pick = (filter: (p: SeasonPlay) => boolean) => {
    const pool = choices.filter((c) => filter(c.play));
    return random.weighted(pool, (c) => c.choice.popularity)?.choice ?? null;
  };
  return {
    offense: (style) =>
      pick((p) => p.side === "offense" && (p.style ?? "pass") === style) ?? pick((p) => p.side === "offense"),
    defense: () => pick((p) => p.side === "defense"),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Drives

/** A snap before it has a time and an id. */
interface Draft {
  detail: SnapDetail;
  playId: string | null;
  firstDown: boolean;
}

interface Context {
  random: Random;
  lineup: Lineup;
  playbook: Playbook;
  /** Share of pass and run snaps (and defensive snaps) tagged with a play. */
  tagRate: number;
}

function yardsGained(random: Random, quality: number, bands: readonly [number, number, number][]): number {
  const band = random.weighted(bands, (b) => b[0])!;
  return Math.round(random.int(band[1], band[2]) * quality);
}

type OffenseEnd = "touchdown" | "intercepted" | "downs" | "safety";

/**
 * One of our drives from `start` yards (from our goal line): snaps until a touchdown, an interception thrown, a
 * turnover on downs (four to cross midfield, four more to score) or, rarely, a safety against us.
 */
function offenseDrive(ctx: Context, start: number, out: Draft[], scrimmage = false): OffenseEnd {
  const { random, lineup, playbook } = ctx;
  let pos = start;
  let down = 1;
  let toMidfield = pos < MIDFIELD;
  for (let snap = 0; snap < 16; snap++) {
    const toGoal = FIELD - pos;
    // NFL FLAG's no-run zones: 5 yards before midfield and before the end zone.
    const noRun = toGoal <= 5 || (toMidfield && MIDFIELD - pos <= 5);
    if (!scrimmage && pos <= 3 && random.chance(0.04)) {
      // Flagged in our own end zone.
      out.push({ detail: { kind: "opponent_score", score: "safety" }, playId: null, firstDown: false });
      return "safety";
    }
    const roll = random.next();
    if (!scrimmage && roll < 0.06) {
      const onUs = random.chance(0.55);
      if (onUs) {
        const effect = random.chance(0.35) ? "loss_of_down" : "none";
        pos = Math.max(1, pos - 5);
        out.push({
          detail: {
            kind: "penalty",
            on: "us",
            yards: 5,
            effect,
            playerId: random.chance(0.75) ? lineup.pick(OFFENSIVE_LINE, lineup.passer) : null,
          },
          playId: null,
          firstDown: false,
        });
        if (effect === "loss_of_down") down++;
      } else {
        const yards = random.chance(0.3) ? 10 : 5;
        const effect = random.chance(0.4) ? "first_down" : "none";
        pos = Math.min(FIELD - 1, pos + Math.min(yards, Math.floor(toGoal / 2)));
        const crossed = toMidfield && pos >= MIDFIELD;
        out.push({
          detail: { kind: "penalty", on: "them", yards, effect, playerId: null },
          playId: null,
          firstDown: crossed,
        });
        if (crossed) toMidfield = false;
        if (crossed || effect === "first_down") down = 1;
      }
    } else {
      const run = !noRun && roll < 0.3;
      const tagged = random.chance(ctx.tagRate) ? playbook.offense(run ? "run" : "pass") : null;
      const quality = tagged?.quality ?? 1;
      let detail: SnapDetail;
      let gained = 0;
      let ended: OffenseEnd | null = null;
      if (run) {
        const runner = lineup.pick(RUNNERS);
        gained = yardsGained(random, quality, [
          [70, -2, 7],
          [24, 7, 14],
          [6, 14, 28],
        ]);
        if (scrimmage) gained = Math.min(gained, 20);
        const touchdown = !scrimmage && gained >= toGoal;
        if (touchdown) {
          gained = toGoal;
          ended = "touchdown";
        }
        detail = { kind: "run", runnerId: runner, yards: gained, touchdown };
      } else {
        const target = lineup.pick(RECEIVERS, lineup.passer);
        const r = random.next();
        const intercepted = 0.035 / quality;
        const dropped = intercepted + 0.055;
        const incomplete = dropped + 0.27 / quality;
        if (r < intercepted) {
          detail = { kind: "pass", passerId: lineup.passer, targetId: target, result: "intercepted", yards: null };
          ended = "intercepted";
        } else if (r < dropped) {
          detail = { kind: "pass", passerId: lineup.passer, targetId: target, result: "drop", yards: null };
        } else if (r < incomplete) {
          // Now and then thrown away, to nobody.
          const to = random.chance(0.85) ? target : null;
          detail = { kind: "pass", passerId: lineup.passer, targetId: to, result: "incomplete", yards: null };
        } else {
          gained = Math.max(
            0,
            Math.min(
              40,
              yardsGained(random, quality, [
                [64, 1, 10],
                [28, 10, 20],
                [8, 20, 40],
              ]),
            ),
          );
          if (scrimmage) gained = Math.min(gained, 25);
          const touchdown = !scrimmage && gained >= toGoal;
          if (touchdown) {
            gained = toGoal;
            ended = "touchdown";
          }
          detail = {
            kind: "pass",
            passerId: lineup.passer,
            targetId: target,
            result: touchdown ? "touchdown" : "complete",
            yards: gained,
          };
        }
      }
      pos += gained;
      const crossed = ended === null && toMidfield && pos >= MIDFIELD;
      out.push({ detail, playId: tagged?.id ?? null, firstDown: crossed });
      if (ended) return ended;
      if (scrimmage) {
        if (pos >= FIELD - 5) return "downs";
        continue;
      }
      if (pos <= 0) {
        out.push({ detail: { kind: "opponent_score", score: "safety" }, playId: null, firstDown: false });
        return "safety";
      }
      if (crossed) {
        toMidfield = false;
        down = 1;
        continue;
      }
      down++;
    }
    if (down > DOWNS) return "downs";
  }
  return "downs";
}

/** Our try after a touchdown: mostly for 1, some for 2; mostly passes; now and then no good. */
function ourTry(ctx: Context, out: Draft[]): void {
  const { random, lineup } = ctx;
  const points = random.chance(0.72) ? 1 : 2;
  const method = random.chance(0.8) ? "pass" : "run";
  const good = random.chance(points === 1 ? 0.7 : 0.45);
  const scorer = method === "pass" ? lineup.pick(RECEIVERS, lineup.passer) : lineup.pick(RUNNERS);
  out.push({
    detail: { kind: "try", points, method, good, passerId: method === "pass" ? lineup.passer : null, scorerId: scorer },
    playId: null,
    firstDown: false,
  });
}

type DefenseEnd = "touchdown" | "stopped" | "interception" | "pick_six" | "safety";

/**
 * One of the opponent's drives as our defense logs it: a flag pull (with the yards they gained) on a catch or a
 * run, a sack, a pass defended on some incompletions (the rest go unlogged), a stop on the down that turns the
 * ball over, an interception now and then, and their touchdown. `strength` (0..1) is how good their offense is.
 * Returns how it ended and, after an interception, how far from their goal line we got the ball.
 */
function defenseDrive(
  ctx: Context,
  strength: number,
  out: Draft[],
  scrimmage = false,
): { end: DefenseEnd; at: number } {
  const { random, lineup, playbook } = ctx;
  let pos = 5;
  let down = 1;
  let toMidfield = true;
  for (let snap = 0; snap < 16; snap++) {
    const toGoal = FIELD - pos;
    const lastDown = down === DOWNS;
    const tagged = random.chance(ctx.tagRate) ? playbook.defense() : null;
    // A good defense call takes a little off their chances.
    const edge = (tagged?.quality ?? 1) - 1;
    const push = (detail: SnapDetail, firstDown = false) => out.push({ detail, playId: tagged?.id ?? null, firstDown });
    const r = random.next();
    const intercepted = 0.04 + 0.03 * edge;
    const sacked = intercepted + 0.06;
    const incomplete = sacked + 0.38 - 0.22 * strength + 0.1 * edge;
    if (r < intercepted) {
      const pickSix = !scrimmage && random.chance(0.12);
      const returned = pickSix ? pos : random.int(0, 15);
      push({ kind: "interception", defenderId: lineup.pick(BALLHAWKS), returnTouchdown: pickSix, yards: returned });
      return { end: pickSix ? "pick_six" : "interception", at: Math.max(5, Math.min(FIELD - 5, pos - returned)) };
    }
    if (r < sacked) {
      const rusher = lineup.pick(RUSHERS);
      const lost = random.int(2, 7);
      if (!scrimmage && pos - lost <= 0) {
        push({ kind: "safety", defenderId: rusher });
        return { end: "safety", at: 0 };
      }
      pos = Math.max(1, pos - lost);
      push(lastDown ? { kind: "stop", defenderId: rusher } : { kind: "sack", defenderId: rusher });
    } else if (r < incomplete) {
      if (lastDown) push({ kind: "stop", defenderId: lineup.pick(STOPPERS) });
      else if (random.chance(0.55)) push({ kind: "pass_defended", defenderId: lineup.pick(COVERAGE) });
    } else {
      let gained = Math.round(
        yardsGained(random, 1, [
          [60, 0, 8],
          [30, 8, 16],
          [10, 16, 32],
        ]) *
          (0.8 + 0.75 * strength) -
          3 * edge,
      );
      if (scrimmage) gained = Math.min(gained, 20);
      if (!scrimmage && gained >= toGoal) {
        out.push({
          detail: { kind: "opponent_score", score: "touchdown" },
          playId: tagged?.id ?? null,
          firstDown: false,
        });
        return { end: "touchdown", at: 0 };
      }
      pos += gained;
      const converted = toMidfield && pos >= MIDFIELD;
      if (lastDown && !converted) {
        push({ kind: "stop", defenderId: lineup.pick(STOPPERS) });
      } else {
        push({ kind: "flag_pull", defenderId: lineup.pick(FLAG_PULLERS), yards: gained });
      }
      if (converted) {
        toMidfield = false;
        down = 0;
      }
    }
    down++;
    if (scrimmage && pos >= FIELD - 5) return { end: "stopped", at: 0 };
    if (down > DOWNS) return { end: "stopped", at: 0 };
  }
  return { end: "stopped", at: 0 };
}

/** Their try after a touchdown: good ones are logged as their points; a failed one is sometimes our stop. */
function theirTry(ctx: Context, strength: number, out: Draft[]): void {
  const { random, lineup } = ctx;
  const two = random.chance(0.3);
  const good = random.chance((two ? 0.35 : 0.55) + 0.25 * strength);
  if (good) {
    const score: OpponentScore = two ? "try2" : "try1";
    out.push({ detail: { kind: "opponent_score", score }, playId: null, firstDown: false });
  } else if (random.chance(0.6)) {
    out.push({ detail: { kind: "stop", defenderId: lineup.pick(STOPPERS) }, playId: null, firstDown: false });
  }
}

/** A game's snaps, period by period, each with its period number. */
function playGame(ctx: Context, strength: number, periods: number): { draft: Draft; period: number }[][] {
  const { random } = ctx;
  const byPeriod: { draft: Draft; period: number }[][] = [];
  const weReceiveFirst = random.chance(0.5);
  for (let period = 1; period <= periods; period++) {
    const drafts: Draft[] = [];
    // The other team receives after halftime (with quarters, every quarter of a half starts like its half).
    const half = periods === 2 ? period : Math.ceil(period / 2);
    let ours = (half % 2 === 1) === weReceiveFirst;
    let start = 5;
    const possessions = periods === 2 ? random.int(6, 7) : random.int(3, 4);
    for (let i = 0; i < possessions; i++) {
      if (ours) {
        const end = offenseDrive(ctx, start, drafts);
        if (end === "touchdown") ourTry(ctx, drafts);
        // After a score, a turnover or a safety, the ball is theirs.
        ours = false;
        start = 5;
      } else {
        const { end, at } = defenseDrive(ctx, strength, drafts);
        if (end === "touchdown") theirTry(ctx, strength, drafts);
        if (end === "pick_six") {
          ourTry(ctx, drafts);
          ours = false;
          start = 5;
          continue;
        }
        ours = true;
        start = end === "interception" ? FIELD - at : 5;
      }
    }
    byPeriod.push(drafts.map((draft) => ({ draft, period })));
  }
  return byPeriod;
}

/** Snaps from scrimmage: an offense period, then a defense period against the scout team. Nothing scores. */
function playPractice(ctx: Context): Draft[] {
  const { random } = ctx;
  const offense: Draft[] = [];
  const reps = random.int(16, 22);
  while (offense.length < reps) offenseDrive(ctx, random.int(5, 20), offense, true);
  const defense: Draft[] = [];
  const defenseReps = random.int(12, 18);
  while (defense.length < defenseReps) defenseDrive(ctx, 0.5, defense, true);
  return [...offense.slice(0, reps), ...defense.slice(0, defenseReps)];
}

// ---------------------------------------------------------------------------------------------------------------
// Calendar

/** Spreads n snaps through [from, from + minutes): strictly increasing whole seconds, a little uneven. */
function times(random: Random, n: number, from: number, minutes: number): string[] {
  const step = (minutes * 60_000) / Math.max(n, 1);
  const out: string[] = [];
  let last = from - 1000;
  for (let i = 0; i < n; i++) {
    const at = Math.floor((from + step * (i + 0.2 + 0.6 * random.next())) / 1000) * 1000;
    last = Math.max(at, last + 1000);
    out.push(new Date(last).toISOString());
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------

/**
 * A game still being played: its snaps up to part of the way into the last period, moved so the last one is a
 * minute before `now` and the first is not before the day's start (squeezed together when the day is young).
 */
function inProgress(snaps: SeasonSnap[], periods: number, now: number, dayStart: number): SeasonSnap[] {
  const last = snaps.filter((s) => s.period === periods).length;
  const kept = snaps.slice(0, snaps.length - last + Math.max(1, Math.ceil(0.4 * last)));
  const first = Date.parse(kept[0]!.occurredAt);
  const span = Math.max(1, Date.parse(kept.at(-1)!.occurredAt) - first);
  const end = now - 60_000 > dayStart ? now - 60_000 : now;
  const start = Math.max(dayStart, end - span);
  const scale = (end - start) / span;
  let previous = -Infinity;
  return kept.map((s) => {
    const at = Math.max(start + Math.floor((Date.parse(s.occurredAt) - first) * scale), previous + 1);
    previous = at;
    return { ...s, occurredAt: new Date(at).toISOString() };
  });
}

/**
 * The season: `games` games a week apart (a bye week in the middle of a long season), the last one the day
 * before `today` (or today and still on, with liveGame), and `practices` practices three days before games,
 * spread over the season. Deterministic for a seed, a roster, a playbook and the day.
 */
export function generateSeason(opts: SeasonOptions): Season {
  const random = randomness(opts.seed);
  const rules = opts.rules ?? DEFAULT_LEAGUE_RULES;
  const periods = periodCount(rules);
  const gameCount = Math.max(0, opts.games ?? 8);
  const practiceCount = Math.max(0, opts.practices ?? 6);
  const playbook = playbookOf(opts.plays, random);
  const quarterback = opts.players.find((p) => p.position === "qb")?.id;

  // Days are local midnights (as instants) in the zone; a time of day is local too.
  const zone = (opts.zoneOffset ?? 0) * 60_000;
  const now = opts.today.getTime();
  const local = new Date(now + zone);
  const todayStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - zone;
  const isoDay = (dayStart: number) => new Date(dayStart + zone).toISOString().slice(0, 10);
  const lastGame = opts.liveGame ? todayStart : todayStart - DAY;
  const gameDays = Array.from({ length: gameCount }, (_, k) => {
    const weeksBack = gameCount - 1 - k + (gameCount >= 6 && k < Math.floor(gameCount / 2) ? 1 : 0);
    return lastGame - weeksBack * 7 * DAY;
  });
  const practiceGames = new Set(
    Array.from({ length: Math.min(practiceCount, gameCount) }, (_, j) =>
      practiceCount <= 1 ? 0 : Math.round((j * (gameCount - 1)) / (practiceCount - 1)),
    ),
  );
  const opponents = random.shuffled(OPPONENTS);
  // Opponents from weak to strong, in no particular order, so the record is a mix.
  const strengths = random.shuffled(
    Array.from({ length: gameCount }, (_, k) => 0.4 + (0.5 * k) / Math.max(1, gameCount - 1)),
  );
  const homeFirst = random.chance(0.5);

  const absentees = (kind: "game" | "practice") => {
    const absent = opts.players.filter((p) => p.id !== quarterback && random.chance(kind === "game" ? 0.07 : 0.12));
    return absent.slice(0, 2).map((p) => p.id);
  };
  const contextFor = (absent: readonly string[], tagRate: number): Context => {
    const present = opts.players.filter((p) => !absent.includes(p.id));
    return { random, lineup: lineupOf(present, random), playbook, tagRate };
  };

  const sessions: SeasonSession[] = [];
  gameDays.forEach((day, k) => {
    if (practiceGames.has(k)) {
      const id = random.uuid();
      const absent = absentees("practice");
      const drafts = playPractice(contextFor(absent, 0.6));
      const practiceDay = day - 3 * DAY;
      const at = times(random, drafts.length, practiceDay + (17 * 60 + 40) * 60_000, 70);
      sessions.push({
        id,
        kind: "practice",
        date: isoDay(practiceDay),
        opponent: null,
        homeAway: null,
        location: PRACTICE_FIELD,
        snaps: drafts.map((d, i) => ({ id: random.uuid(), sessionId: id, period: 1, occurredAt: at[i]!, ...d })),
        absent,
        final: null,
      });
    }

    const id = random.uuid();
    const absent = absentees("game");
    const opponent = opponents[k % opponents.length]!;
    const homeAway: HomeAway = (k % 2 === 0) === homeFirst ? "home" : "away";
    const kickoff = day + (14 + random.int(0, 3)) * 3_600_000;
    const periodMinutes = periods === 2 ? 24 : 12;
    const halftime = periods === 2 ? 6 : 2;
    const byPeriod = playGame(contextFor(absent, 0.5), strengths[k]!, periods);
    let snaps: SeasonSnap[] = [];
    byPeriod.forEach((drafts, p) => {
      const start = kickoff + p * (periodMinutes + halftime) * 60_000;
      const at = times(random, drafts.length, start, periodMinutes);
      drafts.forEach(({ draft, period }, i) =>
        snaps.push({ id: random.uuid(), sessionId: id, period, occurredAt: at[i]!, ...draft }),
      );
    });
    const live = opts.liveGame === true && k === gameCount - 1;
    if (live) snaps = inProgress(snaps, periods, now, todayStart);
    sessions.push({
      id,
      kind: "game",
      date: isoDay(day),
      opponent: opponent.name,
      homeAway,
      location: homeAway === "home" ? HOME_FIELD : opponent.field,
      snaps,
      absent,
      final: live ? null : scoreOfSnaps(snaps, rules),
    });
  });

  const results: GameResult[] = sessions.flatMap((s) => (s.final ? [resultOf(s.final)] : []));
  return {
    sessions,
    record: recordOf(results),
    snapCount: sessions.reduce((n, s) => n + s.snaps.length, 0),
  };
}
