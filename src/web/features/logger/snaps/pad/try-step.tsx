import { ChevronDown } from "lucide-react";
import { Fragment } from "react";
import { PlayerTiles } from "../../player-tiles";
import { ActionButton, ChoiceChips } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/**
 * After our touchdown: the try, preset from the touchdown and this game's last try (tryPreset), so one tap on its
 * points and result logs it; the method, the passer and the scorer can be changed first. Skipping it hands the ball
 * over (`onSkip`).
 */
export function TryStep({ pad, step, onSkip }: { pad: PadTools; step: StepOf<"try">; onSkip: () => void }) {
  const { busy, who, setStep } = pad;
  const pass = step.method === "pass";
  const log = (points: 1 | 2, good: boolean) =>
    void pad.commit({
      kind: "try",
      points,
      method: step.method,
      good,
      passerId: pass ? step.passerId : null,
      scorerId: pass && step.scorerId === step.passerId ? null : step.scorerId,
    });
  const list = pad.offenseTiles;
  return (
    <>
      <StepHeader title="Touchdown! The try:" cancelLabel="Skip try" onCancel={onSkip} />
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
          onPick={(id) => pad.go({ ...step, passerId: id, choosingPasser: false })}
          trailing={pad.playerToggle}
        />
      ) : (
        // The preset scorer is pressed; any other is one tap (tapping the pressed one names no one).
        <PlayerTiles
          label={pass ? "Try receiver" : "Try runner"}
          size="compact"
          players={pass ? list.filter((p) => p.id !== step.passerId) : list}
          selectedId={step.scorerId}
          onPick={(id) => setStep({ ...step, scorerId: id === step.scorerId ? null : id })}
          trailing={pad.playerToggle}
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
        Try for 1 from the {pad.rules.tryOneYards}, for 2 from the {pad.rules.tryTwoYards}.
      </p>
    </>
  );
}
