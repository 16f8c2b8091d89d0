import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Dumbbell, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { useActingReadOnly, useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, firstName, FormCard } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import {
  controlProps,
  FieldError,
  FormField,
  InputField,
  SelectField,
  StatusNotice,
  ValueOptions,
} from "~/ui/form-field";
import { formatCount, formatDay, plural } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import {
  ACTIVITY_TYPES,
  localToday,
  trainingLogQuerySchema,
  type TrainingLogDto,
  type TrainingLogQuery,
} from "#domain/api/player";
import { ME_ROOT_KEY } from "~/lib/query-keys";
import { viewerTzOffset } from "~/lib/time-zone";
import { trainingLogsQuery } from "~/lib/queries";
import { createTrainingLog, deleteTrainingLog, updateTrainingLog } from "./api";
import { LogEditDialog } from "./log-edit-dialog";
import { blankLog, LogForm, type LogFormOutput } from "./log-form";
import { WeeklyChart } from "./weekly-chart";
import { intensityWord } from "./weeks";

interface FilterDraft {
  type: string;
  from: string;
  to: string;
}
const NO_FILTERS: FilterDraft = { type: "", from: "", to: "" };

function readFilters(draft: FilterDraft) {
  return trainingLogQuerySchema.safeParse({
    type: draft.type || undefined,
    from: draft.from || undefined,
    to: draft.to || undefined,
  });
}

const sameDraft = (a: FilterDraft, b: FilterDraft) => a.type === b.type && a.from === b.from && a.to === b.to;
const sameFilters = (a: TrainingLogQuery, b: TrainingLogQuery) =>
  a.type === b.type && a.from === b.from && a.to === b.to;
const describeLog = (log: TrainingLogDto) => `${log.activityType} on ${formatDay(log.date)}`;

/**
 * /player/logs: the player's training history. Add an entry, change or delete one, filter by activity and
 * dates, and see minutes per Monday week as a chart. Entries are listed latest day first.
 */
export function TrainingLogsPage() {
  const me = useCurrentUser();
  const readOnly = useActingReadOnly();
  const ids = useId();
  const queryClient = useQueryClient();
  const [today] = useState(() => localToday(new Date(), viewerTzOffset()));

  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  const [applied, setApplied] = useState<TrainingLogQuery>({});
  const parsed = readFilters(draft);
  // The query follows the filters while they make sense; an end before the start keeps the last good list.
  if (parsed.success && !sameFilters(parsed.data, applied)) setApplied(parsed.data);
  const filterError = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check the dates.");
  const filtered = Boolean(applied.type || applied.from || applied.to);

  const query = useQuery(trainingLogsQuery(applied));
  const data = query.data;

  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState<TrainingLogDto | null>(null);
  const [deleting, setDeleting] = useState<TrainingLogDto | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const historyHeading = useRef<HTMLHeadingElement>(null);
  const deleted = useRef(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY });

  const add = async (values: LogFormOutput) => {
    setNotice(null);
    const log = await createTrainingLog(values);
    await refresh();
    setNotice(
      `Added ${log.activityType.toLowerCase()}, ${plural(log.durationMinutes, "minute")} on ${formatDay(log.date)}.`,
    );
  };

  const saveEdit = async (log: TrainingLogDto, values: LogFormOutput) => {
    setNotice(null);
    const saved = await updateTrainingLog(log.id, values);
    await refresh();
    setEditing(null);
    setNotice(`Saved the changes to ${describeLog(saved)}.`);
  };

  const remove = useMutation({
    mutationFn: (log: TrainingLogDto) => deleteTrainingLog(log.id),
    onSuccess: async (_, log) => {
      await refresh();
      deleted.current = true;
      setDeleting(null);
      setNotice(`Deleted ${describeLog(log)}.`);
    },
  });

  const logs = data?.logs ?? [];
  const totalMinutes = logs.reduce((sum, l) => sum + l.durationMinutes, 0);

  const list = (
    <QueryState
      query={query}
      loading="Loading your training..."
      errorTitle="Error loading your training"
      errorMessage="Your training history could not be loaded. Please try again."
      headingLevel={3}
    >
      {() => {
        if (logs.length === 0) {
          return filtered ? (
            <EmptyState title="No entries match these filters">
              Change the activity or the dates, or clear the filters to see every entry.
            </EmptyState>
          ) : (
            <EmptyState title="No training logged yet" icon={<Dumbbell className="size-7" />}>
              Entries you add above are listed here, latest first, and count towards your weekly minutes.
            </EmptyState>
          );
        } else {
          return (
            <ol
              aria-label="Training entries, latest first"
              className="divide-y divide-stone-100 rounded-xl border border-stone-200"
            >
              {logs.map((log) => (
                <li
                  key={log.id}
                  className="flex flex-col gap-3 px-4 py-3 text-sm sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-baseline gap-x-3">
                      <span className="font-semibold text-stone-900">{log.activityType}</span>
                      <span className="text-stone-600">{formatDay(log.date)}</span>
                    </p>
                    <p className="text-stone-700">
                      {plural(log.durationMinutes, "minute")} · Intensity {log.intensity}/10 (
                      {intensityWord(log.intensity)})
                    </p>
                    {log.notes ? (
                      <p className="mt-1 break-words whitespace-pre-line text-stone-700">{log.notes}</p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 gap-2" hidden={readOnly}>
                    <button
                      type="button"
                      className="btn btn-secondary px-3 py-1.5"
                      aria-label={`Edit ${describeLog(log)}`}
                      onClick={(event) => {
                        trigger.current = event.currentTarget;
                        setNotice(null);
                        setEditing(log);
                      }}
                    >
                      <Pencil aria-hidden="true" className="size-4" /> Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-secondary px-3 py-1.5 text-red-800"
                      aria-label={`Delete ${describeLog(log)}`}
                      onClick={(event) => {
                        trigger.current = event.currentTarget;
                        deleted.current = false;
                        remove.reset();
                        setNotice(null);
                        setDeleting(log);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="size-4" /> Delete
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          );
        }
      }}
    </QueryState>
  );

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = deleted.current || !trigger.current?.isConnected ? historyHeading.current : trigger.current;
    target?.focus();
  };

  return (
    <div className="space-y-8">
      <AppPageHeader
        title="Training Logs"
        lead={`${firstName(me.fullName)}, this is your training between games: what you worked on, for how long and how hard.`}
        actions={
          <Link to="/player/dashboard" className="btn btn-secondary">
            <ArrowLeft aria-hidden="true" className="size-4" /> Dashboard
          </Link>
        }
      />

      <StatusNotice notice={notice} />

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-2">
        <FormCard title="Add a training entry" icon={<Plus aria-hidden="true" className="size-5 text-field-700" />}>
          {readOnly ? (
            <p className="mt-2 text-sm text-stone-800">
              {firstName(me.fullName)} signs in on their own now and keeps their own training log.
            </p>
          ) : (
            <LogForm
              className="mt-4"
              initial={blankLog(today)}
              resetAfterSave={blankLog(today)}
              today={today}
              submitLabel="Add entry"
              pendingLabel="Adding…"
              save={add}
            />
          )}
        </FormCard>
        <div className="min-w-0">{data ? <WeeklyChart weeks={data.weeklyTotals} filtered={filtered} /> : null}</div>
      </div>

      <section aria-labelledby={`${ids}-history`} className="card space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id={`${ids}-history`}
            ref={historyHeading}
            tabIndex={-1}
            className="text-lg font-bold text-stone-900 outline-none"
          >
            History
          </h2>
          {data && logs.length > 0 ? (
            <p className="text-sm text-stone-700">
              {plural(logs.length, "entry", "entries")} · {formatCount(totalMinutes)} minutes
              {filtered ? " (filtered)" : ""}
            </p>
          ) : null}
        </div>

        <fieldset className="grid gap-4 rounded-xl border border-stone-200 bg-stone-50 p-4 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <legend className="sr-only">Filter the history</legend>
          <SelectField
            label="Activity"
            className="input h-11 py-2"
            value={draft.type}
            onChange={(e) => setDraft((d) => ({ ...d, type: e.target.value }))}
          >
            <option value="">All activities</option>
            <ValueOptions values={ACTIVITY_TYPES} />
          </SelectField>
          <InputField
            label="From"
            type="date"
            className="input h-11 py-2"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
          <FormField
            label="To"
            invalid={Boolean(filterError)}
            describedBy={filterError ? `${ids}-filter-error` : undefined}
          >
            {(field) => (
              <input
                {...controlProps(field)}
                type="date"
                className="input h-11 py-2"
                value={draft.to}
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
              />
            )}
          </FormField>
          <button
            type="button"
            className="btn btn-secondary py-2"
            onClick={() => setDraft(NO_FILTERS)}
            disabled={sameDraft(draft, NO_FILTERS)}
          >
            Clear filters
          </button>
          {filterError ? (
            <FieldError id={`${ids}-filter-error`} message={filterError} className="sm:col-span-4" />
          ) : null}
        </fieldset>

        {list}
      </section>

      <LogEditDialog
        log={editing}
        today={today}
        onOpenChange={(open) => (open ? undefined : setEditing(null))}
        save={saveEdit}
        onCloseAutoFocus={restoreFocus}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this training entry?"
        description={
          deleting ? (
            <p>
              {describeLog(deleting)}, {plural(deleting.durationMinutes, "minute")}. It comes off your weekly totals and
              cannot be brought back.
            </p>
          ) : null
        }
        confirmLabel="Delete entry"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.isError ? describeError(remove.error, "The entry could not be deleted. Please try again.") : null}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCloseAutoFocus={restoreFocus}
      />
    </div>
  );
}
