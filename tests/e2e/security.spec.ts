import { createHash } from "node:crypto";
import { scaled } from "../support/host-speed";
import { expect, test, type Page } from "./fixtures";
import { seedTeam, signInQuick } from "./helpers";

/*
 * docs/architecture.md "Errors and security", in the browser: stored XSS attempts render as inert text on every page
 * that shows them, and the strict CSP (inline scripts allowed only by hash) still lets the app hydrate.
 */

// A service worker's cache must not answer in place of the server under test.
test.use({ serviceWorkers: "block" });

const PUBLIC_PATHS = ["/", "/features", "/how-it-works", "/pricing", "/about", "/contact", "/login", "/signup"];

/** Stored XSS attempts: markup, a script element, an attribute break-out and a script URL. */
const PAYLOADS = [
  `<img src=x onerror="window.__xss=1">`,
  `<script>window.__xss=1</script>`,
  `"><svg onload=window.__xss=1>`,
  `javascript:window.__xss=1`,
] as const;
const [IMG, , SVG] = PAYLOADS;

// ---------------------------------------------------------------------------------------------------------------
// Watching a page for anything that ran

interface Watch {
  dialogs: string[];
  console: string[];
}

/** Records dialogs (dismissing them) and CSP violations, from before the first script of every document. */
async function watch(page: Page): Promise<Watch> {
  const w: Watch = { dialogs: [], console: [] };
  page.on("dialog", (dialog) => {
    w.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  page.on("console", (msg) => {
    if (/Content[- ]Security[- ]Policy|Refused to (execute|load|apply)/i.test(msg.text())) w.console.push(msg.text());
  });
  await page.addInitScript(() => {
    const store = window as unknown as { __cspViolations: string[] };
    store.__cspViolations = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      store.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "(inline)"}: ${e.sample}`);
    });
  });
  return w;
}

/** Nothing ran on the current document: no __xss, no dialog, no CSP violation, no live element from a payload. */
async function expectInert(page: Page, w: Watch, where: string) {
  const state = await page.evaluate(() => {
    const win = window as unknown as { __xss?: unknown; __cspViolations?: string[] };
    return {
      xss: win.__xss,
      violations: win.__cspViolations ?? ["(the violation listener is missing)"],
      injected: [
        ...document.querySelectorAll(
          'img[src="x"], svg[onload], [onerror], [onload], a[href^="javascript:" i], [src^="javascript:" i]',
        ),
      ].map((el) => el.outerHTML.slice(0, 120)),
      scripts: [...document.querySelectorAll("script")].filter((s) => /__xss/.test(s.textContent ?? "")).length,
    };
  });
  expect(state.xss, `${where}: window.__xss`).toBeUndefined();
  expect(state.violations, `${where}: CSP violations`).toEqual([]);
  expect(state.injected, `${where}: elements made from a payload`).toEqual([]);
  expect(state.scripts, `${where}: script elements holding a payload`).toBe(0);
  expect(w.dialogs, `${where}: dialogs`).toEqual([]);
  expect(w.console, `${where}: CSP console messages`).toEqual([]);
}

/** Each payload shows as its own literal text somewhere on the page (or inside `scope`). */
async function expectLiteral(page: Page, payloads: readonly string[], where: string, scope = page.locator("body")) {
  for (const text of payloads) {
    await expect(scope.getByText(text, { exact: true }).first(), `${where}: ${text}`).toBeVisible();
  }
}

async function settle(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
}

// ---------------------------------------------------------------------------------------------------------------
// A team whose stored texts are all XSS attempts

/** Today in the browser's zone, the day the player's week is counted from. */
function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const d = new Date();
    return [d.getFullYear(), d.getMonth() + 1, d.getDate()].map((n) => String(n).padStart(2, "0")).join("-");
  });
}

async function seedHostileTeam(coachPage: Page, playerPage: Page) {
  // Each player's full name is a payload (as stored by sign-up); the first is the one who signs in as the player.
  const { coach, players } = await seedTeam({
    teamName: "Harbor Hawks",
    coachName: "Casey Coach",
    players: PAYLOADS.map((name, i) => ({
      fullName: name,
      jerseyNumber: 10 + i,
      primaryPosition: "wr",
      positions: ["wr"],
    })),
  });
  const target = players[0]!;
  await signInQuick(coachPage, coach.email);
  await signInQuick(playerPage, target.email);

  // Play names (POST /api/team/plays), and an event on each so the analysis lists them.
  const playIds: string[] = [];
  for (const name of PAYLOADS) {
    const res = await coachPage.request.post("/api/team/plays", {
      data: { name, side: "offense", notes: name, tags: ["xss"] },
    });
    expect(res.status(), await res.text()).toBe(201);
    playIds.push(((await res.json()) as { play: { id: string } }).play.id);
  }
  // Today's game (its opponent an attempt too), so the sideline logger shows the player grid and the events.
  const date = await browserToday(playerPage);
  const session = await coachPage.request.post("/api/team/sessions", { data: { kind: "game", date, opponent: SVG } });
  expect(session.status(), await session.text()).toBe(201);
  const sessionId = ((await session.json()) as { session: { id: string } }).session.id;
  const at = new Date().toISOString();
  const event = (playerId: string, eventType: string, yards: number | null, playId: string | undefined) => ({
    id: crypto.randomUUID(),
    playerId,
    eventType,
    yards,
    playId,
    sessionId,
    occurredAt: at,
  });
  const events = players.flatMap((p, i) => [
    event(p.id, "Catch", 8 + i, playIds[i]),
    event(p.id, "Flag Pull", null, playIds[(i + 1) % playIds.length]),
  ]);
  const logged = await coachPage.request.post("/api/team/events", { data: { events } });
  expect(logged.status(), await logged.text()).toBe(200);

  // Feedback bodies (POST /api/team/players/{id}/feedback), oldest first: the dashboard shows the latest three.
  for (const body of PAYLOADS) {
    const res = await coachPage.request.post(`/api/team/players/${target.id}/feedback`, {
      data: { category: "Technique", body },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // Training log notes (POST /api/me/training-logs, as the player), this week.
  for (const notes of PAYLOADS) {
    const res = await playerPage.request.post("/api/me/training-logs", {
      data: { date, activityType: "Route running", durationMinutes: 30, intensity: 6, notes },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return { coach, players, target };
}

test.describe("stored XSS renders as inert text", () => {
  test("names, feedback, training notes and play names on every page that shows them", async ({ browser, baseURL }) => {
    test.setTimeout(scaled(90_000));
    const coachContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
    const playerContext = await browser.newContext({ baseURL, serviceWorkers: "block" });
    const coachPage = await coachContext.newPage();
    const playerPage = await playerContext.newPage();
    // Something to evaluate in before the first navigation (browserToday).
    await playerPage.goto("/login");
    const { players, target } = await seedHostileTeam(coachPage, playerPage);
    const coachWatch = await watch(coachPage);
    const playerWatch = await watch(playerPage);
    const page = coachPage;
    const main = page.locator("main");

    // Coach: the roster and the leaderboard list every name.
    await page.goto("/coach/team-roster");
    await settle(page);
    await expectLiteral(page, PAYLOADS, "roster", main);
    await expectInert(page, coachWatch, "roster");

    await page.goto("/coach/leaderboard");
    await settle(page);
    await expectLiteral(page, PAYLOADS, "leaderboard", main);
    await expectInert(page, coachWatch, "leaderboard");

    // The player search dialog lists every name.
    await page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Search players" }).click();
    const dialog = page.getByRole("dialog", { name: "Player search" });
    await expect(dialog.getByRole("list", { name: "Players" }).getByRole("button")).toHaveCount(players.length);
    await expectLiteral(page, PAYLOADS, "search dialog", dialog);
    // Typing a payload into the search box only filters.
    await dialog.getByRole("textbox", { name: "Search players" }).fill(SVG);
    await expect(dialog.getByRole("list", { name: "Players" }).getByRole("button")).toHaveCount(1);
    await expectLiteral(page, [SVG], "search dialog, filtered", dialog);
    await expectInert(page, coachWatch, "search dialog");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // Player detail, then the coach's feedback page: the name and all four feedback bodies.
    await page.goto(`/coach/player-detail/${target.id}`);
    await settle(page);
    await expect(page.getByRole("heading", { level: 1, name: IMG })).toBeVisible();
    // The name, and the player's training notes (the coach sees the latest logs).
    await expectLiteral(page, PAYLOADS, "player detail", main);
    await expectInert(page, coachWatch, "player detail");

    await page.goto(`/coach/player/${target.id}`);
    await settle(page);
    await expect(page.getByRole("heading", { level: 1, name: IMG })).toBeVisible();
    const history = page.getByRole("region", { name: "Feedback history" });
    await expect(history.getByRole("listitem")).toHaveCount(PAYLOADS.length);
    await expectLiteral(page, PAYLOADS, "coach feedback page", history);
    await expectInert(page, coachWatch, "coach feedback page");

    // Playbook analysis: the table's play names, then the Plays tab.
    await page.goto("/coach/playbook-analysis");
    await settle(page);
    await expectLiteral(page, PAYLOADS, "playbook analysis", main);
    await expectInert(page, coachWatch, "playbook analysis");
    await page.getByRole("tab", { name: "Plays" }).click();
    await expect(page.getByRole("heading", { name: `Plays (${PAYLOADS.length})` })).toBeVisible();
    await expectLiteral(page, PAYLOADS, "playbook plays tab", main);
    await expectInert(page, coachWatch, "playbook plays tab");

    // The other coach pages show the names too (dashboard, stats, logger): nothing runs there either.
    for (const path of ["/coach/dashboard", "/coach/team-stats", "/coach/log"]) {
      await page.goto(path);
      await settle(page);
      await page.waitForLoadState("networkidle");
      await expectInert(page, coachWatch, path);
    }
    // Still on /coach/log: the player tiles and today's events.
    // A tile's name shares its element with a screen-reader suffix, so here the text is contained, not exact.
    await expect(main.getByRole("list", { name: "Players" }).getByRole("listitem")).toContainText([...PAYLOADS]);
    await expect(main.getByRole("region", { name: "Events this session" }).getByRole("listitem")).toHaveCount(8);
    const playOptions = await main.getByRole("combobox", { name: "Play" }).locator("option").allTextContents();
    expect(playOptions.sort()).toEqual(["No play", ...PAYLOADS].sort());

    // Player: the dashboard (latest three feedback bodies) and the training log (all four notes).
    await playerPage.goto("/player/dashboard");
    await settle(playerPage);
    const feedbackPanel = playerPage.getByRole("region", { name: /Coach feedback/ });
    await expectLiteral(playerPage, PAYLOADS.slice(1), "player dashboard feedback", feedbackPanel);
    await expectInert(playerPage, playerWatch, "player dashboard");

    await playerPage.goto("/player/logs");
    await settle(playerPage);
    const entries = playerPage.getByRole("list", { name: "Training entries, latest first" });
    await expect(entries.getByRole("listitem")).toHaveCount(PAYLOADS.length);
    await expectLiteral(playerPage, PAYLOADS, "player logs", entries);
    await expectInert(playerPage, playerWatch, "player logs");

    // The profile form holds the name as a value, not markup.
    await playerPage.goto("/player/profile");
    await settle(playerPage);
    await expect(playerPage.getByLabel("Full name")).toHaveValue(IMG);
    await expectInert(playerPage, playerWatch, "player profile");

    await coachContext.close();
    await playerContext.close();
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The strict CSP on the real build

/** The script-src sources of a CSP header. */
function scriptSrc(csp: string | undefined): string[] {
  const directive = (csp ?? "")
    .split(";")
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === "script-src");
  return directive?.slice(1) ?? [];
}

function inlineScriptHashes(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? "") || !m[2]) continue;
    out.push(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  return out.sort();
}

test.describe("strict Content-Security-Policy", () => {
  test("every prerendered page and the SPA fallback allow exactly their own inline scripts, never 'unsafe-inline'", async ({
    request,
  }) => {
    for (const path of [...PUBLIC_PATHS, "/coach/dashboard", "/player/logs"]) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(200);
      const sources = scriptSrc(res.headers()["content-security-policy"]);
      expect(sources, path).toContain("'self'");
      expect(sources, path).not.toContain("'unsafe-inline'");
      expect(sources, path).not.toContain("'unsafe-eval'");
      const hashes = inlineScriptHashes(await res.text());
      expect(hashes.length, `${path} has React Router's inline scripts`).toBeGreaterThan(0);
      expect(sources.filter((s) => s.startsWith("'sha256-")).sort(), path).toEqual(hashes);
    }
  });

  test("the home page hydrates under it: a nav link navigates client-side, with no reload and no violation", async ({
    page,
    request,
  }) => {
    const res = await request.get("/");
    const csp = res.headers()["content-security-policy"];
    expect(csp).toBeDefined();
    expect(scriptSrc(csp)).not.toContain("'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");

    const w = await watch(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Decision 0006: the app starts on the first interaction. React listens on the document once hydrateRoot ran.
    await page.keyboard.press("Shift");
    await expect
      .poll(() => page.evaluate(() => Object.keys(document).some((k) => k.startsWith("_reactListening"))))
      .toBe(true);
    await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
    });
    let documentRequests = 0;
    page.on("request", (r) => {
      if (r.resourceType() === "document") documentRequests += 1;
    });

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Features" }).first().click();
    await expect(page).toHaveURL(/\/features$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    expect(documentRequests).toBe(0);
    await expectInert(page, w, "home -> features");
  });

  test("markup injected past React still cannot run: the CSP blocks inline handlers and scripts, and says so", async ({
    page,
  }) => {
    const w = await watch(page);
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // What a missed escape would do: the payloads parsed as HTML.
    await page.evaluate(
      (payloads) => {
        const div = document.createElement("div");
        div.innerHTML = payloads.join("");
        document.body.append(div);
        const script = document.createElement("script");
        script.textContent = "window.__xss = 1";
        document.body.append(script);
      },
      [...PAYLOADS],
    );
    const violations = () => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
    await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect((await violations()).every((v) => v.startsWith("script-src"))).toBe(true);
    // ...and the check used on every page above notices it.
    await expect(expectInert(page, w, "injected")).rejects.toThrow();
  });

  test("no public page reports a CSP violation while it loads and hydrates", async ({ page }) => {
    const w = await watch(page);
    for (const path of PUBLIC_PATHS) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The boot script runs at load; the app (decision 0006) once a key is pressed.
      await page.keyboard.press("Shift");
      await expect
        .poll(() => page.evaluate(() => Object.keys(document).some((k) => k.startsWith("_reactListening"))))
        .toBe(true);
      await page.waitForLoadState("networkidle");
      await expectInert(page, w, path);
    }
  });
});
