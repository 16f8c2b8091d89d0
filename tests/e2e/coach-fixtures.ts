import { expect, type Page } from "@playwright/test";
import { signInQuick } from "./helpers";
import { seedTeamByName } from "./seed";

/** Set-up shared by the coach-*.spec.ts files: a team and its players (seeded), sessions, attendance and events (the API). */

export interface PlayerSpec {
  fullName: string;
  jerseyNumber: number;
  primaryPosition: string;
}

export interface EventSpec {
  eventType: string;
  yards?: number;
  sessionId?: string;
  /** Defaults to now. */
  occurredAt?: string;
}

/** A coach, a new team and its players, in one seeding call. */
export async function createTeam(players: readonly PlayerSpec[], teamName = "Harbor Hawks") {
  const { coach, players: byName } = await seedTeamByName(players, teamName);
  return { coach, players: byName };
}

/** A team signed in on the page as its coach (page.request then carries the coach's cookie). */
export async function signedInCoachWithTeam(page: Page, players: readonly PlayerSpec[], teamName?: string) {
  const team = await createTeam(players, teamName);
  await signInQuick(page, team.coach.email);
  return team;
}

export function today(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return d.toISOString().slice(0, 10);
}

export async function logEvents(page: Page, playerId: string, events: readonly EventSpec[]) {
  const res = await page.request.post("/api/team/events", {
    data: {
      events: events.map((e) => ({
        id: crypto.randomUUID(),
        playerId,
        eventType: e.eventType,
        yards: e.yards ?? null,
        sessionId: e.sessionId ?? null,
        occurredAt: e.occurredAt ?? new Date().toISOString(),
      })),
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export async function createSession(
  page: Page,
  kind: "practice" | "game",
  date = today(),
  opponent?: string,
): Promise<string> {
  const res = await page.request.post("/api/team/sessions", {
    data: { kind, date, ...(opponent ? { opponent } : {}) },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { session: { id: string } }).session.id;
}

export async function markAttendance(
  page: Page,
  sessionId: string,
  marks: readonly { playerId: string; present: boolean }[],
) {
  const res = await page.request.put(`/api/team/sessions/${sessionId}/attendance`, { data: { marks } });
  expect(res.status(), await res.text()).toBe(200);
}
