import { describe, expect, it } from "vitest";
import { newSnapSchema } from "#domain/api/game.js";
import { DEFAULT_LEAGUE_RULES } from "#domain/league-rules.js";
import { teamLine } from "#domain/football-stats.js";
import { inGameOrder, playersOfSnap, pointsOfSnap, scoreOfSnaps, snapSide, type SnapDetail } from "#domain/snaps.js";
import { generateSeason, type SeasonOptions, type SeasonPlayer } from "./season.js";

const PLAYERS: SeasonPlayer[] = [
  { id: "qb7", position: "qb" },
  { id: "wr11", position: "wr", others: ["slot"] },
  { id: "wr84", position: "wr" },
  { id: "slot3", position: "slot", others: ["wr"] },
  { id: "rb22", position: "rb" },
  { id: "te88", position: "te" },
  { id: "c55", position: "center" },
  { id: "cb21", position: "cb", others: ["safety"] },
  { id: "s31", position: "safety" },
  { id: "lb44", position: "lb" },
  { id: "ru95", position: "rusher", others: ["lb"] },
  { id: "wr19", position: "wr", others: ["cb"] },
];
// Play ids are UUIDs, as the snap schema wants them.
const play = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const SWEEP = play(3);
const PLAYS: SeasonOptions["plays"] = [
  { id: play(1), side: "offense" },
  { id: play(2), side: "offense" },
  { id: SWEEP, side: "offense", style: "run" },
  { id: play(4), side: "defense" },
  { id: play(5), side: "defense" },
];
const TODAY = new Date("2026-11-21T12:00:00Z");
const options = (seed: number): SeasonOptions => ({ players: PLAYERS, plays: PLAYS, seed, today: TODAY });
const SEEDS = [2026, 1, 2, 3, 4, 5, 6, 7, 8, 9];

describe("generateSeason", () => {
  it("makes the same season from the same seed, and another from another seed", () => {
    expect(generateSeason(options(2026))).toEqual(generateSeason(options(2026)));
    expect(generateSeason(options(7)).sessions[0]).not.toEqual(generateSeason(options(2026)).sessions[0]);
  });

  it("holds eight games a week apart and six practices within ten weeks before today, with a mixed record", () => {
    const season = generateSeason(options(2026));
    const games = season.sessions.filter((s) => s.kind === "game");
    const practices = season.sessions.filter((s) => s.kind === "practice");
    expect(games).toHaveLength(8);
    expect(practices).toHaveLength(6);
    const days = season.sessions.map((s) => s.date);
    expect(days).toEqual([...days].sort());
    expect(days.at(-1)).toBe("2026-11-20");
    expect(days[0]! >= "2026-09-12").toBe(true);
    expect(new Set(games.map((g) => g.opponent)).size).toBe(8);
    expect(new Set(games.map((g) => g.homeAway))).toEqual(new Set(["home", "away"]));
    expect(season.record.wins).toBeGreaterThanOrEqual(1);
    expect(season.record.losses).toBeGreaterThanOrEqual(1);
    expect(season.record.wins + season.record.losses + season.record.ties).toBe(8);
    expect(season.snapCount).toBe(season.sessions.reduce((n, s) => n + s.snaps.length, 0));
    expect(season.snapCount).toBeGreaterThan(400);
  });

  it.each(SEEDS)("seed %i: every game's final score is its snaps' total, and a practice scores nothing", (seed) => {
    for (const s of generateSeason(options(seed)).sessions) {
      if (s.kind === "game") {
        expect(s.final).toEqual(scoreOfSnaps(s.snaps, DEFAULT_LEAGUE_RULES));
        expect(s.final!.us + s.final!.them).toBeGreaterThan(0);
      } else {
        expect(s.final).toBeNull();
        expect(scoreOfSnaps(s.snaps, DEFAULT_LEAGUE_RULES)).toEqual({ us: 0, them: 0 });
        expect(s.snaps.some((x) => x.detail.kind === "try" || x.detail.kind === "opponent_score")).toBe(false);
      }
    }
  });

  it.each(SEEDS)("seed %i: team passing yards equal receiving yards, and each touchdown is one snap", (seed) => {
    const snaps = generateSeason(options(seed)).sessions.flatMap((s) => s.snaps);
    const { line, touchdowns } = teamLine(snaps);
    expect(line.passYards).toBe(line.receivingYards);
    expect(line.completions).toBe(line.catches);
    expect(line.passYardsKnown).toBe(line.completions);
    expect(line.rushingYardsKnown).toBe(line.carries);
    expect(line.passTouchdowns).toBe(line.receivingTouchdowns);
    const scoringSnaps = snaps.filter((s) => pointsOfSnap(s.detail, DEFAULT_LEAGUE_RULES).us === 6).length;
    expect(touchdowns).toBe(scoringSnaps);
  });

  it.each(SEEDS)("seed %i: snaps are valid, in order on the session's day, and name only players present", (seed) => {
    const season = generateSeason(options(seed));
    const problems: unknown[] = [];
    const ids = new Set<string>();
    for (const s of season.sessions) {
      expect(inGameOrder(s.snaps)).toEqual(s.snaps);
      const periods = s.snaps.map((x) => x.period);
      expect(periods).toEqual([...periods].sort());
      expect(new Set(periods)).toEqual(new Set(s.kind === "practice" ? [1] : [1, 2]));
      for (const snap of s.snaps) {
        const parsed = newSnapSchema.safeParse(snap);
        if (!parsed.success) problems.push([snap, parsed.error.issues]);
        if (snap.sessionId !== s.id || snap.occurredAt.slice(0, 10) !== s.date) problems.push(["session", snap]);
        if (playersOfSnap(snap.detail).some((p) => s.absent.includes(p))) problems.push(["absent", snap]);
        if (snap.detail.kind === "pass" && snap.detail.passerId !== "qb7") problems.push(["passer", snap]);
        ids.add(snap.id);
      }
    }
    expect(problems).toEqual([]);
    expect(ids.size).toBe(season.snapCount);
  });

  it.each(SEEDS)("seed %i: each of our touchdowns is followed by our try, and a try follows nothing else", (seed) => {
    const ourTouchdown = (d: SnapDetail | undefined) =>
      (d?.kind === "pass" && d.result === "touchdown") ||
      (d?.kind === "run" && d.touchdown) ||
      (d?.kind === "interception" && d.returnTouchdown);
    for (const s of generateSeason(options(seed)).sessions) {
      s.snaps.forEach((snap, i) => {
        if (ourTouchdown(snap.detail)) expect(s.snaps[i + 1]?.detail.kind).toBe("try");
        if (snap.detail.kind === "try") expect(ourTouchdown(s.snaps[i - 1]?.detail)).toBe(true);
        if (snap.detail.kind === "opponent_score" && snap.detail.score.startsWith("try"))
          expect(s.snaps[i - 1]?.detail).toEqual({ kind: "opponent_score", score: "touchdown" });
      });
    }
  });

  it("tags about half the pass and run snaps, offense plays on offense snaps and defense plays on defense snaps", () => {
    const side = new Map(PLAYS.map((p) => [p.id, p.side]));
    const snaps = generateSeason(options(2026)).sessions.flatMap((s) => s.snaps);
    const plays = snaps.filter((s) => s.detail.kind === "pass" || s.detail.kind === "run");
    const tagged = plays.filter((s) => s.playId !== null);
    expect(tagged.length / plays.length).toBeGreaterThan(0.4);
    expect(tagged.length / plays.length).toBeLessThan(0.65);
    for (const s of snaps.filter((x) => x.playId !== null)) expect(side.get(s.playId!)).toBe(snapSide(s.detail));
    const runs = snaps.filter((s) => s.detail.kind === "run" && s.playId !== null);
    expect(runs.every((s) => s.playId === SWEEP)).toBe(true);
    expect(new Set(snaps.map((s) => s.playId)).size).toBe(PLAYS.length + 1);
  });

  it("plays quarters when the league does, and the score still adds up", () => {
    const rules = { ...DEFAULT_LEAGUE_RULES, periodKind: "quarter" as const };
    for (const s of generateSeason({ ...options(11), rules }).sessions.filter((x) => x.kind === "game")) {
      expect(new Set(s.snaps.map((x) => x.period))).toEqual(new Set([1, 2, 3, 4]));
      expect(s.final).toEqual(scoreOfSnaps(s.snaps, rules));
    }
  });

  it("with liveGame, the last game is today and still on: into the second half, before now, no final score", () => {
    const full = generateSeason(options(2026));
    const season = generateSeason({ ...options(2026), liveGame: true });
    const live = season.sessions.at(-1)!;
    expect(live).toMatchObject({ kind: "game", date: "2026-11-21", final: null });
    expect(new Set(live.snaps.map((s) => s.period))).toEqual(new Set([1, 2]));
    expect(live.snaps.at(-1)!.occurredAt < TODAY.toISOString()).toBe(true);
    expect(live.snaps[0]!.occurredAt >= "2026-11-21T00:00:00.000Z").toBe(true);
    expect(inGameOrder(live.snaps)).toEqual(live.snaps);
    // The same game as the finished season's last one, cut short.
    const last = full.sessions.at(-1)!;
    expect(live.snaps.map((s) => s.detail)).toEqual(last.snaps.slice(0, live.snaps.length).map((s) => s.detail));
    expect(live.snaps.length).toBeLessThan(last.snaps.length);
    expect(season.record.wins + season.record.losses + season.record.ties).toBe(7);
  });

  it("a live game just after midnight is squeezed between midnight and now", () => {
    const today = new Date("2026-11-21T00:00:20.000Z");
    const live = generateSeason({ ...options(2026), today, liveGame: true }).sessions.at(-1)!;
    const times = live.snaps.map((s) => s.occurredAt);
    expect(times[0]! >= "2026-11-21T00:00:00.000Z").toBe(true);
    expect(times.at(-1)! <= today.toISOString()).toBe(true);
    expect(new Set(times).size).toBe(times.length);
    expect([...times].sort()).toEqual(times);
  });

  it("dates sessions by the zone's calendar day", () => {
    // 22:00 on the 20th in New York (UTC-5) is 03:00 UTC on the 21st.
    const season = generateSeason({
      ...options(2026),
      today: new Date("2026-11-21T03:00:00Z"),
      zoneOffset: -300,
      liveGame: true,
    });
    expect(season.sessions.at(-1)!.date).toBe("2026-11-20");
    for (const s of season.sessions)
      for (const snap of s.snaps)
        expect(new Date(Date.parse(snap.occurredAt) - 300 * 60_000).toISOString().slice(0, 10)).toBe(s.date);
  });

  it("a shorter season: as many games as asked, the last one yesterday", () => {
    const season = generateSeason({ ...options(3), games: 2, practices: 1 });
    expect(season.sessions.map((s) => [s.kind, s.date])).toEqual([
      ["practice", "2026-11-10"],
      ["game", "2026-11-13"],
      ["game", "2026-11-20"],
    ]);
  });
});
