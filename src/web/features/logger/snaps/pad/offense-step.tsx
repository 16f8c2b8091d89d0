import { clsx } from "clsx";
import { ChevronDown, X } from "lucide-react";
import type { ReactNode } from "react";
import type { LineupPlayer } from "../snap-model";
import { PlayerTiles } from "../../player-tiles";
import { ActionButton } from "../snap-buttons";
import { OpponentScoreButton, type PadTools } from "./pad-step";

/**
 * The idle pad on offense: the remembered passer, a receiver tile starts a pass (the passer first when none is
 * chosen), Run, Penalty, No target; their try after their touchdown; "Crossed midfield" when the league tracks downs.
 */
export function OffenseStep({
  pad,
  tiles,
  passerId,
  runnerId,
  firstDown,
  onFirstDownChange,
  theirTry,
  onHideTheirTry,
}: {
  pad: PadTools;
  /** The lineup's tiles (and the others when "more" is open), and their last tile. */
  tiles: { players: readonly LineupPlayer[]; trailing: ReactNode };
  passerId: string | null;
  /** The last runner: a run starts with them chosen. */
  runnerId: string | null;
  firstDown: boolean;
  onFirstDownChange: (on: boolean) => void;
  /** Their touchdown was the last snap: their try is one tap. */
  theirTry: boolean;
  onHideTheirTry: () => void;
}) {
  const { go, label, lineups } = pad;
  // The passer in words: a player off the lineup (marked absent since) still reads by number.
  const passerName = passerId
    ? (() => {
        const p = lineups.available.find((x) => x.id === passerId);
        return p ? `${label(p.id)} ${p.name}` : label(passerId);
      })()
    : null;
  const pickReceiver = (targetId: string | null) => {
    if (!passerId) go({ kind: "passer", then: targetId });
    else go({ kind: "pass", targetId, result: "complete" });
  };
  return (
    <>
      <div className="flex items-center gap-1.5">
        <button
          type="button"
          onClick={() => go({ kind: "passer" })}
          aria-label={`Passer: ${passerName ?? "not chosen"}. Change`}
          className={clsx(
            "flex h-10 min-w-0 flex-1 items-center gap-1.5 rounded-lg border px-2.5 text-sm font-bold",
            passerName ? "border-field-700 bg-field-50 text-field-950" : "border-accent-500 bg-accent-100",
          )}
        >
          <span className="shrink-0 text-xs font-semibold tracking-wide text-stone-600 uppercase">Passer</span>
          <span className="truncate">{passerName ?? "Choose"}</span>
          <ChevronDown aria-hidden="true" className="ml-auto size-4 shrink-0" />
        </button>
        <span aria-hidden="true" className="shrink-0 text-sm font-semibold text-stone-700">
          throws to:
        </span>
        {pad.rules.trackDowns ? (
          <ActionButton className="h-10 shrink-0" pressed={firstDown} onClick={() => onFirstDownChange(!firstDown)}>
            Crossed midfield
          </ActionButton>
        ) : null}
      </div>
      {theirTry ? (
        <div role="group" aria-label="Their try" className="flex items-center gap-1.5">
          <span className="shrink-0 text-sm font-bold text-red-900">Their try:</span>
          <OpponentScoreButton pad={pad} score="try1" className="flex-1">
            Opp try 1
          </OpponentScoreButton>
          <OpponentScoreButton pad={pad} score="try2" className="flex-1">
            Opp try 2
          </OpponentScoreButton>
          <button
            type="button"
            aria-label="Hide their try"
            onClick={onHideTheirTry}
            className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ) : null}
      <PlayerTiles
        label="Receivers"
        players={tiles.players.filter((p) => p.id !== passerId)}
        onPick={(id) => pickReceiver(id)}
        trailing={tiles.trailing}
      />
      <div className="grid grid-cols-4 gap-1.5">
        <ActionButton tone="good" onClick={() => go({ kind: "run", runnerId, touchdown: false })}>
          Run
        </ActionButton>
        <ActionButton onClick={() => go({ kind: "penalty", effect: "none", playerId: null })}>Penalty</ActionButton>
        <ActionButton onClick={() => pickReceiver(null)}>No target</ActionButton>
        <OpponentScoreButton pad={pad} score="safety">
          Safety against us
        </OpponentScoreButton>
      </div>
    </>
  );
}
