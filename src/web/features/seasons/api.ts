import { apiFetch } from "~/lib/api";
import { viewerTzOffset } from "~/lib/time-zone";
import { addDays, localToday } from "#domain/api/player";
import type { PatchSeasonBody, Season, StartSeasonBody } from "#domain/api/seasons";

/** POST /api/team/seasons: the head coach starts a new season (the current one ends the day before). */
export async function startSeason(body: StartSeasonBody): Promise<Season> {
  return (await apiFetch<{ season: Season }>("/api/team/seasons", { method: "POST", json: body })).season;
}

/** PATCH /api/team/seasons/{id}: rename a season (or move its dates). */
export async function patchSeason(id: string, body: PatchSeasonBody): Promise<Season> {
  return (
    await apiFetch<{ season: Season }>(`/api/team/seasons/${encodeURIComponent(id)}`, { method: "PATCH", json: body })
  ).season;
}

/**
 * The start day a new season is offered: today in the viewer's calendar, or the day after the current season
 * began when that is later (a new season must start after the current one; docs/product.md §11 (#s11-seasons)).
 */
export function defaultStart(currentStartsOn: string | undefined, now = new Date()): string {
  const today = localToday(now, viewerTzOffset(now));
  if (!currentStartsOn || today > currentStartsOn) return today;
  return addDays(currentStartsOn, 1);
}
