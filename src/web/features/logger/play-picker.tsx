import { clsx } from "clsx";
import { controlProps, FormField } from "~/ui/form-field";
import type { PlayOption } from "./queries";

/**
 * The play tag from the team's playbook ("No play" by default). On a pad ("inline") it tags the next thing logged,
 * its label beside it, and is not there while the playbook is empty. In the snap edit dialog ("stacked", label
 * above) it shows the snap's own play too when the playbook no longer lists it.
 */
export function PlayPicker({
  plays,
  playId,
  onChange,
  layout = "inline",
  className,
}: {
  plays: readonly PlayOption[];
  playId: string;
  onChange: (id: string) => void;
  layout?: "inline" | "stacked";
  className?: string;
}) {
  const inline = layout === "inline";
  const unlisted = !inline && playId !== "" && !plays.some((p) => p.id === playId);
  if (plays.length === 0 && !unlisted) return null;
  return (
    <FormField
      label="Play"
      className={inline ? clsx("flex items-center gap-1.5", className) : className}
      labelClassName={inline ? "text-sm font-semibold text-stone-800" : undefined}
    >
      {(field) => (
        <select
          {...controlProps(field)}
          value={playId}
          onChange={(e) => onChange(e.target.value)}
          className={inline ? "input h-10 min-w-0 flex-1 py-0" : "input"}
        >
          <option value="">No play</option>
          {plays.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          {unlisted ? <option value={playId}>A play not listed</option> : null}
        </select>
      )}
    </FormField>
  );
}
