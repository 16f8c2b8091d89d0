import { createHash } from "node:crypto";
import type { TeamHub } from "./hub.js";

/** Answers kept per team at most (the oldest key goes first). */
const MAX_ENTRIES_PER_TEAM = 64;
/** Teams whose answers are kept at most (the least recently read team goes first). */
const MAX_TEAMS = 5_000;
/**
 * An answer older than this is read again even if no change was heard: a safety net for a notification lost
 * between servers, not the invalidation (which is the team's version).
 */
const MAX_AGE_MS = 60_000;

interface CachedAnswer {
  /** The serialized JSON body. */
  body: string;
  /**
   * A strong ETag of the body: the same body has the same tag on every server. Hashed when first asked for (a GET),
   * not when the stream's payload is read after every change.
   */
  readonly etag: string;
}

/** An answer whose ETag is computed once, on first use. */
function answerOf(body: string): CachedAnswer {
  let etag: string | undefined;
  return {
    body,
    get etag() {
      return (etag ??= etagOf(body));
    },
  };
}

interface TeamEntries {
  version: number;
  answers: Map<string, CachedAnswer & { at: number }>;
}

/**
 * Serialized answers of the hot team reads (players, leaderboard, scoreboard), per team and per query. The
 * team's version goes up whenever the hub delivers a change of the team on this server (its own writes and, with
 * PostgreSQL, every other server's), before any subscriber is told; that drops the team's answers. A read that
 * began before a change keeps its answer to itself: it is stored only if the version it started under is still
 * the team's.
 */
export interface ReadCache {
  /** The answer for `key` of the team, computed by `compute` (and kept) unless a current one is held. */
  get(teamId: string, key: string, compute: () => Promise<unknown>): Promise<CachedAnswer>;
  /**
   * Keeps `body` as the team's current answer for `key`: JSON read after the team's latest change was committed
   * and before any later one was heard (the snap writer's reads, decision 0043).
   */
  keep(teamId: string, key: string, body: string): CachedAnswer;
  /** The team's version on this server (tests and the stream). */
  version(teamId: string): number;
}

function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

function createReadCache(hub: TeamHub, now: () => number = Date.now): ReadCache {
  const teams = new Map<string, TeamEntries>();
  /** Versions outlive the answers (a team's entry may be evicted while a read of it is running). */
  const versions = new Map<string, number>();
  let epoch = 0;
  const versionOf = (teamId: string) => (versions.get(teamId) ?? 0) + epoch;

  hub.observe({
    change(teamId) {
      versions.set(teamId, (versions.get(teamId) ?? 0) + 1);
      teams.delete(teamId);
    },
    reset() {
      epoch += 1;
      teams.clear();
    },
  });

  return {
    version: versionOf,
    async get(teamId, key, compute) {
      const version = versionOf(teamId);
      const team = teams.get(teamId);
      const held = team?.version === version ? team.answers.get(key) : undefined;
      if (held && now() - held.at < MAX_AGE_MS) {
        // Most recently read team last, so eviction takes the coldest.
        teams.delete(teamId);
        teams.set(teamId, team!);
        return held;
      }
      const answer = answerOf(JSON.stringify(await compute()));
      if (versionOf(teamId) !== version) return answer;
      return store(teamId, version, key, answer);
    },
    keep(teamId, key, body) {
      return store(teamId, versionOf(teamId), key, answerOf(body));
    },
  };

  function store(teamId: string, version: number, key: string, answer: CachedAnswer): CachedAnswer {
    let entries = teams.get(teamId);
    if (!entries || entries.version !== version) {
      entries = { version, answers: new Map() };
      teams.set(teamId, entries);
      if (teams.size > MAX_TEAMS) teams.delete(teams.keys().next().value!);
    }
    entries.answers.delete(key);
    entries.answers.set(key, Object.assign(answer, { at: now() }));
    if (entries.answers.size > MAX_ENTRIES_PER_TEAM) entries.answers.delete(entries.answers.keys().next().value!);
    return answer;
  }
}

const caches = new WeakMap<TeamHub, ReadCache>();

/** The read cache of the app server whose hub this is (one per hub, made on first use). */
export function readCacheOf(hub: TeamHub): ReadCache {
  let cache = caches.get(hub);
  if (!cache) caches.set(hub, (cache = createReadCache(hub)));
  return cache;
}
