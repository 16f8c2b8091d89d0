import { clsx } from "clsx";
import { useId } from "react";

/** An on/off switch (role="switch", aria-checked) with its label and a line saying what it is. */
export function Switch({
  label,
  description,
  on,
  disabled,
  onChange,
}: {
  label: string;
  description: string;
  on: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p id={`${id}-label`} className="font-semibold text-stone-900">
          {label}
        </p>
        <p id={`${id}-description`} className="mt-0.5 text-sm text-stone-600">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={clsx(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:cursor-wait",
          on ? "border-field-700 bg-field-700" : "border-stone-400 bg-stone-200",
        )}
      >
        <span
          aria-hidden="true"
          className={clsx(
            "inline-block size-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none",
            on ? "translate-x-5" : "translate-x-0.5",
          )}
        />
      </button>
    </div>
  );
}
