import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Dialog } from "radix-ui";
import { useEffect, useId, useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "#domain/zod";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { isApiError } from "~/lib/api";
import { applyServerFieldErrors } from "~/ui/form-errors";
import { controlProps, FormField, FormMessage, InputField, TextAreaField } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import {
  formationSchema,
  MAX_FORMATION,
  MAX_PLAY_NAME,
  MAX_PLAY_NOTES,
  PLAY_SIDES,
  playNameSchema,
  playNotesSchema,
  playSideSchema,
  playTagsSchema,
  type PlayDto,
} from "#domain/api/plays";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { createPlay, updatePlay, uploadDiagram } from "./api";
import { SIDE_LABEL } from "./analysis-sort";
import { TagChips } from "./play-bits";
import { parseTags, tagsText } from "./tags";

/** The form's fields: the API's own rules, with the tags typed as one comma-separated text. */
const playFormSchema = z.object({
  name: playNameSchema,
  side: playSideSchema,
  formation: formationSchema,
  tags: z.string().transform((text, ctx) => {
    const result = playTagsSchema.safeParse(parseTags(text));
    if (result.success) return result.data;
    ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "Check the tags." });
    return z.NEVER;
  }),
  notes: playNotesSchema,
});
type PlayFormInput = z.input<typeof playFormSchema>;
type PlayFormOutput = z.output<typeof playFormSchema>;

const FIELDS = ["name", "side", "formation", "tags", "notes"] as const;
const ACCEPT = "image/jpeg,image/png,image/webp";

/** Adds a play (play null) or edits one: name, side, formation, tags, notes, and an optional diagram image. */
export function PlayFormDialog({
  open,
  play,
  onOpenChange,
  onSaved,
  onCloseAutoFocus,
}: {
  open: boolean;
  play: PlayDto | null;
  onOpenChange: (open: boolean) => void;
  /** Called once everything asked for is stored; `created` when the play is new. */
  onSaved: (play: PlayDto, created: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const title = play ? `Edit ${play.name}` : "New play";
  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} onCloseAutoFocus={onCloseAutoFocus} size="lg">
      <SheetHeader title={title} />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {play
          ? "Changes show wherever the play does, including events already tagged with it."
          : "Once added, the play can be picked in the Event Logger when you log a snap."}
      </Dialog.Description>
      {/* Mounted only while open, so each opening starts from the play as stored. */}
      {open ? <PlayForm key={play?.id ?? "new"} play={play} onSaved={onSaved} /> : null}
    </SheetDialog>
  );
}

function PlayForm({ play, onSaved }: { play: PlayDto | null; onSaved: (play: PlayDto, created: boolean) => void }) {
  const queryClient = useQueryClient();
  // A new play whose diagram failed to upload is already stored: the next save edits it instead of adding it twice.
  const [stored, setStored] = useState<PlayDto | null>(play);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [previewBroken, setPreviewBroken] = useState(false);
  const [diagramError, setDiagramError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sideErrorId = `${useId()}-side-error`;

  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PlayFormInput, unknown, PlayFormOutput>({
    resolver: zodResolver(playFormSchema),
    defaultValues: {
      name: play?.name ?? "",
      side: play?.side ?? "offense",
      formation: play?.formation ?? "",
      tags: tagsText(play?.tags ?? []),
      notes: play?.notes ?? "",
    },
  });

  // The preview's object URL lives as long as the choice: freed when another file is chosen, cleared, or the form closes.
  const previewUrl = useRef<string | null>(null);
  const choose = (next: File | null) => {
    if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    previewUrl.current = next ? URL.createObjectURL(next) : null;
    setChosen(next && previewUrl.current ? { file: next, url: previewUrl.current } : null);
    setPreviewBroken(false);
    setDiagramError(null);
  };
  useEffect(
    () => () => {
      if (previewUrl.current) URL.revokeObjectURL(previewUrl.current);
    },
    [],
  );
  const file = chosen?.file ?? null;

  const tagPreview = parseTags(useWatch({ control, name: "tags" }) ?? "");
  const side = useWatch({ control, name: "side" });

  const clearFile = () => {
    choose(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setDiagramError(null);
    let saved: PlayDto;
    try {
      saved = stored ? await updatePlay(stored.id, values) : await createPlay(values);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.fields).length > 0) {
        const unplaced = applyServerFieldErrors(error, FIELDS, setError);
        if (unplaced) setFormError(unplaced);
      } else {
        setFormError(describeError(error, "The play could not be saved. Please try again."));
      }
      return;
    }
    setStored(saved);
    void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
    if (file) {
      try {
        await uploadDiagram(saved.id, file);
      } catch (error) {
        setDiagramError(describeError(error, "The diagram could not be uploaded. Please try again."));
        setFormError(
          play
            ? "Your changes were saved, but the diagram was not uploaded. Choose another image, or close to keep the play as it is."
            : `${saved.name} was added, but its diagram was not uploaded. Choose another image, or close to keep the play without one.`,
        );
        return;
      }
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
    }
    onSaved(saved, play === null);
  });

  const current = stored?.diagramUrl ?? null;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4">
      <InputField
        label="Name"
        error={errors.name?.message}
        {...register("name")}
        type="text"
        autoComplete="off"
        maxLength={MAX_PLAY_NAME}
      />

      <fieldset aria-describedby={errors.side ? sideErrorId : undefined}>
        <legend className="label">Side</legend>
        <div className="grid grid-cols-2 gap-2">
          {PLAY_SIDES.map((s) => (
            <label
              key={s}
              className={clsx(
                "flex h-11 cursor-pointer items-center justify-center rounded-xl border-2 font-bold has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-700",
                side === s ? "border-field-800 bg-field-800 text-white" : "border-stone-300 bg-white text-stone-900",
              )}
            >
              <input type="radio" value={s} {...register("side")} className="sr-only" />
              {SIDE_LABEL[s]}
            </label>
          ))}
        </div>
        {errors.side?.message ? (
          <p id={sideErrorId} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.side.message}
          </p>
        ) : null}
      </fieldset>

      <InputField
        label="Formation"
        hint="Optional, e.g. Trips Right."
        error={errors.formation?.message}
        {...register("formation")}
        type="text"
        autoComplete="off"
        maxLength={MAX_FORMATION}
      />

      <FormField
        label="Tags"
        hint="Optional. Separate tags with commas, e.g. red zone, quick game."
        error={errors.tags?.message}
      >
        {(ids) => (
          <>
            <input
              {...controlProps(ids, errors.tags?.message)}
              {...register("tags")}
              type="text"
              autoComplete="off"
              className="input"
            />
            {tagPreview.length > 0 ? (
              <div className="mt-2">
                <TagChips tags={tagPreview} label="Tags to save" />
              </div>
            ) : null}
          </>
        )}
      </FormField>

      <TextAreaField
        label="Notes"
        hint="Optional: reads, coaching points, when to call it."
        error={errors.notes?.message}
        {...register("notes")}
        rows={3}
        maxLength={MAX_PLAY_NOTES}
        className="input resize-y"
      />

      <FormField
        label={current ? "Replace diagram" : "Diagram"}
        hint="Optional. A JPEG, PNG or WebP image of at most 5 MB."
        error={diagramError ?? undefined}
      >
        {(ids) => (
          <>
            <input
              {...controlProps(ids, diagramError ?? undefined)}
              ref={fileInput}
              type="file"
              accept={ACCEPT}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
              className="block w-full text-sm text-stone-800 file:mr-3 file:rounded-lg file:border file:border-stone-300 file:bg-white file:px-3 file:py-2 file:font-semibold file:text-stone-900 hover:file:bg-stone-100"
            />
            {file ? (
              <div className="mt-2 flex items-start gap-3">
                {chosen && !previewBroken ? (
                  <img
                    src={chosen.url}
                    alt="Preview of the chosen diagram"
                    onError={() => setPreviewBroken(true)}
                    className="h-24 w-36 shrink-0 rounded-lg border border-stone-200 bg-stone-100 object-contain"
                  />
                ) : (
                  <p className="text-sm text-stone-700">No preview for this file.</p>
                )}
                <button type="button" className="btn btn-secondary py-1.5" onClick={clearFile}>
                  Clear
                </button>
              </div>
            ) : current ? (
              <img
                src={current}
                alt="Current diagram"
                className="mt-2 h-24 w-36 rounded-lg border border-stone-200 bg-stone-100 object-contain"
              />
            ) : null}
          </>
        )}
      </FormField>

      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}

      <button type="submit" className="btn btn-field h-12 w-full text-base" disabled={isSubmitting}>
        {isSubmitting ? "Saving…" : play ? "Save changes" : stored ? "Save play" : "Add play"}
      </button>
    </form>
  );
}
