import type { FollowGame } from "#domain/follow.js";
import { finalText, kickoffText, scoreText, START_PAGE, type PushKind } from "#domain/push.js";
import { activeFollowLink, followToken } from "../db/follow-links.js";
import { enqueuePush, takenPushKeys, teamHasDevices, type NewPush } from "../db/push.js";
import { followAnswer } from "../reads/follow-reads.js";
import type { HubChange } from "../realtime/hub.js";
import type { Services } from "../services.js";

/*
 * A game's notifications (docs/product.md §16, decision 0035): kickoff (its first snap), every score, and the final
 * score, to everyone on the team and the players' guardians who turned that kind on.
 *
 * Every server hears every change of a game (its own writes and those relayed from other servers) and looks at the
 * game as its follow page shows it (read through the team's read cache, so a game with open follow pages costs no
 * second read): what is new is queued, keyed by the game and the play, and a key taken before (by this server or
 * another, for this change or an earlier one) is not queued again. So a notification is queued once whichever
 * server sees it first, and a server that died between a snap and its notification leaves it to the game's next
 * change on any server.
 *
 * Names are the follow page's (first name and number; the full name only where a guardian allowed it): a
 * notification shows on a lock screen.
 */

/** A score is news for an hour; a device offline longer does not get it. */
const GAME_TTL_SECONDS = 60 * 60;
/** Only the newest plays are looked at: a server coming up mid-game does not tell every score since kickoff. */
const RECENT_PLAYS = 3;
/**
 * How far from its day's noon (UTC) a game is still news: its day in any zone, and a late game's final after
 * midnight.
 */
const GAME_DAY_SLACK_MS = 36 * 60 * 60_000;
/**
 * How long a team's "has devices" answer is kept. What changes it ends it sooner: a device added or removed on this
 * server (devicesChanged) and a change of the team's roster (a member, a confirmation, a guardian link: the hub's
 * "roster" change, heard on every server). This bound covers only a device taken by another server, which queues
 * the game's notices itself from its own answer: every server hears every change of a game. At 15 s this read was
 * the main thread's costliest statement on game day (50 a second at G = 1,000; docs/performance.md, issue #34).
 */
const AUDIENCE_CACHE_MS = 5 * 60_000;

interface GameNotice {
  key: string;
  kind: "game_start" | "score" | "game_final";
  preference: PushKind;
  text: { title: string; body: string };
}

/** What is worth telling of the game as it now is (the keys decide what was told already). */
function gameNotices(sessionId: string, game: FollowGame, now: Date): GameNotice[] {
  const facts = { team: game.team, opponent: game.opponent, score: game.score };
  const notices: GameNotice[] = [];
  if (game.status === "not_started") return notices;
  // A game of another day being filled in afterwards (from a paper score sheet, say) is no news to anyone.
  if (Math.abs(Date.parse(`${game.date}T12:00:00Z`) - now.getTime()) > GAME_DAY_SLACK_MS) return notices;
  if (game.plays.length <= RECENT_PLAYS) {
    notices.push({
      key: `game:${sessionId}:kickoff`,
      kind: "game_start",
      preference: "game_start",
      text: kickoffText(facts),
    });
  }
  if (game.status === "live") {
    for (const play of game.plays.slice(-RECENT_PLAYS)) {
      if (!play.points) continue;
      notices.push({
        key: `game:${sessionId}:play:${play.n}:${play.score.us}-${play.score.them}`,
        kind: "score",
        preference: "scores",
        // The score line of this play (a later play may already be in), the play in words.
        text: scoreText({ ...facts, score: play.score }, play.text, play.points),
      });
    }
  }
  if (game.status === "final") {
    notices.push({
      key: `game:${sessionId}:final`,
      kind: "game_final",
      preference: "game_final",
      text: finalText(facts, game.result),
    });
  }
  return notices;
}

export interface GameNotifier {
  /** Looks at the game now (tests; the hub's changes call it too). Resolves with how many devices were queued. */
  check(teamId: string, sessionId: string, now?: Date): Promise<number>;
  /** Resolves when every check started so far is done. */
  idle(): Promise<void>;
  /** Devices were added on this server: the next change of any team looks again. */
  devicesChanged(): void;
  stop(): void;
}

export function createGameNotifier(
  services: Pick<Services, "database" | "hub" | "log" | "config">,
  onQueued: () => void,
): GameNotifier {
  const { db } = services.database;
  const audience = new Map<string, { has: boolean; at: number }>();
  /** Per game: a check running, and whether another change came in meanwhile. */
  const games = new Map<string, { dirty: boolean; done: Promise<void> }>();

  async function hasDevices(teamId: string): Promise<boolean> {
    const kept = audience.get(teamId);
    if (kept && Date.now() - kept.at < AUDIENCE_CACHE_MS) return kept.has;
    const has = await teamHasDevices(db, teamId);
    audience.set(teamId, { has, at: Date.now() });
    return has;
  }

  async function check(teamId: string, sessionId: string, now = new Date()): Promise<number> {
    if (!(await hasDevices(teamId))) return 0;
    const answer = await followAnswer(services, teamId, sessionId);
    if (!answer) return 0;
    const game = JSON.parse(answer.body) as FollowGame;
    // What was told already (on this change or an earlier one, by any server) is read, not written again: a game's
    // every change would otherwise cost a write per recent play.
    const found = gameNotices(sessionId, game, now);
    const taken = await takenPushKeys(
      db,
      found.map((n) => n.key),
    );
    const notices = found.filter((n) => !taken.has(n.key));
    if (notices.length === 0) return 0;
    const link = await activeFollowLink(db, teamId, sessionId);
    const url = link ? `/follow/${followToken(services.config.authSecret, sessionId, link.generation)}` : START_PAGE;
    let queued = 0;
    for (const notice of notices) {
      const push: NewPush = {
        key: notice.key,
        kind: notice.kind,
        preference: notice.preference,
        audience: { teamId },
        payload: { ...notice.text, url, tag: `game-${sessionId}`, at: now.getTime() },
        urgency: "high",
        ttlSeconds: GAME_TTL_SECONDS,
        // One topic per game: a device offline through three scores gets the newest.
        topic: `g${sessionId.replace(/-/g, "").slice(0, 31)}`,
        expiresAt: new Date(now.getTime() + GAME_TTL_SECONDS * 1000).toISOString(),
      };
      queued += await enqueuePush(db, push, now);
    }
    if (queued > 0) onQueued();
    return queued;
  }

  /** One check per game at a time; changes during it cost one more check after it, not one each. */
  function changed(teamId: string, sessionId: string) {
    const running = games.get(sessionId);
    if (running) {
      running.dirty = true;
      return;
    }
    const state = { dirty: false, done: Promise.resolve() };
    games.set(sessionId, state);
    state.done = (async () => {
      try {
        do {
          state.dirty = false;
          await check(teamId, sessionId);
        } while (state.dirty);
      } catch (err) {
        services.log.error({ err, sessionId }, "could not queue a game's notifications");
      } finally {
        games.delete(sessionId);
      }
    })();
  }

  const stopObserving = services.hub.observe({
    change(teamId: string, change: HubChange) {
      if (change.kind === "roster") audience.delete(teamId);
      if (!change.sessionId || (change.kind !== "events" && change.kind !== "sessions")) return;
      changed(teamId, change.sessionId);
    },
    reset() {
      audience.clear();
    },
  });

  return {
    check,
    async idle() {
      while (games.size > 0) await Promise.all([...games.values()].map((g) => g.done));
    },
    devicesChanged() {
      audience.clear();
    },
    stop() {
      stopObserving();
    },
  };
}
