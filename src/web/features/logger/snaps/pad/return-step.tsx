import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import { YardChips } from "~/ui/snap-yards";
import { ChoiceChips } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/** An interception's return (for a touchdown or not) or a flag pull's yards: one tap on the yards logs it. */
export function ReturnStep({ pad, step }: { pad: PadTools; step: StepOf<"return"> }) {
  const d = step.defenderId;
  const interception = step.action === "interception";
  return (
    <>
      <StepHeader
        title={`${interception ? "Interception" : "Flag pull"}: ${pad.label(d)}`}
        onCancel={() => pad.go({ kind: "idle" })}
      />
      {interception ? (
        <ChoiceChips
          label="Return"
          options={[
            { value: "no", label: "Returned" },
            { value: "td", label: "Returned for TD" },
          ]}
          value={step.pickSix ? "td" : "no"}
          onChange={(v) => pad.setStep({ ...step, pickSix: v === "td" })}
        />
      ) : null}
      <YardChips
        label={interception ? "Return yards" : "Yards gained by their ball carrier"}
        noneLabel={interception ? "No return yards" : "No yards"}
        min={MIN_YARDS}
        max={MAX_YARDS}
        disabled={pad.busy}
        onPick={(yards) =>
          void pad.commit(
            interception
              ? { kind: "interception", defenderId: d, returnTouchdown: step.pickSix, yards }
              : { kind: "flag_pull", defenderId: d, yards },
          )
        }
      />
    </>
  );
}
