import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { Season } from "#domain/api/seasons";
import { seasonsQuery } from "./queries";
import { useSession } from "./session-context";
import type { SeasonParam } from "./query-keys";

/**
 * The season every stat screen shows (docs/product.md §11 (#s11-seasons)), kept in the address as `?season=<id>` like the
 * screens' other filters. No parameter means the current season, so a plain address always shows it, and the
 * reads send no season (the API's default). Picking the current season in the picker removes the parameter.
 */
export interface PickedSeason {
  /** The season id to send with the reads, null for the current season. */
  season: SeasonParam;
  /** The picked season as the API lists it, once the list is loaded. */
  picked: Season | null;
  /** The current season's id, once the list is loaded. */
  currentSeasonId: string | null;
  seasons: readonly Season[];
  /** Picks a season (an id; the current one's id, or null, clears the parameter). */
  setSeason(id: string | null): void;
}

export function usePickedSeason(): PickedSeason {
  const [params, setParams] = useSearchParams();
  // Only a member of a team has seasons: nothing is asked for without one.
  const hasTeam = Boolean(useSession().user?.team);
  const list = useQuery({ ...seasonsQuery(), enabled: hasTeam });
  const currentSeasonId = list.data?.currentSeasonId ?? null;
  const asked = params.get("season") || null;
  const seasons = list.data?.seasons ?? [];
  // An id that is no season of the team (an old bookmark) or the current one: the plain address.
  const known = asked !== null && seasons.some((s) => s.id === asked);
  const stale = list.data !== undefined && asked !== null && (!known || asked === currentSeasonId);

  const setSeason = (id: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (id === null || id === currentSeasonId) next.delete("season");
        else next.set("season", id);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );

  useEffect(() => {
    if (stale) setSeason(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the address turns out to be stale
  }, [stale]);

  const season = stale ? null : asked;
  const pickedId = season ?? currentSeasonId;
  return {
    season,
    picked: seasons.find((s) => s.id === pickedId) ?? null,
    currentSeasonId,
    seasons,
    setSeason,
  };
}
