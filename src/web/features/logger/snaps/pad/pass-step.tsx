import { MAX_YARDS, MIN_YARDS } from "#domain/limits";
import type { SnapDetail } from "#domain/snaps";
import { YardChips } from "~/ui/snap-yards";
import { ActionButton } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/** A pass to a receiver (or to no one): its result, then the yards of a completion or a touchdown. */
export function PassStep({ pad, step, passerId }: { pad: PadTools; step: StepOf<"pass">; passerId: string | null }) {
  const { go, label, busy } = pad;
  const target = step.targetId;
  const send = (result: SnapDetail & { kind: "pass" }) => void pad.commit(result);
  const base = { kind: "pass" as const, passerId: passerId ?? "", targetId: target };
  /** A pass that gains nothing: one tap logs it. */
  const missed = (result: "incomplete" | "drop" | "intercepted", text: string) => (
    <ActionButton compact onClick={() => send({ ...base, result, yards: null })} tone="bad" disabled={busy}>
      {text}
    </ActionButton>
  );
  return (
    <>
      <StepHeader
        title={
          <>
            Pass {pad.who(passerId)} → {target ? label(target) : "no target"}
          </>
        }
        onCancel={() => go({ kind: "idle" })}
      />
      {pad.keypad ? null : target ? (
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
          {missed("incomplete", "Incomplete")}
          {missed("drop", "Drop")}
          {missed("intercepted", "Intercepted")}
        </div>
      ) : (
        <div role="group" aria-label="Result" className="grid grid-cols-2 gap-1.5">
          {missed("incomplete", "Incomplete")}
          {missed("intercepted", "Intercepted")}
        </div>
      )}
      {target ? (
        <YardChips
          label={step.result === "touchdown" ? "Touchdown, yards" : "Complete, yards gained"}
          min={MIN_YARDS}
          max={MAX_YARDS}
          disabled={busy}
          onKeypad={pad.setKeypad}
          onPick={(yards) => send({ ...base, result: step.result, yards })}
        />
      ) : null}
    </>
  );
}
