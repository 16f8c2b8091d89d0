import { formatJersey } from "~/ui/format";
import { PlayerAvatar, PositionBadge } from "~/ui/position-badge";
import type { PlayerSummaryDto } from "#domain/api/team";

/** A coach page's heading for one player: photo, name, jersey and position; "Loading player…" until known. */
export function PlayerHeading({
  eyebrow,
  player,
}: {
  eyebrow: string;
  player: Pick<PlayerSummaryDto, "name" | "jerseyNumber" | "position" | "photoUrl"> | null;
}) {
  return (
    <div className="flex items-center gap-4">
      {player ? <PlayerAvatar position={player.position} photoUrl={player.photoUrl} size="lg" /> : null}
      <div className="min-w-0">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-1 text-3xl font-extrabold tracking-tight break-words text-stone-900 sm:text-4xl">
          {player ? player.name : "Loading player…"}
        </h1>
        {player ? (
          <p className="mt-2 flex flex-wrap items-center gap-2 text-stone-700">
            <span className="font-semibold tabular-nums">{formatJersey(player.jerseyNumber)}</span>
            <PositionBadge position={player.position} />
          </p>
        ) : null}
      </div>
    </div>
  );
}
