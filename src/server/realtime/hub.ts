import type { ChangeKind, TeamChange } from "#domain/api/logger.js";

export type { ChangeKind, TeamChange } from "#domain/api/logger.js";

type ChangeListener = (change: TeamChange) => void;

/**
 * "This user's access ended": sign-out (one session), password change and removal from the team (every session of
 * the user). Every server ends the matching open streams at once instead of at their next membership check.
 */
export interface Revocation {
  userId: string;
  /** Only the streams opened with this session; every stream of the user when left out. */
  sessionId?: string;
}

type RevocationListener = (revocation: Revocation) => void;

/**
 * Fan-out of "something of this team changed" to every open screen of that team (docs/architecture.md: in-process
 * hub + Server-Sent Events; a PostgreSQL LISTEN/NOTIFY implementation of the same interface spreads it over
 * several app servers). A change says only what kind of data changed and when, never the data: each screen
 * refetches through the ordinary, team-checked endpoints, so the hub cannot leak anything a caller may not read.
 */
export interface TeamHub {
  /** Tells the team's subscribers. Call after the write committed, and only when something changed. */
  publish(teamId: string, change: TeamChange): void;
  /**
   * Listens to one team's changes until the returned function is called. `onClose` runs once when the hub
   * closes (server shutdown), so a long-lived response can end and let the server stop.
   */
  subscribe(teamId: string, listener: ChangeListener, onClose?: () => void): () => void;
  /** Tells every server's streams of the user (of the session, when given) to end. Call after the change committed. */
  revoke(revocation: Revocation): void;
  /** Listens to revocations of one user until the returned function is called. */
  onRevoke(userId: string, listener: RevocationListener): () => void;
  /** Ends every subscription (their onClose runs); later publishes are dropped, later subscribes close at once. */
  close(): Promise<void>;
}

/** A change of this kind, now. */
export function changeNow(kind: ChangeKind): TeamChange {
  return { kind, at: new Date().toISOString() };
}

interface Subscription {
  listener: ChangeListener;
  onClose?: () => void;
}

export interface MemoryTeamHub extends TeamHub {
  /** Open subscriptions of a team (all teams without an argument). For tests and metrics. */
  subscriberCount(teamId?: string): number;
}

/** The hub of one app server. */
export function createMemoryHub(opts: { onListenerError?: (error: unknown) => void } = {}): MemoryTeamHub {
  const teams = new Map<string, Set<Subscription>>();
  const revocationListeners = new Map<string, Set<RevocationListener>>();
  let closed = false;

  return {
    publish(teamId, change) {
      if (closed) return;
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
