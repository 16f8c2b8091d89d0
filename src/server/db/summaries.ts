import type { Kysely } from "kysely";
import type { EventTypeCounter } from "../../domain/event-types.js";
import { sortPlayers } from "../../domain/player-search.js";
import {
  blankPlayerSummary,
  safePlayerSummary,
  type PlayerAggregate,
  type PlayerProfile,
  type PlayerSummary,
} from "../../domain/player-summary.js";
import type { DB } from "./schema.js";

export interface SummaryOptions {
  /** Called with the player's id and the error when one player's data cannot be processed (SPEC §8). */
  onPlayerError?: (playerId: string, error: unknown) => void;
}

/** URL of a stored file as the API serves it. */
export function fileUrl(fileId: string | null | undefined): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}

/** Parses a JSON list of strings held in a text column; throws when it is not one. */
export function parseStringList(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text === "") return [];
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new TypeError("not a JSON list of strings");
  }
  return value;
}

interface Group {
  profile: { id: string; fullName: string; jerseyNumber: number | null; primaryPosition: string | null; positions: string; photoFileId: string | null };
  stats: { lastEventAt: string | null; total: number; attended: number };
  counters: EventTypeCounter[];
}

/**
 * The SPEC §3 summary of every player (role 'player') of a team, best score first. One SQL query whatever the
 * team size: profiles LEFT JOIN player_stats LEFT JOIN player_event_counts, one row per (player, event type),
 * grouped here. Never reads the events table. A player whose data cannot be processed gets the blank summary.
 */
export async function teamPlayerSummaries(
  db: Kysely<DB>,
  teamId: string,
  opts: SummaryOptions = {},
): Promise<PlayerSummary[]> {
  const rows = await db
    .selectFrom("profiles as p")
    .leftJoin("player_stats as s", "s.player_id", "p.user_id")
    .leftJoin("player_event_counts as c", "c.player_id", "p.user_id")
    .select([
      "p.user_id",
      "p.full_name",
      "p.jersey_number",
      "p.primary_position",
      "p.positions",
      "p.photo_file_id",
      "s.last_event_at",
      "s.attendance_total",
      "s.attendance_attended",
      "c.event_type",
      "c.count",
      "c.yards",
    ])
    .where("p.team_id", "=", teamId)
    .where("p.role", "=", "player")
    .execute();

  const groups = new Map<string, Group>();
  for (const r of rows) {
    let g = groups.get(r.user_id);
    if (!g) {
      g = {
        profile: {
          id: r.user_id,
          fullName: r.full_name,
          jerseyNumber: r.jersey_number,
          primaryPosition: r.primary_position,
          positions: r.positions,
          photoFileId: r.photo_file_id,
        },
        stats: {
          lastEventAt: r.last_event_at ?? null,
          total: Number(r.attendance_total ?? 0),
          attended: Number(r.attendance_attended ?? 0),
        },
        counters: [],
      };
      groups.set(r.user_id, g);
    }
    if (r.event_type !== null) {
      g.counters.push({ eventType: r.event_type, count: Number(r.count ?? 0), yards: Number(r.yards ?? 0) });
    }
  }

  const summaries: PlayerSummary[] = [];
  for (const g of groups.values()) {
    const onError = (error: unknown) => opts.onPlayerError?.(g.profile.id, error);
    let profile: PlayerProfile;
    try {
      profile = {
        id: g.profile.id,
        fullName: g.profile.fullName,
        jerseyNumber: g.profile.jerseyNumber,
        primaryPosition: g.profile.primaryPosition,
        positions: parseStringList(g.profile.positions),
        photoUrl: fileUrl(g.profile.photoFileId),
      };
    } catch (error) {
      onError(error);
      summaries.push(blankPlayerSummary({ id: g.profile.id, fullName: g.profile.fullName, jerseyNumber: g.profile.jerseyNumber }));
      continue;
    }
    const aggregate: PlayerAggregate = {
      counters: g.counters,
      attendance: { attended: g.stats.attended, total: g.stats.total },
      lastEventAt: g.stats.lastEventAt,
    };
    summaries.push(safePlayerSummary(profile, aggregate, onError));
  }
  return sortPlayers(summaries, "performanceScore", "desc");
}
