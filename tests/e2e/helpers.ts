import { expect, type APIRequestContext, type Page } from "@playwright/test";

export const PASSWORD = "correct-horse-battery";

let n = 0;
export function uniqueEmail(prefix: string): string {
  n += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${n}@example.com`;
}

export interface Me {
  id: string;
  email: string;
  role: "player" | "coach";
  fullName: string;
  team: { id: string; name: string; code: string; coachInviteCode: string | null } | null;
}

/** Creates an account through the API (fast set-up); the browser journeys themselves are tested in auth.spec.ts. */
export async function apiSignUp(request: APIRequestContext, body: Record<string, unknown>): Promise<Me> {
  const res = await request.post("/api/signup", { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { user: Me }).user;
}

export async function apiCoach(request: APIRequestContext, teamName = "Harbor Hawks", fullName = "Casey Coach") {
  const email = uniqueEmail("coach");
  const me = await apiSignUp(request, { role: "coach", fullName, email, password: PASSWORD, teamName });
  return { ...me, email, password: PASSWORD };
}

export async function apiPlayer(
  request: APIRequestContext,
  teamCode: string,
  extra: { fullName?: string; jerseyNumber?: number; primaryPosition?: string; positions?: string[] } = {},
) {
  const email = uniqueEmail("player");
  const me = await apiSignUp(request, {
    role: "player",
    fullName: extra.fullName ?? "Pat Player",
    email,
    password: PASSWORD,
    teamCode,
    jerseyNumber: extra.jerseyNumber ?? 7,
    primaryPosition: extra.primaryPosition ?? "wr",
    positions: extra.positions ?? [],
  });
  return { ...me, email, password: PASSWORD };
}

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: /sign in|log in/i }).click();
}

/** Signs the page's browser context in through the API, sharing the cookie with the page. */
export async function signInQuick(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post("/api/session", { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}
