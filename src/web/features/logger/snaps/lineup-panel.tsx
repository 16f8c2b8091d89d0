import { clsx } from "clsx";
import { useMemo } from "react";
import type { PlayerSummaryDto } from "#domain/api/team";
import { needsSnapsText, playersNeedingSnaps } from "#domain/playing-time";
import { formatJersey } from "~/ui/format";
import type { SnapRow } from "./snap-model";

/**
 * Lineup mode's strip (docs/product.md §12 "Playing time"): who is on the field, changed by tapping a player in or
 * out between snaps, and the players still short of the league's minimum in the current period, counted on this
 * phone from the game's snaps (the server's and the outbox's), so it works offline. Loaded on demand (lazy-parts).
 */
export function LineupPanel({
  players,
  lineup,
  size,
  onToggle,
  rows,
  period,
  minimum,
}: {
  /** The players who can go in (those not marked absent). */
  players: readonly PlayerSummaryDto[];
  lineup: readonly string[];
  size: number;
  onToggle: (playerId: string) => void;
  rows: readonly SnapRow[];
  period: number;
  minimum: number | null;
}) {
  const onField = new Set(lineup);
  const byId = new Map(players.map((p) => [p.id, p]));
  const field = lineup.map((id) => byId.get(id)).filter((p): p is PlayerSummaryDto => p !== undefined);
  const bench = players.filter((p) => !onField.has(p.id));
  const full = field.length >= size;
  const needs = useMemo(
    () =>
      playersNeedingSnaps(
        rows.filter((r) => r.status !== "failed"),
        players.map((p) => p.id),
        period,
        minimum,
      ),
    [rows, players, period, minimum],
  );

  const chip = (p: PlayerSummaryDto, on: boolean) => (
    <li key={p.id}>
      <button
        type="button"
        aria-pressed={on}
        disabled={!on && full}
        onClick={() => onToggle(p.id)}
        aria-label={`${formatJersey(p.jerseyNumber)} ${p.name}`}
        className={clsx(
          "inline-flex h-9 items-center gap-1 rounded-full border px-3 text-sm font-semibold",
          on
            ? "border-field-700 bg-field-700 text-white"
            : "border-stone-300 bg-white text-stone-800 disabled:opacity-50",
        )}
      >
        <span className="tabular-nums">{formatJersey(p.jerseyNumber)}</span>
        <span className="max-w-28 truncate">{p.name.split(" ")[0]}</span>
      </button>
    </li>
  );

  return (
    <section aria-label="Lineup" className="space-y-2 rounded-2xl border border-stone-200 bg-white p-3">
      <h2 className="text-sm font-bold text-stone-950">
        On the field ({field.length}/{size})
      </h2>
      {field.length > 0 ? (
        <ul aria-label="On the field" className="flex flex-wrap gap-1.5">
          {field.map((p) => chip(p, true))}
        </ul>
      ) : (
        <p className="text-sm text-stone-600">Tap players below to put them on the field.</p>
      )}
      {bench.length > 0 ? (
        <>
          <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Bench</h3>
          <ul aria-label="Bench" className="flex flex-wrap gap-1.5">
            {bench.map((p) => chip(p, false))}
          </ul>
        </>
      ) : null}
      {minimum !== null ? (
        <div aria-live="polite">
          <h3 className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Needs snaps</h3>
          {needs.length > 0 ? (
            <ul aria-label="Needs snaps" className="text-sm text-stone-900">
              {needs.map((n) => (
                <li key={n.playerId}>{needsSnapsText(byId.get(n.playerId)?.name ?? "A player", n.needed)}</li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-700">Everyone has the minimum this period.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
