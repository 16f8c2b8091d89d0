import { gunzipSync } from "node:zlib";
import type { KyselyPlugin } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PublicLeague } from "#domain/api/leagues.js";
import { createApp } from "../app.js";
import { createTestApp, signUpCoach, TestClient } from "#tests/server/support/test-client.js";
import { testEngines, type TestDatabase } from "#tests/server/support/test-database.js";

/*
 * The public league pages as a parent's browser gets them (docs/product.md §17, decision 0042): finished HTML from
 * the server, no script, cached a minute, gzipped, the same standings and results as the API's JSON, no child
 * named, and a page that says what is wrong (with a 4xx) for an address that is not a league's.
 */

type App = ReturnType<typeof createTestApp>["app"];

describe.each(testEngines())("the public league pages on $engine", ({ engine, create }) => {
  let database: TestDatabase;
  let app: App;
  let services: ReturnType<typeof createTestApp>["services"];
  let leagueId = "";
  let json: PublicLeague;

  const get = (path: string, headers: Record<string, string> = {}) =>
    app.request(`http://localhost:3000${path}`, { headers });
  const teamId = (name: string) => json.teams.find((t) => t.name === name)!.id;

  beforeAll(async () => {
    database = await create();
    ({ app, services } = createTestApp(database));
    const owner = await signUpCoach(app, "Organisers United");
    const hawks = await signUpCoach(app, "Harbor Hawks");
    const added = await hawks.client.post("/api/team/roster", {
      fullName: "Maya Okafor",
      jerseyNumber: 7,
      primaryPosition: "qb",
    });
    expect(added.status).toBe(201);
    const made = await owner.client.post("/api/leagues", { name: "Metro Flag", timeZone: "UTC" });
    leagueId = made.body.league.id;
    const division = await owner.client.post(`/api/leagues/${leagueId}/divisions`, { name: "10U" });
    const divisionId = division.body.league.divisions[0].id;
    expect((await hawks.client.post("/api/team/leagues", { code: made.body.league.joinCode, divisionId })).status).toBe(
      201,
    );
    for (const name of ["Comets", "Night <Owls>"]) {
      expect((await owner.client.post(`/api/leagues/${leagueId}/teams`, { divisionId, name })).status).toBe(201);
    }
    await owner.client.post(`/api/leagues/${leagueId}/fields`, { name: "Riverside Park" });
    await owner.client.request("PUT", `/api/leagues/${leagueId}/calendar`, {
      json: {
        gameDays: ["2026-11-07", "2026-11-14", "2026-11-21"],
        timeSlots: [{ startTime: "09:00", durationMinutes: 60 }],
      },
    });
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule`, { doubleRoundRobin: false })).status).toBe(
      201,
    );
    expect((await owner.client.post(`/api/leagues/${leagueId}/schedule/publish`)).status).toBe(200);
    const games = (await owner.client.get(`/api/leagues/${leagueId}/games`)).body.games as Array<{ id: string }>;
    expect(
      (
        await owner.client.request("PUT", `/api/league-games/${games[0]!.id}/result`, {
          json: { homeScore: 8, awayScore: 6 },
        })
      ).status,
    ).toBe(200);
    json = (await new TestClient(app).get<PublicLeague>(`/api/public/leagues/${leagueId}`)).body;
  });
  afterAll(async () => database?.cleanup());

  it("answers the league's page as finished HTML with no script, cached a minute", async () => {
    const res = await get(`/league/${leagueId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain("script-src");
    const page = await res.text();
    expect(page).toContain("<h1>Metro Flag</h1>");
    expect(page).not.toMatch(/<script/i);
    // A team's name is text, never markup.
    expect(page).toContain("Night &lt;Owls&gt;");
    expect(page).not.toContain("Night <Owls>");
  });

  it("shows the API's standings in the API's order, and no child's name", async () => {
    const page = await (await get(`/league/${leagueId}`)).text();
    const rowHeaders = [...page.matchAll(/<th scope="row">(?:<a href="[^"]*">)?([^<]*)/g)].map((m) => m[1]);
    const name = new Map(json.teams.map((t) => [t.id, t.name.replace("<", "&lt;").replace(">", "&gt;")]));
    expect(rowHeaders).toEqual(json.divisions[0]!.standings.map((r) => name.get(r.teamId)));
    const played = json.games.find((g) => g.result.state === "confirmed")!;
    expect(page).toContain(`${played.result.home}–${played.result.away}`);
    expect(page).not.toContain("Maya");
    expect(page).not.toContain("Okafor");
  });

  it("is gzipped for a browser that accepts it", async () => {
    const res = await get(`/league/${leagueId}`, { "accept-encoding": "gzip, br" });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const page = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(page).toContain("<h1>Metro Flag</h1>");
  });

  it("narrows the schedule by the form's team and day", async () => {
    const comets = teamId("Comets");
    const page = await (await get(`/league/${leagueId}?team=${comets}&field=&day=all`)).text();
    const lines = [...page.matchAll(/<ul class="games[^"]*">([\s\S]*?)<\/ul>/g)].flatMap((m) =>
      [...m[1]!.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((l) => l[1]!),
    );
    expect(lines).toHaveLength(2);
    expect(lines.every((l) => l.includes("Comets"))).toBe(true);
    // The form shows what it narrowed to.
    expect(page).toMatch(new RegExp(`<option value="${comets}"\\s+selected>Comets</option>`));
    expect(page).toMatch(/<option value="all"\s+selected>All days<\/option>/);
    const oneDay = await (await get(`/league/${leagueId}?day=${json.games[0]!.date}`)).text();
    // One day's card, headed by its day.
    expect([...oneDay.matchAll(/<h3>([^<]*)<\/h3>/g)].map((m) => m[1]!.trim())).toHaveLength(1);
  });

  it("answers a team's page with its record and its row marked", async () => {
    const res = await get(`/league/${leagueId}/teams/${teamId("Harbor Hawks")}`);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain("<h1>Harbor Hawks</h1>");
    expect(page).toMatch(/<tr aria-current="true"><td>\d<\/td><th scope="row">Harbor Hawks<\/th>/);
    expect(page).not.toContain("Maya");
  });

  it("says what is wrong, with a 4xx, for an address that is not a league's", async () => {
    const cases: Array<[string, number, string]> = [
      ["/league/no-such-league", 404, "There is no league at this address."],
      [`/league/${"x".repeat(300)}`, 404, "There is no league at this address."],
      [`/league/${leagueId}?team=someone-else`, 404, "That team is not in this league."],
      [`/league/${leagueId}?field=elsewhere`, 404, "That field is not this league&#39;s."],
      [`/league/${leagueId}?day=saturday`, 400, "The day must be a date (YYYY-MM-DD) or all."],
      [`/league/${leagueId}/teams/no-such-team`, 404, "That team of the league was not found."],
      ["/league/no-such-league/teams/no-such-team", 404, "That league was not found."],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(await res.text(), path).toContain(message);
    }
  });

  it("answers a page saying to come back in a minute, naming the request, when the database fails", async () => {
    interface LogLine {
      msg: string;
      reqId?: string;
    }
    const logLines: LogLine[] = [];
    const log = pino({ level: "info" }, { write: (line: string) => void logLines.push(JSON.parse(line) as LogLine) });
    // Every query of this app's database fails as its driver says it when the database cannot be reached or has no
    // room (db/outage.ts), or, for a bug, with an error nobody expected.
    let failure: Error = new Error("not yet");
    const failing: KyselyPlugin = {
      transformQuery() {
        throw failure;
      },
      transformResult: async ({ result }) => result,
    };
    const down = createApp({ ...services, log, database: { ...database, db: database.db.withPlugin(failing) } });
    const outage =
      engine === "postgres"
        ? Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" })
        : Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
    const pages = [`/league/${leagueId}`, `/league/${leagueId}/teams/${teamId("Harbor Hawks")}?x=1`];
    const cases: Array<[Error, number, string, string]> = [
      [
        outage,
        503,
        "This league&#39;s pages are unavailable for a moment. Please try again in a minute.",
        "answered 503",
      ],
      [new Error("a bug"), 500, "Something went wrong on our side showing this page.", "unhandled error"],
    ];
    for (const [error, status, message, logged] of cases) {
      failure = error;
      for (const path of pages) {
        const res = await down.request(`http://localhost:3000${path}`);
        const label = `${path} ${status}`;
        expect(res.status, label).toBe(status);
        expect(res.headers.get("content-type"), label).toMatch(/^text\/html/);
        expect(res.headers.get("cache-control"), label).toBe("no-store");
        expect(res.headers.get("content-security-policy"), label).toContain("default-src 'none'");
        expect(res.headers.get("retry-after"), label).toBe(status === 503 ? "5" : null);
        const page = await res.text();
        expect(page, label).toContain(message);
        expect(page, label).not.toMatch(/<script/i);
        // A link to the same address, and the request's id: the header's, and its log line's.
        expect(page, label).toContain(`<a href="${path}">Try again</a>`);
        const requestId = res.headers.get("x-request-id")!;
        expect(requestId, label).toMatch(/^[0-9a-f-]{36}$/);
        expect(page, label).toContain(`Reference: <code>${requestId}</code>`);
        expect(logLines, label).toContainEqual(
          expect.objectContaining({ reqId: requestId, msg: expect.stringContaining(logged) }),
        );
      }
    }

    // A request id the caller sent is shown as text, never as markup.
    failure = outage;
    const sent = await down.request(`http://localhost:3000/league/${leagueId}`, {
      headers: { "x-request-id": "<b>trace</b>" },
    });
    expect(await sent.text()).toContain("Reference: <code>&lt;b&gt;trace&lt;/b&gt;</code>");
    // The API's JSON of the same league stays JSON, with the same request id in its body.
    const api = await down.request(`http://localhost:3000/api/public/leagues/${leagueId}`);
    expect(api.status).toBe(503);
    const body = (await api.json()) as { error: { code: string; requestId: string } };
    expect(body.error.code).toBe(engine === "postgres" ? "database_unavailable" : "disk_full");
    expect(body.error.requestId).toBe(api.headers.get("x-request-id"));
  });
});
