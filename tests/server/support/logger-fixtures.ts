/* Test fixtures for the logger, sessions and stream suites. Not used by the server. */
import { randomUUID } from "node:crypto";
import type { NewEventInput } from "#domain/api/logger.js";
import type { NewSnapInput } from "#domain/api/game.js";
import type { SnapDetail } from "#domain/snaps.js";
import type { Me } from "#domain/account.js";
import { takesYards } from "#domain/event-types.js";
import { asObject, recountFromSource, storedTotals, type TestDatabase } from "./test-database.js";
import { PASSWORD, signUpCoach, signUpPlayer, TestClient, uniqueEmail, type createTestApp } from "./test-client.js";

type TestApp = ReturnType<typeof createTestApp>["app"];

export interface LoggerTeam {
  teamId: string;
  head: TestClient;
  headMe: Me;
  assistant: TestClient;
  players: { client: TestClient; me: Me }[];
}

const POSITIONS = ["qb", "wr", "rb", "cb", "lb"] as const;

/** A head coach, an assistant coach (joined with the coach invite code) and `playerCount` players. */
export async function loggerTeam(app: TestApp, name = "Falcons", playerCount = 3): Promise<LoggerTeam> {
  const { client: head, me: headMe } = await signUpCoach(app, name);
  const assistant = new TestClient(app);
  const res = await assistant.post("/api/signup", {
    role: "coach",
    fullName: "Alex Assistant",
    email: uniqueEmail("assistant"),
    password: PASSWORD,
    coachInviteCode: headMe.team!.coachInviteCode,
  });
  if (res.status !== 201) throw new Error(`assistant sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  const players = [];
  for (let i = 0; i < playerCount; i++) {
    players.push(
      await signUpPlayer(app, headMe.team!.code, {
        fullName: `Player ${String.fromCharCode(65 + i)}`,
        jerseyNumber: 10 + i,
        primaryPosition: POSITIONS[i % POSITIONS.length]!,
      }),
    );
  }
  return { teamId: headMe.team!.id, head, headMe, assistant, players };
}

let tick = 0;
/** A snap of `sessionId`, half an hour in the past, each one a little later than the last. */
export function aSnap(sessionId: string, detail: SnapDetail, over: Partial<NewSnapInput> = {}): NewSnapInput {
  tick += 1;
  return {
    id: randomUUID(),
    sessionId,
    period: 1,
    occurredAt: new Date(Date.now() - 30 * 60_000 + tick * 10).toISOString(),
    detail,
    ...over,
  };
}

/** A complete 12-yard pass of the team's first player to its second, in `sessionId`. */
export function aPassSnap(team: LoggerTeam, sessionId: string): NewSnapInput {
  return aSnap(sessionId, {
    kind: "pass",
    passerId: team.players[0]!.me.id,
    targetId: team.players[1]!.me.id,
    result: "complete",
    yards: 12,
  });
}

/** A valid event of a player, a minute in the past, each one a little later than the last. */
export function anEvent(playerId: string, over: Partial<NewEventInput> = {}): NewEventInput {
  tick += 1;
  const eventType = over.eventType ?? "Catch";
  return {
    id: randomUUID(),
    playerId,
    eventType,
    yards: takesYards(eventType) ? 7 : null,
    occurredAt: new Date(Date.now() - 60_000 + tick).toISOString(),
    ...over,
  };
}

export async function eventCount(database: TestDatabase, teamId?: string): Promise<number> {
  let q = database.db.selectFrom("events").select((eb) => eb.fn.countAll<string | number>().as("n"));
  if (teamId) q = q.where("team_id", "=", teamId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** The maintained counters equal a brute-force recount of events and attendance. */
export async function countersMatchSource(database: TestDatabase) {
  return { stored: asObject(await storedTotals(database.db)), recount: asObject(await recountFromSource(database.db)) };
}

/** A play of the team, inserted directly (there is no playbook endpoint in these suites). */
export async function insertPlay(database: TestDatabase, teamId: string): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await database.db
    .insertInto("plays")
    .values({ id, team_id: teamId, name: "Slant", side: "offense", created_at: now, updated_at: now })
    .execute();
  return id;
}

export interface SseMessage {
  event: string | null;
  data: string | null;
  comment: string | null;
}

/** An open GET /api/team/stream read from the app's Response body, parsed into messages as they come. */
export interface OpenStream {
  status: number;
  headers: Headers;
  messages: SseMessage[];
  /** Change messages only, parsed. */
  changes(): { kind: string; at: string }[];
  /** Resolves when a message matches, or rejects after `ms`. */
  waitFor(match: (m: SseMessage) => boolean, ms?: number): Promise<SseMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): Promise<void>;
}

function parseBlock(block: string): SseMessage {
  const m: SseMessage = { event: null, data: null, comment: null };
  for (const line of block.split("\n")) {
    if (line.startsWith(":")) m.comment = line.slice(1).trim();
    else if (line.startsWith("event:")) m.event = line.slice(6).trim();
    else if (line.startsWith("data:")) m.data = (m.data === null ? "" : `${m.data}\n`) + line.slice(5).trimStart();
  }
  return m;
}

export async function openStream(
  app: { request: TestApp["request"] },
  client: TestClient | null,
  path = "/api/team/stream",
): Promise<OpenStream> {
  const headers = new Headers();
  if (client?.cookies.size) headers.set("cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  const res = await app.request(`http://localhost:3000${path}`, { headers });
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let ended: Promise<void> = Promise.resolve();
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;

  if (res.status === 200 && res.body) {
    const r = res.body.getReader();
    reader = r;
    ended = (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await r.read();
        } catch {
          return;
        }
        if (chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          messages.push(parseBlock(buffer.slice(0, cut)));
          buffer = buffer.slice(cut + 2);
          for (const w of [...waiters]) w();
        }
      }
    })();
  } else {
    await res.text();
  }

  return {
    status: res.status,
    headers: res.headers,
    messages,
    changes: () =>
      messages.filter((m) => m.event === "change").map((m) => JSON.parse(m.data!) as { kind: string; at: string }),
    ended,
    waitFor(match, ms = 1000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching message within ${ms} ms; got ${JSON.stringify(messages)}`));
        }, ms);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    async close() {
      await reader?.cancel().catch(() => {});
      await ended;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
