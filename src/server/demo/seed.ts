import type { Kysely } from "kysely";
import type { PositionKey } from "#domain/positions.js";
import type { Auth } from "../auth/index.js";
import { markSessionAttendance } from "../db/attendance.js";
import { hasAnyTeam, teamEventCount } from "../db/demo.js";
import { createFeedback, markFeedbackRead } from "../db/feedback.js";
import { setFinalScore } from "../db/games.js";
import { createPlay } from "../db/plays.js";
import type { DB } from "../db/schema.js";
import { currentSeason, updateSeason } from "../db/seasons.js";
import { insertSnaps } from "../db/snaps.js";
import { createTeamSession, setSessionPeriod } from "../db/team-sessions.js";
import { createProfile, createTeam } from "../db/teams.js";
import { createTrainingLog } from "../db/training-logs.js";
import { DEMO_PLAYBOOK, demoFeedback, demoTrainingLogs } from "./content.js";
import { seedDemoSchedule, type DemoSchedule } from "./schedule.js";
import { generateSeason, type SeasonPlay } from "./season.js";

export const DEMO_PASSWORD = "flagline-demo";
export const DEMO_COACH_EMAIL = "coach@demo.flagline.test";

/** Twelve players covering all ten positions (two extra receivers). */
const DEMO_ROSTER: ReadonlyArray<{ name: string; jersey: number; position: PositionKey; others?: PositionKey[] }> = [
  { name: "Jordan Reyes", jersey: 7, position: "qb" },
  { name: "Maya Thompson", jersey: 11, position: "wr", others: ["slot"] },
  { name: "Eli Carter", jersey: 84, position: "wr" },
  { name: "Sofia Nguyen", jersey: 3, position: "slot", others: ["wr"] },
  { name: "Marcus Bell", jersey: 22, position: "rb" },
  { name: "Ava Patel", jersey: 88, position: "te" },
  { name: "Noah Kim", jersey: 55, position: "center" },
  { name: "Isabella Cruz", jersey: 21, position: "cb", others: ["safety"] },
  { name: "Liam O'Connor", jersey: 31, position: "safety" },
  { name: "Zoe Washington", jersey: 44, position: "lb" },
  { name: "Tyler Brooks", jersey: 95, position: "rusher", others: ["lb"] },
  { name: "Chloe Martin", jersey: 19, position: "wr", others: ["cb"] },
];

async function createUser(auth: Auth, name: string, email: string): Promise<string> {
  const result = await auth.api.signUpEmail({ body: { name, email, password: DEMO_PASSWORD } });
  return result.user.id;
}

export interface DemoTeam {
  teamId: string;
  teamCode: string;
  coachInviteCode: string;
  coachEmail: string;
  players: Array<{ id: string; name: string; email: string }>;
  /** Games and practices. */
  sessions: number;
  games: number;
  practices: number;
  /** The finished games' record, "5-2" (ties shown when there are some). */
  record: string;
  /** Games still being played (today's). */
  gamesInProgress: number;
  snaps: number;
  /** The events the snaps imply (what the performance scores count). */
  events: number;
  plays: number;
  feedback: number;
  trainingLogs: number;
  schedule: DemoSchedule;
}

/**
 * Seeds a demo team: a head coach, twelve players, a playbook and a season (src/server/demo/season.ts) of
 * `weeks` games a week apart (8) with practices three days before most of them; every game and practice logged
 * as snaps through the snap write path (db/snaps.ts: each snap with its events and the counters in one
 * transaction), attendance marked, and every game but the last ended with its snaps' total as the final score.
 * The last game is today, in the second half, so the dashboards' scoreboard shows a live game (GET
 * /api/team/scoreboard without tzOffset reads the server's own day, which is the zone used here). Then the
 * coach's feedback to every player and the players' training logs, and the schedule (demo/schedule.ts): the
 * season's events linked to what was logged, and the coming weeks with the players' answers. `timeZone` is the
 * zone the server's own day is in (the process's, by default). Returns null when the database already holds a team.
 */
export async function seedDemo(
  db: Kysely<DB>,
  auth: Auth,
  opts: { weeks?: number; seed?: number; today?: Date; timeZone?: string } = {},
): Promise<DemoTeam | null> {
  if (await hasAnyTeam(db)) return null;
  const seed = opts.seed ?? 2020;
  const games = opts.weeks ?? 8;
  const today = opts.today ?? new Date();
  // The server's own zone: the scoreboard's "today" when the viewer sends no offset.
  const zoneOffset = -today.getTimezoneOffset();

  const coachId = await createUser(auth, "Dana Whitfield", DEMO_COACH_EMAIL);
  const team = await createTeam(db, { name: "Riverside Falcons" });
  await createProfile(db, {
    userId: coachId,
    teamId: team.id,
    role: "coach",
    coachRole: "head",
    fullName: "Dana Whitfield",
  });

  const players: DemoTeam["players"] = [];
  for (const p of DEMO_ROSTER) {
    const email = `${p.name.toLowerCase().replace(/[^a-z]+/g, ".")}@demo.flagline.test`;
    const id = await createUser(auth, p.name, email);
    await createProfile(db, {
      userId: id,
      teamId: team.id,
      role: "player",
      fullName: p.name,
      jerseyNumber: p.jersey,
      primaryPosition: p.position,
      positions: [p.position, ...(p.others ?? [])],
    });
    players.push({ id, name: p.name, email });
  }
  const roster = DEMO_ROSTER.map((p, i) => ({ id: players[i]!.id, position: p.position, others: p.others }));

  const plays: SeasonPlay[] = [];
  for (const p of DEMO_PLAYBOOK) {
    const { name, side, formation, tags, notes } = p;
    const play = await createPlay(db, { teamId: team.id, name, side, formation, tags, notes });
    plays.push({ id: play.id, side, style: p.style });
  }

  const season = generateSeason({
    players: roster,
    plays,
    seed,
    today,
    zoneOffset,
    games,
    practices: Math.round((games * 3) / 4),
    liveGame: true,
  });
  for (const s of season.sessions) {
    await createTeamSession(db, {
      id: s.id,
      teamId: team.id,
      kind: s.kind,
      date: s.date,
      opponent: s.opponent,
      homeAway: s.homeAway,
      location: s.location,
      createdBy: coachId,
    });
    await markSessionAttendance(
      db,
      team.id,
      s.id,
      players.map((p) => ({ playerId: p.id, present: !s.absent.includes(p.id) })),
    );
    // The game owns its period (decision 0022): each period after the first starts at its first snap.
    const starts = new Map<number, string>();
    for (const snap of s.snaps)
      if (snap.period > 1 && !(snap.occurredAt >= (starts.get(snap.period) ?? "~")))
        starts.set(snap.period, snap.occurredAt);
    for (const [period, at] of [...starts].sort(([x], [y]) => x - y))
      await setSessionPeriod(db, { id: s.id, teamId: team.id }, period, at);
    await insertSnaps(db, team.id, coachId, s.snaps);
    if (s.final) await setFinalScore(db, { id: s.id, teamId: team.id }, coachId, s.final);
  }
  // The demo's games are the team's current season (docs/product.md §11 (#s11-seasons)): it began with its first practice or game.
  const firstDay = season.sessions.map((s) => s.date).sort()[0];
  const current = await currentSeason(db, team.id);
  if (firstDay && current && firstDay < current.starts_on)
    await updateSeason(db, team.id, current.id, { name: `${firstDay.slice(0, 4)} season`, startsOn: firstDay });

  const opponents = season.sessions.flatMap((s) => (s.opponent ? [s.opponent] : []));
  const feedback = demoFeedback(roster, opponents, seed);
  for (const player of players) {
    const notes = feedback.filter((f) => f.playerId === player.id);
    // Older notes the player has read, then the newest ones still unread.
    for (const f of notes.filter((n) => n.read))
      await createFeedback(db, { teamId: team.id, playerId: player.id, coachId, category: f.category, body: f.body });
    if (notes.some((n) => n.read)) await markFeedbackRead(db, { teamId: team.id, playerId: player.id });
    for (const f of notes.filter((n) => !n.read))
      await createFeedback(db, { teamId: team.id, playerId: player.id, coachId, category: f.category, body: f.body });
  }

  const localToday = new Date(today.getTime() + zoneOffset * 60_000);
  const logs = demoTrainingLogs(roster, localToday, 7 * (games + 1), seed);
  for (const log of logs) await createTrainingLog(db, { ...log, teamId: team.id });

  const schedule = await seedDemoSchedule(db, {
    teamId: team.id,
    coachId,
    playerIds: players.map((p) => p.id),
    sessions: season.sessions,
    timeZone: opts.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    today,
  });

  const events = await teamEventCount(db, team.id);
  return {
    teamId: team.id,
    teamCode: team.teamCode,
    coachInviteCode: team.coachInviteCode,
    coachEmail: DEMO_COACH_EMAIL,
    players,
    sessions: season.sessions.length,
    games: season.sessions.filter((s) => s.kind === "game").length,
    practices: season.sessions.filter((s) => s.kind === "practice").length,
    record: season.record.text,
    gamesInProgress: season.sessions.filter((s) => s.kind === "game" && s.final === null).length,
    snaps: season.snapCount,
    events,
    plays: plays.length,
    feedback: feedback.length,
    trainingLogs: logs.length,
    schedule,
  };
}
