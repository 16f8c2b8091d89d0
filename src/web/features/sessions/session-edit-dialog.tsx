import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { updateSessionSchema, type TeamSessionDto } from "#domain/api/logger";
import { MAX_LOCATION, MAX_OPPONENT } from "#domain/limits";
import type { TeamSessionSummary } from "#domain/api/team";
import { sessionLabel } from "#domain/reads";
import { z } from "#domain/zod";
import { sessionDetailQuery } from "~/lib/queries";
import { submitErrorMessage } from "~/ui/form-errors";
import { FormMessage, InputField, SelectField, TextAreaField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { QueryState } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import type { SessionPatch } from "./api";

const MAX_NOTES = 2000;
const shape = updateSessionSchema.shape;

/** The API's own rules (updateSessionSchema) on what the form holds: text, and "" for home/away not said. */
const sessionFormSchema = z.object({
  date: shape.date.unwrap(),
  opponent: shape.opponent.unwrap(),
  homeAway: z.enum(["", "home", "away"]).transform((v) => (v === "" ? null : v)),
  location: shape.location.unwrap(),
  notes: shape.notes.unwrap(),
});
type FormValues = z.input<typeof sessionFormSchema>;
type FormOutput = z.output<typeof sessionFormSchema>;
const FIELDS = ["date", "opponent", "homeAway", "location", "notes"] as const;

function formValues(s: TeamSessionDto): FormValues {
  return {
    date: s.date,
    opponent: s.opponent ?? "",
    homeAway: s.homeAway ?? "",
    location: s.location ?? "",
    notes: s.notes ?? "",
  };
}

/**
 * Changes a session's fields: its date, location and notes, and for a game the opponent and home or away
 * (docs/product.md §2 `/coach/games/sessions`). The session's stored fields are read first (the list has no notes).
 */
export function SessionEditDialog({
  session,
  onOpenChange,
  save,
}: {
  session: TeamSessionSummary | null;
  onOpenChange: (open: boolean) => void;
  save: (id: string, patch: SessionPatch) => Promise<void>;
}) {
  return (
    <SheetDialog open={session !== null} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title="Edit session" />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {session ? `${sessionLabel(session, formatDay)}. Every screen follows the change.` : null}
      </Dialog.Description>
      {session ? <LoadedForm key={session.id} id={session.id} save={save} /> : null}
    </SheetDialog>
  );
}

function LoadedForm({ id, save }: { id: string; save: (id: string, patch: SessionPatch) => Promise<void> }) {
  const detail = useQuery(sessionDetailQuery(id));
  return (
    <div className="mt-5">
      <QueryState
        query={detail}
        loading="Loading the session..."
        errorTitle="Error loading the session"
        errorMessage="The session could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => <SessionForm session={data.session} save={(patch) => save(id, patch)} />}
      </QueryState>
    </div>
  );
}

function SessionForm({ session, save }: { session: TeamSessionDto; save: (patch: SessionPatch) => Promise<void> }) {
  const game = session.kind === "game";
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(sessionFormSchema),
    defaultValues: formValues(session),
  });
  const notes = useWatch({ control, name: "notes" });

  const onSubmit = handleSubmit(async (v) => {
    setFormError(null);
    const patch: SessionPatch = { date: v.date, location: v.location, notes: v.notes };
    if (game) Object.assign(patch, { opponent: v.opponent, homeAway: v.homeAway });
    try {
      await save(patch);
    } catch (error) {
      setFormError(submitErrorMessage(error, FIELDS, setError, "The session could not be saved. Please try again."));
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <InputField label="Date" error={errors.date?.message} {...register("date")} type="date" />
      {game ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Opponent"
            hint="Optional"
            error={errors.opponent?.message}
            {...register("opponent")}
            type="text"
            maxLength={MAX_OPPONENT}
            autoComplete="off"
          />
          <SelectField label="Home or away" error={errors.homeAway?.message} {...register("homeAway")}>
            <option value="">Not said</option>
            <option value="home">Home</option>
            <option value="away">Away</option>
          </SelectField>
        </div>
      ) : null}
      <InputField
        label="Location"
        hint="Optional"
        error={errors.location?.message}
        {...register("location")}
        type="text"
        maxLength={MAX_LOCATION}
        autoComplete="off"
      />
      <TextAreaField
        label="Notes"
        hint="Optional"
        error={errors.notes?.message}
        {...register("notes")}
        rows={3}
        count={{ length: (notes ?? "").length, max: MAX_NOTES }}
      />
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <button type="submit" className="btn btn-field h-11 w-full" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : "Save changes"}
      </button>
    </form>
  );
}
