import { createRoute } from "@hono/zod-openapi";
import {
  adminResultSchema,
  coachResultSchema,
  leagueGameResultResponseSchema,
  teamLeagueGamesResponseSchema,
  type CoachResultAction,
} from "#domain/api/league-results.js";
import { firstDivergence, type LeagueGameResult } from "#domain/leagues/results.js";
import { leagueGameContext, teamLeagueGameRows } from "../db/league-games.js";
import {
  clearAdminResult,
  decideResult,
  leagueScorebooks,
  logDispute,
  resultLog,
  scoringPlays,
} from "../db/league-results.js";
import { leagueRole } from "../db/leagues.js";
import { createRouter } from "../http/context.js";
import { ApiError, errorResponses, notFound } from "../http/errors.js";
import { idParams } from "../http/path-params.js";
import { coachOnly, signedInOnly } from "../http/viewer.js";
import { advancePlayoffs } from "../leagues/playoffs.js";
import { leagueResults, resultDto } from "../leagues/results.js";
import type { Viewer } from "../services.js";

/*
 * One result from two scorebooks (docs/product.md §17). Each team logs its own game; the result follows
 * (leagues/results.ts). A team's coaches see their league games with what they may do: confirm the other team's
 * score when their own team did not log the game, accept the other version or dispute it when the two differ. A
 * game's two play-by-plays side by side, with where they part, are for the league's admins and both teams' coaches;
 * the admins enter, override (a forfeit too) and clear results. Every decision is in the game's audit log.
 */

const GAME = "That league game";

/** What a team's coaches may do about a result, from their side. */
function coachActions(result: LeagueGameResult, side: "home" | "away"): CoachResultAction[] {
  if (result.state === "awaiting_confirmation" && result.loggedBy !== side) return ["confirm"];
  if (result.state === "disputed") return ["accept", "dispute"];
  return [];
}

const teamGames = createRoute({
  method: "get",
  path: "/api/team/league-games",
  operationId: "listTeamLeagueGames",
  tags: ["leagues"],
  middleware: [coachOnly] as const,
  summary: "The team's published league games with their results and what its coaches may do about each",
  responses: {
    200: {
      description: "By day",
      content: { "application/json": { schema: teamLeagueGamesResponseSchema.openapi("TeamLeagueGames") } },
    },
    ...errorResponses(401, 403),
  },
});

const coachDecision = createRoute({
  method: "post",
  path: "/api/team/league-games/{id}/result",
  operationId: "decideLeagueResultAsCoach",
  tags: ["leagues"],
  middleware: [coachOnly] as const,
  summary: "Confirm the other team's score, accept its differing version, or dispute it (for the admin to decide)",
  request: {
    params: idParams("The league game's id"),
    body: {
      required: true,
      content: { "application/json": { schema: coachResultSchema.openapi("CoachResultDecision") } },
    },
  },
  responses: {
    200: {
      description: "Decided; the team's league games as they now stand",
      content: { "application/json": { schema: teamLeagueGamesResponseSchema } },
    },
    ...errorResponses(400, 401, 403, 404, 409, 415),
  },
});

const detail = createRoute({
  method: "get",
  path: "/api/league-games/{id}/result",
  operationId: "getLeagueGameResult",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "A league game's result, both teams' scoring plays side by side with where they part, and its audit log",
  request: { params: idParams("The league game's id") },
  responses: {
    200: {
      description: "The result",
      content: { "application/json": { schema: leagueGameResultResponseSchema.openapi("LeagueGameResult") } },
    },
    ...errorResponses(401, 403, 404),
  },
});

const adminDecision = createRoute({
  method: "put",
  path: "/api/league-games/{id}/result",
  operationId: "setLeagueGameResult",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Enter or override a game's result, or record a forfeit (league admins)",
  request: {
    params: idParams("The league game's id"),
    body: { required: true, content: { "application/json": { schema: adminResultSchema.openapi("AdminResult") } } },
  },
  responses: {
    200: { description: "Set", content: { "application/json": { schema: leagueGameResultResponseSchema } } },
    ...errorResponses(400, 401, 404, 415),
  },
});

const adminClear = createRoute({
  method: "delete",
  path: "/api/league-games/{id}/result",
  operationId: "clearLeagueGameResult",
  tags: ["leagues"],
  middleware: [signedInOnly] as const,
  summary: "Take the admin's result back: the scorebooks decide again (league admins)",
  request: { params: idParams("The league game's id") },
  responses: {
    200: { description: "Cleared", content: { "application/json": { schema: leagueGameResultResponseSchema } } },
    ...errorResponses(401, 404, 409),
  },
});

type Db = Parameters<typeof leagueGameContext>[0];
type Game = NonNullable<Awaited<ReturnType<typeof leagueGameContext>>>;

/** The game, if the caller runs its league or coaches one of its two teams; else its 404. */
async function gameFor(db: Db, viewer: Viewer, gameId: string): Promise<{ game: Game; admin: boolean }> {
  const game = await leagueGameContext(db, gameId);
  if (!game) throw notFound(GAME);
  const admin = (await leagueRole(db, game.league_id, viewer.userId)) !== null;
  const coach =
    viewer.role === "coach" &&
    viewer.teamId !== null &&
    game.published_revision !== null &&
    (game.home_team === viewer.teamId || game.away_team === viewer.teamId);
  if (!admin && !coach) throw notFound(GAME);
  return { game, admin };
}

async function detailOf(db: Db, game: Game, admin: boolean) {
  const [results, books, log] = await Promise.all([
    leagueResults(db, game.league_id, game.id),
    leagueScorebooks(db, game.league_id, game.id),
    resultLog(db, game.id),
  ]);
  const book = books.get(game.id);
  const [homePlays, awayPlays] = await Promise.all([
    book?.home ? scoringPlays(db, book.home.sessionId, true) : null,
    book?.away ? scoringPlays(db, book.away.sessionId, false) : null,
  ]);
  return {
    game: {
      id: game.id,
      date: game.local_date,
      startTime: game.start_time,
      homeTeam: game.home_name,
      awayTeam: game.away_name,
    },
    result: resultDto(results.get(game.id)),
    homeBook: book?.home && homePlays ? { home: book.home.home, away: book.home.away, plays: homePlays } : null,
    awayBook: book?.away && awayPlays ? { home: book.away.home, away: book.away.away, plays: awayPlays } : null,
    firstDivergence: homePlays && awayPlays ? firstDivergence(homePlays, awayPlays) : null,
    log,
    canDecide: admin,
  };
}

async function teamGamesOf(db: Db, teamId: string) {
  const rows = await teamLeagueGameRows(db, teamId);
  const byLeague = new Map<string, Map<string, LeagueGameResult>>();
  // Only the team's own games' results: a league of many teams is not read for one team's list.
  for (const leagueId of new Set(rows.map((r) => r.league_id))) {
    const mine = rows.filter((r) => r.league_id === leagueId).map((r) => r.id);
    byLeague.set(leagueId, await leagueResults(db, leagueId, mine));
  }
  return {
    games: rows.map((r) => {
      const side = r.home_team_id === r.mine_id ? ("home" as const) : ("away" as const);
      const result = byLeague.get(r.league_id)?.get(r.id) ?? { state: "scheduled" as const };
      return {
        id: r.id,
        leagueId: r.league_id,
        leagueName: r.league_name,
        date: r.local_date,
        startTime: r.start_time,
        opponent: side === "home" ? r.away_name : r.home_name,
        homeAway: side,
        result: resultDto(result),
        actions: coachActions(result, side),
      };
    }),
  };
}

export function leagueResultRoutes() {
  return createRouter()
    .openapi(teamGames, async (c) => {
      return c.json(await teamGamesOf(c.get("services").database.db, c.var.viewer.teamId), 200);
    })
    .openapi(coachDecision, async (c) => {
      const { id } = c.req.valid("param");
      const { action, note } = c.req.valid("json");
      const viewer = c.var.viewer;
      const db = c.get("services").database.db;
      const game = await leagueGameContext(db, id);
      if (
        !game ||
        game.published_revision === null ||
        (game.home_team !== viewer.teamId && game.away_team !== viewer.teamId)
      ) {
        throw notFound(GAME);
      }
      const side = game.home_team === viewer.teamId ? "home" : "away";
      const result = (await leagueResults(db, game.league_id, id)).get(id) ?? { state: "scheduled" as const };
      if (!coachActions(result, side).includes(action)) {
        throw new ApiError(409, "result_not_open", "That is not something to decide about this game's result now.");
      }
      const actor = { id: viewer.userId, name: viewer.fullName };
      if (action === "dispute") {
        await logDispute(db, game.league_id, id, actor, note);
      } else {
        // confirm: the lone book is the other team's; accept: take the other team's book.
        const other =
          result.state === "disputed"
            ? side === "home"
              ? result.awayBook
              : result.homeBook
            : result.state === "awaiting_confirmation"
              ? { home: result.home, away: result.away }
              : null;
        await decideResult(db, {
          leagueId: game.league_id,
          gameId: id,
          kind: action === "confirm" ? "confirmed" : "accepted",
          home: other!.home,
          away: other!.away,
          forfeit: null,
          actor,
          note,
        });
        await advancePlayoffs(c.get("services"), game.league_id, viewer.userId);
      }
      return c.json(await teamGamesOf(db, viewer.teamId), 200);
    })
    .openapi(detail, async (c) => {
      const { id } = c.req.valid("param");
      const db = c.get("services").database.db;
      const { game, admin } = await gameFor(db, c.var.viewer, id);
      return c.json(await detailOf(db, game, admin), 200);
    })
    .openapi(adminDecision, async (c) => {
      const { id } = c.req.valid("param");
      const input = c.req.valid("json");
      const db = c.get("services").database.db;
      const { game, admin } = await gameFor(db, c.var.viewer, id);
      // A coach of the game sees it but does not decide it: to them, as to everyone else, this is not there.
      if (!admin) throw notFound(GAME);
      const forfeit = input.forfeit ?? null;
      if (forfeit !== null) {
        const loser = forfeit === "home" ? input.homeScore : input.awayScore;
        const winner = forfeit === "home" ? input.awayScore : input.homeScore;
        if (loser > winner) {
          const message = "The side that forfeited cannot have more points.";
          throw new ApiError(400, "invalid_input", message, { forfeit: message });
        }
      }
      await decideResult(db, {
        leagueId: game.league_id,
        gameId: id,
        kind: "admin",
        home: input.homeScore,
        away: input.awayScore,
        forfeit,
        actor: { id: c.var.viewer.userId, name: c.var.viewer.fullName },
        note: input.note,
      });
      await advancePlayoffs(c.get("services"), game.league_id, c.var.viewer.userId);
      return c.json(await detailOf(db, game, admin), 200);
    })
    .openapi(adminClear, async (c) => {
      const { id } = c.req.valid("param");
      const db = c.get("services").database.db;
      const { game, admin } = await gameFor(db, c.var.viewer, id);
      // A coach of the game sees it but does not decide it: to them, as to everyone else, this is not there.
      if (!admin) throw notFound(GAME);
      if (!(await clearAdminResult(db, game.league_id, id, { id: c.var.viewer.userId, name: c.var.viewer.fullName }))) {
        throw new ApiError(409, "no_admin_result", "This game has no result entered by an admin.");
      }
      await advancePlayoffs(c.get("services"), game.league_id, c.var.viewer.userId);
      return c.json(await detailOf(db, game, admin), 200);
    });
}
