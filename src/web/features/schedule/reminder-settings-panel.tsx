import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useState, type FormEvent } from "react";
import {
  reminderSettingsBodySchema,
  type ReminderSettingsBody,
  type ReminderSettingsResponse,
} from "#domain/api/reminders";
import { REMINDER_LIMITS } from "#domain/reminders";
import { isApiError } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { reminderSettingsQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { FieldError, FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { saveReminderSettings } from "./api";

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const DAYS_BEFORE = Array.from(
  { length: REMINDER_LIMITS.daysBeforeMax - REMINDER_LIMITS.daysBeforeMin + 1 },
  (_, i) => REMINDER_LIMITS.daysBeforeMin + i,
);
/** The time a reminder switched back on starts at, when it had none. */
const MORNING = "08:00";

/** What the form holds: the selects' values as text, "off" for a reminder turned off. */
interface Values {
  firstDaysBefore: string;
  firstAtStart: boolean;
  firstTime: string;
  sameDayOn: boolean;
  sameDayTime: string;
  coachWarning: boolean;
  digestWeekday: string;
  digestTime: string;
}

function valuesOf(s: ReminderSettingsResponse): Values {
  return {
    firstDaysBefore: s.firstDaysBefore === null ? "off" : String(s.firstDaysBefore),
    firstAtStart: s.firstTime === null,
    firstTime: s.firstTime ?? "18:00",
    sameDayOn: s.sameDayTime !== null,
    sameDayTime: s.sameDayTime ?? MORNING,
    coachWarning: s.coachWarning,
    digestWeekday: s.digestWeekday === null ? "off" : String(s.digestWeekday),
    digestTime: s.digestTime,
  };
}

function bodyOf(v: Values): ReminderSettingsBody {
  const firstOff = v.firstDaysBefore === "off";
  return {
    firstDaysBefore: firstOff ? null : Number(v.firstDaysBefore),
    // With the first reminder off its time stays as it was: only the days are sent as null.
    ...(firstOff ? {} : { firstTime: v.firstAtStart ? null : v.firstTime }),
    sameDayTime: v.sameDayOn ? v.sameDayTime : null,
    coachWarning: v.coachWarning,
    digestWeekday: v.digestWeekday === "off" ? null : Number(v.digestWeekday),
    ...(v.digestWeekday === "off" ? {} : { digestTime: v.digestTime }),
  };
}

/**
 * The team's reminders (docs/product.md §12), for coaches, beside the schedule settings: the first reminder some
 * days before (at the event's own start time or a set time), the reminder on the event's day, the coaches' warning
 * when too few are going, and the weekly digest's day and time. All in the team's zone.
 */
export function ReminderSettingsPanel() {
  const settings = useQuery(reminderSettingsQuery());
  return (
    <Panel title="Reminders" icon={<BellRing className="size-5" />}>
      <QueryState
        query={settings}
        loading="Loading the reminder settings..."
        errorTitle="Error loading the reminder settings"
        errorMessage="The reminder settings could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => <ReminderForm settings={data} />}
      </QueryState>
    </Panel>
  );
}

function ReminderForm({ settings }: { settings: ReminderSettingsResponse }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((now) => ({ ...now, [key]: value }));
  const [notice, setNotice] = useState<string | null>(null);
  const [checked, setChecked] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: saveReminderSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(teamKeys.reminderSettings(), saved);
      setValues(valuesOf(saved));
      setNotice("Reminder settings saved.");
    },
  });
  const fields: Record<string, string> = { ...(isApiError(save.error, 400) ? save.error.fields : {}), ...checked };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.reset();
    const body = bodyOf(values);
    const parsed = reminderSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "form")] ??= issue.message;
      setChecked(next);
      return;
    }
    setChecked({});
    save.mutate(body);
  };
  const firstOff = values.firstDaysBefore === "off";
  const digestOff = values.digestWeekday === "off";
  const fieldErrorShown = Object.keys(fields).some((k) => k !== "form");

  return (
    <form className="space-y-5" onSubmit={submit} aria-label="Reminder settings" noValidate>
      <p className="text-sm text-stone-700">
        Players who have not answered get a reminder with a link to answer; times are in the team's time zone.
      </p>
      <div className="space-y-3">
        <SelectField
          label="First reminder"
          hint="How many days before the event."
          value={values.firstDaysBefore}
          onChange={(e) => set("firstDaysBefore", e.target.value)}
          error={fields.firstDaysBefore}
        >
          <option value="off">Off</option>
          {DAYS_BEFORE.map((days) => (
            <option key={days} value={String(days)}>
              {days === 1 ? "1 day before" : `${days} days before`}
            </option>
          ))}
        </SelectField>
        {firstOff ? null : (
          <>
            <label className="flex items-center gap-2 text-stone-900">
              <input
                type="checkbox"
                className="size-5"
                checked={values.firstAtStart}
                onChange={(e) => set("firstAtStart", e.target.checked)}
              />
              At the event's start time
            </label>
            {values.firstAtStart ? null : (
              <InputField
                label="First reminder time"
                type="time"
                value={values.firstTime}
                onChange={(e) => set("firstTime", e.target.value)}
                error={fields.firstTime}
              />
            )}
          </>
        )}
      </div>
      <div className="space-y-3">
        <label className="flex items-center gap-2 font-semibold text-stone-900">
          <input
            type="checkbox"
            className="size-5"
            checked={values.sameDayOn}
            onChange={(e) => set("sameDayOn", e.target.checked)}
          />
          Reminder on the event's day
        </label>
        <p className="-mt-2 text-sm text-stone-600">To those still without an answer.</p>
        {values.sameDayOn ? (
          <InputField
            label="Same-day reminder time"
            type="time"
            value={values.sameDayTime}
            onChange={(e) => set("sameDayTime", e.target.value)}
            error={fields.sameDayTime}
          />
        ) : null}
      </div>
      <div>
        <label className="flex items-center gap-2 font-semibold text-stone-900">
          <input
            type="checkbox"
            className="size-5"
            checked={values.coachWarning}
            onChange={(e) => set("coachWarning", e.target.checked)}
          />
          Warn the coaches when too few are going
        </label>
        <p className="mt-1 text-sm text-stone-600">
          At the first reminder's time, when fewer than the minimum players are going.
        </p>
        <FieldError message={fields.coachWarning} />
      </div>
      <div className="space-y-3">
        <SelectField
          label="Weekly digest"
          hint="The coming week's games and practices, by email, on this day."
          value={values.digestWeekday}
          onChange={(e) => set("digestWeekday", e.target.value)}
          error={fields.digestWeekday}
        >
          <option value="off">Off</option>
          {WEEKDAYS.map((day, i) => (
            <option key={day} value={String(i)}>
              {day}
            </option>
          ))}
        </SelectField>
        {digestOff ? null : (
          <InputField
            label="Digest time"
            type="time"
            value={values.digestTime}
            onChange={(e) => set("digestTime", e.target.value)}
            error={fields.digestTime}
          />
        )}
      </div>
      <FormOutcome
        error={
          fields.form && !fieldErrorShown
            ? fields.form
            : save.error && !(isApiError(save.error, 400) && Object.keys(save.error.fields).length > 0)
              ? describeError(save.error, "The reminder settings could not be saved. Please try again.")
              : null
        }
        notice={notice}
      />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save reminders"}
      </button>
    </form>
  );
}
