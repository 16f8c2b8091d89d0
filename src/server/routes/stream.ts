import { createRoute, z } from "@hono/zod-openapi";
import { createRouter, type AppContext, type AppEnv } from "../http/context.js";
import { errorResponses, rateLimited } from "../http/errors.js";
import { eventStream, HEARTBEAT_MS, STREAM_HELLO, streamWriter, type StreamSink } from "../http/event-stream.js";
import { currentViewer, teamMemberOnly } from "../http/viewer.js";
import { COALESCE_MS, createCoalescer } from "../realtime/coalesce.js";
import type { Services } from "../services.js";
import { createTeamFeed, type FeedMessage, type TeamFeed } from "../realtime/team-feed.js";

/**
 * How often an open stream re-reads whether its session still belongs to a member of the team. Every way access
 * ends (sign-out, password change, removal, account deletion) already ends the stream at once through the hub's
 * revocation, on every server; this catches only what no revocation announced (a session expiring, a database
 * edited by hand, a notification lost while a PostgreSQL listener reconnected). At every heartbeat it cost a
 * saturday of 10,000 open screens some 200 session lookups a second (decision 0016).
 */
const MEMBERSHIP_CHECK_MS = 5 * 60_000;
/**
 * Open streams one user may hold on one server process (docs/architecture.md, live updates). Per process: each
 * server protects its own sockets and memory, and counting across servers would cost a shared write per open.
 */
export const MAX_STREAMS_PER_USER = 10;
/** Retry-After of the 429 past the cap: a stream of the user's must end first, which takes a closed tab. */
const TOO_MANY_STREAMS_RETRY_S = 30;
export const TOO_MANY_STREAMS =
  "Too many live-update connections are open for your account. Close a tab and try again.";

export interface StreamOptions {
  heartbeatMs?: number;
  membershipCheckMs?: number;
  coalesceMs?: number;
  maxStreamsPerUser?: number;
}

const stream = createRoute({
  method: "get",
  path: "/api/team/stream",
  operationId: "streamTeamChanges",
  tags: ["live"],
  middleware: [teamMemberOnly] as const,
  summary: "Server-Sent Events: what changed for the caller's team",
  description:
    'Any signed-in member of a team. Sends `event: change` with data {"kind": "events"|"attendance"|"sessions"|' +
    '"roster"|"feedback"|"logs"|"plays", "at": ISO time} plus, when the change altered them, "scoreboard" (the ' +
    "changed game's, as GET /api/team/scoreboard's; null when the game is gone) to every member and " +
    '"leaderboard" (GET /api/team/leaderboard with its defaults) to coaches only; at most once per kind per ' +
    "250 ms (the latest wins); a comment line every 25 s while nothing else is sent. Refetch what the kind " +
    "names unless its data came with it. The stream ends at once when the caller's access ends (sign-out, " +
    "password change, removal from the team). At most 10 open streams per user (per server): the 11th is " +
    "refused with 429.",
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    ...errorResponses(401, 403, 429),
  },
});

/**
 * Whether the session behind this request still belongs to a member of the team (sign-out, leaving a team), read
 * through the viewer cache: revocations purge it at once (and end the stream anyway), so the heartbeat's re-check
 * costs a database read about once per session per cache lifetime, not per stream per heartbeat.
 */
async function stillMember<E extends AppEnv>(c: AppContext<E>, userId: string, teamId: string): Promise<boolean> {
  // A guardian acting for a child who is no longer theirs is refused (403): no longer a member either.
  const viewer = await currentViewer(c).catch(() => null);
  return viewer?.userId === userId && viewer.teamId === teamId;
}

/** What one open stream needs of its route. */
export interface StreamSession {
  feed: TeamFeed;
  coach: boolean;
  teamId: string;
  userId: string;
  sessionId: string;
  /** Whether the stream's session still belongs to a member of the team. */
  stillMember(): Promise<boolean>;
  /** Counts the stream out of the user's open streams. */
  release(): void;
}

/**
 * One open stream, until the client goes, access ends or the server shuts down: the team's changes (with their
 * payloads, coaches' or players') through a per-connection coalescer, a heartbeat, and the membership re-check.
 */
export async function runStream(
  s: StreamSession,
  sink: StreamSink,
  o: Pick<Services, "hub" | "log"> & { heartbeatMs: number; membershipCheckMs: number; coalesceMs: number },
): Promise<void> {
  const { ended, end, write, heartbeat: beat } = streamWriter(sink);

  // Coach-only data (the leaderboard) goes to coaches only: the role is the one checked when the stream opened;
  // a role change ends the stream (a revocation), so it never outlives the role.
  const coalescer = createCoalescer((m: FeedMessage) => write(s.coach ? m.coach : m.member), o.coalesceMs);
  const unsubscribe = s.feed.subscribe(s.teamId, { coach: s.coach, send: (m) => coalescer.push(m) }, end);
  // Sign-out (this session), password change or removal from the team (any session): end now, on every server.
  const stopRevocations = o.hub.onRevoke(s.userId, (revocation) => {
    if (revocation.viewerOnly) return;
    if (revocation.sessionId === undefined || revocation.sessionId === s.sessionId) end();
  });
  sink.onAbort(end);

  let checking = false;
  /** Ends the stream when its session no longer belongs to a member of the team. */
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      if (!(await s.stillMember())) end();
    } catch (error) {
      // A failed check (database busy or closing) keeps the stream; shutdown ends it through the hub.
      o.log.debug({ err: error }, "stream membership check failed");
    } finally {
      checking = false;
    }
  };

  let heartbeat: NodeJS.Timeout | undefined;
  try {
    // Access that ended between the role check and the subscriptions above sent its revocation too early for
    // this stream (a revocation is sent only after its change committed): one check before "connected".
    await check();
    let lastCheck = Date.now();
    heartbeat = setInterval(() => {
      beat(o.heartbeatMs);
      if (Date.now() - lastCheck < o.membershipCheckMs) return;
      lastCheck = Date.now();
      void check();
    }, o.heartbeatMs);
    write(STREAM_HELLO);
    await ended;
  } finally {
    clearInterval(heartbeat);
    coalescer.stop();
    unsubscribe();
    stopRevocations();
    s.release();
  }
}

export function streamRoutes(opts: StreamOptions = {}) {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const membershipCheckMs = opts.membershipCheckMs ?? MEMBERSHIP_CHECK_MS;
  const coalesceMs = opts.coalesceMs ?? COALESCE_MS;
  const maxPerUser = opts.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  /** The team changes with their payloads, read once per change for all of this app's streams. */
  let feed: TeamFeed | undefined;
  /** Open streams per user id on this server (this app instance). */
  const openByUser = new Map<string, number>();
  const release = (userId: string) => {
    const n = (openByUser.get(userId) ?? 1) - 1;
    if (n <= 0) openByUser.delete(userId);
    else openByUser.set(userId, n);
  };

  return createRouter().openapi(stream, async (c) => {
    const viewer = c.var.viewer;
    const teamId = viewer.teamId;
    const { hub, log } = c.get("services");
    const open = openByUser.get(viewer.userId) ?? 0;
    if (open >= maxPerUser) throw rateLimited(TOO_MANY_STREAMS, TOO_MANY_STREAMS_RETRY_S);
    // Counted from here until the stream's callback ends (streamSSE always runs it; its finally releases).
    openByUser.set(viewer.userId, open + 1);
    const services = c.get("services");
    feed ??= createTeamFeed(services, coalesceMs);
    const session: StreamSession = {
      feed,
      coach: viewer.role === "coach",
      teamId,
      userId: viewer.userId,
      sessionId: viewer.sessionId,
      stillMember: () => stillMember(c, viewer.userId, teamId),
      release: () => release(viewer.userId),
    };

    return eventStream(c, (sink) => runStream(session, sink, { hub, log, heartbeatMs, membershipCheckMs, coalesceMs }));
  });
}
