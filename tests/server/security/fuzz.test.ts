/*
 * Bad input, fuzzed: for every endpoint of the server's route table (security/endpoints.ts), requests that are
 * invalid by construction (security/invalid-input.ts, derived from the endpoint's OpenAPI parameters and body
 * schema) are sent as the caller the endpoint serves and as callers it refuses. Every answer must be a 4xx in the
 * error shape, never a 2xx and never a 5xx; a caller the endpoint refuses by role gets that 401/403 whatever the
 * input (the role is checked before any input is read); no stored row or file changes; and the app still
 * answers afterwards.
 *
 * The fuzzing runs on SQLite (validation does not depend on the engine). Reproduce a failure with the seed it
 * prints: FUZZ_SEED=<seed> npx vitest run tests/server/security/fuzz.test.ts (FUZZ_SHRINK=1 to shrink it too).
 *
 * A second suite, on every engine, sends each endpoint's VALID request with a NUL character put into one of its
 * text values at a time: PostgreSQL cannot store U+0000, so this is where the engines would differ.
 *
 * A third, on every engine, fuzzes game day's snaps past their shape: batches of well-formed snaps of which one
 * names another team's player, session, play or snap id, a coach instead of a player, an id that does not exist,
 * a time in the future, or a play the domain finds impossible. Each reaches the database checks, so each must be
 * refused whole (400 or 409 in the error shape) with nothing stored.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_BODY } from "#server/app.js";
import { testEngines, type TestDatabase } from "../support/test-database.js";
import { createTestApp } from "../support/test-client.js";
import type { MemoryFileStore } from "#server/storage/memory.js";
import { isUploadPath, MAX_UPLOAD_BODY } from "#server/http/image-upload.js";
import {
  AUTHZ,
  errorShapeProblem,
  routeTable,
  routeTableApp,
  statusOf,
  type Actor,
  type Endpoint,
  type Expectation,
} from "./endpoints.js";
import {
  accountOf,
  aSnap,
  buildWorld,
  fillPath,
  send,
  worldSnapshot,
  VALID_REQUESTS,
  type Answer,
  type Req,
  type World,
} from "./fixtures.js";
import { snapshotDiff } from "./snapshot.js";
import { describeInput, endpointFuzz, type FuzzInput } from "./invalid-input.js";

const table = await routeTable(routeTableApp());

/** The run's seed; each endpoint's is derived from it and the endpoint's key, so adding one moves no other. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_516);
/** Cases aimed for across all endpoints, and the least the run must have sent. */
const TARGET_CASES = Number(process.env.FUZZ_CASES ?? 11_000);
const MIN_CASES = 10_000;
/** The callers the fuzz sends as: one the coach endpoints serve, one the player endpoints serve, and outsiders. */
/** ... and a guardian, as themselves and acting for player A (X-Flagline-Child, docs/product.md §13). */
const FUZZ_ACTORS: readonly Actor[] = ["headCoachA", "playerA", "anonymous", "coachB", "guardianA", "guardianForA"];

function seedFor(key: string): number {
  let h = 0x811c9dc5;
  for (const ch of key) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return (SEED ^ h) >>> 0;
}

const is2xx = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

/** The callers (of FUZZ_ACTORS) a valid request of the endpoint succeeds for; all of them when AUTHZ has no entry. */
function servedActors(key: string, expectation: Expectation | undefined): Actor[] {
  return FUZZ_ACTORS.filter((a) => !expectation || is2xx(statusOf(key, expectation, a)));
}

/** A caller's request as sent: their own headers (a guardian's X-Flagline-Child) added to it. */
function asCaller(w: World, actor: Actor, req: Req): Req {
  const extra = accountOf(w, actor)?.headers;
  return extra ? { ...req, headers: { ...req.headers, ...extra } } : req;
}

function toReq(input: FuzzInput): Req {
  const req: Req = { params: input.params, query: input.query };
  const body = input.body;
  if (!body) return req;
  if (body.kind === "form") {
    const form = new FormData();
    for (const part of body.parts) {
      if ("bytes" in part)
        form.append(part.name, new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.filename);
      else form.append(part.name, part.value);
    }
    return { ...req, body: form };
  }
  const bytes = body.kind === "text" ? new TextEncoder().encode(body.text) : body.bytes;
  return { ...req, body: new Uint8Array(bytes), headers: body.contentType ? { "content-type": body.contentType } : {} };
}

/** How many bytes the body puts on the wire (multipart framing left out: it only makes the body bigger). */
function bodyBytes(input: FuzzInput): number {
  const body = input.body;
  if (!body) return 0;
  if (body.kind === "text") return Buffer.byteLength(body.text, "utf8");
  if (body.kind === "bytes") return body.bytes.byteLength;
  return body.parts.reduce(
    (sum, p) => sum + ("bytes" in p ? p.bytes.byteLength : Buffer.byteLength(p.value, "utf8")),
    0,
  );
}

/** What is wrong with the answer to an invalid request, or null. */
function judge(
  key: string,
  input: FuzzInput,
  actor: Actor,
  expectation: Expectation | undefined,
  bodyLimit: number,
  answer: Answer,
): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.text.slice(0, 200)}`;
  if (answer.status < 400) return `accepted invalid input with ${answer.status}: ${answer.text.slice(0, 200)}`;
  const shape = errorShapeProblem(answer.status, answer.contentType, answer.body);
  if (shape) return shape;
  const byRole = expectation ? statusOf(key, expectation, actor) : undefined;
  let want: number | undefined;
  if (input.status === 413 || bodyBytes(input) > bodyLimit)
    want = 413; // refused before any route, whoever asks
  else if (byRole === 401 || byRole === 403)
    want = byRole; // the role is checked before any input is read
  else if (input.status !== undefined && is2xx(byRole)) want = input.status;
  if (want !== undefined && answer.status !== want)
    return `expected ${want}, got ${answer.status}: ${answer.text.slice(0, 200)}`;
  return null;
}

/** Every text value of a request (path and query parameters, JSON strings), as a way to replace it. */
function textLeaves(req: Req): { where: string; replace: (f: (s: string) => string) => Req }[] {
  const out: { where: string; replace: (f: (s: string) => string) => Req }[] = [];
  for (const [name, value] of Object.entries(req.params ?? {})) {
    out.push({ where: `path ${name}`, replace: (f) => ({ ...req, params: { ...req.params, [name]: f(value) } }) });
  }
  for (const [name, value] of Object.entries(req.query ?? {})) {
    if (typeof value === "string")
      out.push({ where: `query ${name}`, replace: (f) => ({ ...req, query: { ...req.query, [name]: f(value) } }) });
  }
  const walk = (value: unknown, path: (string | number)[]) => {
    if (typeof value === "string") {
      out.push({
        where: `body ${path.join(".")}`,
        replace: (f) => {
          const json = structuredClone(req.json) as Record<string | number, unknown>;
          let at: Record<string | number, unknown> = json;
          for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
          at[path.at(-1)!] = f(value);
          return { ...req, json };
        },
      });
    } else if (value && typeof value === "object") {
      for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k]);
    }
  };
  if (req.json !== undefined) walk(req.json, []);
  return out;
}

/** The caller a valid request of the endpoint is built for: someone of team A it serves. */
function baseActor(expectation: Expectation | undefined): Actor | undefined {
  return (["headCoachA", "playerA", "anonymous", "coachB"] as const).find((a) => is2xx(expectation?.[a]));
}

describe.each(testEngines())("bad input on $engine", ({ create, engine }) => {
  let database: TestDatabase;
  let w: World;

  beforeAll(async () => {
    database = await create();
    const built = createTestApp(database, { contactRateLimit: 1_000_000 });
    w = await buildWorld(built.app, database, built.services.files as MemoryFileStore, () =>
      built.services.push.notifier.idle(),
    );
  });
  afterAll(async () => database?.cleanup());

  it("a NUL character in any text value of a valid request is refused with a 4xx, and nothing is stored", async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const endpoint of table.endpoints) {
      const actor = baseActor(AUTHZ[endpoint.key]);
      const valid = VALID_REQUESTS[endpoint.key];
      if (!actor || !valid || valid.last) continue;
      const base = await valid.build(w, actor);
      const leaves = textLeaves(base);
      if (!leaves.length) continue;
      const before = await worldSnapshot(w);
      for (const leaf of leaves) {
        for (const put of [(s: string) => `${s.slice(0, 1)}\u0000${s.slice(1)}`, (s: string) => `${s}\u0000`]) {
          const req = leaf.replace(put);
          const answer = await send(w.app, accountOf(w, actor)?.cookies ?? null, endpoint.method, endpoint.path, req);
          sent += 1;
          const where = `${endpoint.key} ${leaf.where} as ${actor}`;
          if (answer.status < 400 || answer.status >= 500)
            problems.push(`${where}: ${answer.status} ${answer.text.slice(0, 160)}`);
          else {
            const shape = errorShapeProblem(answer.status, answer.contentType, answer.body);
            if (shape) problems.push(`${where}: ${shape}`);
          }
        }
      }
      const changed = snapshotDiff(before, await worldSnapshot(w));
      if (changed.length) problems.push(`${endpoint.key}: a refused request changed ${changed.join(", ")}`);
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(50);
  });

  it("snaps: a batch with one snap that is well-formed but wrong for the team or the game is refused whole", async () => {
    const pA = w.accounts.playerA.userId;
    const other = w.accounts.otherPlayerA.userId;
    const good = () => aSnap(w.a.sessionId, pA, other);
    type Snap = Omit<ReturnType<typeof aSnap>, "id" | "detail"> & { id: string; detail: unknown; playId?: string };
    type Breakage = { what: string; status: number; apply: (s: Snap) => Snap };
    const passTo = (passerId: string, targetId: string) => ({
      kind: "pass",
      passerId,
      targetId,
      result: "complete",
      yards: 4,
    });
    /** Ways to break one snap, each with the status it must get. */
    const breakages: fc.Arbitrary<Breakage> = fc.oneof(
      fc
        .constantFrom(
          w.accounts.playerB.userId,
          w.accounts.headCoachA.userId,
          w.accounts.coachB.userId,
          randomUUID(),
          "not-a-user",
        )
        .chain((stranger) =>
          fc.constantFrom<Breakage>(
            {
              what: `passer ${stranger}`,
              status: 400,
              apply: (s: Snap) => ({ ...s, detail: passTo(stranger, other) }),
            },
            { what: `receiver ${stranger}`, status: 400, apply: (s: Snap) => ({ ...s, detail: passTo(pA, stranger) }) },
            {
              what: `defender ${stranger}`,
              status: 400,
              apply: (s: Snap) => ({
                ...s,
                detail: { kind: "interception", defenderId: stranger, returnTouchdown: false, yards: 3 },
              }),
            },
            {
              what: `try scorer ${stranger}`,
              status: 400,
              apply: (s: Snap) => ({
                ...s,
                detail: { kind: "try", points: 2, method: "run", good: true, passerId: null, scorerId: stranger },
              }),
            },
          ),
        ),
      fc.constantFrom<Breakage>(
        { what: "B's session", status: 400, apply: (s: Snap) => ({ ...s, sessionId: w.b.sessionId }) },
        { what: "no such session", status: 400, apply: (s: Snap) => ({ ...s, sessionId: randomUUID() }) },
        { what: "B's play", status: 400, apply: (s: Snap) => ({ ...s, playId: w.b.playId }) },
        { what: "no such play", status: 400, apply: (s: Snap) => ({ ...s, playId: randomUUID() }) },
        { what: "B's snap id", status: 409, apply: (s: Snap) => ({ ...s, id: w.b.snapId }) },
        {
          what: "in the future",
          status: 400,
          apply: (s: Snap) => ({ ...s, occurredAt: new Date(Date.now() + 3_600_000).toISOString() }),
        },
        { what: "before 2000", status: 400, apply: (s: Snap) => ({ ...s, occurredAt: "1999-12-31T23:59:59Z" }) },
        { what: "throws to himself", status: 400, apply: (s: Snap) => ({ ...s, detail: passTo(pA, pA) }) },
        {
          what: "incomplete with yards",
          status: 400,
          apply: (s: Snap) => ({ ...s, detail: { ...passTo(pA, other), result: "incomplete", yards: 5 } }),
        },
        {
          what: "a run try with a passer",
          status: 400,
          apply: (s: Snap) => ({
            ...s,
            detail: { kind: "try", points: 1, method: "run", good: true, passerId: pA, scorerId: other },
          }),
        },
        {
          what: "a penalty on them naming our player",
          status: 400,
          apply: (s: Snap) => ({
            ...s,
            detail: { kind: "penalty", on: "them", yards: 5, effect: "none", playerId: pA },
          }),
        },
        { what: "period 0", status: 400, apply: (s: Snap) => ({ ...s, period: 0 }) },
      ),
    );
    const before = await worldSnapshot(w);
    const failures: string[] = [];
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: 4 }), fc.nat({ max: 4 }), breakages, async (goodBefore, goodAfter, broken) => {
        const snaps = [
          ...Array.from({ length: goodBefore }, good),
          broken.apply(good()),
          ...Array.from({ length: goodAfter }, good),
        ];
        const answer = await send(w.app, w.accounts.headCoachA.cookies, "POST", "/api/team/snaps", {
          json: { snaps },
        });
        seen.add(broken.what.split(" ")[0]!);
        const shape = errorShapeProblem(answer.status, answer.contentType, answer.body);
        if (answer.status !== broken.status || shape)
          failures.push(`${broken.what}: ${answer.status} ${shape ?? ""} ${answer.text.slice(0, 200)}`);
      }),
      { numRuns: 120, seed: SEED },
    );
    expect(failures).toEqual([]);
    expect(seen.size, "kinds of breakage tried").toBeGreaterThanOrEqual(10);
    expect(snapshotDiff(before, await worldSnapshot(w))).toEqual([]);
  });

  it.runIf(engine === "sqlite")(
    `fuzz: at least ${MIN_CASES} invalid requests over every endpoint get a 4xx in the error shape and change nothing`,
    async () => {
      const started = Date.now();
      const [gif, tiff] = await Promise.all([
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#36c" } })
          .gif()
          .toBuffer(),
        sharp({ create: { width: 8, height: 8, channels: 3, background: "#c63" } })
          .tiff()
          .toBuffer(),
      ]);
      const images = { png: new Uint8Array(w.png), gif: new Uint8Array(gif), tiff: new Uint8Array(tiff) };
      const hugeUpload = new Uint8Array(MAX_UPLOAD_BODY + 4096).fill(0x61);

      // Every endpoint's plan, with path parameters naming real resources of team A (made now, before the snapshot).
      const plans: {
        endpoint: Endpoint;
        fuzz: NonNullable<ReturnType<typeof endpointFuzz>>;
        served: Actor[];
        refused: Actor[];
        bodyLimit: number;
      }[] = [];
      const skipped: string[] = [];
      for (const endpoint of table.endpoints) {
        const expectation = AUTHZ[endpoint.key];
        const actor = baseActor(expectation);
        const valid = VALID_REQUESTS[endpoint.key];
        const base: Req = actor && valid && !valid.last ? await valid.build(w, actor) : {};
        const samplePath = fillPath(
          endpoint.path,
          Object.fromEntries([...endpoint.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1]!, "x"])),
        );
        const limits = { body: isUploadPath(samplePath) ? MAX_UPLOAD_BODY : MAX_JSON_BODY, upload: MAX_UPLOAD_BODY };
        const fuzz = endpointFuzz(
          endpoint,
          { baseParams: base.params ?? {}, baseJson: base.json, images, hugeUpload },
          limits,
        );
        if (!fuzz) {
          skipped.push(endpoint.key);
          continue;
        }
        const served = servedActors(endpoint.key, expectation);
        plans.push({
          endpoint,
          fuzz,
          served: served.length ? served : [...FUZZ_ACTORS],
          refused: FUZZ_ACTORS.filter((a) => !served.includes(a)),
          bodyLimit: limits.body,
        });
      }

      const surface = plans.reduce((sum, p) => sum + p.fuzz.surface, 0);
      const start = await worldSnapshot(w);
      const failures: string[] = [];
      let total = 0;
      const perEndpoint: string[] = [];
      /** Cases sent, by the kind of fault (the category's first word: body, path, query, upload, ...). */
      const byKind = new Map<string, number>();

      for (const { endpoint, fuzz, served, refused, bodyLimit } of plans) {
        const numRuns = Math.max(40, Math.round((TARGET_CASES * fuzz.surface) / surface));
        const expectation = AUTHZ[endpoint.key];
        const actors = refused.length
          ? fc.oneof(
              { arbitrary: fc.constantFrom(...served), weight: 3 },
              { arbitrary: fc.constantFrom(...refused), weight: 1 },
            )
          : fc.constantFrom(...served);
        const before = await worldSnapshot(w);
        let sent = 0;
        const seed = seedFor(endpoint.key);
        const details = await fc.check(
          fc.asyncProperty(fuzz.arbitrary, actors, async (input, actor) => {
            sent += 1;
            const kind = /content-type/.test(input.category)
              ? "content-type"
              : input.category === "no body"
                ? "body"
                : input.category.split(" ")[0]!;
            byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
            const answer = await send(
              w.app,
              accountOf(w, actor)?.cookies ?? null,
              endpoint.method,
              endpoint.path,
              asCaller(w, actor, toReq(input)),
            );
            const problem = judge(endpoint.key, input, actor, expectation, bodyLimit, answer);
            if (problem) throw new Error(problem);
          }),
          { seed, numRuns, endOnFailure: !process.env.FUZZ_SHRINK },
        );
        total += sent;
        perEndpoint.push(`${endpoint.key} ${sent}`);
        if (details.failed) {
          const [input, actor] = details.counterexample ?? [];
          const why =
            details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
          failures.push(
            `${endpoint.key} (FUZZ_SEED=${SEED}; fast-check seed ${details.seed}, path "${details.counterexamplePath}"): ${why}\n` +
              `    sent as ${String(actor)}: ${input ? describeInput(input) : "?"}`,
          );
        }
        const changed = snapshotDiff(before, await worldSnapshot(w));
        if (changed.length) failures.push(`${endpoint.key}: invalid requests changed ${changed.join(", ")}`);
      }

      const health = await send(w.app, null, "GET", "/api/health");
      expect(health.status, "the app still answers").toBe(200);
      const changed = snapshotDiff(start, await worldSnapshot(w));
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `fuzz (FUZZ_SEED=${SEED}): ${total} invalid requests over ${plans.length} endpoints in ${seconds} s ` +
          `(${[...byKind].map(([k, n]) => `${k} ${n}`).join(", ")}; not fuzzed, they take no input: ${skipped.join(", ")})`,
      );
      expect(failures, `fuzz failures (FUZZ_SEED=${SEED})`).toEqual([]);
      expect(changed, "tables changed by the fuzz").toEqual([]);
      expect(total, perEndpoint.join("\n")).toBeGreaterThanOrEqual(MIN_CASES);
    },
    300_000,
  );
});
