import type { PenaltyEffect } from "#domain/snaps";
import { controlProps, FormField } from "~/ui/form-field";
import { ActionButton, ChoiceChips } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

const PENALTY_CHIPS = [5, 10, 15] as const;
const EFFECTS = [
  { value: "none", label: "None" },
  { value: "loss_of_down", label: "Loss of down" },
  { value: "first_down", label: "First down" },
] as const satisfies readonly { value: PenaltyEffect; label: string }[];

/** A penalty: its effect and (on us) the player, then one tap on its side and yards logs it. */
export function PenaltyStep({ pad, step }: { pad: PadTools; step: StepOf<"penalty"> }) {
  const { label, setStep } = pad;
  const log = (on: "us" | "them", yards: number) =>
    void pad.commit({
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
          disabled={pad.busy}
          onClick={() => log(on, yards)}
        >
          {yards}
        </ActionButton>
      ))}
    </div>
  );
  return (
    <>
      <StepHeader title="Penalty" onCancel={() => pad.go({ kind: "idle" })} />
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
            {pad.lineups.available.map((p) => (
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
}
