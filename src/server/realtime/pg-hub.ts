import { randomUUID } from "node:crypto";
import pg from "pg";
import { PG_CONNECT_TIMEOUT_MS } from "../db/index.js";
import type { Logger } from "../logger.js";
import { createMemoryHub, type MemoryTeamHub, type Revocation, type TeamHub } from "./hub.js";
import { deliverRelayed, type RelayedMessage } from "./relay.js";

/** The PostgreSQL channel every Flagline app server of one database listens on. */
const CHANNEL = "flagline_team_changes";

/**
 * A team hub spread over several app servers through PostgreSQL LISTEN/NOTIFY. Each server keeps its own
 * in-process hub for its streams; a publish delivers locally at once and sends one NOTIFY, which every other
 * server relays to its local streams (a server ignores its own notifications, so nothing arrives twice).
 * A change carries only the team id, the kind, the time and maybe a session id, never team data. A revocation (a user's access
 * ended) travels on the same channel as `{ origin, revoke: { userId, sessionId? } }`, and ends that user's
 * streams on every server.
 */
export async function createPgHub(opts: {
  connectionString: string;
  log: Pick<Logger, "warn" | "info">;
  /** Delay before reconnecting the listener after it drops (ms). */
  reconnectMs?: number;
}): Promise<TeamHub & { readonly serverId: string; local: MemoryTeamHub }> {
  const serverId = randomUUID();
  const local = createMemoryHub({ onListenerError: (err) => opts.log.warn({ err }, "live update listener failed") });
  let client: pg.Client | null = null;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let everConnected = false;

  const onNotification = (msg: pg.Notification) => {
    if (msg.channel !== CHANNEL || !msg.payload) return;
    try {
      const parsed = JSON.parse(msg.payload) as Partial<RelayedMessage>;
      if (parsed.origin === serverId) return;
      deliverRelayed(local, parsed);
    } catch (err) {
      opts.log.warn({ err }, "ignored a malformed team change notification");
    }
  };

  const reconnectLater = () => {
    if (closed) return;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => {
      connect().catch((err: unknown) => {
        opts.log.warn({ err }, "could not reconnect the live update listener; will retry");
        reconnectLater();
      });
    }, opts.reconnectMs ?? 1000);
    reconnectTimer.unref();
  };

  const drop = (dead: pg.Client) => {
    if (client !== dead) return;
    client = null;
    dead.removeAllListeners("notification");
    void dead.end().catch(() => undefined);
    reconnectLater();
  };

  const connect = async (): Promise<void> => {
    // Connecting to a database that does not answer fails after a while, and is tried again (reconnectLater).
    const c = new pg.Client({
      connectionString: opts.connectionString,
      connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    });
    c.on("notification", onNotification);
    c.on("error", (err) => {
      opts.log.warn({ err }, "live update listener lost its PostgreSQL connection; reconnecting");
      drop(c);
    });
    c.on("end", () => drop(c));
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    // Changes and revocations sent while no listener was connected never arrive: the caches start afresh.
    if (everConnected) local.reset();
    everConnected = true;
    client = c;
  };

  await connect();

  /*
   * Notifications go out on the listener's connection, one statement at a time: node-postgres queues a query sent
   * while another runs on the same client, which it deprecates (pg@9 drops the queue), and a burst of publishes
   * (a game day's snaps) would otherwise each wait there. What is published while a statement is in flight waits
   * here and goes in the next one, in the order published (PostgreSQL delivers a transaction's notifications in the
   * order sent).
   */
  let waiting: Array<{ payload: string; what: string }> = [];
  let sending = false;

  const sendWaiting = async () => {
    sending = true;
    try {
      while (waiting.length > 0) {
        const batch = waiting;
        waiting = [];
        const c = client;
        // Dropped while reconnecting: the other servers miss these, as any sent then (their caches reset).
        if (!c) return;
        try {
          await c.query("select pg_notify($1, p) from unnest($2::text[]) as p", [CHANNEL, batch.map((b) => b.payload)]);
        } catch (err) {
          const what = batch.length === 1 ? batch[0]!.what : `${batch.length} changes and revocations`;
          opts.log.warn({ err }, `could not notify other app servers of ${what}`);
        }
      }
    } finally {
      sending = false;
    }
  };

  /** Sends one notification to the other servers (dropped while the listener reconnects). */
  const notify = (payload: string, what: string) => {
    if (!client) return;
    waiting.push({ payload, what });
    if (!sending) void sendWaiting();
  };

  return {
    serverId,
    local,
    publish(teamId, change) {
      if (closed) return;
      local.publish(teamId, change);
      // While reconnecting, other servers miss this one change; their screens refresh on the next.
      notify(JSON.stringify({ origin: serverId, teamId, change }), "a change");
    },
    revoke(revocation: Revocation) {
      if (closed) return;
      local.revoke(revocation);
      // While reconnecting, other servers miss it: their streams still end at their next membership check.
      notify(JSON.stringify({ origin: serverId, revoke: revocation }), "a revocation");
    },
    onRevoke(userId, listener) {
      return local.onRevoke(userId, listener);
    },
    observe(observer) {
      return local.observe(observer);
    },
    subscribe(teamId, listener, onClose) {
      return local.subscribe(teamId, listener, onClose);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearTimeout(reconnectTimer);
      await local.close();
      const c = client;
      client = null;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
