import { clsx } from "clsx";
import { ChevronDown, Flag, Shield, Undo2 } from "lucide-react";
import { useState, type ReactNode } from "react";
import type { LeagueRules } from "#domain/league-rules";
import type { PlayerLabel, SnapDetail } from "#domain/snaps";
import { PlayPicker } from "../../play-picker";
import type { PlayOption } from "../../queries";
import type { PadStatus } from "../../view-model";
import { tryPreset, type LineupPlayer, type Lineups, type TryPreset } from "../snap-model";
import { DefenderStep } from "./defender-step";
import { DefenseStep } from "./defense-step";
import { OffenseStep } from "./offense-step";
import type { PadTools, Side, Step } from "./pad-step";
import { PassStep } from "./pass-step";
import { PasserStep } from "./passer-step";
import { PenaltyStep } from "./penalty-step";
import { ReturnStep } from "./return-step";
import { RunStep } from "./run-step";
import { TryStep } from "./try-step";

/** Whether a snap scores a touchdown for us (a try follows). */
function ourTouchdown(d: SnapDetail): boolean {
  return (
    (d.kind === "pass" && d.result === "touchdown") ||
    (d.kind === "run" && d.touchdown) ||
    (d.kind === "interception" && d.returnTouchdown)
  );
}

/** Which side has the ball after a snap, when the snap says (a score, a turnover); null: unchanged. */
function sideAfter(d: SnapDetail): Side | null {
  switch (d.kind) {
    case "try":
      return "defense"; // we scored: they get the ball
    case "pass":
      return d.result === "intercepted" ? "defense" : null;
    case "interception":
    case "safety":
      return "offense";
    case "opponent_score":
      // Their touchdown or try: we get the ball next. A safety against us: they get it.
      return d.score === "safety" ? "defense" : "offense";
    default:
      return null;
  }
}

/**
 * The snap pad: Offense and Defense panels that log a down in two or three taps. A completion is receiver →
 * result → yards (Complete is already chosen, so receiver → yards does it too); a flag pull is defender → Flag
 * pull; the opponent's scores are one tap. After our touchdown it asks for the try (skippable). The passer and the
 * runner are remembered; the play tag and "Crossed midfield" apply to the next snap and then clear. Each step is a
 * screen of its own (./*-step.tsx); this holds where the pad is and what every step shares.
 */
export function SnapPad({
  lineups,
  label,
  rules,
  passerId,
  onPasserChange,
  runnerId: rememberedRunner,
  lastTry,
  plays,
  playId,
  onPlayChange,
  firstDown,
  onFirstDownChange,
  onLog,
  status,
  undoLabel,
  onUndo,
  undoing,
}: {
  lineups: Lineups<LineupPlayer>;
  label: PlayerLabel;
  rules: LeagueRules;
  passerId: string | null;
  onPasserChange: (id: string) => void;
  runnerId: string | null;
  /** This game's latest try (rememberedTry): the next one is likely the same. */
  lastTry: TryPreset | null;
  plays: readonly PlayOption[];
  playId: string;
  onPlayChange: (id: string) => void;
  firstDown: boolean;
  onFirstDownChange: (on: boolean) => void;
  /** Logs a snap; false when it could not be queued. */
  onLog: (detail: SnapDetail) => Promise<boolean>;
  status: PadStatus | null;
  /** The Undo button's words, naming what it takes back ("Undo: #7 → #11, 12 yds", "Undo delete: …"); null hides it. */
  undoLabel: string | null;
  onUndo: () => void;
  undoing: boolean;
}) {
  const [side, setSide] = useState<Side>("offense");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [showAll, setShowAll] = useState(false);
  const [theirTry, setTheirTry] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The yards keypad is open: the step shows it in place of its results and players. */
  const [keypad, setKeypad] = useState(false);

  const sideLineup = side === "offense" ? lineups.offense : lineups.defense;
  const lineupIds = new Set(sideLineup.map((p) => p.id));
  const others = lineups.available.filter((p) => !lineupIds.has(p.id));

  const go = (next: Step) => {
    setShowAll(false);
    setKeypad(false);
    setStep(next);
  };
  const switchSide = (next: Side) => {
    setSide(next);
    go({ kind: "idle" });
  };

  const commit = async (detail: SnapDetail) => {
    if (busy) return;
    setBusy(true);
    try {
      if (!(await onLog(detail))) return;
    } finally {
      setBusy(false);
    }
    setTheirTry(detail.kind === "opponent_score" && detail.score === "touchdown");
    if (ourTouchdown(detail)) {
      setSide("offense");
      go({ kind: "try", ...tryPreset(detail, passerId, lastTry), choosingPasser: false });
      return;
    }
    const next = sideAfter(detail);
    if (next) setSide(next);
    go({ kind: "idle" });
  };

  // The last tile of a lineup: the players of the other side (on the field, but not in this lineup).
  const playerToggle =
    others.length > 0 ? (
      <button
        type="button"
        aria-expanded={showAll}
        onClick={() => setShowAll((v) => !v)}
        className="flex h-full min-h-12 w-full items-center justify-center gap-1 rounded-xl border-2 border-dashed border-stone-300 bg-stone-50 px-1 text-sm font-bold text-stone-800 hover:bg-stone-100"
      >
        {showAll ? "Fewer" : `+${others.length} more`}
        <ChevronDown aria-hidden="true" className={clsx("size-4 transition-transform", showAll && "rotate-180")} />
      </button>
    ) : null;

  const pad: PadTools = {
    lineups,
    label,
    rules,
    busy,
    offenseTiles: showAll ? lineups.available : lineups.offense.length ? lineups.offense : lineups.available,
    playerToggle,
    who: (id) => (id ? label(id) : "no one"),
    go,
    setStep,
    commit,
    setKeypad,
    keypad,
  };
  // The idle pad's tiles: this side's lineup (and the others when "more" is open); nobody of this side on the
  // field: everyone who is.
  const idleTiles = {
    players: sideLineup.length === 0 ? lineups.available : showAll ? [...sideLineup, ...others] : sideLineup,
    trailing: sideLineup.length > 0 ? playerToggle : null,
  };

  let body: ReactNode;
  switch (step.kind) {
    case "passer":
      body = <PasserStep pad={pad} step={step} passerId={passerId} onPasserChange={onPasserChange} />;
      break;
    case "pass":
      body = <PassStep pad={pad} step={step} passerId={passerId} />;
      break;
    case "run":
      body = <RunStep pad={pad} step={step} />;
      break;
    case "penalty":
      body = <PenaltyStep pad={pad} step={step} />;
      break;
    case "defender":
      body = <DefenderStep pad={pad} step={step} />;
      break;
    case "return":
      body = <ReturnStep pad={pad} step={step} />;
      break;
    case "try":
      body = <TryStep pad={pad} step={step} onSkip={() => switchSide("defense")} />;
      break;
    case "idle":
      body =
        side === "offense" ? (
          <OffenseStep
            pad={pad}
            tiles={idleTiles}
            passerId={passerId}
            runnerId={rememberedRunner}
            firstDown={firstDown}
            onFirstDownChange={onFirstDownChange}
            theirTry={theirTry}
            onHideTheirTry={() => setTheirTry(false)}
          />
        ) : (
          <DefenseStep pad={pad} tiles={idleTiles} />
        );
      break;
  }

  return (
    <div className="space-y-2">
      {/* What the last tap did, for screen readers; the eye reads it on the Undo button (errors show here). */}
      <p
        aria-live="polite"
        aria-atomic="true"
        className={clsx(
          "text-sm font-semibold",
          status && status.tone !== "ok" ? (status.tone === "error" ? "text-red-700" : "text-stone-700") : "sr-only",
        )}
      >
        {status?.text ?? ""}
      </p>
      {undoLabel && step.kind === "idle" ? (
        <button
          type="button"
          onClick={onUndo}
          disabled={undoing}
          className="btn btn-secondary h-10 w-full justify-start px-3 py-0"
        >
          <Undo2 aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{undoLabel}</span>
        </button>
      ) : null}
      {/* A step is one or two taps, left by its Cancel: the side, Undo and the play wait on the idle pad. */}
      {step.kind === "idle" ? (
        <div
          role="group"
          aria-label="Side of the ball"
          className="grid grid-cols-2 gap-1 rounded-xl bg-stone-200/70 p-0.5"
        >
          {(["offense", "defense"] as const).map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={side === s}
              onClick={() => switchSide(s)}
              className={clsx(
                "flex h-9 items-center justify-center gap-1.5 rounded-lg text-sm font-bold",
                side === s ? "bg-white text-stone-950 shadow-sm" : "text-stone-700",
              )}
            >
              {s === "offense" ? (
                <Flag aria-hidden="true" className="size-4" />
              ) : (
                <Shield aria-hidden="true" className="size-4" />
              )}
              {s === "offense" ? "Offense" : "Defense"}
            </button>
          ))}
        </div>
      ) : null}
      {step.kind === "idle" ? <PlayPicker plays={plays} playId={playId} onChange={onPlayChange} /> : null}
      <section aria-label={side === "offense" ? "Offense" : "Defense"} className="space-y-2">
        {body}
      </section>
    </div>
  );
}
