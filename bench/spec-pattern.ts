import type { Kysely } from "kysely";
import type { EventTypeCounter } from "../src/domain/event-types.js";
import { sortPlayers } from "../src/domain/player-search.js";
import { buildPlayerSummary, type PlayerSummary } from "../src/domain/player-summary.js";
import type { DB } from "../src/server/db/schema.js";
import { fileUrl, parseStringList } from "../src/server/db/rows.js";

/**
 * The team summaries the way docs/product.md §7 reads them: the team's players in one query, then the player's events,
 * once per player (issued together, as a client library would), counted in JS and turned into summaries with the
 * domain's buildPlayerSummary. Attendance comes from player_stats, as the spec reads one playerStats document
 * per player. The events query also reads occurred_at (the spec's lastActive needs it), so the answer is the
 * same JSON as GET /api/team/players and the two can be compared.
 * This is the access pattern docs/architecture.md "Data" rules out; it exists only to be measured beside it.
 */
export async function specPlayerSummaries(db: Kysely<DB>, teamId: string): Promise<PlayerSummary[]> {
  const players = await db
    .selectFrom("profiles as p")
    .leftJoin("player_stats as s", "s.player_id", "p.user_id")
    .select([
      "p.user_id",
      "p.full_name",
      "p.jersey_number",
      "p.primary_position",
      "p.positions",
      "p.photo_file_id",
      "s.attendance_total",
      "s.attendance_attended",
    ])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .execute();

  const summaries = await Promise.all(
    players.map(async (p) => {
      const events = await db
        .selectFrom("events")
        .select(["event_type", "yards", "occurred_at"])
        .where("player_id", "=", p.user_id)
        .execute();
      const byType = new Map<string, EventTypeCounter>();
      let lastEventAt: string | null = null;
      for (const e of events) {
        let c = byType.get(e.event_type);
        if (!c) byType.set(e.event_type, (c = { eventType: e.event_type, count: 0, yards: 0 }));
        c.count += 1;
        c.yards += e.yards ?? 0;
        if (lastEventAt === null || e.occurred_at > lastEventAt) lastEventAt = e.occurred_at;
      }
      return buildPlayerSummary(
        {
          id: p.user_id,
          fullName: p.full_name,
          jerseyNumber: p.jersey_number,
          primaryPosition: p.primary_position,
          positions: parseStringList(p.positions),
          photoUrl: fileUrl(p.photo_file_id),
        },
        {
          counters: [...byType.values()],
          attendance: { attended: Number(p.attendance_attended ?? 0), total: Number(p.attendance_total ?? 0) },
          lastEventAt,
        },
      );
    }),
  );
  return sortPlayers(summaries, "performanceScore", "desc");
}
