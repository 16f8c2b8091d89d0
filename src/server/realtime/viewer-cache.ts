import type { Viewer } from "../services.js";
import type { TeamHub } from "./hub.js";

/**
 * How long a session's viewer is reused without asking the database again (never past the session's expiry): a
 * random time between 20 and 30 s. A fixed time kept misses together: a burst of first requests (1,000 scorers
 * starting a game day) expired together and missed together every 30 s, each miss a signed-cookie check and two
 * reads, and the burst stalled every write behind it (the saturday bench: ~300 ms every 10 s at G = 1,000).
 */
export const VIEWER_TTL_MS = 30_000;
export const VIEWER_TTL_SPREAD_MS = 10_000;
/** Sessions kept at most (the oldest goes first). */
const MAX_SESSIONS = 20_000;

/** The session cookie (secure: __Host-flagline.session_token, else flagline.session_token; auth/index.ts). */
const SESSION_COOKIE = /(?:^|;\s*)((?:__Host-)?flagline\.session_token=[^;]+)/;

/**
 * The cache key of the session a request carries: its session cookie, name and value, or null. The name is part
 * of the key: Better Auth accepts only the name it sets (__Host- over https), and so must the cache.
 */
export function sessionTokenOf(cookie: string | undefined): string | null {
  return cookie ? (SESSION_COOKIE.exec(cookie)?.[1] ?? null) : null;
}

interface Entry {
  viewer: Viewer;
  until: number;
}

/**
 * Session token -> the signed-in viewer (session and profile), so a request need not read both every time
 * (decision 0016). Every revocation the hub delivers on this server (sign-out, password change or reset, removal,
 * account deletion, and the viewer-only ones: joining a team, handing over the head coach, email or name
 * change) forgets the user's sessions at once, before anything else hears of it; a lookup that began before such
 * a revocation keeps its answer to itself. After the PostgreSQL listener reconnects (revocations may have been
 * missed), everything is forgotten.
 */
export interface ViewerCache {
  /** The viewer of this token, from the cache or from `lookup` (kept until min(TTL, `expiresAt`)). */
  get(token: string, lookup: () => Promise<{ viewer: Viewer; expiresAt: number } | null>): Promise<Viewer | null>;
  /** Sessions held (tests). */
  size(): number;
}

export function createViewerCache(
  hub: TeamHub,
  now: () => number = Date.now,
  random: () => number = Math.random,
): ViewerCache {
  const byToken = new Map<string, Entry>();
  const tokensOfUser = new Map<string, Set<string>>();
  /** Revocations counted, and the count at each user's latest: a lookup that overlapped one is not kept. */
  let revocations = 0;
  const lastRevoked = new Map<string, number>();
  let epoch = 0;

  const forget = (token: string) => {
    const entry = byToken.get(token);
    if (!entry) return;
    byToken.delete(token);
    const tokens = tokensOfUser.get(entry.viewer.userId);
    tokens?.delete(token);
    if (tokens?.size === 0) tokensOfUser.delete(entry.viewer.userId);
  };

  hub.observe({
    revoke({ userId }) {
      revocations += 1;
      // Only the latest count matters; re-inserting keeps the map ordered by it, so old entries can go.
      lastRevoked.delete(userId);
      lastRevoked.set(userId, revocations);
      if (lastRevoked.size > MAX_SESSIONS) lastRevoked.delete(lastRevoked.keys().next().value!);
      for (const token of [...(tokensOfUser.get(userId) ?? [])]) forget(token);
    },
    reset() {
      epoch += 1;
      byToken.clear();
      tokensOfUser.clear();
    },
  });

  return {
    size: () => byToken.size,
    async get(token, lookup) {
      const held = byToken.get(token);
      if (held && held.until > now()) return held.viewer;
      if (held) forget(token);
      const epochBefore = epoch;
      const revocationsBefore = revocations;
      const found = await lookup();
      if (!found) return null;
      const { viewer, expiresAt } = found;
      // A revocation of this user (or a reset) while the lookup ran: use its answer once, do not keep it.
      if (epoch !== epochBefore || (lastRevoked.get(viewer.userId) ?? 0) > revocationsBefore) return viewer;
      const until = Math.min(now() + VIEWER_TTL_MS - random() * VIEWER_TTL_SPREAD_MS, expiresAt);
      if (until <= now()) return viewer;
      byToken.set(token, { viewer, until });
      let tokens = tokensOfUser.get(viewer.userId);
      if (!tokens) tokensOfUser.set(viewer.userId, (tokens = new Set()));
      tokens.add(token);
      if (byToken.size > MAX_SESSIONS) forget(byToken.keys().next().value!);
      return viewer;
    },
  };
}

const caches = new WeakMap<TeamHub, ViewerCache>();

/** The viewer cache of the app server whose hub this is (one per hub, made on first use). */
export function viewerCacheOf(hub: TeamHub): ViewerCache {
  let cache = caches.get(hub);
  if (!cache) caches.set(hub, (cache = createViewerCache(hub)));
  return cache;
}
