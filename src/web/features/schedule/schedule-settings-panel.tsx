import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Settings2 } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { scheduleSettingsBodySchema, type ScheduleSettings, type ScheduleSettingsBody } from "#domain/api/schedule";
import { DEFAULT_TIME_ZONE, SCHEDULE_LIMITS as L } from "#domain/schedule";
import { isApiError } from "~/lib/api";
import { teamKeys } from "~/lib/query-keys";
import { knownZones, viewerZone } from "~/lib/time-zones";
import { scheduleSettingsQuery } from "~/lib/queries";
import { Panel } from "~/ui/app-page";
import { FormOutcome, InputField } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { saveScheduleSettings } from "./api";

/**
 * The schedule's settings (docs/product.md §12), for coaches: the team's time zone, in which every event's day and
 * time are written, and the fewest players going before the coach is warned.
 */
export function ScheduleSettingsPanel() {
  const settings = useQuery(scheduleSettingsQuery());
  return (
    <Panel title="Schedule settings" icon={<Settings2 className="size-5" />}>
      <QueryState
        query={settings}
        loading="Loading the schedule settings..."
        errorTitle="Error loading the schedule settings"
        errorMessage="The schedule settings could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => <SettingsForm settings={data} />}
      </QueryState>
    </Panel>
  );
}

function SettingsForm({ settings }: { settings: ScheduleSettings }) {
  const queryClient = useQueryClient();
  const zones = useMemo(() => knownZones(), []);
  const mine = viewerZone();
  const [timeZone, setTimeZone] = useState(settings.timeZone);
  const [minPlayers, setMinPlayers] = useState(String(settings.minPlayers));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: saveScheduleSettings,
    onSuccess: async (saved) => {
      queryClient.setQueryData(teamKeys.scheduleSettings(), saved);
      await queryClient.invalidateQueries({ queryKey: teamKeys.scheduleAll() });
      setNotice("Schedule settings saved.");
    },
  });
  const [checked, setChecked] = useState<Record<string, string>>({});
  const fields: Record<string, string> = { ...(isApiError(save.error, 400) ? save.error.fields : {}), ...checked };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    save.reset();
    const text = minPlayers.trim();
    const body: ScheduleSettingsBody = {
      ...(timeZone.trim() !== settings.timeZone ? { timeZone: timeZone.trim() } : {}),
      // Empty: the default minimum; anything but digits is left for the schema to refuse.
      minPlayers: text === "" ? null : /^\d+$/.test(text) ? Number(text) : (text as unknown as number),
    };
    const parsed = scheduleSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "form")] ??= issue.message;
      setChecked(next);
      return;
    }
    setChecked({});
    save.mutate(body);
  };
  const suggestMine = settings.timeZone === DEFAULT_TIME_ZONE && mine && mine !== DEFAULT_TIME_ZONE;
  return (
    <form className="space-y-4" onSubmit={submit} aria-label="Schedule settings">
      <div>
        <InputField
          label="Team's time zone"
          hint="Every event's day and time are in this zone. Type to search (for example Berlin or Chicago)."
          list="schedule-time-zones"
          autoComplete="off"
          spellCheck={false}
          value={timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
          error={fields.timeZone}
        />
        <datalist id="schedule-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {suggestMine && timeZone !== mine ? (
          <button
            type="button"
            className="mt-2 text-sm font-semibold text-field-800 underline underline-offset-2"
            onClick={() => setTimeZone(mine)}
          >
            Use your zone: {mine}
          </button>
        ) : null}
      </div>
      <InputField
        label="Minimum players"
        hint="Fewer going than this, and you are warned."
        type="number"
        inputMode="numeric"
        min={L.minPlayersFloor}
        max={L.minPlayersMax}
        value={minPlayers}
        onChange={(e) => setMinPlayers(e.target.value)}
        error={fields.minPlayers}
      />
      <FormOutcome
        error={
          save.error && !(isApiError(save.error, 400) && Object.keys(save.error.fields).length > 0)
            ? describeError(save.error, "The settings could not be saved. Please try again.")
            : null
        }
        notice={notice}
      />
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isPending ? "Saving…" : "Save settings"}
      </button>
    </form>
  );
}
