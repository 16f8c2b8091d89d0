import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { Save } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "#domain/zod";
import { FormCard } from "~/ui/app-page";
import { isApiError } from "~/lib/api";
import { applyServerFieldErrors, submitErrorMessage } from "~/ui/form-errors";
import { controlProps, FieldError, FormField, FormOutcome, InputField, useFormOutcome } from "~/ui/form-field";
import { PositionChecklist, PositionOptions } from "~/ui/position-choices";
import type { ProfileDto } from "#domain/api/player";
import { positionName } from "#domain/positions";
import { fullNameSchema, jerseyNumberSchema, positionKeySchema } from "#domain/schemas";
import { updateProfile } from "./api";
import { useProfileChanged } from "./profile-cache";

/** The shared field rules of signup and PATCH /api/profile; the primary position starts as a select's text. */
const detailsSchema = z.object({
  fullName: fullNameSchema,
  jerseyNumber: jerseyNumberSchema,
  primaryPosition: z.string().pipe(positionKeySchema),
  positions: z.array(z.string().pipe(positionKeySchema)).max(10, { error: "Choose at most ten positions." }),
});
type DetailsInput = z.input<typeof detailsSchema>;
type DetailsOutput = z.output<typeof detailsSchema>;
const FIELDS = ["fullName", "jerseyNumber", "primaryPosition", "positions"] as const;

/** The form starts from what the player asked for while the coach has not answered (docs/product.md §11). */
function defaults(profile: ProfileDto): DetailsInput {
  const jersey = profile.request?.jerseyNumber ?? profile.jerseyNumber;
  const primary = profile.request?.primaryPosition ?? profile.primaryPosition;
  return {
    fullName: profile.fullName,
    jerseyNumber: jersey === null ? "" : String(jersey),
    primaryPosition: primary ?? "",
    positions: profile.positions.filter((p) => p !== primary),
  };
}

/** "Requested #12 · waiting for your coach", for the field the request is about. */
function requested(profile: ProfileDto, field: "jerseyNumber" | "primaryPosition"): string | null {
  const value = profile.request?.[field];
  if (value === null || value === undefined) return null;
  return `Requested ${typeof value === "number" ? `#${value}` : positionName(value)} · waiting for your coach`;
}

/** Name, jersey number, primary position and the other positions a player can play. */
export function DetailsForm({ profile }: { profile: ProfileDto }) {
  const id = useId();
  const profileChanged = useProfileChanged();
  const { formError, setFormError, notice, setNotice, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setValue,
    formState: { errors, isDirty },
  } = useForm<DetailsInput, unknown, DetailsOutput>({
    resolver: zodResolver(detailsSchema),
    defaultValues: defaults(profile),
  });
  const primary = useWatch({ control, name: "primaryPosition" });
  // Controlled by hand rather than registered: the primary position's box is shown ticked and locked, and a box
  // that changes between locked and free must not carry a stale tick with it.
  const others = useWatch({ control, name: "positions" });
  const toggle = (key: string, on: boolean) => {
    const next = on ? [...others.filter((p) => p !== key), key] : others.filter((p) => p !== key);
    setValue("positions", next, { shouldDirty: true });
  };

  const save = useMutation({
    mutationFn: (values: DetailsOutput) =>
      updateProfile({
        fullName: values.fullName,
        jerseyNumber: values.jerseyNumber,
        primaryPosition: values.primaryPosition,
        // The primary position first, then the others: a box left ticked for the new primary is not a repeat.
        positions: [values.primaryPosition, ...values.positions.filter((p) => p !== values.primaryPosition)],
      }),
    onSuccess: (saved) => {
      profileChanged(saved);
      reset(defaults(saved));
      setNotice(
        saved.request
          ? "Your profile is saved. Your jersey number and primary position are your coach's to set: your change waits for them."
          : "Your profile is saved. Your coaches see the change straight away.",
      );
    },
    onError: (error) => {
      if (isApiError(error, 409) && Object.keys(error.fields).length > 0) {
        setFormError(applyServerFieldErrors(error, FIELDS, setError));
        return;
      }
      setFormError(submitErrorMessage(error, FIELDS, setError, "Your profile could not be saved. Please try again."));
    },
  });

  const onSubmit = handleSubmit((values) => {
    clear();
    save.mutate(values);
  });

  return (
    <FormCard
      title="Your details"
      lead="Your coach finds you in the Event Logger by name, number and position. Your jersey number and primary position are your coach's to set: a change here is a request they approve."
    >
      <form noValidate onSubmit={onSubmit} className="mt-5 space-y-5">
        <InputField
          label="Full name"
          error={errors.fullName?.message}
          {...register("fullName")}
          type="text"
          autoComplete="name"
        />
        <div className="grid gap-5 sm:grid-cols-[9rem_1fr]">
          <InputField
            label="Jersey number"
            hint={requested(profile, "jerseyNumber") ?? "0–99"}
            error={errors.jerseyNumber?.message}
            {...register("jerseyNumber")}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
          />
          <FormField
            label="Primary position"
            hint={requested(profile, "primaryPosition") ?? "Where you play most."}
            error={errors.primaryPosition?.message}
          >
            {(ids) => (
              <select
                {...controlProps(ids, errors.primaryPosition?.message)}
                {...register("primaryPosition")}
                className="input"
              >
                <PositionOptions />
              </select>
            )}
          </FormField>
        </div>
        <fieldset aria-describedby={errors.positions ? `${id}-positions-error` : `${id}-positions-hint`}>
          <legend className="label">Other positions</legend>
          <p id={`${id}-positions-hint`} className="-mt-1 mb-2 text-sm text-stone-600">
            Anywhere else you can play. Your primary position is always included.
          </p>
          <PositionChecklist>
            {(p) => (
              <label className="flex items-center gap-2.5 text-sm text-stone-800">
                <input
                  type="checkbox"
                  value={p.key}
                  checked={p.key === primary || others.includes(p.key)}
                  disabled={p.key === primary}
                  onChange={(event) => toggle(p.key, event.target.checked)}
                  className="size-4 accent-field-700"
                />
                {p.name}
                {p.key === primary ? <span className="text-stone-600">(primary)</span> : null}
              </label>
            )}
          </PositionChecklist>
          <FieldError id={`${id}-positions-error`} message={errors.positions?.message} />
        </fieldset>

        <FormOutcome error={formError} notice={notice} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-field" disabled={save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {save.isPending ? "Saving…" : "Save changes"}
          </button>
          {isDirty && !save.isPending ? (
            <button type="button" className="btn btn-secondary" onClick={() => reset(defaults(profile))}>
              Undo changes
            </button>
          ) : null}
        </div>
      </form>
    </FormCard>
  );
}
