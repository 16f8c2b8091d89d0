import { ActionButton } from "../snap-buttons";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/** What the chosen defender did: most are one tap; an interception or a flag pull with yards goes on to Return. */
export function DefenderStep({ pad, step }: { pad: PadTools; step: StepOf<"defender"> }) {
  const { busy, commit, go } = pad;
  const d = step.defenderId;
  return (
    <>
      <StepHeader title={`Defense: ${pad.label(d)}`} onCancel={() => go({ kind: "idle" })} />
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
}
