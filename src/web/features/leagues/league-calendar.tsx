import { CalendarDays } from "lucide-react";
import { useState } from "react";
import type { LeagueDetail } from "#domain/api/leagues";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league";
import { Panel } from "~/ui/app-page";
import { FormOutcome, InputField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { setCalendar } from "./api";
import { useLeagueWrite } from "./use-league-write";

type Slot = LeagueDetail["timeSlots"][number];

/**
 * The season's game days and the times a game starts on each (docs/product.md §17), edited here and saved
 * together: the generator places games on every field at these times.
 */
export function CalendarPanel({ league }: { league: LeagueDetail }) {
  const [days, setDays] = useState<string[]>(league.gameDays);
  const [slots, setSlots] = useState<Slot[]>(league.timeSlots);
  const [day, setDay] = useState("");
  const [time, setTime] = useState("09:00");
  const [length, setLength] = useState("60");
  const [notice, setNotice] = useState<string | null>(null);
  const save = useLeagueWrite(
    league.id,
    () => setCalendar(league.id, { gameDays: days, timeSlots: slots }),
    () => setNotice("Calendar saved."),
  );
  const changed =
    JSON.stringify([...days].sort()) !== JSON.stringify(league.gameDays) ||
    JSON.stringify([...slots].sort((a, b) => a.startTime.localeCompare(b.startTime))) !==
      JSON.stringify(league.timeSlots);
  const message = save.mutation.error ? describeError(save.mutation.error, "The calendar could not be saved.") : null;
  const detail = Object.values(save.fields)[0] ?? null;
  return (
    <Panel title="Game days and times" icon={<CalendarDays className="size-5" />}>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="font-semibold text-stone-900">Game days</h3>
          {days.length === 0 ? (
            <p className="text-sm text-stone-600">No game days yet.</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {[...days].sort().map((d) => (
                <li key={d} className="flex items-center gap-1 rounded-full bg-stone-100 px-3 py-1 text-sm">
                  {formatDay(d)}
                  <button
                    type="button"
                    className="ml-1 text-stone-600 underline"
                    aria-label={`Remove game day ${formatDay(d)}`}
                    onClick={() => setDays(days.filter((x) => x !== d))}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <InputField label="Game day" type="date" value={day} onChange={(e) => setDay(e.target.value)} />
            <button
              type="button"
              className="btn btn-secondary"
              disabled={day === "" || days.includes(day) || days.length >= L.gameDays}
              onClick={() => {
                setDays([...days, day]);
                setNotice(null);
              }}
            >
              Add day
            </button>
          </div>
        </div>
        <div>
          <h3 className="font-semibold text-stone-900">Start times</h3>
          {slots.length === 0 ? (
            <p className="text-sm text-stone-600">No start times yet.</p>
          ) : (
            <ul className="mt-1 flex flex-wrap gap-2">
              {[...slots]
                .sort((a, b) => a.startTime.localeCompare(b.startTime))
                .map((s) => (
                  <li key={s.startTime} className="flex items-center gap-1 rounded-full bg-stone-100 px-3 py-1 text-sm">
                    {s.startTime} ({s.durationMinutes} min)
                    <button
                      type="button"
                      className="ml-1 text-stone-600 underline"
                      aria-label={`Remove start time ${s.startTime}`}
                      onClick={() => setSlots(slots.filter((x) => x.startTime !== s.startTime))}
                    >
                      Remove
                    </button>
                  </li>
                ))}
            </ul>
          )}
          <div className="mt-3 flex flex-wrap items-end gap-2">
            <InputField label="Start time" type="time" value={time} onChange={(e) => setTime(e.target.value)} />
            <InputField
              label="Game length (minutes)"
              type="number"
              inputMode="numeric"
              min={L.gameMinutesMin}
              max={L.gameMinutesMax}
              value={length}
              onChange={(e) => setLength(e.target.value)}
            />
            <button
              type="button"
              className="btn btn-secondary"
              disabled={time === "" || slots.some((s) => s.startTime === time) || !/^\d+$/.test(length)}
              onClick={() => {
                setSlots([...slots, { startTime: time, durationMinutes: Number(length) }]);
                setNotice(null);
              }}
            >
              Add time
            </button>
          </div>
        </div>
      </div>
      <div className="mt-4">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!changed || save.mutation.isPending}
          onClick={() => save.mutation.mutate(undefined)}
        >
          {save.mutation.isPending ? "Saving…" : "Save calendar"}
        </button>
        <FormOutcome error={detail ?? message} notice={changed ? null : notice} />
      </div>
    </Panel>
  );
}
