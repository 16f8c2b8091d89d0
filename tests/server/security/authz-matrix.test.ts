/*
 * The authorization matrix: every API endpoint, as read from the server's own route table (its OpenAPI document
 * and Hono's app.routes), times every kind of caller, each sent a VALID request naming team A's resources, must
 * get exactly the status AUTHZ (endpoints.ts) expects. On top of the status:
 * - every error answer has the error shape;
 * - nothing of team A (ids, codes, names, free text) is ever in a 2xx answer to a signed-out caller or to team B;
 * - player A's own logs and feedback are in no 2xx answer to another player; no player is ever shown a coach
 *   invite code;
 * - a refused write changes no stored row and no stored file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngines, type TestDatabase } from "../support/test-database.js";
import { createTestApp } from "../support/test-client.js";
import type { MemoryFileStore } from "#server/storage/memory.js";
import {
  ACTORS,
  AUTHZ,
  errorShapeProblem,
  OUTSIDERS,
  routeTable,
  routeTableApp,
  statusOf,
  UNDOCUMENTED,
  type Actor,
} from "./endpoints.js";
import {
  accountOf,
  buildWorld,
  playerASecrets,
  send,
  worldSnapshot,
  teamSecrets,
  VALID_REQUESTS,
  type World,
} from "./fixtures.js";
import { snapshotDiff } from "./snapshot.js";

// Read when the tests are collected: the endpoints below are the server's, not a list kept here.
const table = await routeTable(routeTableApp());
const runsLast = (key: string) => VALID_REQUESTS[key]?.last === true;
const ENDPOINTS = [...table.endpoints].sort((a, b) => Number(runsLast(a.key)) - Number(runsLast(b.key)));

/** Never shown a coach invite code: players, and guardians whoever they act for. */
const PLAYERS: readonly Actor[] = ["playerA", "otherPlayerA", "playerB", "guardianA", "guardianForA", "guardianForB"];
/** A guardian acting for a child builds the child's request (the child's own name, logs, answers). */
const buildAs = (actor: Actor): Actor =>
  actor === "guardianForA" ? "playerA" : actor === "guardianForB" ? "playerB" : actor;

describe("the authorization table", () => {
  it("has an entry for every endpoint the server serves", () => {
    const missing = table.endpoints.map((e) => e.key).filter((key) => !(key in AUTHZ));
    expect(missing, "endpoints without an AUTHZ entry in security/endpoints.ts").toEqual([]);
  });

  it("names no endpoint the server does not serve", () => {
    const served = new Set(table.endpoints.map((e) => e.key));
    expect(
      Object.keys(AUTHZ).filter((key) => !served.has(key)),
      "AUTHZ entries for endpoints that are gone",
    ).toEqual([]);
    expect(
      Object.keys(VALID_REQUESTS).filter((key) => !served.has(key)),
      "VALID_REQUESTS for endpoints that are gone",
    ).toEqual([]);
  });

  it("has a valid request for every endpoint", () => {
    expect(table.endpoints.map((e) => e.key).filter((key) => !(key in VALID_REQUESTS))).toEqual([]);
  });

  it("covers every handler mounted under /api, and the OpenAPI document lists every one of them", () => {
    // A route mounted with app.get() instead of .openapi() would escape the document (and the fuzzing).
    expect(table.mounted.filter((key) => !table.documented.includes(key) && !UNDOCUMENTED.has(key))).toEqual([]);
    expect(table.documented.filter((key) => !table.mounted.includes(key))).toEqual([]);
    expect(table.endpoints.length).toBeGreaterThanOrEqual(45);
  });
});

describe.each(testEngines())("authorization matrix on $engine", ({ create, engine }) => {
  let database: TestDatabase;
  let w: World;
  let cells = 0;
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    database = await create();
    const built = createTestApp(database, { contactRateLimit: 10_000 });
    w = await buildWorld(built.app, database, built.services.files as MemoryFileStore, () =>
      built.services.push.notifier.idle(),
    );
  });
  afterAll(async () => {
    if (cells) {
      console.info(
        `authz matrix on ${engine}: ${ENDPOINTS.length} endpoints x ${ACTORS.length} callers = ${cells} cells in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    await database?.cleanup();
  });

  it("serves the route table the matrix was collected from", async () => {
    const live = await routeTable(w.app);
    expect(live.endpoints.map((e) => e.key)).toEqual(table.endpoints.map((e) => e.key));
  });

  it.each(ENDPOINTS.map((e) => [e.key, e] as const))("%s", async (key, endpoint) => {
    const expected = AUTHZ[key];
    const valid = VALID_REQUESTS[key];
    if (!expected || !valid) throw new Error(`${key} has no AUTHZ entry or no VALID_REQUESTS entry in security/`);
    const problems: string[] = [];

    for (const actor of ACTORS) {
      const want = statusOf(key, expected, actor);
      const built = await valid.build(w, buildAs(actor));
      const account = accountOf(w, actor);
      const req = account?.headers ? { ...built, headers: { ...built.headers, ...account.headers } } : built;
      const refusedWrite = want >= 300 && endpoint.method !== "GET";
      const before = refusedWrite ? await worldSnapshot(w) : null;

      const answer = await send(w.app, account?.cookies ?? null, endpoint.method, endpoint.path, req);
      await valid.after?.(w, actor, answer);
      cells += 1;
      const where = `${actor}`;

      if (answer.status !== want)
        problems.push(`${where}: expected ${want}, got ${answer.status} ${answer.text.slice(0, 200)}`);
      if (answer.status >= 400) {
        const shape = errorShapeProblem(answer.status, answer.contentType, answer.body);
        if (shape) problems.push(`${where}: ${shape}`);
      }
      // Errors included: a refusal must not say more than a 2xx would. What the caller sent is no leak.
      const sent = JSON.stringify([req.params, req.query, req.json]);
      const shown = (s: string) => answer.text.includes(s) && !sent.includes(s);
      if (answer.text && OUTSIDERS.includes(actor)) {
        const leaked = (await teamSecrets(w)).filter(shown);
        if (leaked.length) problems.push(`${where}: LEAK of team A's ${JSON.stringify(leaked)} (${answer.status})`);
      }
      if (answer.text && (actor === "otherPlayerA" || OUTSIDERS.includes(actor))) {
        const leaked = (await playerASecrets(w)).filter(shown);
        if (leaked.length)
          problems.push(
            `${where}: LEAK of player A's own logs or feedback ${JSON.stringify(leaked)} (${answer.status})`,
          );
      }
      if (answer.status >= 200 && answer.status < 300 && answer.text) {
        if (PLAYERS.includes(actor)) {
          // (Team C's is left out: the sign-in cell signs in to a coach of team C, who is shown it.)
          const codes = [w.teamA.coachInviteCode, w.teamB.coachInviteCode];
          if (codes.some((code) => answer.text.includes(code)))
            problems.push(`${where}: a player was shown a coach invite code`);
        }
      }
      if (before) {
        const changed = snapshotDiff(before, await worldSnapshot(w));
        if (changed.length) problems.push(`${where}: refused with ${answer.status} but changed ${changed.join(", ")}`);
      }
    }

    expect(problems, `${key} on ${engine}`).toEqual([]);
  });
});
