import { X } from "lucide-react";
import type { ReactNode } from "react";
import type { LeagueRules } from "#domain/league-rules";
import type { OpponentScore, PenaltyEffect, PlayerLabel, SnapDetail } from "#domain/snaps";
import { ActionButton } from "../snap-buttons";
import type { LineupPlayer, Lineups } from "../snap-model";

export type Side = "offense" | "defense";

/** Where the pad is in logging one snap. Each step is one screen of the pad; every tap moves it on or logs. */
export type Step =
  | { kind: "idle" }
  /** Choosing the passer; `then` is the receiver to go on with (null: no target), undefined: back to idle. */
  | { kind: "passer"; then?: string | null }
  | { kind: "pass"; targetId: string | null; result: "complete" | "touchdown" }
  | { kind: "run"; runnerId: string | null; touchdown: boolean }
  | { kind: "penalty"; effect: PenaltyEffect; playerId: string | null }
  | { kind: "defender"; defenderId: string }
  | { kind: "return"; defenderId: string; action: "flag_pull" | "interception"; pickSix: boolean }
  /** After our touchdown: the try's method, passer and scorer (preset: tryPreset), one tap logs it. */
  | {
      kind: "try";
      passerId: string | null;
      scorerId: string | null;
      method: "pass" | "run";
      choosingPasser: boolean;
    };

/** One kind of step, as its screen gets it. */
export type StepOf<K extends Step["kind"]> = Extract<Step, { kind: K }>;

/** What every step's screen works with: the pad's lineups and rules, and how it moves on or logs. */
export interface PadTools {
  lineups: Lineups<LineupPlayer>;
  label: PlayerLabel;
  rules: LeagueRules;
  /** A snap is being queued: the buttons that log wait. */
  busy: boolean;
  /** Who may throw, carry or score: the offense (everyone on the field when it is empty or "more" is open). */
  offenseTiles: readonly LineupPlayer[];
  /** The last tile of a lineup: the players of the other side ("+3 more" / "Fewer"), or null. */
  playerToggle: ReactNode;
  /** A player's label, or "no one". */
  who: (id: string | null) => string;
  /** Moves to another step (or back to idle), closing "more" and the yards keypad. */
  go: (next: Step) => void;
  /** Changes the step in place (a toggle, a choice). */
  setStep: (next: Step) => void;
  /** Logs a snap, then moves on (the try after our touchdown, the side after a turnover or a score). */
  commit: (detail: SnapDetail) => Promise<void>;
  /** The yards keypad opened or closed: the step hides its results and players while it is open. */
  setKeypad: (open: boolean) => void;
  keypad: boolean;
}

export function StepHeader({
  title,
  onCancel,
  cancelLabel = "Cancel",
}: {
  title: ReactNode;
  onCancel: () => void;
  cancelLabel?: string;
}) {
  return (
    <div className="flex min-h-10 items-center justify-between gap-2">
      <h3 className="min-w-0 truncate text-base font-bold text-stone-900">{title}</h3>
      <button type="button" onClick={onCancel} className="btn btn-secondary h-10 shrink-0 px-3 py-0">
        <X aria-hidden="true" className="size-4" />
        {cancelLabel}
      </button>
    </div>
  );
}

/** One tap for an opponent's score (or a safety against us). */
export function OpponentScoreButton({
  pad,
  score,
  children,
  className,
}: {
  pad: PadTools;
  score: OpponentScore;
  children: ReactNode;
  className?: string;
}) {
  return (
    <ActionButton
      className={className}
      tone="opponent"
      disabled={pad.busy}
      onClick={() => void pad.commit({ kind: "opponent_score", score })}
    >
      {children}
    </ActionButton>
  );
}
