import type { ReactNode } from "react";
import { POSITION_GROUP_LABELS, POSITIONS, type PositionGroup } from "#domain/positions";

/** The groups a player chooses positions from, in the order the forms list them. */
const GROUPS: readonly PositionGroup[] = ["offense", "defense"];

type Position = (typeof POSITIONS)[number];

/** The options of a primary-position <select>: a blank "Choose a position", then the positions by group. */
export function PositionOptions() {
  return (
    <>
      <option value="">Choose a position</option>
      {GROUPS.map((group) => (
        <optgroup key={group} label={POSITION_GROUP_LABELS[group]}>
          {POSITIONS.filter((p) => p.group === group).map((p) => (
            <option key={p.key} value={p.key}>
              {p.name}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}

/** The positions by group, two columns on wide screens; `children` renders each position's list item content. */
export function PositionChecklist({ children }: { children: (position: Position) => ReactNode }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {GROUPS.map((group) => (
        <div key={group}>
          <p className="mb-1.5 text-xs font-bold tracking-wide text-stone-600 uppercase">
            {POSITION_GROUP_LABELS[group]}
          </p>
          <ul className="space-y-1.5">
            {POSITIONS.filter((p) => p.group === group).map((p) => (
              <li key={p.key}>{children(p)}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
