import { axeOf, WCAG_21_AA } from "./axe";
import { expect, test, type Browser, type Page } from "./fixtures";
import { scaled } from "../support/host-speed";
import { finishAnimations, seedTeam as seedAccounts, signInQuick } from "./helpers";
import { answerPath, unsubscribePath } from "./mail-links";

/*
 * WCAG 2.1 A and AA (axe) on every page of docs/product.md §2: the eight public pages, the three player pages and the eight
 * coach pages, with real data, the schedule's pages for both, a reminder's answer link and a mail's unsubscribe link
 * (signed out), and the open player search dialog. Serious and critical violations fail the test;
 * minor and moderate ones are printed.
 */

// A service worker's cache must not answer in place of the server under test.
test.use({ serviceWorkers: "block" });

const PUBLIC_PATHS = ["/", "/features", "/how-it-works", "/pricing", "/about", "/contact", "/login", "/signup"];

/** Runs axe on the page (or inside `include`); returns the serious and critical violations, prints the rest. */
async function audit(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = axeOf(page).withTags(WCAG_21_AA);
  if (include) builder.include(include);
  const { violations, passes } = await builder.analyze();
  // A sanity check that axe really looked at something.
  expect(passes.length, `${where}: axe rules that passed`).toBeGreaterThan(5);
  const blocking: string[] = [];
  for (const v of violations) {
    const line = `${where}: [${v.impact}] ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`;
    if (v.impact === "serious" || v.impact === "critical") blocking.push(line);
    else console.log(`a11y (not failing): ${line}`);
  }
  return blocking;
}

/** The page has its heading and no loading indicator, and its requests are done. */
async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  // Let entrance transitions finish, so colour contrast is measured on the final colours. A looping animation (the
  // live scoreboard's pulsing dot) never finishes and is left running.
  await finishAnimations(page);
}

/** Opens every closed <details> in the main content; says how many there were. */
async function openAllDetails(page: Page): Promise<number> {
  const opened = await page.locator("main details:not([open])").evaluateAll((els) => {
    for (const el of els) (el as HTMLDetailsElement).open = true;
    return els.length;
  });
  // Like settle(): what opening them started has finished before axe looks.
  if (opened) await finishAnimations(page);
  return opened;
}

/** A day in this machine's (and the browser's) zone, `offsetDays` from today, as YYYY-MM-DD. */
function localDay(offsetDays = 0): string {
  const d = new Date(Date.now() + offsetDays * 86_400_000);
  return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
}

async function post(page: Page, url: string, data: unknown, status = 201) {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(status);
  return res.json() as Promise<Record<string, { id: string }>>;
}

/**
 * A team with everything on its pages: four players, past practices and today's game with attendance, events
 * (some run with plays), an archived play, feedback, and the first player's training logs.
 */
async function seedTeam(browser: Browser, baseURL: string | undefined) {
  const coachContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const coachPage = await coachContext.newPage();
  const specs = [
    { fullName: "Avery Quinn", jerseyNumber: 12, primaryPosition: "qb" },
    { fullName: "Blake Rivers", jerseyNumber: 7, primaryPosition: "wr" },
    { fullName: "Casey Stone", jerseyNumber: 24, primaryPosition: "cb" },
    { fullName: "Drew Park", jerseyNumber: 30, primaryPosition: "rb" },
  ];
  const { coach, players } = await seedAccounts({ teamName: "Harbor Hawks", coachName: "Casey Coach", players: specs });
  const [avery, blake, casey, drew] = players;
  if (!avery || !blake || !casey || !drew) throw new Error("four players expected");
  await signInQuick(coachPage, coach.email);

  const play = async (body: Record<string, unknown>) => (await post(coachPage, "/api/team/plays", body)).play!.id;
  const slant = await play({ name: "Slant Right", side: "offense", formation: "Trips", tags: ["quick"] });
  const cover = await play({ name: "Cover Two", side: "defense", notes: "Sink under the slant." });
  const oldPlay = await play({ name: "Old Trick", side: "offense" });
  await post(coachPage, `/api/team/plays/${oldPlay}/archive`, undefined, 200);

  const sessions: string[] = [];
  for (const [kind, offset, opponent] of [
    ["practice", -3],
    ["practice", -2],
    ["game", 0, "Eagles"],
  ] as const) {
    const body = { kind, date: localDay(offset), ...(opponent ? { opponent } : {}) };
    sessions.push((await post(coachPage, "/api/team/sessions", body)).session!.id);
  }
  for (const [i, sessionId] of sessions.entries()) {
    const res = await coachPage.request.put(`/api/team/sessions/${sessionId}/attendance`, {
      data: { marks: players.map((p, j) => ({ playerId: p.id, present: (i + j) % 3 !== 0 })) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const game = sessions[2]!;
  const event = (
    playerId: string,
    eventType: string,
    extra: { yards?: number; playId?: string; sessionId?: string } = {},
  ) => ({
    id: crypto.randomUUID(),
    playerId,
    eventType,
    yards: extra.yards ?? null,
    playId: extra.playId ?? null,
    sessionId: extra.sessionId ?? null,
    occurredAt: new Date().toISOString(),
  });
  await post(
    coachPage,
    "/api/team/events",
    {
      events: [
        event(avery.id, "Pass Completion", { yards: 14, playId: slant, sessionId: game }),
        event(avery.id, "Pass TD", { yards: 22, playId: slant, sessionId: game }),
        event(blake.id, "Catch", { yards: 14, playId: slant, sessionId: game }),
        event(blake.id, "TD Catch", { yards: 22, playId: slant, sessionId: game }),
        event(casey.id, "Interception", { playId: cover, sessionId: game }),
        event(casey.id, "Flag Pull", { playId: cover, sessionId: sessions[0] }),
        event(drew.id, "Rush Attempt", { yards: 6, sessionId: sessions[1] }),
      ],
    },
    200,
  );
  await post(coachPage, `/api/team/players/${avery.id}/feedback`, {
    category: "Technique",
    body: "Set your feet before the throw.",
  });
  await post(coachPage, `/api/team/players/${avery.id}/feedback`, {
    category: "Leadership",
    body: "Great huddle energy today.",
  });

  const playerContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
  const playerPage = await playerContext.newPage();
  await signInQuick(playerPage, avery.email);
  const logs = [
    [0, "Throwing", "Fifty short throws"],
    [-1, "Speed & agility", "Ladder and cones"],
    [-9, "Route running", ""],
  ] as const;
  for (const [offset, activityType, notes] of logs) {
    await post(playerPage, "/api/me/training-logs", {
      date: localDay(offset),
      activityType,
      durationMinutes: 40,
      intensity: 6,
      notes,
    });
  }
  return {
    coachPage,
    playerPage,
    player: avery,
    close: () => Promise.all([coachContext.close(), playerContext.close()]),
  };
}

test.describe("accessibility (axe, WCAG 2.1 A and AA)", () => {
  // One test per public page, so the two workers share them and a slow host's axe runs never add up to one
  // test's deadline.
  for (const path of PUBLIC_PATHS) {
    test(`the public page ${path}`, async ({ page }) => {
      await page.goto(path);
      await settle(page);
      expect(await audit(page, path)).toEqual([]);
    });
  }

  test("the login and contact forms with their errors showing", async ({ page }) => {
    const blocking: string[] = [];
    await page.goto("/login");
    await settle(page);
    await page.getByRole("button", { name: /sign in|log in/i }).click();
    await expect(page.getByText("Email is required.").first()).toBeVisible();
    blocking.push(...(await audit(page, "/login with errors")));
    await page.goto("/contact");
    await settle(page);
    await page.locator("main").getByRole("button", { name: /send/i }).click();
    await expect(
      page
        .locator("main")
        .getByText(/is required/)
        .first(),
    ).toBeVisible();
    blocking.push(...(await audit(page, "/contact with errors")));
    expect(blocking).toEqual([]);
  });

  test("the three player pages, with events, logs and feedback", async ({ browser, baseURL }) => {
    test.setTimeout(scaled(60_000));
    const team = await seedTeam(browser, baseURL);
    const page = team.playerPage;
    const blocking: string[] = [];
    const paths: [string, string][] = [
      ["/player/dashboard", "Great huddle energy today."],
      ["/player/profile", "Avery Quinn"],
      ["/player/logs", "Ladder and cones"],
    ];
    for (const [path, text] of paths) {
      await page.goto(path);
      await settle(page);
      if (path === "/player/profile") await expect(page.getByLabel("Full name")).toHaveValue(text);
      else await expect(page.locator("main"), path).toContainText(text);
      blocking.push(...(await audit(page, path)));
      if (await openAllDetails(page)) blocking.push(...(await audit(page, `${path} (numbers shown)`)));
    }
    await team.close();
    expect(blocking).toEqual([]);
  });

  /** Each coach page with a piece of the seeded data it shows, so axe audits the page as a coach would see it. */
  const coachPaths = (playerId: string): [string, string][] => [
    ["/coach/dashboard", "Harbor Hawks"],
    ["/coach/team-stats", "Eagles"],
    ["/coach/team-roster", "Drew Park"],
    ["/coach/leaderboard", "Casey Stone"],
    ["/coach/log", "Blake Rivers"],
    [`/coach/player/${playerId}`, "Great huddle energy today."],
    [`/coach/player-detail/${playerId}`, "Fifty short throws"],
    ["/coach/playbook-analysis", "Slant Right"],
    ["/coach/games/sessions", "Game vs Eagles"],
  ];

  // The nine coach pages in three parts, each on a team of its own, so the workers share them and no test runs
  // more than three pages through axe.
  for (const [part, from, to] of [
    ["dashboard, team stats and roster", 0, 3],
    ["leaderboard, logger and feedback", 3, 6],
    ["player detail, playbook (both tabs) and practices & games", 6, 9],
  ] as const) {
    test(`the coach pages with real data: ${part}`, async ({ browser, baseURL }) => {
      test.setTimeout(scaled(60_000));
      const team = await seedTeam(browser, baseURL);
      const page = team.coachPage;
      const blocking: string[] = [];
      for (const [path, text] of coachPaths(team.player.id).slice(from, to)) {
        await page.goto(path);
        await settle(page);
        await expect(page.locator("main"), path).toContainText(text);
        blocking.push(...(await audit(page, path)));
        // Charts keep their numbers in a closed <details>: audit those tables too.
        if (await openAllDetails(page)) blocking.push(...(await audit(page, `${path} (numbers shown)`)));
        if (path === "/coach/playbook-analysis") {
          // The playbook's other tab.
          await page.getByRole("tab", { name: "Plays" }).click();
          await expect(page.getByRole("heading", { name: /^Plays \(\d+\)$/ })).toBeVisible();
          blocking.push(...(await audit(page, "/coach/playbook-analysis (Plays tab)")));
        }
      }
      await team.close();
      expect(blocking).toEqual([]);
    });
  }

  test("the schedule pages (coach and player), with a game, a weekly practice and a cancelled one", async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(scaled(60_000));
    const team = await seedTeam(browser, baseURL);
    const coachPage = team.coachPage;
    const made = await post(coachPage, "/api/team/schedule", {
      kind: "game",
      date: localDay(1),
      startTime: "10:00",
      arriveBy: "09:30",
      placeName: "Riverside Park",
      mapUrl: "https://maps.example.com/?q=riverside",
      opponent: "Eagles",
      homeAway: "away",
    });
    const gameId = (made as unknown as { events: { id: string }[] }).events[0]!.id;
    const series = (await post(coachPage, "/api/team/schedule", {
      kind: "practice",
      date: localDay(2),
      startTime: "18:00",
      repeat: { weekdays: [0, 1, 2, 3, 4, 5, 6], until: localDay(4) },
    })) as unknown as { events: { id: string }[] };
    const res = await coachPage.request.patch(`/api/team/schedule/${series.events[1]!.id}`, {
      data: { status: "cancelled" },
    });
    expect(res.status(), await res.text()).toBe(200);
    await team.playerPage.request.put(`/api/team/schedule/${gameId}/answers/${team.player.id}`, {
      data: { answer: "going", note: "Bringing the cones" },
    });
    const blocking: string[] = [];
    for (const [page, path, text] of [
      [coachPage, "/coach/schedule", "Game at Eagles"],
      [coachPage, `/coach/schedule/${gameId}`, "Bringing the cones"],
      [team.playerPage, "/player/schedule", "Cancelled"],
      [team.playerPage, `/player/schedule/${gameId}`, "Are you coming?"],
    ] as const) {
      await page.goto(path);
      await settle(page);
      await expect(page.locator("main"), path).toContainText(text);
      blocking.push(...(await audit(page, path)));
    }
    await team.close();
    expect(blocking).toEqual([]);
  });

  test("a reminder's answer link and a mail's unsubscribe link, signed out, before and after", async ({
    browser,
    baseURL,
  }) => {
    // Two browsers and four axe runs: 12.7 s alone, over the default 30 s in a full run on a loaded host (load
    // 8.8, 2026-11-29).
    test.setTimeout(scaled(60_000));
    const { coach, players } = await seedAccounts({ players: [{ fullName: "Avery Quinn", jerseyNumber: 12 }] });
    const player = players[0]!;
    const coachContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
    const coachPage = await coachContext.newPage();
    await signInQuick(coachPage, coach.email);
    const made = (await post(coachPage, "/api/team/schedule", {
      kind: "game",
      date: localDay(2),
      startTime: "10:00",
      arriveBy: "09:30",
      placeName: "Riverside Park",
      mapUrl: "https://maps.example.com/?q=riverside",
      opponent: "Eagles",
    })) as unknown as { events: { id: string }[] };
    await coachContext.close();
    const context = await browser.newContext({ baseURL, serviceWorkers: "block" });
    const page = await context.newPage();
    const blocking: string[] = [];

    await page.goto(answerPath(made.events[0]!.id, player.id));
    await settle(page);
    await expect(page.locator("main")).toContainText("Game vs Eagles");
    blocking.push(...(await audit(page, "/answer/:token")));
    await page.getByRole("group", { name: "Your answer" }).getByRole("button", { name: "Going" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved: Going" })).toBeVisible();
    await finishAnimations(page);
    blocking.push(...(await audit(page, "/answer/:token (answered)")));
    await page.goto("/answer/not-a-real-token");
    await settle(page);
    await expect(page.locator("main")).toContainText("This link is not valid");
    blocking.push(...(await audit(page, "/answer/:token (not valid)")));

    await page.goto(unsubscribePath(player.id, "digest"));
    await settle(page);
    await expect(page.locator("main")).toContainText("You get these emails.");
    blocking.push(...(await audit(page, "/unsubscribe/:token")));
    await page.getByRole("button", { name: "Stop these emails" }).click();
    await expect(page.getByRole("status").filter({ hasText: "You will no longer get" })).toBeVisible();
    await finishAnimations(page);
    blocking.push(...(await audit(page, "/unsubscribe/:token (stopped)")));
    await context.close();
    expect(blocking).toEqual([]);
  });

  test("the open player search dialog, with real data, its filters hidden and shown", async ({ browser, baseURL }) => {
    const team = await seedTeam(browser, baseURL);
    const page = team.coachPage;
    const blocking: string[] = [];
    // Over the leaderboard.
    await page.goto("/coach/leaderboard");
    await settle(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
    const dialog = page.getByRole("dialog", { name: "Player search" });
    await expect(dialog.getByRole("list", { name: "Players" }).getByRole("button")).toHaveCount(4);
    blocking.push(...(await audit(page, "player search dialog", '[role="dialog"]')));
    await dialog.getByRole("button", { name: "Filters" }).click();
    await expect(dialog.getByLabel("Sort By")).toBeVisible();
    blocking.push(...(await audit(page, "player search dialog (filters open)", '[role="dialog"]')));
    await team.close();
    expect(blocking).toEqual([]);
  });
});
