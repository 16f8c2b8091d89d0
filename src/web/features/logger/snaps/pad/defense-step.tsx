import type { ReactNode } from "react";
import { PlayerTiles } from "../../player-tiles";
import { ActionButton } from "../snap-buttons";
import type { LineupPlayer } from "../snap-model";
import { OpponentScoreButton, type PadTools } from "./pad-step";

/** The idle pad on defense: a defender tile asks what they did; a safety for us and the opponent's scores are one tap. */
export function DefenseStep({
  pad,
  tiles,
}: {
  pad: PadTools;
  /** The lineup's tiles (and the others when "more" is open), and their last tile. */
  tiles: { players: readonly LineupPlayer[]; trailing: ReactNode };
}) {
  return (
    <>
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-stone-700">Who made the play?</p>
        <ActionButton
          className="h-10 shrink-0 px-3"
          tone="score"
          disabled={pad.busy}
          onClick={() => void pad.commit({ kind: "safety", defenderId: null })}
        >
          Safety for us
        </ActionButton>
      </div>
      <PlayerTiles
        label="Defenders"
        players={tiles.players}
        onPick={(id) => pad.go({ kind: "defender", defenderId: id })}
        trailing={tiles.trailing}
      />
      <div role="group" aria-label="Opponent scored" className="grid grid-cols-4 gap-1.5">
        <OpponentScoreButton pad={pad} score="touchdown">
          Opp TD
        </OpponentScoreButton>
        <OpponentScoreButton pad={pad} score="try1">
          Opp try 1
        </OpponentScoreButton>
        <OpponentScoreButton pad={pad} score="try2">
          Opp try 2
        </OpponentScoreButton>
        <OpponentScoreButton pad={pad} score="safety">
          Opp safety
        </OpponentScoreButton>
      </div>
    </>
  );
}
