/**
 * Playing a league's bracket (issue "Leagues", decision 0038): where and when each of its games is played, and who
 * has won so far. Pure, over bracket.ts's rounds, slots.ts's slots and conflicts.ts's check.
 *
 * planBracket places the rounds in order, each game in the earliest free slot on or after the first day: its sub-field
 * free at that time, and every team that could reach the game free then (not playing, with the league's rest before
 * and after its other games that day, not blacked out). A round starts once the round before it has ended plus the
 * league's rest. The plan is then checked again with scheduleConflicts, which shares no code with the placing.
 *
 * playBracket moves winners on from the bracket games' confirmed results: a game counts only while it is still
 * between the two teams the bracket has in it (a corrected earlier result changes who plays later), and a tie
 * moves nobody on.
 */
import { advanceBracket, gameKey, seedBracket, type BracketGame } from "./bracket.js";
import { scheduleConflicts, type CheckedGame, type ScheduleConflict } from "./conflicts.js";
import { compareSlots, placeKey, slotEndMinute, type LeagueSlot } from "./slots.js";

/** A game already on the league's fields (cancelled ones are not). */
export interface BookedGame {
  readonly id: string;
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly slot: LeagueSlot;
}

export interface PlannedGame {
  readonly round: number;
  readonly index: number;
  readonly slot: LeagueSlot;
}

export interface BracketPlanInput {
  /** seedBracket's rounds. */
  readonly rounds: BracketGame[][];
  /** The league's slots on and after the bracket's first day. */
  readonly slots: readonly LeagueSlot[];
  readonly booked: readonly BookedGame[];
  readonly minRestMinutes: number;
  readonly blackouts?: ReadonlyMap<string, readonly string[]>;
}

export type BracketPlan =
  | { readonly ok: true; readonly games: PlannedGame[] }
  /** `round`: the first round that found no free field and time, or whose plan has `conflicts`. */
  | { readonly ok: false; readonly round: number; readonly conflicts: ScheduleConflict[] };

/** The teams that could play in a game: those of the first-round games that feed it. */
export function teamsUnder(rounds: readonly BracketGame[][], round: number, index: number): string[] {
  const width = 2 ** (round - 1);
  const teams: string[] = [];
  for (const game of rounds[0]!.slice(index * width, (index + 1) * width)) {
    if (game.homeTeamId !== null) teams.push(game.homeTeamId);
    if (game.awayTeamId !== null) teams.push(game.awayTeamId);
  }
  return teams;
}

interface Span {
  readonly start: number;
  readonly end: number;
}

const plannedId = (round: number, index: number) => `playoff:${round}:${index}`;

export function planBracket(input: BracketPlanInput): BracketPlan {
  const rest = input.minRestMinutes;
  const slots = [...input.slots].sort(compareSlots);
  const places = new Map<string, Span[]>();
  const teams = new Map<string, Span[]>();
  const book = (map: Map<string, Span[]>, key: string, span: Span) => {
    const list = map.get(key);
    if (list) list.push(span);
    else map.set(key, [span]);
  };
  const spanOf = (s: LeagueSlot): Span => ({ start: s.startMinute, end: slotEndMinute(s) });
  for (const g of input.booked) {
    book(places, `${placeKey(g.slot)}|${g.slot.date}`, spanOf(g.slot));
    for (const t of new Set([g.homeTeamId, g.awayTeamId])) book(teams, `${t}|${g.slot.date}`, spanOf(g.slot));
  }
  const placeFree = (s: LeagueSlot) =>
    (places.get(`${placeKey(s)}|${s.date}`) ?? []).every((b) => b.end <= s.startMinute || slotEndMinute(s) <= b.start);
  const teamFree = (team: string, s: LeagueSlot) => {
    if (input.blackouts?.get(team)?.includes(s.date)) return false;
    const end = slotEndMinute(s);
    return (teams.get(`${team}|${s.date}`) ?? []).every(
      (b) => (b.end <= s.startMinute && s.startMinute - b.end >= rest) || (end <= b.start && b.start - end >= rest),
    );
  };

  const planned: PlannedGame[] = [];
  let from = { date: "", minute: -Infinity };
  for (const round of input.rounds) {
    const first = slots.findIndex((s) => s.date > from.date || (s.date === from.date && s.startMinute >= from.minute));
    let last: { date: string; end: number } | null = null;
    for (const game of round) {
      if (game.bye) continue;
      const under = teamsUnder(input.rounds, game.round, game.index);
      let slot: LeagueSlot | undefined;
      for (let i = Math.max(first, 0); first >= 0 && i < slots.length && !slot; i += 1) {
        const s = slots[i]!;
        if (placeFree(s) && under.every((t) => teamFree(t, s))) slot = s;
      }
      if (!slot) return { ok: false, round: game.round, conflicts: [] };
      book(places, `${placeKey(slot)}|${slot.date}`, spanOf(slot));
      for (const t of under) book(teams, `${t}|${slot.date}`, spanOf(slot));
      planned.push({ round: game.round, index: game.index, slot });
      const end = slotEndMinute(slot);
      if (!last || slot.date > last.date || (slot.date === last.date && end > last.end))
        last = { date: slot.date, end };
    }
    if (last) from = { date: last.date, minute: last.end + rest };
  }
  const conflicts = checkPlan(input, planned);
  if (conflicts.length > 0) {
    const round = Math.min(
      ...planned.filter((p) => conflicts.some((c) => involves(c, plannedId(p.round, p.index)))).map((p) => p.round),
    );
    return { ok: false, round, conflicts };
  }
  return { ok: true, games: planned };
}

function involves(c: ScheduleConflict, gameId: string): boolean {
  return "gameIds" in c ? c.gameIds.includes(gameId) : c.gameId === gameId;
}

/**
 * What is wrong with a plan, by scheduleConflicts: its games' sub-fields against every booked game, and for each
 * seeded team, its booked games against every planned game it could reach (each opponent a stand-in).
 */
export function checkPlan(input: BracketPlanInput, planned: readonly PlannedGame[]): ScheduleConflict[] {
  const bookedSlots = input.booked.map((g) => ({ ...g.slot, id: `booked:${g.id}` }));
  const plannedSlots = planned.map((p) => ({ ...p.slot, id: `${plannedId(p.round, p.index)}` }));
  const slots = [...bookedSlots, ...plannedSlots];
  const bookedGames: CheckedGame[] = input.booked.map((g) => ({
    id: g.id,
    homeTeamId: g.homeTeamId,
    awayTeamId: g.awayTeamId,
    slotId: `booked:${g.id}`,
  }));
  const standIn = (p: PlannedGame, team: string): CheckedGame => {
    const id = plannedId(p.round, p.index);
    return { id, homeTeamId: team, awayTeamId: `${id}:${team}:opponent`, slotId: id };
  };
  const ours = new Set(planned.map((p) => plannedId(p.round, p.index)));
  const mine = (c: ScheduleConflict) => [...ours].some((id) => involves(c, id));
  const out = scheduleConflicts({
    games: [...bookedGames, ...planned.map((p) => standIn(p, plannedId(p.round, p.index)))],
    slots,
    minRestMinutes: 0,
  }).filter((c) => c.kind === "slot_double_booked" && mine(c));
  for (const team of input.rounds[0]!.flatMap((g) => [g.homeTeamId, g.awayTeamId])) {
    if (team === null) continue;
    const reach = planned.filter((p) => teamsUnder(input.rounds, p.round, p.index).includes(team));
    const found = scheduleConflicts({
      games: [
        ...bookedGames.filter((g) => g.homeTeamId === team || g.awayTeamId === team),
        ...reach.map((p) => standIn(p, team)),
      ],
      slots,
      minRestMinutes: input.minRestMinutes,
      blackouts: new Map([[team, input.blackouts?.get(team) ?? []]]),
    });
    out.push(...found.filter((c) => "teamId" in c && c.teamId === team && mine(c)));
  }
  return out;
}

/** A confirmed result's winner: the side that did not forfeit, else the higher score; null for a tie. */
export function winnerOf(result: {
  readonly homeTeamId: string;
  readonly awayTeamId: string;
  readonly home: number;
  readonly away: number;
  readonly forfeit: "home" | "away" | null;
}): string | null {
  if (result.forfeit !== null) return result.forfeit === "home" ? result.awayTeamId : result.homeTeamId;
  return result.home > result.away ? result.homeTeamId : result.away > result.home ? result.awayTeamId : null;
}

/** What a bracket game's league game says: the two teams it is between, and who won it (null: not decided). */
export interface PlayedGame {
  readonly teamIds: readonly [string, string];
  readonly winnerTeamId: string | null;
}

/** The bracket of `seeds` with the winners of `played` (by gameKey) moved on, round by round. */
export function playBracket(seeds: readonly string[], played: ReadonlyMap<string, PlayedGame>): BracketGame[][] {
  const start = seedBracket(seeds);
  const winners = new Map<string, string>();
  let rounds = start;
  for (let r = 0; r < start.length; r += 1) {
    for (const game of rounds[r]!) {
      const p = played.get(gameKey(game));
      if (game.bye || !p || p.winnerTeamId === null || game.homeTeamId === null || game.awayTeamId === null) continue;
      const same = new Set([...p.teamIds, game.homeTeamId, game.awayTeamId]).size === 2;
      if (same && p.teamIds.includes(p.winnerTeamId)) winners.set(gameKey(game), p.winnerTeamId);
    }
    rounds = advanceBracket(start, winners);
  }
  return rounds;
}
