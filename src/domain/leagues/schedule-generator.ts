/**
 * A league season's schedule (issue "Leagues"): a round robin within each division, placed greedily into the
 * league's slots (slots.ts). Pure and deterministic: the same input gives the same output.
 *
 * Pairings: the circle method. With an odd team count a phantom team makes it even and whoever meets it has a bye.
 * Home and away: the teams on the circle are oriented cyclically (i is home to j when j − i mod K is in 1..(K−1)/2,
 * K the circle's size, odd), which gives each of them as many home as away games among themselves; the team at the
 * centre alternates home and away by round. So |home − away| ≤ 1 for every team over a single round robin, and 0
 * over a double one, whose second half is the first with home and away swapped.
 *
 * Placement, game by game, rounds in order (round 1 of every division, then round 2, ...): the earliest start time
 * at or after (a) the later of the two teams' last game ends plus the minimum rest when on the same date, (b) the
 * date of the division's previous round, and (c) in "spread" mode, the round's share of the season (round r of R
 * aims at date ⌊r·D/R⌋ of D) — (b) and (c) are dropped for a game that finds nothing with them. At that time, the
 * free sub-field of the least used field (then the least used sub-field). A slot that overlaps a used slot of the
 * same sub-field counts as used. Blackout dates are skipped. The spread attempt runs first; when it leaves games
 * unplaced a compact attempt (no (c): earliest first) runs too, and the one placing more wins (the spread one on a tie).
 * A game that finds no slot is reported in `unplaced` with the reason, and its teams' later rounds go on.
 * Cost: O(G · (T + P) + S log S) for G games, T start times scanned, P slots at one time, S slots.
 */
import { compareSlots, formatMinute, placeKey, slotEndMinute, type LeagueSlot } from "./slots.js";

interface GeneratorTeam {
  readonly id: string;
  readonly divisionId: string;
  readonly blackoutDates?: readonly string[];
}
export interface GeneratorInput {
  readonly teams: readonly GeneratorTeam[];
  readonly slots: readonly LeagueSlot[];
  /** Single: each pair once; double: twice, home and away swapped. */
  readonly doubleRoundRobin: boolean;
  /** Minimum minutes between the end of a team's game and the start of its next one on the same date. */
  readonly minRestMinutes: number;
}
interface ScheduledGame {
  readonly divisionId: string;
  readonly round: number;
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly slotId: string;
}
interface UnplacedGame {
  readonly divisionId: string;
  readonly round: number;
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly reason: string;
}
export interface GeneratorResult {
  /** In chronological order of their slots. */
  readonly games: ScheduledGame[];
  /** In the order they were tried: round, then division. */
  readonly unplaced: UnplacedGame[];
  readonly byes: { readonly teamId: string; readonly round: number }[];
}

interface Pairing {
  readonly homeTeamId: string;
  readonly awayTeamId: string;
}
export interface RoundRobin {
  /** rounds[r] is round r + 1. */
  readonly rounds: readonly (readonly Pairing[])[];
  readonly byes: readonly { readonly teamId: string; readonly round: number }[];
}

/** A division's rounds by the circle method (see the file's comment); fewer than 2 teams: no rounds. */
export function roundRobin(teamIds: readonly string[], doubleRoundRobin: boolean): RoundRobin {
  if (teamIds.length < 2) return { rounds: [], byes: [] };
  const size = teamIds.length % 2 === 0 ? teamIds.length : teamIds.length + 1;
  const k = size - 1; // the circle; index k is the centre, a phantom when the count is odd
  const team = (i: number) => teamIds[i] ?? null;
  const rounds: Pairing[][] = [];
  const byes: { teamId: string; round: number }[] = [];
  const pair = (round: Pairing[], home: string | null, away: string | null, r: number) => {
    if (home !== null && away !== null) round.push({ homeTeamId: home, awayTeamId: away });
    else byes.push({ teamId: (home ?? away)!, round: r + 1 });
  };
  for (let r = 0; r < k; r += 1) {
    const round: Pairing[] = [];
    const centreHome = r % 2 === 1;
    pair(round, team(centreHome ? k : r), team(centreHome ? r : k), r);
    for (let step = 1; step <= (k - 1) / 2; step += 1) {
      const a = (r + step) % k;
      const b = (r - step + k) % k;
      const bHome = (2 * step) % k <= (k - 1) / 2; // a − b ≡ 2·step (mod k)
      pair(round, team(bHome ? b : a), team(bHome ? a : b), r);
    }
    rounds.push(round);
  }
  if (doubleRoundRobin) {
    for (let r = 0; r < k; r += 1)
      rounds.push(rounds[r]!.map((p) => ({ homeTeamId: p.awayTeamId, awayTeamId: p.homeTeamId })));
    for (const bye of [...byes]) byes.push({ teamId: bye.teamId, round: bye.round + k });
  }
  return { rounds, byes };
}

interface Candidate {
  readonly divisionId: string;
  readonly division: number;
  readonly round: number;
  readonly rounds: number;
  readonly home: number;
  readonly away: number;
}

/** A slot prepared for placement: date, field and sub-field as indices, its start time, and its rivals. */
interface Cell {
  readonly slot: LeagueSlot;
  readonly date: number;
  readonly field: number;
  readonly place: number;
  readonly time: number;
  /** The other slots of its sub-field whose times overlap it: taking one takes them too. */
  readonly rivals: number[];
}
/** A start time: the cells [from, to) starting then (cells are sorted), and a sortable key of date and minute. */
interface Time {
  readonly from: number;
  to: number;
  readonly key: number;
  readonly date: number;
}
interface Grid {
  readonly cells: readonly Cell[];
  readonly times: readonly Time[];
  readonly dates: readonly string[];
  readonly fields: number;
  readonly places: number;
}

const DAY_KEY = 2 ** 22;
const keyOf = (date: number, minute: number) => date * DAY_KEY + Math.min(Math.max(minute, 0), DAY_KEY - 1);
const indexIn = (map: Map<string, number>, key: string) => {
  const known = map.get(key);
  if (known !== undefined) return known;
  map.set(key, map.size);
  return map.size - 1;
};

function prepareGrid(input: readonly LeagueSlot[]): Grid {
  const [dates, fields, places] = [new Map<string, number>(), new Map<string, number>(), new Map<string, number>()];
  const times: Time[] = [];
  const cells: Cell[] = [...input].sort(compareSlots).map((slot, i) => {
    const date = indexIn(dates, slot.date);
    const key = keyOf(date, slot.startMinute);
    if (times.at(-1)?.key !== key) times.push({ from: i, to: i, key, date });
    times.at(-1)!.to = i + 1;
    const [field, place] = [indexIn(fields, slot.fieldId), indexIn(places, placeKey(slot))];
    return { slot, date, field, place, time: times.length - 1, rivals: [] };
  });
  const byPlace: number[][] = Array.from({ length: places.size }, () => []);
  for (const [i, cell] of cells.entries()) byPlace[cell.place]!.push(i);
  for (const list of byPlace)
    for (let i = 0; i < list.length; i += 1)
      for (let j = i + 1; j < list.length; j += 1) {
        const [a, b] = [list[i]!, list[j]!];
        const [ca, cb] = [cells[a]!, cells[b]!];
        if (cb.date !== ca.date || cb.slot.startMinute >= slotEndMinute(ca.slot)) break;
        ca.rivals.push(b);
        cb.rivals.push(a);
      }
  return { cells, times, dates: [...dates.keys()], fields: fields.size, places: places.size };
}

/** The first start time whose key is at least `key`. */
function firstTimeFrom(times: readonly Time[], key: number): number {
  let [lo, hi] = [0, times.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid]!.key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface Attempt {
  readonly placed: { readonly game: Candidate; readonly cell: number }[];
  readonly unplaced: UnplacedGame[];
}

/** One greedy pass over the games (see the file's comment); `spread` aims each round at its share of the season. */
function place(grid: Grid, games: readonly Candidate[], teams: Teams, minRest: number, spread: boolean): Attempt {
  const { cells, times } = grid;
  const used = new Uint8Array(cells.length);
  const free = times.map((t) => t.to - t.from);
  const [fieldUse, placeUse] = [new Int32Array(grid.fields), new Int32Array(grid.places)];
  const [lastDate, lastEnd] = [new Int32Array(teams.ids.length).fill(-1), new Int32Array(teams.ids.length)];
  const divisionRound = new Map<number, { round: number; previous: number; current: number }>();
  const floorOf = (team: number) => (lastDate[team]! < 0 ? 0 : keyOf(lastDate[team]!, lastEnd[team]! + minRest));
  const blackedOut = (game: Candidate, date: number) =>
    teams.blackouts[game.home]?.has(date) === true || teams.blackouts[game.away]?.has(date) === true;
  const uses = (c: number) => fieldUse[cells[c]!.field]! * 1e6 + placeUse[cells[c]!.place]!;
  const search = (game: Candidate, from: number, to: number): number => {
    for (let t = from; t < to; t += 1) {
      if (free[t] === 0 || blackedOut(game, times[t]!.date)) continue;
      let best = -1;
      for (let c = times[t]!.from; c < times[t]!.to; c += 1)
        if (used[c] === 0 && (best < 0 || uses(c) < uses(best))) best = c;
      if (best >= 0) return best;
    }
    return -1;
  };
  const why = (game: Candidate, fromTime: number): string => {
    const [home, away] = [teams.ids[game.home]!, teams.ids[game.away]!];
    let [taken, blocked] = [0, 0];
    for (let t = fromTime; t < times.length; t += 1)
      if (blackedOut(game, times[t]!.date)) blocked += 1;
      else if (free[t] === 0) taken += 1;
    const later = [game.home, game.away]
      .filter((team) => lastDate[team]! >= 0)
      .sort((a, b) => lastDate[b]! - lastDate[a]! || lastEnd[b]! - lastEnd[a]!)[0];
    const after =
      later === undefined
        ? "in the season"
        : `after ${teams.ids[later]}'s game ending ${formatMinute(lastEnd[later]!)} on ${grid.dates[lastDate[later]!]}` +
          (minRest > 0 ? ` (plus ${minRest} min rest)` : "");
    const total = times.length - fromTime;
    if (total === 0) return `No free slot for both ${home} and ${away} ${after}: no start time is left.`;
    return (
      `No free slot for both ${home} and ${away} ${after}: of ${total} ${later === undefined ? "" : "later "}` +
      `start time${total === 1 ? "" : "s"}, ${taken} ${taken === 1 ? "is" : "are"} fully taken and ` +
      `${blocked} fall${blocked === 1 ? "s" : ""} on a blackout date.`
    );
  };

  const placed: { game: Candidate; cell: number }[] = [];
  const unplaced: UnplacedGame[] = [];
  for (const game of games) {
    let division = divisionRound.get(game.division);
    if (!division) divisionRound.set(game.division, (division = { round: game.round, previous: -1, current: -1 }));
    if (division.round !== game.round) {
      division.round = game.round;
      if (division.current >= 0) division.previous = division.current;
      division.current = -1;
    }
    const floor = Math.max(floorOf(game.home), floorOf(game.away));
    const target = spread ? Math.floor(((game.round - 1) * grid.dates.length) / game.rounds) : 0;
    const floorTime = firstTimeFrom(times, floor);
    const preferredTime = firstTimeFrom(times, Math.max(floor, keyOf(Math.max(target, division.previous), 0)));
    let cell = search(game, preferredTime, times.length);
    if (cell < 0) cell = search(game, floorTime, preferredTime);
    if (cell < 0) {
      const { divisionId, round } = game;
      const [homeTeamId, awayTeamId] = [teams.ids[game.home]!, teams.ids[game.away]!];
      unplaced.push({ divisionId, round, homeTeamId, awayTeamId, reason: why(game, floorTime) });
      continue;
    }
    const taken = cells[cell]!;
    for (const c of [cell, ...taken.rivals])
      if (used[c] === 0) {
        used[c] = 1;
        free[cells[c]!.time]! -= 1;
      }
    fieldUse[taken.field]! += 1;
    placeUse[taken.place]! += 1;
    for (const team of [game.home, game.away]) {
      lastDate[team] = taken.date;
      lastEnd[team] = slotEndMinute(taken.slot);
    }
    division.current = Math.max(division.current, taken.date);
    placed.push({ game, cell });
  }
  return { placed, unplaced };
}

interface Teams {
  readonly ids: readonly string[];
  /** Per team, the indices of its blackout dates; null: none. */
  readonly blackouts: readonly (ReadonlySet<number> | null)[];
}

/**
 * The season: every division's round robin placed into the slots (see the file's comment). Throws a RangeError
 * when a team or slot id repeats or minRestMinutes is negative.
 */
export function generateSeason(input: GeneratorInput): GeneratorResult {
  if (!(input.minRestMinutes >= 0)) throw new RangeError("minRestMinutes must be 0 or more");
  const teamIndex = new Map<string, number>();
  const divisions = new Map<string, string[]>();
  for (const team of input.teams) {
    if (teamIndex.has(team.id)) throw new RangeError(`Team "${team.id}" is listed twice`);
    teamIndex.set(team.id, teamIndex.size);
    divisions.set(team.divisionId, [...(divisions.get(team.divisionId) ?? []), team.id]);
  }
  if (new Set(input.slots.map((s) => s.id)).size !== input.slots.length)
    throw new RangeError("A slot id is used twice");
  const grid = prepareGrid(input.slots);
  const dateIndex = new Map(grid.dates.map((d, i) => [d, i]));
  const teams: Teams = {
    ids: input.teams.map((t) => t.id),
    blackouts: input.teams.map((t) => {
      const dates = (t.blackoutDates ?? []).flatMap((d) => (dateIndex.has(d) ? [dateIndex.get(d)!] : []));
      return dates.length > 0 ? new Set(dates) : null;
    }),
  };
  const schedules = [...divisions].map(([divisionId, ids]) => ({
    divisionId,
    rr: roundRobin(ids, input.doubleRoundRobin),
  }));
  const games: Candidate[] = [];
  const maxRounds = Math.max(0, ...schedules.map((s) => s.rr.rounds.length));
  for (let r = 0; r < maxRounds; r += 1)
    for (const [division, { divisionId, rr }] of schedules.entries())
      for (const p of rr.rounds[r] ?? []) {
        const [home, away] = [teamIndex.get(p.homeTeamId)!, teamIndex.get(p.awayTeamId)!];
        games.push({ divisionId, division, round: r + 1, rounds: rr.rounds.length, home, away });
      }

  let best = place(grid, games, teams, input.minRestMinutes, true);
  if (best.unplaced.length > 0) {
    const compact = place(grid, games, teams, input.minRestMinutes, false);
    if (compact.unplaced.length < best.unplaced.length) best = compact;
  }
  return {
    games: [...best.placed]
      .sort((a, b) => a.cell - b.cell)
      .map(({ game, cell }) => ({
        divisionId: game.divisionId,
        round: game.round,
        homeTeamId: teams.ids[game.home]!,
        awayTeamId: teams.ids[game.away]!,
        slotId: grid.cells[cell]!.slot.id,
      })),
    unplaced: best.unplaced,
    byes: schedules.flatMap((s) => s.rr.byes),
  };
}
