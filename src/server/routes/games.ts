import { createRoute, z } from "@hono/zod-openapi";
import {
  finalScoreResponseSchema,
  finalScoreSchema,
  gameSheetResponseSchema,
  gamesResponseSchema,
  liveScoreboardResponseSchema,
  rulesResponseSchema,
  setPeriodSchema,
} from "#domain/api/game.js";
import { boxScoreCsv, boxScoreFileName } from "#domain/box-score-csv.js";
import { leagueRulesSchema } from "#domain/api/league-rules.js";
import { boxScoreData, gameSheet, listGames, scoreboardOf, setFinalScore } from "../db/games.js";
import { advancePlayoffsAfterGame } from "../leagues/playoffs.js";
import { retryOnDeadlock } from "../db/retry.js";
import { setSessionPeriod } from "../db/team-sessions.js";
import { getLeagueRules, setLeagueRules } from "../db/league-rules.js";
import { getTeam } from "../db/teams.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { tzOffsetQuery } from "../http/query-params.js";
import { seasonOfRequest, seasonQuery } from "../http/season.js";
import { coachOnly, teamMemberOnly } from "../http/viewer.js";
import { cachedJson } from "../http/cached-json.js";
import { namesForTeammate } from "../db/minor-privacy.js";
import { readScoreboard, scoreboardKey } from "../reads/team-reads.js";
import { changeNow } from "../realtime/hub.js";

/*
 * Game day's reads and the game's own settings (docs/product.md §10): the game sheet of a session (scoreboard,
 * rules, snaps in game order), today's scoreboard, the season's games and record, a game's box score as CSV, the
 * final score and the period, and the team's league rules. Reads are open to every member of the team, coaches and players
 * alike; writes to coaches. The team always comes from the session: a session id of another team answers 404,
 * exactly like one that does not exist.
 */

const SESSION = "That session";
const NOT_A_GAME = "Only a game has a final score.";

const sessionIdParam = z.object({
  id: z.uuid({ error: "Session id must be a UUID." }).openapi({ param: { name: "id", in: "path" } }),
});

const getGameSheet = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/snaps",
  operationId: "listGameSnaps",
  tags: ["game day"],
  middleware: [teamMemberOnly] as const,
  summary: "A session's game sheet: its scoreboard, the league rules and its snaps in game order",
  request: { params: sessionIdParam },
  responses: {
    200: { description: "The game sheet", content: { "application/json": { schema: gameSheetResponseSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const postFinal = createRoute({
  method: "post",
  path: "/api/team/sessions/{id}/final",
  operationId: "finalizeGame",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "End a game with its final score (posting again overwrites it)",
  description:
    "Coaches only; games only (a practice answers 400). The final is marked corrected when it differs from the " +
    "snaps' total at the time it is entered.",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: finalScoreSchema } } },
  },
  responses: {
    200: {
      description: "The game's scoreboard",
      content: { "application/json": { schema: finalScoreResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const deleteFinal = createRoute({
  method: "delete",
  path: "/api/team/sessions/{id}/final",
  operationId: "reopenGame",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Reopen a game: its final score is cleared and the snaps' total is its score again",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The game's scoreboard",
      content: { "application/json": { schema: finalScoreResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const putPeriod = createRoute({
  method: "put",
  path: "/api/team/sessions/{id}/period",
  operationId: "setGamePeriod",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Set the game's period (Next half, Previous period): every open screen hears it",
  description:
    "Coaches only. The period belongs to the game, not to a phone (decision 0022): from `at` (default now; a " +
    "later time is taken as now) the game is in this period, and a snap logged since by a phone that had not " +
    "heard of it is filed in it. A step back takes back the later periods' starts; a step to a period already " +
    "started earlier keeps that start. Sending the same change again changes nothing.",
  request: {
    params: sessionIdParam,
    body: { required: true, content: { "application/json": { schema: setPeriodSchema } } },
  },
  responses: {
    200: {
      description: "The session's scoreboard, in its period now",
      content: { "application/json": { schema: finalScoreResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 415),
  },
});

const getScoreboard = createRoute({
  method: "get",
  path: "/api/team/scoreboard",
  operationId: "getScoreboard",
  tags: ["game day"],
  middleware: [teamMemberOnly] as const,
  summary: "Today's game: the one not yet final, else the latest of the day; null when there is none",
  description: "Today is the viewer's calendar day when tzOffset is sent, else the server's own. Coaches and players.",
  request: { query: z.object({ tzOffset: tzOffsetQuery }) },
  responses: {
    200: {
      description: "Today's scoreboard, or null",
      content: { "application/json": { schema: liveScoreboardResponseSchema } },
    },
    ...errorResponses(400, 401, 403),
  },
});

const getGames = createRoute({
  method: "get",
  path: "/api/team/games",
  operationId: "listGames",
  tags: ["game day"],
  middleware: [teamMemberOnly] as const,
  summary: "The season's games, newest first, as scoreboards, and the record of the final ones",
  request: { query: z.object({ season: seasonQuery }) },
  responses: {
    200: { description: "Games and record", content: { "application/json": { schema: gamesResponseSchema } } },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getBoxScore = createRoute({
  method: "get",
  path: "/api/team/sessions/{id}/box-score.csv",
  operationId: "getBoxScoreCsv",
  tags: ["game day"],
  middleware: [teamMemberOnly] as const,
  summary: "A game's box score as a CSV download: the game, team and player lines, and the play-by-play",
  request: { params: sessionIdParam },
  responses: {
    200: {
      description: "The box score (text/csv, as an attachment)",
      content: { "text/csv": { schema: z.string() } },
    },
    ...errorResponses(400, 401, 403, 404),
  },
});

const getRules = createRoute({
  method: "get",
  path: "/api/team/rules",
  operationId: "getLeagueRules",
  tags: ["game day"],
  middleware: [teamMemberOnly] as const,
  summary: "The team's league rules (the NFL FLAG defaults until a coach sets them)",
  responses: {
    200: { description: "The rules", content: { "application/json": { schema: rulesResponseSchema } } },
    ...errorResponses(401, 403),
  },
});

const putRules = createRoute({
  method: "put",
  path: "/api/team/rules",
  operationId: "setLeagueRules",
  tags: ["game day"],
  middleware: [coachOnly] as const,
  summary: "Set the team's league rules (the whole set)",
  description:
    "Coaches only. Snaps already logged keep the points they were given under the rules in force then: only " +
    "snaps logged or edited afterwards use the new values.",
  request: { body: { required: true, content: { "application/json": { schema: leagueRulesSchema } } } },
  responses: {
    200: { description: "The rules as stored", content: { "application/json": { schema: rulesResponseSchema } } },
    ...errorResponses(400, 401, 403, 415),
  },
});

/** A calendar day "YYYY-MM-DD" `offsetMinutes` east of UTC. */
function dayAt(offsetMinutes: number, now = Date.now()): string {
  return new Date(now + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

export function gameRoutes() {
  return createRouter()
    .openapi(getGameSheet, async (c) => {
      const { id } = c.req.valid("param");
      const viewer = c.var.viewer;
      const db = c.get("services").database.db;
      const sheet = await gameSheet(db, viewer.teamId, id);
      if (!sheet) throw notFound(SESSION);
      if (viewer.role === "coach") return c.json(sheet, 200);
      // Another family's child is named as their guardian allows (docs/product.md §13).
      return c.json({ ...sheet, players: await namesForTeammate(db, sheet.players, viewer.userId) }, 200);
    })
    .openapi(postFinal, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const score = c.req.valid("json");
      const { database, hub } = c.get("services");
      const outcome = await setFinalScore(database.db, { id, teamId: viewer.teamId }, viewer.userId, score);
      if (outcome === "not_found") throw notFound(SESSION);
      if (outcome === "not_a_game") throw new ApiError(400, "not_a_game", NOT_A_GAME);
      hub.publish(viewer.teamId, changeNow("sessions", id));
      // Two scorebooks that agree confirm a playoff game with no league write: its winner moves on now.
      await advancePlayoffsAfterGame(c.get("services"), viewer.teamId, id, viewer.userId);
      return c.json({ scoreboard: outcome }, 200);
    })
    .openapi(deleteFinal, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { database, hub } = c.get("services");
      const outcome = await setFinalScore(database.db, { id, teamId: viewer.teamId }, viewer.userId, null);
      if (outcome === "not_found") throw notFound(SESSION);
      if (outcome === "not_a_game") throw new ApiError(400, "not_a_game", NOT_A_GAME);
      hub.publish(viewer.teamId, changeNow("sessions", id));
      // Two scorebooks that agree confirm a playoff game with no league write: its winner moves on now.
      await advancePlayoffsAfterGame(c.get("services"), viewer.teamId, id, viewer.userId);
      return c.json({ scoreboard: outcome }, 200);
    })
    .openapi(putPeriod, async (c) => {
      const viewer = c.var.viewer;
      const { id } = c.req.valid("param");
      const { period, at } = c.req.valid("json");
      const { database, hub } = c.get("services");
      const now = new Date().toISOString();
      const from = at !== undefined && at < now ? at : now;
      const key = { id, teamId: viewer.teamId };
      const before = await scoreboardOf(database.db, viewer.teamId, id);
      if (!before) throw notFound("That session");
      if ((await retryOnDeadlock(() => setSessionPeriod(database.db, key, period, from))) === null)
        throw notFound("That session");
      const scoreboard = await scoreboardOf(database.db, viewer.teamId, id);
      if (!scoreboard) throw notFound("That session");
      // The game sheets and scoreboards are built from the session's data: "sessions", naming the game.
      if (scoreboard.period !== before.period) hub.publish(viewer.teamId, changeNow("sessions", id));
      return c.json({ scoreboard }, 200);
    })
    .openapi(getScoreboard, async (c) => {
      const { tzOffset } = c.req.valid("query");
      // No tzOffset sent: the server's own calendar day.
      const offset = c.req.query("tzOffset") === undefined ? -new Date().getTimezoneOffset() : tzOffset;
      const teamId = c.var.viewer.teamId;
      const day = dayAt(offset);
      const read = () => readScoreboard(c.get("services"), teamId, day);
      return cachedJson(c, teamId, scoreboardKey(day), read);
    })
    .openapi(getGames, async (c) => {
      const season = await seasonOfRequest(c, c.var.viewer.teamId, c.req.valid("query").season);
      return c.json(await listGames(c.get("services").database.db, c.var.viewer.teamId, { seasonId: season.id }), 200);
    })
    .openapi(getBoxScore, async (c) => {
      const { id } = c.req.valid("param");
      const viewer = c.var.viewer;
      const db = c.get("services").database.db;
      const data = await boxScoreData(db, viewer.teamId, id);
      if (!data) throw notFound(SESSION);
      const { scoreboard, rules, snaps } = data.sheet;
      const players =
        viewer.role === "coach" ? data.sheet.players : await namesForTeammate(db, data.sheet.players, viewer.userId);
      const game = {
        date: scoreboard.date,
        opponent: scoreboard.opponent,
        homeAway: scoreboard.homeAway,
        score: scoreboard.score,
        final: scoreboard.final,
        result: scoreboard.result,
      };
      const team = await getTeam(db, viewer.teamId);
      const csv = boxScoreCsv({ game, rules, snaps, players, loose: data.loose, teamName: team?.name });
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${boxScoreFileName(game)}"`,
      });
    })
    .openapi(getRules, async (c) => {
      return c.json({ rules: await getLeagueRules(c.get("services").database.db, c.var.viewer.teamId) }, 200);
    })
    .openapi(putRules, async (c) => {
      const viewer = c.var.viewer;
      const rules = c.req.valid("json");
      const { database, hub } = c.get("services");
      // Past snaps keep their stored points (see db/league-rules.ts): nothing else is rewritten.
      const stored = await setLeagueRules(database.db, viewer.teamId, rules);
      hub.publish(viewer.teamId, changeNow("sessions"));
      return c.json({ rules: stored }, 200);
    });
}
