import type { MiddlewareHandler } from "hono";
import { bumpLeagueRevision } from "../db/league-division.js";
import type { AppEnv } from "./context.js";

/**
 * The league routes' writes (leagues, divisions, teams, fields, the schedule, results, brackets, a team joining)
 * each count one in the database once answered without an error (migration 033): the division standings a server
 * holds (leagues/standings-cache.ts) are read again on every server process. Counted after the write's
 * transaction, so a read that sees the new count sees the write.
 */
const LEAGUE_WRITE = /^\/api\/(leagues|league-[a-z-]+|team\/leagues|team\/league-games)(\/|$)/;

export function leagueRevisionCounter(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const method = c.req.method;
    if (method === "GET" || method === "HEAD" || method === "OPTIONS" || !LEAGUE_WRITE.test(c.req.path)) {
      return next();
    }
    await next();
    if (c.res.status < 400) await bumpLeagueRevision(c.get("services").database.db);
  };
}
