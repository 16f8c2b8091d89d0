import { expect, type Page } from "@playwright/test";
import { signInQuick } from "./helpers";
import { seedTeam } from "./seed";

/** A phone held in one hand: the logger is built for this size first. */
export const PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true } as const;

export interface TeamPlayer {
  id: string;
  fullName: string;
  jerseyNumber: number;
  position: string;
}

/** A coach signed in on `page`, with players on the team (seeded in one call). */
export async function coachWithPlayers(
  page: Page,
  players: { fullName: string; jerseyNumber: number; primaryPosition: string }[],
) {
  const { coach, players: seeded } = await seedTeam({ players });
  const made: TeamPlayer[] = seeded.map((player, i) => ({
    id: player.id,
    fullName: players[i]!.fullName,
    jerseyNumber: players[i]!.jerseyNumber,
    position: players[i]!.primaryPosition,
  }));
  await signInQuick(page, coach.email);
  return { coach, players: made };
}

/** Today in the browser's (and this machine's) zone, YYYY-MM-DD. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

export async function createSession(page: Page, body: Record<string, unknown> = {}): Promise<string> {
  const res = await page.request.post("/api/team/sessions", { data: { kind: "practice", date: today(), ...body } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { session: { id: string } }).session.id;
}

export async function teamPlayers(page: Page): Promise<any[]> {
  const res = await page.request.get("/api/team/players");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { players: any[] }).players;
}

export async function playerSummary(page: Page, id: string): Promise<any> {
  const player = (await teamPlayers(page)).find((p) => p.id === id);
  expect(player, `player ${id} on the team`).toBeTruthy();
  return player;
}

/** The header's count of changes not yet on the server. */
export function syncBadge(page: Page) {
  return page.getByRole("status").filter({ hasText: /waiting to send|All sent/ });
}

export function playerButton(page: Page, name: string) {
  return page.getByRole("list", { name: "Players" }).getByRole("button", { name: new RegExp(name) });
}

export function eventButton(page: Page, type: string) {
  return page.getByRole("button", { name: type, exact: true });
}

/** The rows of "Events this session". */
export function eventRows(page: Page) {
  return page.getByRole("region", { name: "Events this session" }).getByRole("listitem");
}

/** A game opens on Snaps: this switches the log to the single-event pad (the spec'd two-tap screen). */
export async function singleEvents(page: Page) {
  const button = page.getByRole("group", { name: "Log by" }).getByRole("button", { name: "Single events" });
  await button.click();
  await expect(button).toHaveAttribute("aria-pressed", "true");
}

/** The logger's scoreboard (games, and any session with snaps). */
export function scoreboard(page: Page) {
  return page.getByRole("region", { name: "Scoreboard" });
}

export async function expectScore(page: Page, us: number, them: number) {
  await expect(scoreboard(page).getByTestId("score-us")).toHaveText(String(us));
  await expect(scoreboard(page).getByTestId("score-them")).toHaveText(String(them));
}

/** A player's tile in one of the snap pad's lineups ("Receivers", "Runner", "Defenders", "Passer"). */
export function tile(page: Page, list: string, jersey: number) {
  return page.getByRole("list", { name: list }).getByRole("button", { name: new RegExp(`^#${jersey} `) });
}

/** The play-by-play's rows. */
export function snapRows(page: Page) {
  return page.getByRole("region", { name: "Play-by-play" }).getByRole("listitem");
}
