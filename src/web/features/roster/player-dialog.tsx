import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { useForm, useWatch } from "react-hook-form";
import { isApiError } from "~/lib/api";
import { applyServerFieldErrors, submitErrorMessage } from "~/ui/form-errors";
import { controlProps, FormField, FormMessage, InputField, useFormOutcome } from "~/ui/form-field";
import { PositionChecklist, PositionOptions } from "~/ui/position-choices";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { z } from "#domain/zod";
import type { RosterEntry } from "#domain/api/roster";
import { fullNameSchema, jerseyNumberSchema, positionKeySchema } from "#domain/schemas";
import { addPlayer, updatePlayer } from "./api";

const formSchema = z.object({
  fullName: fullNameSchema,
  jerseyNumber: z.preprocess((v) => (v === "" ? null : v), jerseyNumberSchema.nullable()),
  primaryPosition: z.string().pipe(positionKeySchema),
  positions: z.array(z.string().pipe(positionKeySchema)),
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;
const FIELDS = ["fullName", "jerseyNumber", "primaryPosition", "positions"] as const;

function defaults(player: RosterEntry | null): FormInput {
  return {
    fullName: player?.fullName ?? "",
    jerseyNumber: player?.jerseyNumber === null || !player ? "" : String(player.jerseyNumber),
    primaryPosition: player?.primaryPosition ?? "",
    positions: player ? player.positions.filter((p) => p !== player.primaryPosition) : [],
  };
}

/**
 * Adds a player without an account (`player` null) or edits one: name, jersey number, primary position and other
 * positions, which are the coach's to set (docs/product.md §11). A number a teammate wears is refused beside it.
 */
export function PlayerDialog({
  open,
  player,
  onOpenChange,
  onSaved,
}: {
  open: boolean;
  player: RosterEntry | null;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: RosterEntry, added: boolean) => void;
}) {
  const { formError, setFormError, clear } = useFormOutcome();
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    setValue,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: defaults(player) });
  const primary = useWatch({ control, name: "primaryPosition" });
  const others = useWatch({ control, name: "positions" }) ?? [];

  useEffect(() => {
    if (open) {
      reset(defaults(player));
      clear();
    }
  }, [open, player, reset, clear]);

  const save = useMutation({
    mutationFn: (values: FormOutput) => {
      const input = { ...values, positions: values.positions.filter((p) => p !== values.primaryPosition) };
      return player ? updatePlayer(player.id, input) : addPlayer(input);
    },
    onSuccess: (saved) => onSaved(saved, player === null),
    onError: (error) => {
      if (isApiError(error, 409) && Object.keys(error.fields).length > 0) {
        setFormError(applyServerFieldErrors(error, FIELDS, setError));
        return;
      }
      setFormError(submitErrorMessage(error, FIELDS, setError, "The player could not be saved. Please try again."));
    },
  });

  const toggle = (key: string, on: boolean) =>
    setValue("positions", on ? [...others.filter((p) => p !== key), key] : others.filter((p) => p !== key));

  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title={player ? `Edit ${player.fullName}` : "Add player"} />
      <p className="mt-1 text-sm text-stone-700">
        {player
          ? "Their jersey number and primary position are yours to set: a position change re-weights their season's score."
          : "They get an invite link to claim their place with an email and password. No account is needed now."}
      </p>
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={handleSubmit((values) => {
          clear();
          save.mutate(values);
        })}
      >
        <InputField label="Full name" error={errors.fullName?.message} {...register("fullName")} autoComplete="off" />
        <div className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <InputField
            label="Jersey number"
            hint="0–99, optional"
            error={errors.jerseyNumber?.message}
            {...register("jerseyNumber")}
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
          />
          <FormField label="Primary position" error={errors.primaryPosition?.message}>
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
        <fieldset>
          <legend className="label">Other positions</legend>
          <PositionChecklist>
            {(p) => (
              <label className="flex items-center gap-2.5 text-sm text-stone-800">
                <input
                  type="checkbox"
                  checked={p.key === primary || others.includes(p.key)}
                  disabled={p.key === primary}
                  onChange={(event) => toggle(p.key, event.target.checked)}
                  className="size-4 accent-field-700"
                />
                {p.name}
              </label>
            )}
          </PositionChecklist>
        </fieldset>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="flex justify-end gap-3">
          <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className="btn btn-field" disabled={save.isPending}>
            {save.isPending ? "Saving…" : player ? "Save changes" : "Add player"}
          </button>
        </div>
      </form>
    </SheetDialog>
  );
}
