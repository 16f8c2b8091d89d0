import { CHANGE_EVENT } from "#domain/reads.js";
import type { LiveReads, LiveReadWish } from "../db/snaps.js";
import type { Services } from "../services.js";
import { DEFAULT_LEADERBOARD, leaderboardKey, readLeaderboard, readGameScoreboardBody } from "../reads/team-reads.js";
import { COALESCE_MS } from "./coalesce.js";
import type { ChangeKind, FeedMessage, HubChange, TeamHub } from "./hub.js";

export type { FeedMessage } from "./hub.js";
import { readCacheOf } from "./read-cache.js";

/** Change kinds that can alter a game's scoreboard (with the session they name). */
const SCOREBOARD_KINDS: readonly ChangeKind[] = ["events", "sessions"];
/** Change kinds that can alter the leaderboard (the web's "team.leaderboard" family, change-keys.ts). */
const LEADERBOARD_KINDS: readonly ChangeKind[] = ["events", "attendance", "sessions", "roster"];

const utf8 = new TextEncoder();

interface FeedSubscriber {
  coach: boolean;
  send(message: FeedMessage): void;
}

export interface TeamFeed {
  /** Listens to the team's changes with their payloads until the returned function is called. */
  subscribe(teamId: string, subscriber: FeedSubscriber, onClose: () => void): () => void;
}

interface TeamState {
  subscribers: Set<FeedSubscriber>;
  /** The screens' onClose: run when the hub closes (server shutdown). */
  closers: Set<() => void>;
  unsubscribe: () => void;
  /** Changes heard while the payloads of earlier ones were being read: sent in order, read once. */
  pending: HubChange[];
  busy: boolean;
  /** When the payloads were last read (ms). */
  lastRead: number;
  /**
   * Changes another worker of the cluster reads the payloads of (framesFollow): kept only in case its frames never
   * come (it died), then read here after FRAMES_WAIT_MS.
   */
  awaiting: HubChange[];
  awaitTimer: NodeJS.Timeout | undefined;
}

/** A coach's screen is among the team's: the leaderboard is sent too. */
function hasCoach(state: TeamState): boolean {
  for (const s of state.subscribers) if (s.coach) return true;
  return false;
}

/** How long a cluster worker waits for another worker's frames before it reads the payloads itself. */
export const FRAMES_WAIT_MS = 1_000;

/** The feeds of each hub (one: the stream routes'), so a write can ask what their screens will be sent. */
const feedsOf = new WeakMap<TeamHub, Set<(teamId: string) => { coaches: boolean } | undefined>>();

/** Payloads read by the snap writer right after its commit, for the change about to be published (decision 0043). */
const offers = new WeakMap<HubChange, { version: number; reads: Promise<LiveReads | undefined> }>();

/**
 * What this server's screens of the team will be sent of a snap change of `sessionId`, and the team's read version
 * now; undefined when no screen of the team is open here. A snap writer with a connection of its own reads it
 * right after the commit (`writeAndRead`); `offerLiveReads` then hands it to the feeds with the change.
 */
export function liveReadWish(
  hub: TeamHub,
  teamId: string,
  sessionId: string | undefined,
): { wish: LiveReadWish; version: number } | undefined {
  let watched = false;
  let coaches = hub.shareFrames !== undefined;
  for (const watching of feedsOf.get(hub) ?? []) {
    const team = watching(teamId);
    watched ||= team !== undefined;
    coaches ||= team?.coaches === true;
  }
  if (!watched) return undefined;
  return { wish: { sessionId, leaderboard: coaches }, version: readCacheOf(hub).version(teamId) };
}

/**
 * Hands the feeds the payloads read for `change` before it is published. They are used only while the change is
 * the only one heard of the team since `version` was taken: the reads are of the database just after the change's
 * commit, and any other change delivered meanwhile may be newer than that.
 */
export function offerLiveReads(change: HubChange, version: number, reads: Promise<LiveReads | undefined>): void {
  offers.set(change, { version, reads });
}

const frame = (fields: string[]) => utf8.encode(`event: ${CHANGE_EVENT}\ndata: {${fields.join(",")}}\n\n`);

/**
 * The stream's payloads (decision 0016), read once per team change on this server whatever the number of open
 * screens: one hub subscription per team with screens here, the payloads read through the read cache (so the GET
 * that follows, or another server's, gets the same bytes), serialized once, and the same two strings (players',
 * coaches') handed to every screen. A lone change is read at once; changes heard within the coalescing window
 * after a read (or while it runs) wait for the window's end and are answered by one read, made after all of them
 * committed, and one message per kind (the latest).
 */
export function createTeamFeed(services: Pick<Services, "hub" | "database" | "log">, windowMs = COALESCE_MS): TeamFeed {
  const { hub, log } = services;
  const cache = readCacheOf(hub);
  const teams = new Map<string, TeamState>();
  let feeds = feedsOf.get(hub);
  if (!feeds) feedsOf.set(hub, (feeds = new Set()));
  feeds.add((teamId) => {
    const state = teams.get(teamId);
    if (!state || state.subscribers.size === 0) return undefined;
    return { coaches: hasCoach(state) };
  });

  /** An offer's reads once they come, if no other change of the team was heard since they began. */
  async function offeredReads(teamId: string, offer: { version: number; reads: Promise<LiveReads | undefined> }) {
    const reads = await offer.reads;
    return cache.version(teamId) === offer.version + 1 ? reads : undefined;
  }

  async function payloads(teamId: string, state: TeamState, changes: HubChange[], offered?: LiveReads) {
    const kinds = new Set(changes.map((c) => c.kind));
    const sessions = new Set(
      changes.filter((c) => SCOREBOARD_KINDS.includes(c.kind) && c.sessionId).map((c) => c.sessionId!),
    );
    // In a cluster the frames also serve the other workers' coaches, whom this worker does not see.
    const coaches = hub.shareFrames !== undefined || hasCoach(state);
    const wantsBoard = coaches && LEADERBOARD_KINDS.some((k) => kinds.has(k));
    const ready = offered?.scoreboard;
    const [scoreboards, leaderboard] = await Promise.all([
      Promise.all(
        [...sessions].map(async (id) =>
          // A practice has no scoreboard to show (undefined); a session gone is a game gone ("null").
          ready?.sessionId === id
            ? ([id, ready.body] as const)
            : ([id, await readGameScoreboardBody(services, teamId, id)] as const),
        ),
      ),
      !wantsBoard
        ? undefined
        : offered?.leaderboard !== undefined
          ? cache.keep(teamId, leaderboardKey(DEFAULT_LEADERBOARD), offered.leaderboard)
          : cache.get(teamId, leaderboardKey(DEFAULT_LEADERBOARD), () =>
              readLeaderboard(services, teamId, DEFAULT_LEADERBOARD),
            ),
    ]);
    return { scoreboards: new Map(scoreboards), leaderboard: leaderboard?.body };
  }

  async function drain(teamId: string, state: TeamState) {
    state.busy = true;
    try {
      while (state.pending.length > 0 && state.subscribers.size > 0) {
        // A burst waits for the window to end, like each connection's coalescer, and costs one read.
        const wait = state.lastRead + windowMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        state.lastRead = Date.now();
        // The latest change of each kind: the connections' coalescers would keep no other.
        const byKind = new Map(state.pending.splice(0).map((c) => [c.kind, c] as const));
        const changes = [...byKind.values()].sort((x, y) => (x.at < y.at ? -1 : x.at > y.at ? 1 : 0));
        // The snap writer's reads of a lone change, when no other change of the team was heard since they began.
        const offer = changes.length === 1 ? offers.get(changes[0]!) : undefined;
        const offered = offer ? await offeredReads(teamId, offer) : undefined;
        let read: Awaited<ReturnType<typeof payloads>> = { scoreboards: new Map(), leaderboard: undefined };
        try {
          read = await payloads(teamId, state, changes, offered);
        } catch (err) {
          // Without payloads a change still tells screens what to refetch, as before.
          log.warn({ err, teamId }, "could not read the live update payloads");
        }
        const messages: FeedMessage[] = [];
        for (const change of changes) {
          const fields = [`"kind":${JSON.stringify(change.kind)}`, `"at":${JSON.stringify(change.at)}`];
          const scoreboard =
            change.sessionId && SCOREBOARD_KINDS.includes(change.kind)
              ? read.scoreboards.get(change.sessionId)
              : undefined;
          if (scoreboard !== undefined) fields.push(`"scoreboard":${scoreboard}`);
          const member = frame(fields);
          if (read.leaderboard !== undefined && LEADERBOARD_KINDS.includes(change.kind)) {
            fields.push(`"leaderboard":${read.leaderboard}`);
          }
          const message = { kind: change.kind, member, coach: frame(fields) };
          messages.push(message);
          for (const sub of [...state.subscribers]) sub.send(message);
        }
        hub.shareFrames?.(teamId, messages);
      }
    } finally {
      state.busy = false;
      state.pending.length = 0;
    }
  }

  const wake = (teamId: string, state: TeamState) => {
    if (!state.busy) void drain(teamId, state);
  };

  /** Another worker read the payloads of this team's changes (cluster): its frames go to this worker's screens. */
  hub.onFrames?.((teamId, messages) => {
    const state = teams.get(teamId);
    if (!state) return;
    clearTimeout(state.awaitTimer);
    state.awaitTimer = undefined;
    state.awaiting.length = 0;
    for (const message of messages) for (const sub of [...state.subscribers]) sub.send(message);
  });

  const awaitFrames = (teamId: string, state: TeamState, change: HubChange) => {
    state.awaiting.push(change);
    state.awaitTimer ??= setTimeout(() => {
      state.awaitTimer = undefined;
      state.pending.push(...state.awaiting.splice(0));
      wake(teamId, state);
    }, FRAMES_WAIT_MS).unref();
  };

  return {
    subscribe(teamId, subscriber, onClose) {
      let state = teams.get(teamId);
      if (!state) {
        let closed = false;
        const created: TeamState = {
          subscribers: new Set(),
          closers: new Set(),
          unsubscribe: () => {},
          pending: [],
          busy: false,
          lastRead: -Infinity,
          awaiting: [],
          awaitTimer: undefined,
        };
        created.unsubscribe = hub.subscribe(
          teamId,
          (change) => {
            if (change.framesFollow) return awaitFrames(teamId, created, change);
            created.pending.push(change);
            wake(teamId, created);
          },
          () => {
            closed = true;
            if (teams.get(teamId) === created) teams.delete(teamId);
            for (const close of [...created.closers]) close();
          },
        );
        // The hub is closed (shutting down): this screen's stream ends at once.
        if (closed) {
          onClose();
          return () => {};
        }
        teams.set(teamId, (state = created));
      }
      const current = state;
      current.subscribers.add(subscriber);
      current.closers.add(onClose);
      return () => {
        current.subscribers.delete(subscriber);
        current.closers.delete(onClose);
        if (current.subscribers.size === 0 && teams.get(teamId) === current) {
          teams.delete(teamId);
          clearTimeout(current.awaitTimer);
          current.unsubscribe();
        }
      };
    },
  };
}
