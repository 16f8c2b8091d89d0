import { followGame, followName, type FollowGame } from "#domain/follow.js";
import { isNamePrivate } from "#domain/family.js";
import { gameSheet } from "../db/games.js";
import { privacyOf } from "../db/minor-privacy.js";
import { getTeam } from "../db/teams.js";
import { readCacheOf } from "../realtime/read-cache.js";
import type { Services } from "../services.js";

/*
 * A followed game (docs/product.md §15, issue #30), as the follow link's page and its stream read it: one read of
 * the game sheet, the players named as a visitor may see them.
 */

type ReadServices = Pick<Services, "database" | "hub">;

/** The read cache's key of a game's public follow answer. */
const followKey = (sessionId: string) => `follow session=${sessionId}`;

/**
 * The game as its public follow page shows it; null when the session is not a game of the team (gone, or a
 * practice). Players by first name and number only, the full name where a guardian let other families see it.
 */
async function readFollowGame(s: ReadServices, teamId: string, sessionId: string): Promise<FollowGame | null> {
  const { db } = s.database;
  const [sheet, team] = await Promise.all([gameSheet(db, teamId, sessionId), getTeam(db, teamId)]);
  if (!sheet || !team || sheet.scoreboard.kind !== "game") return null;
  const names = new Map<string, string>();
  const privacy = await privacyOf(
    db,
    sheet.players.map((p) => p.id),
  );
  for (const p of sheet.players) {
    const standing = privacy.get(p.id);
    // The full name only where a guardian allowed it: a minor whose guardian consented and shares.
    const full = standing !== undefined && standing.minor && !isNamePrivate(standing);
    names.set(p.id, followName(p.name, p.jerseyNumber, full));
  }
  return followGame({ team: team.name, scoreboard: sheet.scoreboard, rules: sheet.rules, snaps: sheet.snaps, names });
}

/**
 * The game's follow answer through the team's read cache (the GET and every server's stream share the bytes); null
 * when the session is no longer a game of the team.
 */
export async function followAnswer(
  s: ReadServices,
  teamId: string,
  sessionId: string,
): Promise<{ body: string; etag: string } | null> {
  const answer = await readCacheOf(s.hub).get(teamId, followKey(sessionId), () => readFollowGame(s, teamId, sessionId));
  return answer.body === "null" ? null : answer;
}
