// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { gameSheetResponseSchema, type GameSheetResponse, type SnapDto } from "#domain/api/game";
import { DEFAULT_LEAGUE_RULES, periodLabel, type LeagueRules } from "#domain/league-rules";
import { pointsOfSnap, type SnapDetail } from "#domain/snaps";
import { coachUser, playerSummary } from "#tests/web/api-fixtures";
import { scaled } from "#tests/support/host-speed";
import { apiError, fakeApi, json, renderPage, type ApiRequest, type FakeApi } from "#tests/web/render.tsx";
import { LoggerPage } from "../logger-page";

// The service worker's registration imports a module only the Vite build makes (virtual:pwa-register); jsdom
// has no service worker anyway.
vi.mock("~/lib/pwa", () => ({ registerServiceWorker: () => undefined }));

/*
 * /coach/log in Snaps mode, against a fake server that keeps snaps the way src/server/routes/snaps.ts does
 * (client ids, all or nothing, 404 for a snap that is gone). The outbox is the in-memory one (jsdom has no
 * IndexedDB), shared by the tests of this file: each test signs in as its own coach.
 */

const TODAY = (() => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
})();
const SESSION = "00000000-0000-4000-8000-00000000a001";

const ROSTER = [
  playerSummary({ id: "qb7", name: "Jordan Diaz", jerseyNumber: 7, position: "qb" }),
  playerSummary({ id: "wr11", name: "Sam Lee", jerseyNumber: 11, position: "wr" }),
  playerSummary({ id: "wr14", name: "Ana Ruiz", jerseyNumber: 14, position: "wr" }),
  playerSummary({ id: "rb22", name: "Leo Park", jerseyNumber: 22, position: "rb" }),
  playerSummary({ id: "cb24", name: "Maya Okafor", jerseyNumber: 24, position: "cb" }),
  playerSummary({ id: "s31", name: "Kim Cho", jerseyNumber: 31, position: "safety" }),
  playerSummary({ id: "lb33", name: "Dre Holt", jerseyNumber: 33, position: "lb" }),
  playerSummary({ id: "x5", name: "Pat Any", jerseyNumber: 5, position: "unknown" }),
  playerSummary({ id: "wr9", name: "Abe Away", jerseyNumber: 9, position: "wr" }),
];

interface StoredSnap {
  id: string;
  sessionId: string;
  playId: string | null;
  period: number;
  firstDown: boolean;
  occurredAt: string;
  detail: SnapDetail;
  editedAt: string | null;
  lineup?: string[];
}

/** The game-day API of one team with one game today, as the logger reads and writes it. */
const DISK_FULL = "The server's disk is full; your play is kept on this phone and will be sent when there is room.";

class GameServer {
  snaps = new Map<string, StoredSnap>();
  final: { us: number; them: number } | null = null;
  /** The game's period (decision 0022): the server's, changed by any coach's phone. */
  period = 1;
  offline = false;
  /** The server's disk is full: it answers writes 503 with its reason (issue #32). */
  diskFull = false;
  /** Every write, in order: "POST snaps 3", "PUT snap <id>", … */
  writes: string[] = [];
  attendance = ROSTER.map((p) => ({ playerId: p.id, present: p.id === "wr9" ? false : true }));

  constructor(
    readonly api: FakeApi,
    /** Who the server says logged each snap: the coach signed in. */
    readonly coach: { id: string; name: string },
    readonly rules: LeagueRules = DEFAULT_LEAGUE_RULES,
    plays: { id: string; name: string }[] = [],
    /** Events logged one at a time before (a game logged with Single events). */
    events: unknown[] = [],
  ) {
    const gate = () => {
      if (this.offline) throw new TypeError("Failed to fetch");
    };
    api
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays }))
      .on("GET", "/api/team/sessions", () =>
        json({
          sessions: [
            {
              id: SESSION,
              kind: "game",
              date: TODAY,
              opponent: "Eagles",
              location: null,
              eventCount: 0,
              presentCount: 0,
              attendanceCount: 0,
            },
          ],
        }),
      )
      .on("GET", `/api/team/sessions/${SESSION}`, () =>
        json({
          session: {
            id: SESSION,
            kind: "game",
            date: TODAY,
            opponent: "Eagles",
            homeAway: null,
            location: null,
            notes: null,
            createdAt: new Date().toISOString(),
          },
          attendance: this.attendance,
          events,
          eventCount: events.length,
        }),
      )
      .on("GET", `/api/team/sessions/${SESSION}/snaps`, () => {
        gate();
        return json(this.sheet());
      })
      .on("POST", "/api/team/snaps", (req: ApiRequest) => {
        gate();
        if (this.diskFull) return apiError(503, "disk_full", DISK_FULL);
        const { snaps } = req.body as { snaps: StoredSnap[] };
        this.writes.push(`POST snaps ${snaps.length}`);
        if (this.final) {
          const message = "This game is final. Reopen it to log more snaps.";
          const fields = Object.fromEntries(snaps.map((_, i) => [`snaps.${i}.sessionId`, message]));
          return apiError(409, "game_final", message, fields);
        }
        const results = snaps.map((s) => {
          const created = !this.snaps.has(s.id);
          if (created) this.snaps.set(s.id, { ...s, editedAt: null });
          return { id: s.id, status: created ? "created" : "duplicate" };
        });
        return json({ results });
      })
      .on("PUT", /^\/api\/team\/snaps\/[^/]+$/, (req: ApiRequest) => {
        gate();
        const id = req.pathname.split("/").at(-1)!;
        this.writes.push(`PUT snap ${id}`);
        const snap = this.snaps.get(id);
        if (!snap) return apiError(404, "not_found", "That snap was not found.");
        this.snaps.set(id, { ...snap, ...(req.body as object), editedAt: new Date().toISOString() });
        return json({ snap: this.dto(this.snaps.get(id)!) });
      })
      .on("DELETE", /^\/api\/team\/snaps\/[^/]+$/, (req: ApiRequest) => {
        gate();
        const id = req.pathname.split("/").at(-1)!;
        this.writes.push(`DELETE snap ${id}`);
        if (!this.snaps.delete(id)) return apiError(404, "not_found", "That snap was not found.");
        return new Response(null, { status: 204 });
      })
      .on("POST", `/api/team/sessions/${SESSION}/final`, (req: ApiRequest) => {
        gate();
        this.writes.push("POST final");
        this.final = req.body as { us: number; them: number };
        return json({ scoreboard: this.sheet().scoreboard });
      })
      .on("PUT", `/api/team/sessions/${SESSION}/period`, (req: ApiRequest) => {
        gate();
        this.period = (req.body as { period: number }).period;
        this.writes.push(`PUT period ${this.period}`);
        return json({ scoreboard: this.sheet().scoreboard });
      })
      .on("DELETE", `/api/team/sessions/${SESSION}/final`, () => {
        gate();
        this.writes.push("DELETE final");
        this.final = null;
        return new Response(null, { status: 204 });
      });
  }

  private dto(s: StoredSnap): SnapDto {
    return {
      ...s,
      points: pointsOfSnap(s.detail, this.rules),
      loggedBy: this.coach,
      lineup: s.lineup ?? null,
    };
  }

  sheet(): GameSheetResponse {
    const snaps = [...this.snaps.values()]
      .sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : 1))
      .map((s) => this.dto(s));
    let us = 0;
    let them = 0;
    for (const s of snaps) {
      us += s.points.us;
      them += s.points.them;
    }
    return gameSheetResponseSchema.parse({
      scoreboard: {
        sessionId: SESSION,
        kind: "game",
        date: TODAY,
        opponent: "Eagles",
        homeAway: null,
        score: { us, them },
        final: this.final
          ? { ...this.final, corrected: false, endedAt: new Date().toISOString(), endedBy: "Casey Coach" }
          : null,
        result: null,
        period: this.period,
        periodLabel: periodLabel(this.period, this.rules),
        down: null,
        snapCount: snaps.length,
      },
      rules: this.rules,
      snaps,
      players: ROSTER.map((p) => ({
        id: p.id,
        name: p.name,
        jerseyNumber: Number(p.jerseyNumber),
        position: p.position,
      })),
    });
  }

  details(): SnapDetail[] {
    return [...this.snaps.values()].sort((a, b) => (a.occurredAt < b.occurredAt ? -1 : 1)).map((s) => s.detail);
  }
}

let coachCount = 0;
let keystrokes = 0;
const countKeys = () => {
  keystrokes += 1;
};

beforeEach(() => {
  keystrokes = 0;
  document.addEventListener("keydown", countKeys, true);
  window.localStorage.clear();
});
afterEach(() => {
  document.removeEventListener("keydown", countKeys, true);
});

async function openLogger(
  options: {
    rules?: LeagueRules;
    plays?: { id: string; name: string }[];
    events?: unknown[];
    /** The game's period and final score on the server when the logger opens. */
    period?: number;
    final?: { us: number; them: number };
  } = {},
) {
  const api = fakeApi();
  coachCount += 1;
  const coach = { id: `coach-${coachCount}`, name: "Casey Coach" };
  const server = new GameServer(api, coach, options.rules, options.plays, options.events);
  server.period = options.period ?? 1;
  server.final = options.final ?? null;
  const page = renderPage(<LoggerPage />, {
    path: "/coach/log",
    url: `/coach/log?session=${SESSION}`,
    user: coachUser({ id: coach.id, fullName: coach.name }),
    api,
  });
  // Snaps is a game's default mode; the pad opens on Offense with the QB as passer.
  if (!options.events?.length && !options.final) await screen.findByRole("list", { name: "Receivers" });
  else if (options.final) await screen.findByText("This game is final");
  let taps = 0;
  /** One tap on the button named `name` (waits for it: the pad moves on after each tap). */
  const tap = async (name: string | RegExp, scope?: () => HTMLElement) => {
    const button = await waitFor(() => within(scope ? scope() : document.body).getByRole("button", { name }));
    taps += 1;
    await page.user.click(button);
  };
  /** A player's tile in a lineup list ("Receivers", "Runner", "Defenders"). */
  const tile = (list: string, jersey: number) =>
    tap(new RegExp(`^#${jersey}\\b`), () => screen.getByRole("list", { name: list }));
  return { api, server, page, tap, tile, taps: () => taps };
}

const scoreboard = () => screen.getByRole("region", { name: "Scoreboard" });
const undoButton = () => screen.queryByRole("button", { name: /^Undo: / });

describe("snap logging", () => {
  it("a completion is receiver → result → yards: 3 taps, one POST, and Undo names it", async () => {
    const { server, tap, tile, taps } = await openLogger();
    expect(screen.getByRole("button", { name: /^Passer: #7 Jordan Diaz/ })).toBeInTheDocument();
    await tile("Receivers", 11);
    await tap("Complete");
    await tap("12 yds");
    expect(taps()).toBe(3);
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "pass", passerId: "qb7", targetId: "wr11", result: "complete", yards: 12 },
      ]),
    );
    expect(server.writes).toEqual(["POST snaps 1"]);
    expect(undoButton()).toHaveTextContent("Undo: #7 → #11, 12 yds");
    expect(screen.getByText("Logged: #7 → #11, 12 yds")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "1st half" });
    expect(within(list).getByText("#7 → #11, 12 yds")).toBeInTheDocument();
    expect(keystrokes).toBe(0);
  });

  it("Complete is chosen already: receiver → yards is 2 taps; incomplete logs at once", async () => {
    const { server, tap, tile, taps } = await openLogger();
    await tile("Receivers", 14);
    await tap("8 yds");
    await tile("Receivers", 11);
    await tap("Incomplete");
    expect(taps()).toBe(4);
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "pass", passerId: "qb7", targetId: "wr14", result: "complete", yards: 8 },
        { kind: "pass", passerId: "qb7", targetId: "wr11", result: "incomplete", yards: null },
      ]),
    );
  });

  it("a flag pull is defender → Flag pull: 2 taps", async () => {
    const { server, tap, tile, taps } = await openLogger();
    await tap("Defense");
    const before = taps();
    await tile("Defenders", 24);
    await tap("Flag pull");
    expect(taps() - before).toBe(2);
    await waitFor(() => expect(server.details()).toEqual([{ kind: "flag_pull", defenderId: "cb24", yards: null }]));
    expect(undoButton()).toHaveTextContent("Undo: Flag pull #24");
  });

  it("lineups come from attendance: absent players are hidden, offense and defense apart, no position in both", async () => {
    await openLogger();
    const receivers = within(screen.getByRole("list", { name: "Receivers" }));
    // The passer (#7) is not his own receiver; #9 is marked absent.
    const jerseys = (buttons: HTMLElement[]) => buttons.map((b) => b.textContent?.match(/^#\d+/)?.[0] ?? b.textContent);
    expect(jerseys(receivers.getAllByRole("button"))).toEqual(["#5", "#11", "#14", "#22", "+3 more"]);
    (await screen.findByRole("button", { name: "Defense" })).click();
    const defenders = within(await screen.findByRole("list", { name: "Defenders" }));
    expect(jerseys(defenders.getAllByRole("button"))).toEqual(["#5", "#24", "#31", "#33", "+4 more"]);
    // The other side's players are a tap away (a two-way player); the absent one never shows.
    (await screen.findByRole("button", { name: "+4 more" })).click();
    await screen.findByRole("button", { name: "Fewer" });
    expect(jerseys(within(screen.getByRole("list", { name: "Defenders" })).getAllByRole("button"))).toEqual([
      "#5",
      "#24",
      "#31",
      "#33",
      "#7",
      "#11",
      "#14",
      "#22",
      "Fewer",
    ]);
  });

  it("after our touchdown it asks for the try; Good logs it with the passer and the TD's receiver", async () => {
    const { server, tap, tile } = await openLogger();
    await tile("Receivers", 11);
    await tap("Touchdown");
    await tap("25 yds");
    expect(await screen.findByRole("button", { name: "Try for 1: good" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Try passer: #7/ })).toBeInTheDocument();
    // No try yet this game: the touchdown's receiver is preset, the others one tap away.
    const receivers = within(screen.getByRole("list", { name: "Try receiver" }));
    expect(receivers.getByRole("button", { name: /^#11 / })).toHaveAttribute("aria-pressed", "true");
    expect(receivers.getByRole("button", { name: /^#14 / })).toHaveAttribute("aria-pressed", "false");
    await tap("Try for 2: good");
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "pass", passerId: "qb7", targetId: "wr11", result: "touchdown", yards: 25 },
        { kind: "try", points: 2, method: "pass", good: true, passerId: "qb7", scorerId: "wr11" },
      ]),
    );
    // We scored: the pad turns to defense. The score is at the top.
    expect(await screen.findByRole("list", { name: "Defenders" })).toBeInTheDocument();
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("8");
    expect(within(scoreboard()).getByTestId("score-them")).toHaveTextContent("0");
  });

  it("the try can be skipped, and a run try names no passer", async () => {
    const { server, tap } = await openLogger();
    await tap("Run");
    await tap(/^#22\b/, () => screen.getByRole("list", { name: "Runner" }));
    await tap("Touchdown");
    await tap("No yards");
    expect(await screen.findByRole("button", { name: "Run", pressed: true })).toBeInTheDocument();
    await tap("Try for 1: no good");
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "run", runnerId: "rb22", yards: null, touchdown: true },
        { kind: "try", points: 1, method: "run", good: false, passerId: null, scorerId: "rb22" },
      ]),
    );
    await tap("Offense");
    await tap(/^#14\b/, () => screen.getByRole("list", { name: "Receivers" }));
    await tap("Touchdown");
    await tap("5 yds");
    await tap("Skip try");
    await waitFor(() => expect(server.snaps.size).toBe(3));
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("12");
  });

  it("undo says what it undoes, and a double tap never takes back two snaps", async () => {
    const { server, page, tap, tile } = await openLogger();
    await tile("Receivers", 11);
    await tap("5 yds");
    await tap("Run");
    await tap(/^#22\b/, () => screen.getByRole("list", { name: "Runner" }));
    await tap("3 yds");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    const undo = await waitFor(() => {
      const b = undoButton();
      expect(b).toHaveTextContent("Undo: #22 run, 3 yds");
      return b!;
    });
    // Two taps in a row on the same button: the first takes back the run and the button is busy meanwhile.
    await page.user.dblClick(undo);
    await waitFor(() => expect(server.details()).toHaveLength(1));
    expect(server.details()[0]).toMatchObject({ kind: "pass", targetId: "wr11" });
    expect(screen.getByText("Undone: #22 run, 3 yds")).toBeInTheDocument();
    // It names the next snap it would take back, and is usable again after a moment.
    await waitFor(() => expect(undoButton()).toBeEnabled());
    expect(undoButton()).toHaveTextContent("Undo: #7 → #11, 5 yds");
    expect(server.details()).toHaveLength(1);
    expect(server.writes.filter((w) => w.startsWith("DELETE"))).toHaveLength(1);
  });

  it("Undo follows the last action: after a delete it puts the snap back (same id and time), never the snap before", async () => {
    const { server, tap, tile } = await openLogger();
    await tap("Defense");
    await tile("Defenders", 24);
    await tap("Flag pull");
    await tile("Defenders", 31);
    await tap("Safety");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    const [pulled] = [...server.snaps.values()];
    await waitFor(() => expect(undoButton()).toHaveTextContent(/^Undo: Safety/));

    await tap("Delete Flag pull #24");
    await tap("Delete", () => screen.getByRole("alertdialog", { name: "Delete this snap?" }));
    await waitFor(() => expect(server.snaps.size).toBe(1));
    // It names the delete, not the safety logged before it.
    expect(await screen.findByRole("button", { name: "Undo delete: Flag pull #24" })).toBeEnabled();
    expect(undoButton()).toBeNull();
    await tap("Undo delete: Flag pull #24");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    expect(server.snaps.get(pulled!.id)).toMatchObject({
      occurredAt: pulled!.occurredAt,
      detail: { kind: "flag_pull", defenderId: "cb24", yards: null },
    });
    expect(server.details().map((d) => d.kind)).toEqual(["flag_pull", "safety"]);
    expect(screen.getByText("Restored: Flag pull #24")).toBeInTheDocument();
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("2");
    // Back in its place in the play-by-play: before the safety.
    const rows = within(screen.getByRole("list", { name: "1st half" })).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent?.match(/^(Flag pull|Safety)/)?.[0])).toEqual(["Safety", "Flag pull"]);
    // Then Undo goes on to the safety, as it says.
    await waitFor(() => expect(undoButton()).toBeEnabled());
    expect(undoButton()).toHaveTextContent(/^Undo: Safety/);
    expect(server.writes.filter((w) => w.startsWith("DELETE"))).toHaveLength(1);
  });

  it("a delete still waiting offline is undone by dropping it: the server never hears of it", async () => {
    const { server, tap, tile } = await openLogger();
    await tile("Receivers", 11);
    await tap("12 yds");
    await tile("Receivers", 14);
    await tap("8 yds");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    server.offline = true;
    try {
      await tap("Delete #7 → #11, 12 yds");
      await tap("Delete", () => screen.getByRole("alertdialog", { name: "Delete this snap?" }));
      await tap("Undo delete: #7 → #11, 12 yds");
      await waitFor(() => expect(screen.getByText("#7 → #11, 12 yds")).toBeInTheDocument());
      expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("0");
      await waitFor(() => expect(undoButton()).toHaveTextContent("Undo: #7 → #14, 8 yds"));
    } finally {
      onLine.mockRestore();
    }
    server.offline = false;
    window.dispatchEvent(new Event("online"));
    await tap("Run");
    await tile("Runner", 22);
    await tap("3 yds");
    await waitFor(() => expect(server.snaps.size).toBe(3));
    expect(server.writes.filter((w) => !w.startsWith("POST"))).toEqual([]);
  });

  it("a server whose disk is full keeps the play on the phone and says why; it is sent once there is room", async () => {
    const { server, tap, tile } = await openLogger();
    server.diskFull = true;
    await tile("Receivers", 11);
    await tap("12 yds");
    // The server answered: not "offline", but its own reason, and that the play is kept here.
    const held = await screen.findByText(/Waiting to be sent: 1 snap\. The server's disk is full/);
    expect(held.closest("[role=status]")).toHaveTextContent("They are kept on this phone");
    expect(screen.getByText("1 snap waiting to send")).toBeInTheDocument();
    expect(screen.queryByText("· offline")).not.toBeInTheDocument();
    expect(server.snaps.size).toBe(0);
    // Room again: the next pass sends it (with the next play), and the notice goes.
    server.diskFull = false;
    await tile("Receivers", 14);
    await tap("8 yds");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    await waitFor(() => expect(screen.queryByText(/The server's disk is full/)).not.toBeInTheDocument());
  });

  it("a snap logged offline is only dropped by undo; the score follows the outbox with no connection", async () => {
    const { server, tap } = await openLogger();
    // The browser says it is offline: the outbox does not even try.
    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    server.offline = true;
    await tap("Defense");
    await tap("Opp TD");
    await waitFor(() => expect(within(scoreboard()).getByTestId("score-them")).toHaveTextContent("6"));
    expect(screen.getByText("Opponent touchdown")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "1st half" })).getByText("pending")).toBeInTheDocument();
    await tap(/^Undo: Opponent touchdown/);
    await waitFor(() => expect(within(scoreboard()).getByTestId("score-them")).toHaveTextContent("0"));
    // Back online: nothing to send, the server never hears of it.
    onLine.mockRestore();
    server.offline = false;
    window.dispatchEvent(new Event("online"));
    // Their touchdown turned the pad to offense.
    await tap("Safety against us");
    await waitFor(() => expect(server.writes).toEqual(["POST snaps 1"]));
    expect(server.details()).toEqual([{ kind: "opponent_score", score: "safety" }]);
  });

  it("a penalty is Penalty → side and yards: 2 taps, with its effect", async () => {
    const { server, tap, taps } = await openLogger();
    await tap("Penalty");
    await tap("Loss of down");
    await tap("Penalty on us, 5 yards");
    expect(taps()).toBe(3);
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "penalty", on: "us", yards: 5, effect: "loss_of_down", playerId: null },
      ]),
    );
  });

  it("unusual yards come from the pad's own keypad: a loss of 4", async () => {
    const { server, tap } = await openLogger();
    await tap("Run");
    await tap(/^#22\b/, () => screen.getByRole("list", { name: "Runner" }));
    await tap("Other…");
    await tap("4");
    await tap("Switch between gain and loss");
    await tap("Done: -4 yds");
    await waitFor(() =>
      expect(server.details()).toEqual([{ kind: "run", runnerId: "rb22", yards: -4, touchdown: false }]),
    );
    expect(keystrokes).toBe(0);
  });
});

describe("which pad a game opens on", () => {
  it("a game already logged one event at a time opens on Single events; the choice is kept per session", async () => {
    const { page } = await openLogger({
      events: [
        {
          id: "00000000-0000-4000-8000-00000000c001",
          playerId: "cb24",
          playerName: "Maya Okafor",
          eventType: "Flag Pull",
          yards: null,
          playId: null,
          occurredAt: new Date().toISOString(),
          points: 3.1,
        },
      ],
    });
    expect(await screen.findByRole("list", { name: "Players" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Single events", pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Receivers" })).not.toBeInTheDocument();
    await page.user.click(screen.getByRole("button", { name: "Snaps" }));
    expect(await screen.findByRole("list", { name: "Receivers" })).toBeInTheDocument();
    expect(window.localStorage.getItem(`flagline:logger:mode:${SESSION}`)).toBe("snaps");
  });
});

describe("what applies to the next snap", () => {
  it("the play tag goes with the next snap, then clears", async () => {
    const slant = "00000000-0000-4000-8000-00000000b001";
    const { server, page, tap, tile } = await openLogger({ plays: [{ id: slant, name: "Slant" }] });
    await page.user.selectOptions(await screen.findByRole("combobox", { name: "Play" }), "Slant");
    await tile("Receivers", 11);
    await tap("10 yds");
    await waitFor(() => expect(server.snaps.size).toBe(1));
    expect(screen.getByRole("combobox", { name: "Play" })).toHaveValue("");
    await tile("Receivers", 14);
    await tap("Incomplete");
    await waitFor(() => expect(server.snaps.size).toBe(2));
    expect([...server.snaps.values()].map((s) => s.playId)).toEqual([slant, null]);
  });

  it("with downs tracked: Crossed midfield marks the next snap, and the scoreboard says the down", async () => {
    const { server, tap, tile } = await openLogger({ rules: { ...DEFAULT_LEAGUE_RULES, trackDowns: true } });
    await tile("Receivers", 11);
    await tap("Incomplete");
    await waitFor(() => expect(within(scoreboard()).getByText("2nd & midfield")).toBeInTheDocument());
    await tap("Crossed midfield");
    expect(screen.getByRole("button", { name: "Crossed midfield" })).toHaveAttribute("aria-pressed", "true");
    await tile("Receivers", 14);
    await tap("20 yds");
    await waitFor(() => expect(within(scoreboard()).getByText("1st & goal")).toBeInTheDocument());
    expect(screen.getByRole("button", { name: "Crossed midfield" })).toHaveAttribute("aria-pressed", "false");
    expect([...server.snaps.values()].map((s) => s.firstDown)).toEqual([false, true]);
  });

  it("a pick-six asks for the try too", async () => {
    const { server, tap, tile } = await openLogger();
    await tap("Defense");
    await tile("Defenders", 31);
    await tap("Interception");
    await tap("Returned for TD");
    await tap("30 yds");
    await tap("Try for 1: good");
    await waitFor(() =>
      expect(server.details()).toEqual([
        { kind: "interception", defenderId: "s31", returnTouchdown: true, yards: 30 },
        { kind: "try", points: 1, method: "pass", good: true, passerId: "qb7", scorerId: null },
      ]),
    );
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("7");
  });
});

describe("the play-by-play and the scoreboard", () => {
  it("a snap is edited in a dialog with the same controls, prefilled; the PUT rewrites it and it says edited", async () => {
    const { server, tap, tile } = await openLogger();
    await tile("Receivers", 11);
    await tap("12 yds");
    await waitFor(() => expect(server.snaps.size).toBe(1));
    await tap("Edit #7 → #11, 12 yds");
    const dialog = await screen.findByRole("dialog", { name: "Edit snap" });
    expect(within(dialog).getByRole("group", { name: "Receiver" })).toBeInTheDocument();
    expect(
      within(within(dialog).getByRole("group", { name: "Receiver" })).getByRole("button", { name: "#11" }),
    ).toHaveAttribute("aria-pressed", "true");
    expect(within(dialog).getByText("Yards: 12 yds")).toBeInTheDocument();
    await tap("#14", () => within(dialog).getByRole("group", { name: "Receiver" }));
    await tap("20 yds", () => dialog);
    await tap("Save snap", () => dialog);
    await waitFor(() => expect(server.writes).toEqual(["POST snaps 1", `PUT snap ${[...server.snaps.keys()][0]}`]));
    expect(server.details()).toEqual([
      { kind: "pass", passerId: "qb7", targetId: "wr14", result: "complete", yards: 20 },
    ]);
    const row = await screen.findByText("#7 → #14, 20 yds");
    await waitFor(() => expect(row.closest("li")).toHaveTextContent("edited"));
  });

  it("a row is deleted after a confirmation and the score recomputes", async () => {
    const { server, tap, tile } = await openLogger();
    await tile("Receivers", 11);
    await tap("Touchdown");
    await tap("No yards");
    await tap("Skip try");
    await waitFor(() => expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("6"));
    await tap("Delete #7 → #11, touchdown");
    const confirm = await screen.findByRole("alertdialog", { name: "Delete this snap?" });
    await tap("Delete", () => confirm);
    await waitFor(() => expect(server.snaps.size).toBe(0));
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("0");
  });

  it("End game saves the final score, prefilled with the snaps' total; a final game shows Final and reopens", async () => {
    const { server, tap } = await openLogger();
    await tap("Defense");
    await tap("Opp TD");
    await waitFor(() => expect(server.snaps.size).toBe(1));
    await tap("End game");
    const dialog = await screen.findByRole("dialog", { name: "End game" });
    expect(within(dialog).getByRole("group", { name: "Eagles" })).toHaveTextContent("6");
    await tap("Harbor Hawks: one more", () => dialog);
    expect(within(dialog).getByText(/records a correction/)).toBeInTheDocument();
    await tap("Save final score", () => dialog);
    await waitFor(() => expect(server.final).toEqual({ us: 1, them: 6 }));
    expect(within(scoreboard()).getByText("Final")).toBeInTheDocument();
    expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("1");
    expect(screen.getByText("This game is final")).toBeInTheDocument();
    await tap("Reopen", scoreboard);
    await waitFor(() => expect(server.final).toBeNull());
    expect(await within(scoreboard()).findByRole("button", { name: "End game" })).toBeInTheDocument();
  });

  it("Next half is the game's: the change goes to the server and the snaps after it carry it", async () => {
    const { server, tap, tile } = await openLogger();
    expect(within(scoreboard()).getByText("1st half")).toBeInTheDocument();
    await tap("Next half");
    expect(within(scoreboard()).getByText("2nd half")).toBeInTheDocument();
    await waitFor(() => expect(server.period).toBe(2));
    await tile("Receivers", 11);
    await tap("Drop");
    await waitFor(() => expect([...server.snaps.values()][0]?.period).toBe(2));
    expect(server.writes).toEqual(["PUT period 2", "POST snaps 1"]);
  });

  it("the period another coach moved the game to is this phone's too: its snaps go in the 2nd half", async () => {
    const { server, tap, tile } = await openLogger({ period: 2 });
    expect(within(scoreboard()).getByText("2nd half")).toBeInTheDocument();
    await tile("Receivers", 11);
    await tap("Drop");
    await waitFor(() => expect([...server.snaps.values()][0]?.period).toBe(2));
  });

  it("a final game's pad says so and takes no snaps until Reopen", async () => {
    const { server, tap } = await openLogger({ final: { us: 6, them: 0 } });
    const pad = await screen.findByText("This game is final");
    expect(screen.queryByRole("list", { name: "Receivers" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Defense" })).not.toBeInTheDocument();
    await tap("Reopen", () => pad.closest("div")!);
    await waitFor(() => expect(server.final).toBeNull());
    expect(await screen.findByRole("list", { name: "Receivers" })).toBeInTheDocument();
    expect(screen.queryByText("This game is final")).not.toBeInTheDocument();
  });
});

describe("sideline speed", () => {
  // Some 50 taps through the whole page: seconds alone, far more on a busy two-core machine.
  it(
    "a 20-snap game segment takes fewer than 45 taps and no keystrokes",
    async () => {
      const { server, tap, tile, taps } = await openLogger();
      const receiver = (n: number) => tile("Receivers", n);
      const runner = (n: number) => tile("Runner", n);
      const defender = (n: number) => tile("Defenders", n);

      // Drive 1.
      await receiver(11); // 1. complete 12
      await tap("12 yds");
      await tap("Run"); // 2. run, 5 (the first run names the runner)
      await runner(22);
      await tap("5 yds");
      await receiver(11); // 3. incomplete
      await tap("Incomplete");
      await receiver(14); // 4. complete 8
      await tap("8 yds");
      await tap("Run"); // 5. run, 3 (the runner is remembered)
      await tap("3 yds");
      await tap("Penalty"); // 6. penalty on them, 5
      await tap("Penalty on them, 5 yards");
      await receiver(14); // 7. complete 15
      await tap("15 yds");
      await receiver(11); // 8. touchdown 20, try for 2 good
      await tap("Touchdown");
      await tap("20 yds");
      await tap("Try for 2: good");
      // Their drive: the pad is on defense by itself.
      await defender(24); // 9. flag pull
      await tap("Flag pull");
      await defender(31); // 10. flag pull
      await tap("Flag pull");
      await defender(24); // 11. sack
      await tap("Sack");
      await defender(33); // 12. flag pull
      await tap("Flag pull");
      await tap("Opp TD"); // 13. their touchdown: back to offense
      // Drive 2.
      await receiver(11); // 14. complete 10
      await tap("10 yds");
      await tap("Run"); // 15. run, 2
      await tap("2 yds");
      await receiver(14); // 16. incomplete
      await tap("Incomplete");
      await receiver(11); // 17. complete 5
      await tap("5 yds");
      await tap("Run"); // 18. run, 8
      await tap("8 yds");
      await tap("Defense"); // turnover on downs: nothing logged, the coach turns the pad
      await defender(31); // 19. flag pull
      await tap("Flag pull");
      await defender(24); // 20. flag pull
      await tap("Flag pull");

      await waitFor(() => expect(server.snaps.size).toBe(21)); // 20 downs and the try
      const count = taps();
      // The numbers the report quotes.
      console.info(`20-snap sequence: ${count} taps, ${keystrokes} keystrokes`);
      expect(count).toBeLessThan(45);
      expect(keystrokes).toBeLessThan(5);
      expect(count).toBe(43);
      expect(keystrokes).toBe(0);

      const kinds = server.details().map((d) => d.kind);
      expect(kinds.filter((k) => k === "pass")).toHaveLength(8);
      expect(kinds.filter((k) => k === "run")).toHaveLength(4);
      expect(kinds.filter((k) => k === "flag_pull")).toHaveLength(5);
      expect(kinds.filter((k) => k === "sack")).toHaveLength(1);
      expect(kinds.filter((k) => k === "opponent_score")).toHaveLength(1);
      expect(kinds.filter((k) => k === "penalty")).toHaveLength(1);
      expect(kinds.filter((k) => k === "try")).toHaveLength(1);
      expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("8");
      expect(within(scoreboard()).getByTestId("score-them")).toHaveTextContent("6");
    },
    scaled(90_000),
  );
});

describe("sideline speed: a 22-snap game", () => {
  // Some 50 taps through the whole page: seconds alone, far more on a busy two-core machine.
  it(
    "passes, runs, tries for 1 and 2, a pick-six, a safety, their touchdown and 2-point try, an early snap edited: at most 50 taps",
    async () => {
      const { server, tap, tile, taps } = await openLogger();
      const receiver = (n: number) => tile("Receivers", n);
      const defender = (n: number) => tile("Defenders", n);

      // Drive 1: the short gains coaches log most are chips.
      await receiver(11); // 1. complete 7
      await tap("7 yds");
      await tap("Run"); // 2. run, 4 (the first run names the runner)
      await tile("Runner", 22);
      await tap("4 yds");
      await receiver(14); // 3. incomplete
      await tap("Incomplete");
      await receiver(14); // 4. complete 9
      await tap("9 yds");
      await receiver(11); // 5. touchdown 12
      await tap("Touchdown");
      await tap("12 yds");
      // 6. try for 1, to #14: the scorer of the touchdown is preset, another receiver is one tap.
      await tile("Try receiver", 14);
      await tap("Try for 1: good");
      // Their drive: the pad is on defense by itself.
      await defender(24); // 7. flag pull
      await tap("Flag pull");
      await defender(33); // 8. sack
      await tap("Sack");
      await tap("Opp TD"); // 9. their touchdown: back to offense
      await tap("Opp try 2"); // 10. their 2-point try, offered on our side
      // Drive 2.
      await receiver(11); // 11. complete 1
      await tap("1 yd");
      await tap("Run"); // 12. run, 6 (the runner is remembered)
      await tap("6 yds");
      await receiver(11); // 13. touchdown 4
      await tap("Touchdown");
      await tap("4 yds");
      // 14. try for 2: #14 caught the last try, so #14 is preset.
      expect(
        within(await screen.findByRole("list", { name: "Try receiver" })).getByRole("button", { name: /^#14 / }),
      ).toHaveAttribute("aria-pressed", "true");
      await tap("Try for 2: good");
      await defender(31); // 15. flag pull
      await tap("Flag pull");
      await defender(31); // 16. pick-six, 30 yards
      await tap("Interception");
      await tap("Returned for TD");
      await tap("30 yds");
      // 17. the try after a pick-six: the quarterback and the receiver of the last try are preset.
      expect(await screen.findByRole("button", { name: /Try passer: #7/ })).toBeInTheDocument();
      await tap("Try for 1: good");
      await defender(33); // 18. flag pull
      await tap("Flag pull");
      await defender(24); // 19. safety
      await tap("Safety");
      // Back on offense after the safety.
      await receiver(11); // 20. complete 3
      await tap("3 yds");
      await tap("Run"); // 21. run, 8
      await tap("8 yds");
      await receiver(14); // 22. complete 6
      await tap("6 yds");
      await waitFor(() => expect(server.snaps.size).toBe(22));

      // The first snap was 11 yards, not 7: it is behind "Show 2 earlier snaps".
      await tap("Show 2 earlier snaps");
      await tap("Edit #7 → #11, 7 yds");
      const dialog = await screen.findByRole("dialog", { name: "Edit snap" });
      await tap("11 yds", () => dialog);
      await tap("Save snap", () => dialog);
      await waitFor(() => expect(server.details()[0]).toMatchObject({ kind: "pass", targetId: "wr11", yards: 11 }));

      const count = taps();
      console.info(`22-snap game: ${count} taps, ${keystrokes} keystrokes`);
      expect(count).toBeLessThanOrEqual(50);
      expect(count).toBe(49);
      expect(keystrokes).toBe(0);
      const tries = server.details().filter((d) => d.kind === "try");
      expect(tries).toEqual([
        { kind: "try", points: 1, method: "pass", good: true, passerId: "qb7", scorerId: "wr14" },
        { kind: "try", points: 2, method: "pass", good: true, passerId: "qb7", scorerId: "wr14" },
        { kind: "try", points: 1, method: "pass", good: true, passerId: "qb7", scorerId: "wr14" },
      ]);
      // 6 + 1 + 6 + 2 + 6 + 1 + 2 (safety) for us; 6 + 2 for them.
      expect(within(scoreboard()).getByTestId("score-us")).toHaveTextContent("24");
      expect(within(scoreboard()).getByTestId("score-them")).toHaveTextContent("8");
    },
    scaled(90_000),
  );
});

/**
 * The logger opened with no connection, and a game started from it (the opponent typed when given). The phone stays
 * offline until the test restores `onLine`.
 */
async function startGameOffline(api: FakeApi, opponent?: string) {
  coachCount += 1;
  const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
  const { user } = renderPage(<LoggerPage />, {
    path: "/coach/log",
    user: coachUser({ id: `coach-${coachCount}`, fullName: "Casey Coach" }),
    api,
  });
  await user.click(await screen.findByRole("button", { name: "Start today's game" }));
  const dialog = await screen.findByRole("dialog", { name: "New session" });
  if (opponent) await user.type(within(dialog).getByLabelText("Opponent"), opponent);
  await user.click(within(dialog).getByRole("button", { name: "Start session" }));
  return { user, onLine };
}

describe("starting today's game with no connection", () => {
  it("opens on no session, starts a game offline, logs into it, and sends the session before its snaps", async () => {
    const api = fakeApi();
    coachCount += 1;
    const coach = { id: `coach-${coachCount}`, name: "Casey Coach" };
    const sessions: unknown[] = [];
    const snaps: unknown[] = [];
    const order: string[] = [];
    api
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays: [] }))
      // Last week's game is there; the logger does not open it by itself.
      .on("GET", "/api/team/sessions", () =>
        json({
          sessions: [
            ...sessions,
            {
              id: SESSION,
              kind: "game",
              date: "2020-01-04",
              opponent: "Owls",
              location: null,
              eventCount: 0,
              presentCount: 0,
              attendanceCount: 0,
            },
          ],
        }),
      )
      .on("POST", "/api/team/sessions", (req: ApiRequest) => {
        order.push("POST session");
        const body = req.body as { id: string; kind: string; date: string; opponent: string | null };
        sessions.unshift({ ...body, location: null, eventCount: 0, presentCount: 0, attendanceCount: 0 });
        return json({ session: { ...body, location: null, notes: null, createdAt: new Date().toISOString() } }, 201);
      })
      .on("POST", "/api/team/snaps", (req: ApiRequest) => {
        order.push("POST snaps");
        const body = req.body as { snaps: { id: string }[] };
        snaps.push(...body.snaps);
        return json({ results: body.snaps.map((s) => ({ id: s.id, status: "created" })) });
      });
    // Remembered from last week: not opened.
    window.localStorage.setItem(
      `flagline:logger:session:${coach.id}`,
      JSON.stringify({ id: SESSION, date: "2020-01-04" }),
    );
    const { user } = renderPage(<LoggerPage />, {
      path: "/coach/log",
      user: coachUser({ id: coach.id, fullName: coach.name }),
      api,
    });
    expect(await screen.findByRole("heading", { name: "No session today yet" })).toBeInTheDocument();

    const onLine = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    await user.click(screen.getByRole("button", { name: "Start today's game" }));
    const dialog = await screen.findByRole("dialog", { name: "New session" });
    expect(within(dialog).getByRole("radio", { name: "Game" })).toBeChecked();
    await user.type(within(dialog).getByLabelText("Opponent"), "Eagles");
    await user.click(within(dialog).getByRole("button", { name: "Away" }));
    await user.click(within(dialog).getByRole("button", { name: "Start session" }));
    expect(await screen.findByRole("region", { name: "Scoreboard" })).toHaveTextContent("Eagles");
    expect(screen.getByRole("combobox", { name: "Session" })).toHaveDisplayValue("Game vs Eagles");
    await user.click(
      within(await screen.findByRole("list", { name: "Receivers" })).getByRole("button", { name: /^#11 / }),
    );
    await user.click(screen.getByRole("button", { name: "12 yds" }));
    expect(await within(scoreboard()).findByText("1st half")).toBeInTheDocument();
    expect(order).toEqual([]);

    onLine.mockRestore();
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(order).toEqual(["POST session", "POST snaps"]));
    const [session] = sessions as { id: string; kind: string; opponent: string; homeAway: string; date: string }[];
    expect(session).toMatchObject({ kind: "game", opponent: "Eagles", homeAway: "away", date: TODAY });
    expect(snaps).toMatchObject([{ sessionId: session!.id, detail: { kind: "pass", targetId: "wr11", yards: 12 } }]);
  });

  it("keeps the pad and a half-logged snap while the game it started reaches the server and is read again", async () => {
    const api = fakeApi();
    const sessions: unknown[] = [];
    const snaps: unknown[] = [];
    // The game's first read from the server waits until the test lets it answer.
    let answerReads: () => void = () => {};
    const readsHeld = new Promise<void>((resolve) => (answerReads = resolve));
    api
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays: [] }))
      .on("GET", "/api/team/sessions", () => json({ sessions }))
      .on("POST", "/api/team/sessions", (req: ApiRequest) => {
        const body = req.body as { id: string; kind: string; date: string; opponent: string | null };
        sessions.unshift({ ...body, location: null, eventCount: 0, presentCount: 0, attendanceCount: 0 });
        return json({ session: { ...body, location: null, notes: null, createdAt: new Date().toISOString() } }, 201);
      })
      .on("GET", /^\/api\/team\/sessions\/[^/]+(\/snaps)?$/, async () => {
        await readsHeld;
        return apiError(503, "database_unavailable", "Held by the test");
      })
      .on("POST", "/api/team/snaps", (req: ApiRequest) => {
        const body = req.body as { snaps: { id: string }[] };
        snaps.push(...body.snaps);
        return json({ results: body.snaps.map((s) => ({ id: s.id, status: "created" })) });
      });
    const { user, onLine } = await startGameOffline(api, "Eagles");
    // Half a snap: the receiver tapped, the yards not yet.
    await user.click(
      within(await screen.findByRole("list", { name: "Receivers" })).getByRole("button", { name: /^#11 / }),
    );
    expect(await screen.findByRole("button", { name: "12 yds" })).toBeInTheDocument();

    onLine.mockRestore();
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(sessions).toHaveLength(1));
    // The game is the server's now, and its reads are on their way: the pad stays, with the receiver still picked.
    await waitFor(() => expect(api.count("GET", /^\/api\/team\/sessions\/[^/]+$/)).toBeGreaterThan(0));
    expect(screen.queryByText("Loading the game…")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "12 yds" }));
    await waitFor(() => expect(snaps).toHaveLength(1));
    expect(snaps).toMatchObject([{ detail: { kind: "pass", targetId: "wr11", yards: 12 } }]);
    answerReads();
  });

  it("the header says what waits in words: a new game, its attendance and 3 snaps, not '12 pending'", async () => {
    const api = fakeApi();
    api
      .on("GET", "/api/team/players", () => json({ players: ROSTER }))
      .on("GET", "/api/team/plays", () => json({ plays: [] }))
      .on("GET", "/api/team/sessions", () => json({ sessions: [] }));
    const { user, onLine } = await startGameOffline(api);
    try {
      await user.click(await screen.findByRole("tab", { name: /Attendance/ }));
      await user.click(await screen.findByRole("button", { name: "Mark all present" }));
      await user.click(screen.getByRole("tab", { name: /Log/ }));
      const receivers = () => screen.getByRole("list", { name: "Receivers" });
      for (const yards of ["5 yds", "8 yds", "12 yds"]) {
        await user.click(within(await waitFor(receivers)).getByRole("button", { name: /^#11 / }));
        await user.click(await screen.findByRole("button", { name: yards }));
      }
      const badge = () =>
        screen.getAllByRole("status").find((s) => /waiting to send|All sent/.test(s.textContent ?? ""));
      await waitFor(() => expect(badge()).toHaveTextContent("3 snaps, attendance, new game waiting to send · offline"));
      expect(badge()).not.toHaveTextContent(/pending/);
    } finally {
      onLine.mockRestore();
    }
  });
});
