import { History } from "lucide-react";
import type { PickedSeason } from "~/lib/season-param";
import { SelectField } from "./form-field";
import { formatDay } from "./format";

/**
 * The season picker of every stat screen (docs/product.md §11 (#s11-seasons)): the team's seasons by name, newest first, the
 * current one marked; a past season is announced with a clear "Past season" marker, so numbers from last season
 * are never mistaken for this season's. The picked season lives in the address (lib/season-param.ts).
 */
export function SeasonPicker({ value, className }: { value: PickedSeason; className?: string }) {
  const { seasons, picked, currentSeasonId, setSeason } = value;
  return (
    <div className={className}>
      <SelectField
        label="Season"
        className="input py-2"
        value={picked?.id ?? ""}
        disabled={seasons.length === 0}
        onChange={(event) => setSeason(event.target.value || null)}
      >
        {seasons.length === 0 ? <option value="">Loading seasons…</option> : null}
        {seasons.map((s) => (
          <option key={s.id} value={s.id}>
            {s.id === currentSeasonId ? `${s.name} (current)` : s.name}
          </option>
        ))}
      </SelectField>
      <PastSeasonMarker value={value} />
    </div>
  );
}

/** "Past season: <name>" with its dates, shown while a season other than the current one is picked. */
function PastSeasonMarker({ value }: { value: PickedSeason }) {
  const { picked, currentSeasonId } = value;
  if (!picked || picked.id === currentSeasonId) return null;
  return (
    <p className="mt-2 inline-flex items-center gap-2 rounded-lg bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-950">
      <History className="size-4" aria-hidden="true" />
      <span>
        Past season: {picked.name}
        <span className="font-normal">
          {" "}
          ({formatDay(picked.startsOn)} – {picked.endsOn ? formatDay(picked.endsOn) : "today"})
        </span>
      </span>
    </p>
  );
}
