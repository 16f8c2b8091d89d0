import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import { YardChips } from "~/ui/snap-yards";
import { PlayerTiles } from "../../player-tiles";
import { ActionButton } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/** A run: the runner (the last one is chosen already), a touchdown or not, then its yards. */
export function RunStep({ pad, step }: { pad: PadTools; step: StepOf<"run"> }) {
  const { label, rules, busy } = pad;
  const runner = step.runnerId;
  return (
    <>
      <StepHeader
        title={runner ? `Run by ${label(runner)}` : "Run: who carried?"}
        onCancel={() => pad.go({ kind: "idle" })}
      />
      {pad.keypad ? null : (
        <>
          {rules.trackDowns && rules.noRunZones.length > 0 ? (
            <p className="text-xs text-stone-600">No-run zones: {rules.noRunZones.join(" · ")}</p>
          ) : null}
          <PlayerTiles
            label="Runner"
            size="compact"
            players={pad.offenseTiles}
            selectedId={runner}
            onPick={(id) => pad.setStep({ ...step, runnerId: id })}
            trailing={pad.playerToggle}
          />
        </>
      )}
      <YardChips
        label={step.touchdown ? "Touchdown run, yards" : "Run, yards gained"}
        min={MIN_YARDS}
        max={MAX_YARDS}
        disabled={!runner || busy}
        onKeypad={pad.setKeypad}
        onPick={(yards) => {
          if (runner) void pad.commit({ kind: "run", runnerId: runner, yards, touchdown: step.touchdown });
        }}
      >
        {/* A touchdown run: pressed, then its yards. */}
        <ActionButton
          compact
          className="flex-1"
          tone="score"
          pressed={step.touchdown}
          onClick={() => pad.setStep({ ...step, touchdown: !step.touchdown })}
        >
          Touchdown
        </ActionButton>
      </YardChips>
    </>
  );
}
