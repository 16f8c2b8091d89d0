import { PlayerTiles } from "../../player-tiles";
import { StepHeader, type PadTools, type StepOf } from "./pad-step";

/** Who is throwing: chosen once and remembered; then on to the pass it was asked for, if any. */
export function PasserStep({
  pad,
  step,
  passerId,
  onPasserChange,
}: {
  pad: PadTools;
  step: StepOf<"passer">;
  passerId: string | null;
  onPasserChange: (id: string) => void;
}) {
  return (
    <>
      <StepHeader title="Who is throwing?" onCancel={() => pad.go({ kind: "idle" })} />
      <PlayerTiles
        label="Passer"
        players={pad.offenseTiles}
        selectedId={passerId}
        onPick={(id) => {
          onPasserChange(id);
          if (step.then === undefined) pad.go({ kind: "idle" });
          else if (step.then === id) pad.go({ kind: "idle" });
          else pad.go({ kind: "pass", targetId: step.then, result: "complete" });
        }}
        trailing={pad.playerToggle}
      />
    </>
  );
}
