import { clsx } from "clsx";
import { ChevronDown, Flag, Shield, Undo2, X } from "lucide-react";
import { Fragment, useState, type ReactNode } from "react";
import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import type { LeagueRules } from "#domain/league-rules";
import type { OpponentScore, PenaltyEffect, PlayerLabel, SnapDetail } from "#domain/snaps";
import { controlProps, FormField } from "~/ui/form-field";
import { YardChips } from "~/ui/snap-yards";
import { PlayPicker } from "../play-picker";
import { PlayerTiles } from "../player-tiles";
import type { PlayOption } from "../queries";
import type { PadStatus } from "../view-model";
import { tryPreset, type LineupPlayer, type Lineups, type TryPreset } from "./snap-model";
import { ActionButton, ChoiceChips } from "./snap-buttons";

export type Side = "offense" | "defense";

/** Where the pad is in logging one snap. Each step is one screen of the pad; every tap moves it on or logs. */
type Step =
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

const PENALTY_CHIPS = [5, 10, 15] as const;
const EFFECTS = [
  { value: "none", label: "None" },
  { value: "loss_of_down", label: "Loss of down" },
  { value: "first_down", label: "First down" },
] as const satisfies readonly { value: PenaltyEffect; label: string }[];

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

function StepHeader({
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

/**
 * The snap pad: Offense and Defense panels that log a down in two or three taps. A completion is receiver →
 * result → yards (Complete is already chosen, so receiver → yards does it too); a flag pull is defender → Flag
 * pull; the opponent's scores are one tap. After our touchdown it asks for the try (skippable). The passer and the
 * runner are remembered; the play tag and "Crossed midfield" apply to the next snap and then clear.
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
  // Nobody of this side on the field: everyone who is.
  const tiles = sideLineup.length === 0 ? lineups.available : showAll ? [...sideLineup, ...others] : sideLineup;
  // The passer in words: a player off the lineup (marked absent since) still reads by number.
  const passerName = passerId
    ? (() => {
        const p = lineups.available.find((x) => x.id === passerId);
        return p ? `${label(p.id)} ${p.name}` : label(passerId);
      })()
    : null;
  const who = (id: string | null) => (id ? label(id) : "no one");

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

  /** One tap for an opponent's score (or a safety against us). */
  const opponentScore = (score: OpponentScore, label: string, className?: string) => (
    <ActionButton
      className={className}
      tone="opponent"
      disabled={busy}
      onClick={() => void commit({ kind: "opponent_score", score })}
    >
      {label}
    </ActionButton>
  );

  const pickReceiver = (targetId: string | null) => {
    if (!passerId) go({ kind: "passer", then: targetId });
    else go({ kind: "pass", targetId, result: "complete" });
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

  let body: ReactNode;
  switch (step.kind) {
    case "passer": {
      const list = showAll ? lineups.available : lineups.offense.length ? lineups.offense : lineups.available;
      body = (
        <>
          <StepHeader title="Who is throwing?" onCancel={() => go({ kind: "idle" })} />
          <PlayerTiles
            label="Passer"
            players={list}
            selectedId={passerId}
            onPick={(id) => {
              onPasserChange(id);
              if (step.then === undefined) go({ kind: "idle" });
              else if (step.then === id) go({ kind: "idle" });
              else go({ kind: "pass", targetId: step.then, result: "complete" });
            }}
            trailing={playerToggle}
          />
        </>
      );
      break;
    }
    case "pass": {
      const target = step.targetId;
      const send = (result: SnapDetail & { kind: "pass" }) => void commit(result);
      const base = { kind: "pass" as const, passerId: passerId ?? "", targetId: target };
      body = (
        <>
          <StepHeader
            title={
              <>
                Pass {who(passerId)} → {target ? label(target) : "no target"}
              </>
            }
            onCancel={() => go({ kind: "idle" })}
          />
          {keypad ? null : target ? (
            <div role="group" aria-label="Result" className="grid grid-cols-3 gap-1.5">
              <ActionButton
                compact
                pressed={step.result === "complete"}
                onClick={() => go({ ...step, result: "complete" })}
                tone="good"
              >
                Complete
              </ActionButton>
              <ActionButton
                compact
                pressed={step.result === "touchdown"}
                onClick={() => go({ ...step, result: "touchdown" })}
                tone="score"
              >
                Touchdown
              </ActionButton>
              <ActionButton
                compact
                onClick={() => send({ ...base, result: "incomplete", yards: null })}
                tone="bad"
                disabled={busy}
              >
                Incomplete
              </ActionButton>
              <ActionButton
                compact
                onClick={() => send({ ...base, result: "drop", yards: null })}
                tone="bad"
                disabled={busy}
              >
                Drop
              </ActionButton>
              <ActionButton
                compact
                onClick={() => send({ ...base, result: "intercepted", yards: null })}
                tone="bad"
                disabled={busy}
              >
                Intercepted
              </ActionButton>
            </div>
          ) : (
            <div role="group" aria-label="Result" className="grid grid-cols-2 gap-1.5">
              <ActionButton
                compact
                onClick={() => send({ ...base, result: "incomplete", yards: null })}
                tone="bad"
                disabled={busy}
              >
                Incomplete
              </ActionButton>
              <ActionButton
                compact
                onClick={() => send({ ...base, result: "intercepted", yards: null })}
                tone="bad"
                disabled={busy}
              >
                Intercepted
              </ActionButton>
            </div>
          )}
          {target ? (
            <YardChips
              label={step.result === "touchdown" ? "Touchdown, yards" : "Complete, yards gained"}
              min={MIN_YARDS}
              max={MAX_YARDS}
              disabled={busy}
              onKeypad={setKeypad}
              onPick={(yards) => send({ ...base, result: step.result, yards })}
            />
          ) : null}
        </>
      );
      break;
    }
    case "run": {
      const runner = step.runnerId;
      const list = showAll ? lineups.available : lineups.offense.length ? lineups.offense : lineups.available;
      body = (
        <>
          <StepHeader
            title={runner ? `Run by ${label(runner)}` : "Run: who carried?"}
            onCancel={() => go({ kind: "idle" })}
          />
          {keypad ? null : (
            <>
              {rules.trackDowns && rules.noRunZones.length > 0 ? (
                <p className="text-xs text-stone-600">No-run zones: {rules.noRunZones.join(" · ")}</p>
              ) : null}
              <PlayerTiles
                label="Runner"
                size="compact"
                players={list}
                selectedId={runner}
                onPick={(id) => setStep({ ...step, runnerId: id })}
                trailing={playerToggle}
              />
            </>
          )}
          <YardChips
            label={step.touchdown ? "Touchdown run, yards" : "Run, yards gained"}
            min={MIN_YARDS}
            max={MAX_YARDS}
            disabled={!runner || busy}
            onKeypad={setKeypad}
            onPick={(yards) => {
              if (runner) void commit({ kind: "run", runnerId: runner, yards, touchdown: step.touchdown });
            }}
          >
            {/* A touchdown run: pressed, then its yards. */}
            <ActionButton
              compact
              className="flex-1"
              tone="score"
              pressed={step.touchdown}
              onClick={() => setStep({ ...step, touchdown: !step.touchdown })}
            >
              Touchdown
            </ActionButton>
          </YardChips>
        </>
      );
      break;
    }
    case "penalty": {
      const log = (on: "us" | "them", yards: number) =>
        void commit({
          kind: "penalty",
          on,
          yards,
          effect: step.effect,
          playerId: on === "us" ? step.playerId : null,
        });
      const row = (on: "us" | "them") => (
        <div role="group" aria-label={on === "us" ? "On us" : "On them"} className="flex items-center gap-1.5">
          <span className="w-16 shrink-0 text-sm font-bold text-stone-800">{on === "us" ? "On us" : "On them"}</span>
          {PENALTY_CHIPS.map((yards) => (
            <ActionButton
              key={yards}
              className="flex-1"
              tone={on === "us" ? "bad" : "good"}
              label={`Penalty on ${on}, ${yards} yards`}
              disabled={busy}
              onClick={() => log(on, yards)}
            >
              {yards}
            </ActionButton>
          ))}
        </div>
      );
      body = (
        <>
          <StepHeader title="Penalty" onCancel={() => go({ kind: "idle" })} />
          <ChoiceChips
            label="Effect"
            options={EFFECTS}
            value={step.effect}
            onChange={(effect) => setStep({ ...step, effect })}
          />
          <FormField label="Player (on us, optional)" labelClassName="text-sm font-semibold text-stone-800">
            {(field) => (
              <select
                {...controlProps(field)}
                value={step.playerId ?? ""}
                onChange={(e) => setStep({ ...step, playerId: e.target.value || null })}
                className="input mt-1 h-10 py-0"
              >
                <option value="">No one named</option>
                {lineups.available.map((p) => (
                  <option key={p.id} value={p.id}>
                    {label(p.id)} {p.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {row("them")}
          {row("us")}
        </>
      );
      break;
    }
    case "defender": {
      const d = step.defenderId;
      body = (
        <>
          <StepHeader title={`Defense: ${label(d)}`} onCancel={() => go({ kind: "idle" })} />
          <div role="group" aria-label="What they did" className="grid grid-cols-3 gap-1.5">
            <ActionButton
              tone="defense"
              disabled={busy}
              onClick={() => void commit({ kind: "flag_pull", defenderId: d, yards: null })}
            >
              Flag pull
            </ActionButton>
            <ActionButton tone="defense" disabled={busy} onClick={() => void commit({ kind: "sack", defenderId: d })}>
              Sack
            </ActionButton>
            <ActionButton
              tone="defense"
              onClick={() => go({ kind: "return", defenderId: d, action: "interception", pickSix: false })}
            >
              Interception
            </ActionButton>
            <ActionButton
              tone="defense"
              disabled={busy}
              onClick={() => void commit({ kind: "pass_defended", defenderId: d })}
            >
              Pass defended
            </ActionButton>
            <ActionButton tone="defense" disabled={busy} onClick={() => void commit({ kind: "stop", defenderId: d })}>
              Stop
            </ActionButton>
            <ActionButton tone="score" disabled={busy} onClick={() => void commit({ kind: "safety", defenderId: d })}>
              Safety
            </ActionButton>
          </div>
          <ActionButton
            className="w-full"
            onClick={() => go({ kind: "return", defenderId: d, action: "flag_pull", pickSix: false })}
          >
            Flag pull, with yards…
          </ActionButton>
        </>
      );
      break;
    }
    case "return": {
      const d = step.defenderId;
      const interception = step.action === "interception";
      body = (
        <>
          <StepHeader
            title={`${interception ? "Interception" : "Flag pull"}: ${label(d)}`}
            onCancel={() => go({ kind: "idle" })}
          />
          {interception ? (
            <ChoiceChips
              label="Return"
              options={[
                { value: "no", label: "Returned" },
                { value: "td", label: "Returned for TD" },
              ]}
              value={step.pickSix ? "td" : "no"}
              onChange={(v) => setStep({ ...step, pickSix: v === "td" })}
            />
          ) : null}
          <YardChips
            label={interception ? "Return yards" : "Yards gained by their ball carrier"}
            noneLabel={interception ? "No return yards" : "No yards"}
            min={MIN_YARDS}
            max={MAX_YARDS}
            disabled={busy}
            onPick={(yards) =>
              void commit(
                interception
                  ? { kind: "interception", defenderId: d, returnTouchdown: step.pickSix, yards }
                  : { kind: "flag_pull", defenderId: d, yards },
              )
            }
          />
        </>
      );
      break;
    }
    case "try": {
      const pass = step.method === "pass";
      const log = (points: 1 | 2, good: boolean) =>
        void commit({
          kind: "try",
          points,
          method: step.method,
          good,
          passerId: pass ? step.passerId : null,
          scorerId: pass && step.scorerId === step.passerId ? null : step.scorerId,
        });
      const list = showAll ? lineups.available : lineups.offense.length ? lineups.offense : lineups.available;
      body = (
        <>
          <StepHeader title="Touchdown! The try:" cancelLabel="Skip try" onCancel={() => switchSide("defense")} />
          <div className="flex items-center gap-1.5">
            <ChoiceChips
              label="Try by"
              options={[
                { value: "pass", label: "Pass" },
                { value: "run", label: "Run" },
              ]}
              value={step.method}
              onChange={(method) => setStep({ ...step, method, choosingPasser: false })}
            />
            {pass ? (
              <button
                type="button"
                aria-label={`Try passer: ${who(step.passerId)}. Change`}
                aria-expanded={step.choosingPasser}
                onClick={() => setStep({ ...step, choosingPasser: !step.choosingPasser })}
                className="flex h-10 min-w-0 flex-1 items-center gap-1 rounded-lg border border-stone-300 bg-white px-2.5 text-sm font-bold text-stone-900"
              >
                <span className="text-xs font-semibold tracking-wide text-stone-600 uppercase">Passer</span>
                <span className="truncate">{who(step.passerId)}</span>
                <ChevronDown aria-hidden="true" className="ml-auto size-4 shrink-0" />
              </button>
            ) : null}
          </div>
          {step.choosingPasser ? (
            <PlayerTiles
              label="Try passer"
              size="compact"
              players={list}
              selectedId={step.passerId}
              onPick={(id) => go({ ...step, passerId: id, choosingPasser: false })}
              trailing={playerToggle}
            />
          ) : (
            // The preset scorer is pressed; any other is one tap (tapping the pressed one names no one).
            <PlayerTiles
              label={pass ? "Try receiver" : "Try runner"}
              size="compact"
              players={pass ? list.filter((p) => p.id !== step.passerId) : list}
              selectedId={step.scorerId}
              onPick={(id) => setStep({ ...step, scorerId: id === step.scorerId ? null : id })}
              trailing={playerToggle}
            />
          )}
          <div role="group" aria-label="Try result" className="grid grid-cols-2 gap-1.5">
            {([1, 2] as const).map((points) => (
              <Fragment key={points}>
                <ActionButton
                  compact
                  tone="score"
                  disabled={busy}
                  label={`Try for ${points}: good`}
                  onClick={() => log(points, true)}
                >
                  {points === 1 ? "1 pt" : "2 pts"} · Good
                </ActionButton>
                <ActionButton
                  compact
                  tone="bad"
                  disabled={busy}
                  label={`Try for ${points}: no good`}
                  onClick={() => log(points, false)}
                >
                  {points === 1 ? "1 pt" : "2 pts"} · No good
                </ActionButton>
              </Fragment>
            ))}
          </div>
          <p className="text-xs text-stone-600">
            Try for 1 from the {rules.tryOneYards}, for 2 from the {rules.tryTwoYards}.
          </p>
        </>
      );
      break;
    }
    case "idle":
      body =
        side === "offense" ? (
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
              {rules.trackDowns ? (
                <ActionButton
                  className="h-10 shrink-0"
                  pressed={firstDown}
                  onClick={() => onFirstDownChange(!firstDown)}
                >
                  Crossed midfield
                </ActionButton>
              ) : null}
            </div>
            {theirTry ? (
              <div role="group" aria-label="Their try" className="flex items-center gap-1.5">
                <span className="shrink-0 text-sm font-bold text-red-900">Their try:</span>
                {opponentScore("try1", "Opp try 1", "flex-1")}
                {opponentScore("try2", "Opp try 2", "flex-1")}
                <button
                  type="button"
                  aria-label="Hide their try"
                  onClick={() => setTheirTry(false)}
                  className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-stone-600 hover:bg-stone-100"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </div>
            ) : null}
            <PlayerTiles
              label="Receivers"
              players={tiles.filter((p) => p.id !== passerId)}
              onPick={(id) => pickReceiver(id)}
              trailing={sideLineup.length > 0 ? playerToggle : null}
            />
            <div className="grid grid-cols-4 gap-1.5">
              <ActionButton
                tone="good"
                onClick={() => go({ kind: "run", runnerId: rememberedRunner, touchdown: false })}
              >
                Run
              </ActionButton>
              <ActionButton onClick={() => go({ kind: "penalty", effect: "none", playerId: null })}>
                Penalty
              </ActionButton>
              <ActionButton onClick={() => pickReceiver(null)}>No target</ActionButton>
              {opponentScore("safety", "Safety against us")}
            </div>
          </>
        ) : (
          <>
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-semibold text-stone-700">Who made the play?</p>
              <ActionButton
                className="h-10 shrink-0 px-3"
                tone="score"
                disabled={busy}
                onClick={() => void commit({ kind: "safety", defenderId: null })}
              >
                Safety for us
              </ActionButton>
            </div>
            <PlayerTiles
              label="Defenders"
              players={tiles}
              onPick={(id) => go({ kind: "defender", defenderId: id })}
              trailing={sideLineup.length > 0 ? playerToggle : null}
            />
            <div role="group" aria-label="Opponent scored" className="grid grid-cols-4 gap-1.5">
              {opponentScore("touchdown", "Opp TD")}
              {opponentScore("try1", "Opp try 1")}
              {opponentScore("try2", "Opp try 2")}
              {opponentScore("safety", "Opp safety")}
            </div>
          </>
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
