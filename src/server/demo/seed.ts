import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { EventType } from "#domain/event-types.js";
import type { PositionKey } from "#domain/positions.js";
import type { Auth } from "../auth/index.js";
import { setAttendance } from "../db/attendance.js";
import { recordEvents, type NewEvent } from "../db/events.js";
import type { DB } from "../db/schema.js";
import { createTeamSession } from "../db/team-sessions.js";
import { createProfile, createTeam } from "../db/teams.js";

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

/** What each position tends to produce in a session, as (event type, chance per snap, yards range). */
const PRODUCTION: Record<PositionKey, ReadonlyArray<[EventType, number, [number, number]?]>> = {
  qb: [
    ["Pass Completion", 0.55, [4, 22]],
    ["Pass Incompletion", 0.3],
    ["Pass TD", 0.08, [8, 35]],
    ["Interception Thrown", 0.03],
    ["Rush Attempt", 0.08, [1, 12]],
  ],
  wr: [
    ["Catch", 0.45, [4, 25]],
    ["TD Catch", 0.07, [8, 40]],
    ["Drop", 0.06],
    ["Flag Pull", 0.05],
  ],
  slot: [
    ["Catch", 0.5, [3, 18]],
    ["TD Catch", 0.05, [6, 30]],
    ["Drop", 0.05],
    ["Rush Attempt", 0.05, [1, 9]],
  ],
  rb: [
    ["Rush Attempt", 0.55, [1, 14]],
    ["Rush TD", 0.07, [3, 30]],
    ["Catch", 0.15, [2, 12]],
  ],
  te: [
    ["Catch", 0.3, [3, 15]],
    ["TD Catch", 0.04, [5, 20]],
    ["Defensive Stop", 0.05],
  ],
  center: [
    ["Catch", 0.1, [2, 8]],
    ["Penalty", 0.05],
    ["Defensive Stop", 0.05],
  ],
  cb: [
    ["Flag Pull", 0.35],
    ["Interception", 0.07],
    ["Defensive Stop", 0.15],
    ["Penalty", 0.03],
  ],
  safety: [
    ["Flag Pull", 0.35],
    ["Interception", 0.06],
    ["Defensive Stop", 0.2],
  ],
  lb: [
    ["Flag Pull", 0.4],
    ["Defensive Stop", 0.25],
    ["Sack", 0.05],
    ["Interception", 0.02],
  ],
  rusher: [
    ["Sack", 0.12],
    ["Flag Pull", 0.25],
    ["Defensive Stop", 0.15],
  ],
};

const OPPONENTS = ["Eagles", "Mustangs", "Sharks", "Hornets", "Thunder", "Comets"];

/** A small deterministic generator, so the demo looks the same every time it is made. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

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
  sessions: number;
  events: number;
}

/**
 * Seeds a demo team: a head coach, twelve players, six weeks of two practices and one game a week, with
 * attendance and position-typical events. Returns null when the database already holds a team.
 */
export async function seedDemo(
  db: Kysely<DB>,
  auth: Auth,
  opts: { weeks?: number; seed?: number; today?: Date } = {},
): Promise<DemoTeam | null> {
  const existing = await db.selectFrom("teams").select("id").limit(1).executeTakeFirst();
  if (existing) return null;
  const random = mulberry32(opts.seed ?? 2026);
  const weeks = opts.weeks ?? 6;
  const today = opts.today ?? new Date();

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

  let sessions = 0;
  let events = 0;
  for (let week = weeks; week >= 1; week--) {
    // Two practices and a game each week, the latest game yesterday.
    for (const [daysBack, kind] of [
      [5, "practice"],
      [3, "practice"],
      [1, "game"],
    ] as const) {
      const day = new Date(today.getTime() - ((week - 1) * 7 + daysBack) * 86_400_000);
      const session = await createTeamSession(db, {
        teamId: team.id,
        kind,
        date: isoDate(day),
        opponent: kind === "game" ? OPPONENTS[(weeks - week) % OPPONENTS.length]! : null,
        location: kind === "game" ? "Riverside Park, Field 2" : "Riverside Park",
        createdBy: coachId,
      });
      sessions += 1;
      const batch: NewEvent[] = [];
      for (const [i, player] of players.entries()) {
        const present = random() < 0.88;
        await setAttendance(db, { sessionId: session.id, playerId: player.id, present });
        if (!present) continue;
        const position = DEMO_ROSTER[i]!.position;
        const snaps = kind === "game" ? 14 : 9;
        for (let snap = 0; snap < snaps; snap++) {
          for (const [eventType, chance, yards] of PRODUCTION[position]) {
            if (random() >= chance) continue;
            const start = new Date(`${session.date}T${kind === "game" ? "15" : "17"}:00:00.000Z`).getTime();
            batch.push({
              id: randomUUID(),
              teamId: team.id,
              playerId: player.id,
              sessionId: session.id,
              eventType,
              yards: yards ? Math.round(yards[0] + random() * (yards[1] - yards[0])) : null,
              occurredAt: new Date(start + snap * 240_000 + Math.floor(random() * 200_000)).toISOString(),
              createdBy: coachId,
            });
            break;
          }
        }
      }
      await recordEvents(db, batch);
      events += batch.length;
    }
  }
  return {
    teamId: team.id,
    teamCode: team.teamCode,
    coachInviteCode: team.coachInviteCode,
    coachEmail: DEMO_COACH_EMAIL,
    players,
    sessions,
    events,
  };
}
