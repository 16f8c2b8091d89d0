import { useMutation, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Dialog } from "radix-ui";
import { useState, type FormEvent } from "react";
import {
  createScheduleEventBodySchema,
  updateScheduleEventBodySchema,
  type CreateScheduleEventBody,
  type ScheduleEvent,
  type UpdateScheduleEventBody,
} from "#domain/api/schedule";
import { SCHEDULE_LIMITS as L, WEEKDAY_LABELS, weekdayOf, type HomeAway, type ScheduleKind } from "#domain/schedule";
import { isApiError } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { FormField, FormMessage, InputField, TextAreaField, controlProps } from "~/ui/form-field";
import { describeError } from "~/ui/query-state";
import { SegmentedControl } from "~/ui/segmented-control";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { createScheduleEvent, updateScheduleEvent } from "./api";

/** What the form holds: text as typed; the schema reads it. */
interface Values {
  kind: ScheduleKind;
  date: string;
  startTime: string;
  arriveBy: string;
  durationMinutes: string;
  placeName: string;
  address: string;
  field: string;
  mapUrl: string;
  opponent: string;
  homeAway: HomeAway | "";
  notes: string;
  repeats: boolean;
  weekdays: number[];
  until: string;
}

type Errors = Partial<Record<string, string>>;

function blankValues(today: string, kind: ScheduleKind): Values {
  return {
    kind,
    date: today,
    startTime: "",
    arriveBy: "",
    durationMinutes: String(L.defaultDurationMinutes),
    placeName: "",
    address: "",
    field: "",
    mapUrl: "",
    opponent: "",
    homeAway: "",
    notes: "",
    repeats: false,
    weekdays: [],
    until: "",
  };
}

function eventValues(event: ScheduleEvent): Values {
  return {
    kind: event.kind,
    date: event.date,
    startTime: event.startTime,
    arriveBy: event.arriveBy ?? "",
    durationMinutes: String(event.durationMinutes),
    placeName: event.placeName ?? "",
    address: event.address ?? "",
    field: event.field ?? "",
    mapUrl: event.mapUrl ?? "",
    opponent: event.opponent ?? "",
    homeAway: event.homeAway ?? "",
    notes: event.notes ?? "",
    repeats: false,
    weekdays: [],
    until: "",
  };
}

/** A number field's text as the number the API expects; anything else is left for the schema to refuse. */
function minutes(text: string): number | undefined | string {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return /^\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** The fields both the new event and an edit send, as the API reads them. */
function eventFields(v: Values) {
  const game = v.kind === "game";
  // An empty date or time is left out, so the schema says it is required.
  return {
    date: v.date || (undefined as unknown as string),
    startTime: v.startTime || (undefined as unknown as string),
    arriveBy: v.arriveBy || null,
    durationMinutes: minutes(v.durationMinutes) as number | undefined,
    placeName: v.placeName,
    address: v.address,
    field: v.field,
    mapUrl: v.mapUrl,
    opponent: game ? v.opponent : null,
    homeAway: game && v.homeAway ? v.homeAway : null,
    notes: v.notes,
  };
}

/** Field errors keyed by the field's path ("repeat.until"); the first message of each. */
function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/**
 * Add an event (a game or a practice, once or weekly) or edit one; in a series, the coach chooses whether the
 * change is for this event only or for this and the following ones. The schema's messages show beside their fields
 * before anything is sent, and the server's field messages the same way.
 */
export function EventFormDialog({
  open,
  onOpenChange,
  today,
  event,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  /** The event being edited; none: a new one. */
  event?: ScheduleEvent;
  onSaved: (message: string) => void;
}) {
  return (
    <SheetDialog open={open} onOpenChange={onOpenChange} size="xl">
      <SheetHeader title={event ? "Edit event" : "Add event"} />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        {event
          ? "Change when and where it is. Players see the change at once, and calendar subscriptions pick it up."
          : "A game or practice on the team's schedule. Players answer whether they are coming."}
      </Dialog.Description>
      {/* Mounted only while open, so each opening starts from a fresh form. */}
      {open ? <EventForm today={today} event={event} onSaved={onSaved} /> : null}
    </SheetDialog>
  );
}

function EventForm({
  today,
  event,
  onSaved,
}: {
  today: string;
  event?: ScheduleEvent;
  onSaved: (message: string) => void;
}) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => (event ? eventValues(event) : blankValues(today, "practice")));
  const [scope, setScope] = useState<"this" | "following">("this");
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));
  const game = values.kind === "game";

  const save = useMutation({
    mutationFn: (body: { create: CreateScheduleEventBody } | { update: UpdateScheduleEventBody }) =>
      "create" in body ? createScheduleEvent(body.create) : updateScheduleEvent(event!.id, body.update),
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: teamKeys.scheduleAll() });
      const count = answer.events.length;
      onSaved(
        event
          ? count > 1
            ? `${count} events changed.`
            : "Event changed."
          : count > 1
            ? `${count} events added to the schedule.`
            : "Event added to the schedule.",
      );
    },
    onError: (error) => {
      if (isApiError(error, 400) && Object.keys(error.fields).length > 0) setErrors({ ...error.fields });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.reset();
    if (event) {
      const before = eventFields(eventValues(event));
      const after = eventFields(values);
      const changed = Object.fromEntries(
        Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value),
      ) as UpdateScheduleEventBody;
      if (Object.keys(changed).length === 0) {
        onSaved("Nothing changed.");
        return;
      }
      const body = { ...changed, ...(event.seriesId ? { scope } : {}) };
      const parsed = updateScheduleEventBodySchema.safeParse(body);
      if (!parsed.success) {
        setErrors(issuesByField(parsed.error.issues));
        return;
      }
      setErrors({});
      save.mutate({ update: body });
      return;
    }
    const body: CreateScheduleEventBody = {
      kind: values.kind,
      ...eventFields(values),
      ...(values.repeats
        ? { repeat: { weekdays: values.weekdays, until: values.until || (undefined as unknown as string) } }
        : {}),
    };
    const parsed = createScheduleEventBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    save.mutate({ create: body });
  };

  const generalError =
    save.error && !(isApiError(save.error, 400) && Object.keys(save.error.fields).length > 0)
      ? describeError(save.error, "The event could not be saved. Please try again.")
      : (errors.form ?? null);

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4" aria-label={event ? "Edit event" : "Add event"}>
      {event ? (
        <p className="font-semibold text-stone-900">{event.kind === "game" ? "Game" : "Practice"}</p>
      ) : (
        <SegmentedControl
          legend="Kind"
          options={[
            { value: "practice", label: "Practice" },
            { value: "game", label: "Game" },
          ]}
          value={values.kind}
          onChange={(kind) => set("kind", kind)}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Date"
          type="date"
          required
          value={values.date}
          onChange={(e) => set("date", e.target.value)}
          error={errors.date}
        />
        <InputField
          label="Start time"
          type="time"
          required
          value={values.startTime}
          onChange={(e) => set("startTime", e.target.value)}
          error={errors.startTime}
        />
        <InputField
          label="Arrive by"
          hint="Optional"
          type="time"
          value={values.arriveBy}
          onChange={(e) => set("arriveBy", e.target.value)}
          error={errors.arriveBy}
        />
        <InputField
          label="Duration (minutes)"
          type="number"
          inputMode="numeric"
          min={L.durationMin}
          max={L.durationMax}
          value={values.durationMinutes}
          onChange={(e) => set("durationMinutes", e.target.value)}
          error={errors.durationMinutes}
        />
      </div>
      {game ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <InputField
            label="Opponent"
            hint="Optional"
            maxLength={L.opponentMax}
            autoComplete="off"
            value={values.opponent}
            onChange={(e) => set("opponent", e.target.value)}
            error={errors.opponent}
          />
          <SegmentedControl
            legend="Home or away"
            options={[
              { value: "", label: "Not set" },
              { value: "home", label: "Home" },
              { value: "away", label: "Away" },
            ]}
            value={values.homeAway}
            onChange={(homeAway) => set("homeAway", homeAway)}
          />
        </div>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="Place"
          hint="Optional: the park or school"
          maxLength={L.placeNameMax}
          value={values.placeName}
          onChange={(e) => set("placeName", e.target.value)}
          error={errors.placeName}
        />
        <InputField
          label="Field"
          hint="Optional"
          maxLength={L.fieldMax}
          value={values.field}
          onChange={(e) => set("field", e.target.value)}
          error={errors.field}
        />
        <InputField
          label="Address"
          hint="Optional"
          maxLength={L.addressMax}
          value={values.address}
          onChange={(e) => set("address", e.target.value)}
          error={errors.address}
        />
        <InputField
          label="Map link"
          hint="Optional: https://…"
          type="url"
          maxLength={L.mapUrlMax}
          value={values.mapUrl}
          onChange={(e) => set("mapUrl", e.target.value)}
          error={errors.mapUrl}
        />
      </div>
      <TextAreaField
        label="Notes"
        hint="Optional: what to bring, parking"
        rows={3}
        value={values.notes}
        onChange={(e) => set("notes", e.target.value)}
        error={errors.notes}
        count={{ length: values.notes.length, max: L.notesMax }}
      />
      {event ? (
        event.seriesId ? (
          <SegmentedControl
            legend="Change"
            options={[
              { value: "this", label: "This event" },
              { value: "following", label: "This and following" },
            ]}
            value={scope}
            onChange={setScope}
          />
        ) : null
      ) : (
        <RepeatFields values={values} set={set} errors={errors} />
      )}
      {generalError ? <FormMessage tone="error">{generalError}</FormMessage> : null}
      <button type="submit" className="btn btn-primary h-12 w-full text-base" disabled={save.isPending}>
        {save.isPending ? "Saving…" : event ? "Save changes" : "Add event"}
      </button>
    </form>
  );
}

function RepeatFields({
  values,
  set,
  errors,
}: {
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  errors: Errors;
}) {
  const weekdaysError = errors["repeat.weekdays"] ?? errors.repeat;
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 p-4">
      <label className="flex items-center gap-2 font-semibold text-stone-900">
        <input
          type="checkbox"
          className="size-5"
          checked={values.repeats}
          onChange={(e) => {
            set("repeats", e.target.checked);
            // The first day's weekday is the usual choice.
            if (e.target.checked && values.weekdays.length === 0 && /^\d{4}-\d{2}-\d{2}$/.test(values.date))
              set("weekdays", [weekdayOf(values.date)]);
          }}
        />
        Repeats weekly
      </label>
      {values.repeats ? (
        <>
          <fieldset>
            <legend className="label">Repeats on</legend>
            <div className="flex flex-wrap gap-1.5">
              {WEEKDAY_LABELS.map((label, day) => {
                const on = values.weekdays.includes(day);
                return (
                  <button
                    key={label}
                    type="button"
                    aria-pressed={on}
                    onClick={() =>
                      set(
                        "weekdays",
                        on ? values.weekdays.filter((d) => d !== day) : [...values.weekdays, day].sort((a, b) => a - b),
                      )
                    }
                    className={clsx(
                      "min-h-10 min-w-12 rounded-lg border-2 px-2 text-sm font-bold",
                      on ? "border-field-800 bg-field-800 text-white" : "border-stone-300 bg-white text-stone-900",
                    )}
                  >
                    {label}
                  </button>
                );
              })}
            </div>
            {weekdaysError ? <p className="mt-1.5 text-sm font-medium text-red-700">{weekdaysError}</p> : null}
          </fieldset>
          <FormField label="Until" hint="The last day it may fall on" error={errors["repeat.until"]}>
            {(ids) => (
              <input
                {...controlProps(ids, errors["repeat.until"])}
                type="date"
                required
                value={values.until}
                onChange={(e) => set("until", e.target.value)}
                className="input"
              />
            )}
          </FormField>
        </>
      ) : null}
    </div>
  );
}
