import { clsx } from "clsx";
import { useId } from "react";

/**
 * A choice of one among a few, drawn as joined buttons but built from native radio buttons (arrow keys move
 * between them, screen readers announce "radio, 2 of 4"), grouped under a visible legend.
 */
export function SegmentedControl<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <fieldset className={className}>
      <legend className="label">{legend}</legend>
      <div className="inline-flex flex-wrap rounded-lg border border-stone-400 bg-white p-0.5">
        {options.map((option) => (
          <label
            key={option.value}
            className={clsx(
              "cursor-pointer rounded-md px-3 py-1.5 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-accent-700",
              value === option.value ? "bg-field-700 text-white" : "text-stone-800 hover:bg-stone-100",
            )}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="sr-only"
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
