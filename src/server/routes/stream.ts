import { createRoute, z } from "@hono/zod-openapi";
import { streamSSE } from "hono/streaming";
import { CHANGE_EVENT } from "#domain/api/logger.js";
import { getProfile } from "../db/teams.js";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { errorResponses } from "../http/errors.js";
import { teamMemberOnly } from "../http/viewer.js";
import { COALESCE_MS, createCoalescer } from "../realtime/coalesce.js";
import type { TeamChange } from "../realtime/hub.js";

/** A comment line this often keeps proxies and phone networks from closing an idle stream. */
const HEARTBEAT_MS = 25_000;
/** How long a browser waits before reconnecting after the stream drops. */
const RECONNECT_MS = 3_000;
/** Writes a connection may have queued before we decide its client stopped reading and drop it. */
const MAX_QUEUED_WRITES = 32;

export interface StreamOptions {
  heartbeatMs?: number;
  coalesceMs?: number;
}

const stream = createRoute({
  method: "get",
  path: "/api/team/stream",
  tags: ["live"],
  middleware: [teamMemberOnly] as const,
  summary: "Server-Sent Events: what changed for the caller's team",
  description:
    'Any signed-in member of a team. Sends `event: change` with data {"kind": "events"|"attendance"|"sessions"|' +
    '"roster"|"feedback"|"logs"|"plays", "at": ISO time}, at most once per kind per 250 ms, and a comment line ' +
    "every 25 s. The data never carries team data: refetch what the kind names.",
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(401, 403),
  },
});

/** Whether the session behind this request still belongs to a member of the team (sign-out, leaving a team). */
async function stillMember<E extends AppEnv>(c: AppContext<E>, userId: string, teamId: string): Promise<boolean> {
  const { auth, database } = c.get("services");
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session || session.user.id !== userId) return false;
  const profile = await getProfile(database.db, userId);
  return profile?.teamId === teamId;
}

export function streamRoutes(opts: StreamOptions = {}) {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const coalesceMs = opts.coalesceMs ?? COALESCE_MS;

  return createRouter().openapi(stream, async (c) => {
    const viewer = c.var.viewer;
    const teamId = viewer.teamId;
    const { hub, log } = c.get("services");
    // nginx and similar buffer responses by default, which would hold every message back.
    c.header("X-Accel-Buffering", "no");

    const response = streamSSE(c, async (sse) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));

      // Writes go out in order, one at a time; a client that stops reading is dropped instead of queueing forever.
      let queued = 0;
      let chain = Promise.resolve();
      const write = (text: string) => {
        if (queued >= MAX_QUEUED_WRITES) {
          end();
          return;
        }
        queued += 1;
        chain = chain.then(() => sse.write(text)).then(() => void (queued -= 1));
      };

      const coalescer = createCoalescer(
        (change: TeamChange) => write(`event: ${CHANGE_EVENT}\ndata: ${JSON.stringify(change)}\n\n`),
        coalesceMs,
      );
      const unsubscribe = hub.subscribe(teamId, (change) => coalescer.push(change), end);
      sse.onAbort(end);

      let checking = false;
      const heartbeat = setInterval(() => {
        write(": heartbeat\n\n");
        if (checking) return;
        checking = true;
        stillMember(c, viewer.userId, teamId)
          .then((ok) => {
            if (!ok) end();
          })
          // A failed check (database busy or closing) keeps the stream; shutdown ends it through the hub.
          .catch((error: unknown) => log.debug({ err: error }, "stream membership check failed"))
          .finally(() => (checking = false));
      }, heartbeatMs);

      write(`retry: ${RECONNECT_MS}\n: connected\n\n`);
      try {
        await ended;
      } finally {
        clearInterval(heartbeat);
        coalescer.stop();
        unsubscribe();
      }
    });
    // The socket closes when the stream ends instead of idling as keep-alive: a reconnect opens a new one
    // anyway, and at shutdown an idle socket would hold server.close() open until its keep-alive timeout.
    response.headers.set("Connection", "close");
    return response;
  });
}
