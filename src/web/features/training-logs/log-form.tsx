import { zodResolver } from "@hookform/resolvers/zod";
import { clsx } from "clsx";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "#domain/zod";
import { submitErrorMessage } from "~/ui/form-errors";
import {
  controlProps,
  FormField,
  FormMessage,
  InputField,
  SelectField,
  TextAreaField,
  ValueOptions,
} from "~/ui/form-field";
import {
  ACTIVITY_TYPES,
  activityTypeSchema,
  createTrainingLogSchema,
  MAX_DURATION_MINUTES,
  MAX_INTENSITY,
  MAX_LOG_NOTES,
  MIN_DURATION_MINUTES,
  MIN_INTENSITY,
  type TrainingLogDto,
  updateTrainingLogSchema,
} from "#domain/api/player";
import { intensityWord } from "./weeks";

/** What a number input holds (text) read as the number the API expects; anything else is left for the schema to refuse. */
const fromText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value: string) => {
    const text = value.trim();
    if (text === "") return undefined;
    return /^[+-]?\d+(?:\.\d+)?$/.test(text) ? Number(text) : value;
  }, schema);

/** The API's own rules (createTrainingLogSchema); the activity starts blank and the numbers arrive as text. */
const logFormSchema = z.object({
  date: createTrainingLogSchema.shape.date,
  activityType: z.string().pipe(activityTypeSchema),
  durationMinutes: fromText(createTrainingLogSchema.shape.durationMinutes),
  intensity: fromText(createTrainingLogSchema.shape.intensity),
  notes: z.string().pipe(updateTrainingLogSchema.shape.notes.unwrap()),
});
export type LogFormValues = z.input<typeof logFormSchema>;
export type LogFormOutput = z.output<typeof logFormSchema>;
const FIELDS = ["date", "activityType", "durationMinutes", "intensity", "notes"] as const;

export function blankLog(today: string): LogFormValues {
  return { date: today, activityType: "", durationMinutes: "", intensity: "5", notes: "" };
}

export function logValues(log: TrainingLogDto): LogFormValues {
  return {
    date: log.date,
    activityType: log.activityType,
    durationMinutes: String(log.durationMinutes),
    intensity: String(log.intensity),
    notes: log.notes,
  };
}

/**
 * A training entry's fields: day, activity, minutes, intensity (a slider with its value written beside it) and
 * notes. Used to add an entry and, in a dialog, to change one. `save` throws the API's error; a 400's field
 * messages are shown beside their fields.
 */
export function LogForm({
  initial,
  today,
  submitLabel,
  pendingLabel,
  save,
  resetAfterSave,
  className,
}: {
  initial: LogFormValues;
  /** The viewer's today, the latest day the date picker offers. */
  today: string;
  submitLabel: string;
  pendingLabel: string;
  save: (values: LogFormOutput) => Promise<void>;
  /** Add form: back to a blank entry (dated today) once saved. */
  resetAfterSave?: LogFormValues;
  className?: string;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LogFormValues, unknown, LogFormOutput>({
    resolver: zodResolver(logFormSchema),
    defaultValues: initial,
  });
  const intensity = Number(useWatch({ control, name: "intensity" }));
  const notes = useWatch({ control, name: "notes" });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
      if (resetAfterSave) reset(resetAfterSave);
    } catch (error) {
      setFormError(submitErrorMessage(error, FIELDS, setError, "The entry could not be saved. Please try again."));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className={clsx("space-y-5", className)}>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Date" error={errors.date?.message} {...register("date")} type="date" max={today} />
        <SelectField label="Activity" error={errors.activityType?.message} {...register("activityType")}>
          <option value="">Choose an activity</option>
          <ValueOptions values={ACTIVITY_TYPES} />
        </SelectField>
        <InputField
          label="Duration (minutes)"
          hint={`${MIN_DURATION_MINUTES} to ${MAX_DURATION_MINUTES}`}
          error={errors.durationMinutes?.message}
          {...register("durationMinutes")}
          type="number"
          inputMode="numeric"
          min={MIN_DURATION_MINUTES}
          max={MAX_DURATION_MINUTES}
          step={1}
        />
        <FormField label="Intensity" hint="1 is easy, 10 is all-out." error={errors.intensity?.message}>
          {(ids) => (
            <div className="flex items-center gap-3 pt-1.5">
              <input
                {...controlProps(ids, errors.intensity?.message)}
                {...register("intensity")}
                type="range"
                min={MIN_INTENSITY}
                max={MAX_INTENSITY}
                step={1}
                aria-valuetext={`${intensity} of ${MAX_INTENSITY}, ${intensityWord(intensity)}`}
                className="h-2 min-w-0 flex-1 cursor-pointer accent-field-700"
              />
              <output
                htmlFor={ids.inputId}
                aria-hidden="true"
                className="w-14 shrink-0 text-right font-bold text-stone-900 tabular-nums"
              >
                {intensity} / {MAX_INTENSITY}
              </output>
            </div>
          )}
        </FormField>
      </div>
      <TextAreaField
        label="Notes (optional)"
        error={errors.notes?.message}
        {...register("notes")}
        rows={3}
        className="input resize-y"
        count={{ length: notes.length, max: MAX_LOG_NOTES }}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn btn-field" disabled={isSubmitting}>
        {isSubmitting ? pendingLabel : submitLabel}
      </button>
    </form>
  );
}
