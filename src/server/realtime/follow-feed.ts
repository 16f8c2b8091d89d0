import { FOLLOW_EVENT, FOLLOW_GONE_EVENT } from "#domain/follow.js";
import { activeFollowLink } from "../db/follow-links.js";
import { followAnswer } from "../reads/follow-reads.js";
import type { Services } from "../services.js";
import { COALESCE_MS } from "./coalesce.js";
import type { ChangeKind, HubChange } from "./hub.js";

/*
 * The follow pages' live feed (docs/product.md §15, issue #30): every open follow page of a game hears the game as
 * it now is, read once per change on this server whatever the number of pages, serialized once and handed to all of
 * them, as the team feed does for the team's screens (team-feed.ts, decision 0016).
 *
 * - One hub subscription per team with followed games here; a change re-reads the games it can alter: a snap or a
 *   session change of that game (or of no one session), and a roster change (names, a guardian's leave).
 * - Changes within the coalescing window after a read wait for its end and cost one read.
 * - Each read also reads the game's link: a page opened with a revoked link (or the game gone) is told `gone` and
 *   closed, on every server, because the revocation publishes a change of the game.
 */

/** Change kinds that can alter what a follow page shows. */
const FOLLOW_KINDS: readonly ChangeKind[] = ["events", "sessions", "roster"];

const utf8 = new TextEncoder();
const GONE = utf8.encode(`event: ${FOLLOW_GONE_EVENT}\ndata: {}\n\n`);

/** One open follow page. */
interface Follower {
  /** The generation of the link it was opened with. */
  generation: number;
  send(frame: Uint8Array): void;
  /** Ends the page's stream (link revoked, game gone, server shutting down). */
  close(): void;
}

interface GameState {
  teamId: string;
  followers: Set<Follower>;
  /** The last frame sent, for a page that opens before the next change; undefined while a change is unread. */
  frame: Uint8Array | undefined;
  dirty: boolean;
  busy: boolean;
  lastRead: number;
}

interface TeamState {
  games: Map<string, GameState>;
  unsubscribe: () => void;
}

export interface FollowFeed {
  /** Follows one game until the returned function is called; the follower hears the game at once. */
  subscribe(teamId: string, sessionId: string, follower: Follower): () => void;
  /** Open follow pages of one game on this server. */
  followersOf(teamId: string, sessionId: string): number;
}

export function createFollowFeed(
  services: Pick<Services, "hub" | "database" | "log">,
  windowMs = COALESCE_MS,
): FollowFeed {
  const { hub, log } = services;
  const teams = new Map<string, TeamState>();

  const closeAll = (game: GameState, which: (f: Follower) => boolean) => {
    for (const f of [...game.followers]) {
      if (!which(f)) continue;
      f.send(GONE);
      f.close();
    }
  };

  async function read(sessionId: string, game: GameState) {
    game.busy = true;
    try {
      while (game.dirty && game.followers.size > 0) {
        const wait = game.lastRead + windowMs - Date.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait).unref());
        game.dirty = false;
        game.lastRead = Date.now();
        try {
          const [link, answer] = await Promise.all([
            activeFollowLink(services.database.db, game.teamId, sessionId),
            followAnswer(services, game.teamId, sessionId),
          ]);
          if (!link || !answer) {
            closeAll(game, () => true);
            continue;
          }
          closeAll(game, (f) => f.generation !== link.generation);
          const frame = utf8.encode(`event: ${FOLLOW_EVENT}\ndata: ${answer.body}\n\n`);
          if (!game.dirty) game.frame = frame;
          for (const f of [...game.followers]) f.send(frame);
        } catch (err) {
          // The pages keep what they show; the next change reads again.
          log.warn({ err, sessionId }, "could not read a followed game");
        }
      }
    } finally {
      game.busy = false;
    }
  }

  const touch = (sessionId: string, game: GameState) => {
    game.dirty = true;
    game.frame = undefined;
    if (!game.busy) void read(sessionId, game);
  };

  function teamOf(teamId: string): TeamState | null {
    let team = teams.get(teamId);
    if (team) return team;
    let closed = false;
    const created: TeamState = { games: new Map(), unsubscribe: () => {} };
    created.unsubscribe = hub.subscribe(
      teamId,
      (change: HubChange) => {
        if (!FOLLOW_KINDS.includes(change.kind)) return;
        for (const [sessionId, game] of created.games) {
          if (change.kind === "roster" || !change.sessionId || change.sessionId === sessionId) touch(sessionId, game);
        }
      },
      () => {
        closed = true;
        if (teams.get(teamId) === created) teams.delete(teamId);
        for (const game of created.games.values()) for (const f of [...game.followers]) f.close();
      },
    );
    if (closed) return null;
    teams.set(teamId, (team = created));
    return team;
  }

  return {
    subscribe(teamId, sessionId, follower) {
      const team = teamOf(teamId);
      if (!team) {
        follower.close();
        return () => {};
      }
      let game = team.games.get(sessionId);
      if (!game) {
        game = { teamId, followers: new Set(), frame: undefined, dirty: false, busy: false, lastRead: -Infinity };
        team.games.set(sessionId, game);
      }
      const current = game;
      current.followers.add(follower);
      // The game as it is now: the last frame when no change came since, else the read that is running (it sends
      // to every follower it has when its answer is in), else a read now.
      if (current.frame) follower.send(current.frame);
      else if (!current.busy) touch(sessionId, current);
      return () => {
        if (!current.followers.delete(follower)) return;
        if (current.followers.size > 0) return;
        team.games.delete(sessionId);
        if (team.games.size === 0 && teams.get(teamId) === team) {
          teams.delete(teamId);
          team.unsubscribe();
        }
      };
    },
    followersOf: (teamId, sessionId) => teams.get(teamId)?.games.get(sessionId)?.followers.size ?? 0,
  };
}
