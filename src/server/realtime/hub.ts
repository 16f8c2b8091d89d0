import type { ChangeKind, TeamChange } from "#domain/api/logger.js";

export type { ChangeKind, TeamChange } from "#domain/api/logger.js";

/**
 * A change as the hub carries it between servers: the kind and time every screen hears, plus, for a change of one
 * session (a snap, an event, a final score), that session's id, so the stream can send its game's scoreboard.
 */
export type HubChange = TeamChange & {
  sessionId?: string;
  /**
   * Relayed from another worker of a cluster that has screens of the team too: it reads the change's payloads and
   * hands the frames over (shareFrames), so this worker need not read them again (decision 0024).
   */
  framesFollow?: boolean;
};

/**
 * One change as the stream sends it: the SSE frame for players and the one for coaches, encoded once for every
 * screen (team-feed.ts), and in a cluster once for every worker.
 */
export interface FeedMessage {
  kind: ChangeKind;
  /** `event: change` with {kind, at, scoreboard?}, UTF-8. */
  member: Uint8Array;
  /** The same plus `leaderboard` (coach-only data), UTF-8. */
  coach: Uint8Array;
}

type FramesListener = (teamId: string, messages: FeedMessage[]) => void;

type ChangeListener = (change: HubChange) => void;

/**
 * "This user's access ended": sign-out (one session), password change and removal from the team (every session of
 * the user). Every server ends the matching open streams at once instead of at their next membership check.
 */
export interface Revocation {
  userId: string;
  /** Only the streams opened with this session; every stream of the user when left out. */
  sessionId?: string;
  /**
   * The user's access did not end, only who they are changed (email, head coach handed over, joined a team): the
   * viewer caches forget them, their streams stay open.
   */
  viewerOnly?: boolean;
}

/**
 * Told on each server, synchronously and before any subscriber, of every change and revocation the hub delivers
 * there (its own or relayed from another server): the read caches bump the team's version, the viewer cache
 * forgets the user, so a screen told of a change can never read the answer from before it.
 */
interface HubObserver {
  change?(teamId: string, change: HubChange): void;
  revoke?(revocation: Revocation): void;
  /** Deliveries may have been missed (the PostgreSQL listener reconnected): forget everything. */
  reset?(): void;
}

type RevocationListener = (revocation: Revocation) => void;

/**
 * Fan-out of "something of this team changed" to every open screen of that team (docs/architecture.md: in-process
 * hub + Server-Sent Events; a PostgreSQL LISTEN/NOTIFY implementation of the same interface spreads it over
 * several app servers). A change carries only the kind, the time and maybe a session id, never team data: the
 * stream (routes/stream.ts) reads what it sends on each server, through the same team-checked queries as the API.
 */
export interface TeamHub {
  /** Tells the team's subscribers. Call after the write committed, and only when something changed. */
  publish(teamId: string, change: HubChange): void;
  /**
   * Listens to one team's changes until the returned function is called. `onClose` runs once when the hub
   * closes (server shutdown), so a long-lived response can end and let the server stop.
   */
  subscribe(teamId: string, listener: ChangeListener, onClose?: () => void): () => void;
  /** Tells every server's streams of the user (of the session, when given) to end. Call after the change committed. */
  revoke(revocation: Revocation): void;
  /** Listens to revocations of one user until the returned function is called. */
  onRevoke(userId: string, listener: RevocationListener): () => void;
  /** Adds an observer (see HubObserver) until the returned function is called. */
  observe(observer: HubObserver): () => void;
  /** Ends every subscription (their onClose runs); later publishes are dropped, later subscribes close at once. */
  close(): Promise<void>;
  /**
   * Resolves once every change and revocation published here so far has reached the other server processes'
   * caches (cluster-hub.ts); a hub without other processes to tell leaves it out. A write's answer waits for it
   * (app.ts), so the caller's next read sees the write whichever process answers it.
   */
  delivered?(): Promise<void>;
  /** A cluster worker: hands the frames it read for the team's changes to the other workers (cluster-hub.ts). */
  shareFrames?(teamId: string, messages: FeedMessage[]): void;
  /** A cluster worker: frames another worker read, until the returned function is called. */
  onFrames?(listener: FramesListener): () => void;
}

/** A change of this kind, now; `sessionId` when it is the change of one session (its game's scoreboard). */
export function changeNow(kind: ChangeKind, sessionId?: string | null): HubChange {
  const change: HubChange = { kind, at: new Date().toISOString() };
  if (sessionId) change.sessionId = sessionId;
  return change;
}

/** The session all these writes belong to, or undefined when they name none or several. */
export function onlySession(items: readonly { sessionId?: string | null }[]): string | undefined {
  const first = items[0]?.sessionId ?? undefined;
  return first && items.every((i) => i.sessionId === first) ? first : undefined;
}

interface Subscription {
  listener: ChangeListener;
  onClose?: () => void;
}

export interface MemoryTeamHub extends TeamHub {
  /** Tells the observers that deliveries may have been missed (pg-hub, after its listener reconnects). */
  reset(): void;
  /** Open subscriptions of a team (all teams without an argument). For tests and metrics. */
  subscriberCount(teamId?: string): number;
}

/** The hub of one app server. */
export function createMemoryHub(opts: { onListenerError?: (error: unknown) => void } = {}): MemoryTeamHub {
  const teams = new Map<string, Set<Subscription>>();
  const revocationListeners = new Map<string, Set<RevocationListener>>();
  const observers = new Set<HubObserver>();
  let closed = false;

  const tell = (fn: (observer: HubObserver) => void) => {
    for (const observer of [...observers]) {
      try {
        fn(observer);
      } catch (error) {
        opts.onListenerError?.(error);
      }
    }
  };

  return {
    publish(teamId, change) {
      if (closed) return;
      tell((o) => o.change?.(teamId, change));
      const subs = teams.get(teamId);
      if (!subs) return;
      // A copy: a listener may unsubscribe (itself or another) while we iterate.
      for (const sub of [...subs]) {
        try {
          sub.listener(change);
        } catch (error) {
          // One broken connection must not keep the change from the team's other screens.
          opts.onListenerError?.(error);
        }
      }
    },

    subscribe(teamId, listener, onClose) {
      if (closed) {
        onClose?.();
        return () => {};
      }
      const sub: Subscription = { listener, onClose };
      let subs = teams.get(teamId);
      if (!subs) teams.set(teamId, (subs = new Set()));
      subs.add(sub);
      return () => {
        const current = teams.get(teamId);
        if (!current) return;
        current.delete(sub);
        if (current.size === 0) teams.delete(teamId);
      };
    },

    revoke(revocation) {
      if (closed) return;
      tell((o) => o.revoke?.(revocation));
      const listeners = revocationListeners.get(revocation.userId);
      if (!listeners) return;
      for (const listener of [...listeners]) {
        try {
          listener(revocation);
        } catch (error) {
          opts.onListenerError?.(error);
        }
      }
    },

    onRevoke(userId, listener) {
      let listeners = revocationListeners.get(userId);
      if (!listeners) revocationListeners.set(userId, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        const current = revocationListeners.get(userId);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) revocationListeners.delete(userId);
      };
    },

    observe(observer) {
      observers.add(observer);
      return () => void observers.delete(observer);
    },

    reset() {
      tell((o) => o.reset?.());
    },

    async close() {
      if (closed) return;
      closed = true;
      revocationListeners.clear();
      const all = [...teams.values()].flatMap((subs) => [...subs]);
      teams.clear();
      for (const sub of all) {
        try {
          sub.onClose?.();
        } catch (error) {
          opts.onListenerError?.(error);
        }
      }
    },

    subscriberCount(teamId) {
      if (teamId !== undefined) return teams.get(teamId)?.size ?? 0;
      let n = 0;
      for (const subs of teams.values()) n += subs.size;
      return n;
    },
  };
}
