import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarRange } from "lucide-react";
import { useState, type FormEvent } from "react";
import { SEASON_NAME_MAX, type Season } from "#domain/api/seasons";
import { addDays } from "#domain/api/player";
import { ME_ROOT_KEY, TEAM_ROOT_KEY } from "~/lib/query-keys";
import { seasonsQuery, teamRosterQuery } from "~/lib/queries";
import { useCurrentUser } from "~/lib/session-context";
import { Panel } from "~/ui/app-page";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormMessage, InputField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError, QueryState } from "~/ui/query-state";
import { defaultStart, patchSeason, startSeason } from "./api";

/**
 * Seasons (docs/product.md §11 (#s11-seasons)), on the coach's team settings: the team's seasons, editing one's
 * name and dates, and, for the head coach, starting a new season after a confirmation that says what happens (the
 * roster stays, numbers start at zero, last season stays readable under Season on every stat screen).
 */
export function SeasonsPanel() {
  const me = useCurrentUser();
  const seasons = useQuery({ ...seasonsQuery(), enabled: me.team !== null });
  if (!me.team) return null;
  return (
    <Panel title="Seasons" icon={<CalendarRange className="size-5" />}>
      <QueryState
        query={seasons}
        loading="Loading the seasons..."
        errorTitle="Error loading the seasons"
        errorMessage="The team's seasons could not be loaded. Please try again."
        headingLevel={3}
      >
        {(data) => (
          <div className="space-y-6">
            <ul className="divide-y divide-stone-200">
              {data.seasons.map((s) => (
                <SeasonRow key={s.id} season={s} />
              ))}
            </ul>
            {me.coachRole === "head" ? (
              <NewSeasonForm current={data.seasons[0]} />
            ) : (
              <p className="text-sm text-stone-700">Only the head coach can start a new season.</p>
            )}
          </div>
        )}
      </QueryState>
    </Panel>
  );
}

function useRefreshTeam() {
  const queryClient = useQueryClient();
  // A season changes what every stat screen shows: the team's and the player's reads are read again.
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY }),
      queryClient.invalidateQueries({ queryKey: ME_ROOT_KEY }),
    ]);
}

function SeasonRow({ season }: { season: Season }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(season.name);
  const [startsOn, setStartsOn] = useState(season.startsOn);
  const [endsOn, setEndsOn] = useState(season.endsOn ?? "");
  const refresh = useRefreshTeam();
  const rename = useMutation({
    // Only what changed is sent: the current season has no end to send.
    mutationFn: () =>
      patchSeason(season.id, {
        ...(name.trim() !== season.name ? { name: name.trim() } : {}),
        ...(startsOn !== season.startsOn ? { startsOn } : {}),
        ...(season.endsOn !== null && endsOn !== season.endsOn ? { endsOn } : {}),
      }),
    onSuccess: async () => {
      await refresh();
      setEditing(false);
    },
  });
  const dates = `${formatDay(season.startsOn)} – ${season.endsOn ? formatDay(season.endsOn) : "today"}`;
  const sessions = season.sessionCount === 1 ? "1 practice or game" : `${season.sessionCount} practices and games`;

  const fields = rename.error && "fields" in rename.error ? (rename.error.fields as Record<string, string>) : {};
  const unchanged =
    name.trim() === season.name && startsOn === season.startsOn && (season.endsOn === null || endsOn === season.endsOn);
  if (editing)
    return (
      <li className="py-3">
        <form
          className="space-y-3"
          aria-label={`Edit ${season.name}`}
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            if (unchanged) setEditing(false);
            else rename.mutate();
          }}
        >
          <div className="grid gap-3 sm:grid-cols-3">
            <InputField
              label="Name"
              value={name}
              required
              maxLength={SEASON_NAME_MAX}
              onChange={(event) => setName(event.target.value)}
              error={fields.name}
            />
            <InputField
              label="Starts on"
              type="date"
              value={startsOn}
              required
              onChange={(event) => setStartsOn(event.target.value)}
              error={fields.startsOn}
            />
            {season.endsOn !== null ? (
              <InputField
                label="Ends on"
                type="date"
                value={endsOn}
                required
                onChange={(event) => setEndsOn(event.target.value)}
                error={fields.endsOn}
              />
            ) : (
              <p className="self-end text-sm text-stone-700">Ends when the next season starts.</p>
            )}
          </div>
          {rename.error ? (
            <FormMessage tone="error">{describeError(rename.error, "The season could not be saved.")}</FormMessage>
          ) : null}
          <div className="flex gap-2">
            <button type="submit" className="btn btn-primary" disabled={rename.isPending || !name.trim()}>
              {rename.isPending ? "Saving…" : "Save"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div>
        <p className="font-semibold text-stone-900">
          {season.name}{" "}
          {season.current ? (
            <span className="ml-1 rounded-full bg-field-100 px-2 py-0.5 text-xs font-bold text-field-900">Current</span>
          ) : null}
        </p>
        <p className="text-sm text-stone-700">
          {dates} · {sessions}
        </p>
      </div>
      <button
        type="button"
        className="btn btn-secondary"
        aria-label={`Edit ${season.name}`}
        onClick={() => {
          setName(season.name);
          setStartsOn(season.startsOn);
          setEndsOn(season.endsOn ?? "");
          rename.reset();
          setEditing(true);
        }}
      >
        Edit
      </button>
    </li>
  );
}

function NewSeasonForm({ current }: { current: Season | undefined }) {
  const [name, setName] = useState("");
  const [startsOn, setStartsOn] = useState(() => defaultStart(current?.startsOn));
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState<string | null>(null);
  /** The players who do not return (issue #27.9): everyone returns unless the coach unticks them. */
  const [leaving, setLeaving] = useState<ReadonlySet<string>>(new Set());
  const roster = useQuery(teamRosterQuery());
  const players = roster.data?.players ?? [];
  const leavers = players.filter((p) => leaving.has(p.id));
  const refresh = useRefreshTeam();
  const start = useMutation({
    mutationFn: () =>
      startSeason({
        name: name.trim(),
        startsOn,
        ...(leavers.length > 0 ? { leaving: leavers.map((p) => p.id) } : {}),
      }),
    onSuccess: async (season) => {
      await refresh();
      setConfirming(false);
      setStarted(season.name);
      setName("");
      setLeaving(new Set());
    },
  });
  const fieldErrors = start.error && "fields" in start.error ? (start.error.fields as Record<string, string>) : {};
  const trimmed = name.trim();

  return (
    <form
      className="space-y-4 rounded-xl border border-stone-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed) return;
        start.reset();
        setConfirming(true);
      }}
    >
      <h3 className="font-bold text-stone-900">Start a new season</h3>
      {started ? <FormMessage tone="success">{started} has started. Its numbers start at zero.</FormMessage> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label="New season's name"
          value={name}
          required
          maxLength={SEASON_NAME_MAX}
          placeholder="Spring 2027"
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.name}
        />
        <InputField
          label="Starts on"
          type="date"
          value={startsOn}
          required
          onChange={(event) => setStartsOn(event.target.value)}
          error={fieldErrors.startsOn}
        />
      </div>
      {players.length > 0 ? (
        <fieldset>
          <legend className="label">Who returns?</legend>
          <p className="text-sm text-stone-700">
            Untick the players who do not play this season: they leave the roster, and their plays stay in{" "}
            {current?.name ?? "the past season"}.
          </p>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {players.map((p) => (
              <li key={p.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={!leaving.has(p.id)}
                    onChange={(event) =>
                      setLeaving((now) => {
                        const next = new Set(now);
                        if (event.target.checked) next.delete(p.id);
                        else next.add(p.id);
                        return next;
                      })
                    }
                  />
                  {p.jerseyNumber === null ? p.fullName : `${p.fullName} (#${p.jerseyNumber})`}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : roster.isError ? (
        <FormMessage tone="error">The roster could not be loaded: everyone returns unless you reload.</FormMessage>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={!trimmed || !validDay(startsOn)}>
        Start new season…
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Start ${trimmed}?`}
        description={
          <div className="space-y-2">
            <p>
              {current && validDay(startsOn)
                ? `${current.name} ends on ${formatDay(addDays(startsOn, -1))} and ${trimmed} starts on ${formatDay(startsOn)}.`
                : `${trimmed} starts on ${formatDay(startsOn)}.`}
            </p>
            {leavers.length > 0 ? (
              <p>
                {leavers.length === 1 ? "1 player does not return" : `${leavers.length} players do not return`}:{" "}
                {leavers.map((p) => p.fullName).join(", ")}. They leave the roster; their plays stay in{" "}
                {current?.name ?? "the past season"}. Everyone else stays on the roster.
              </p>
            ) : (
              <p>The roster stays as it is.</p>
            )}
            <p>New practices, games and plays go to {trimmed}, and every leaderboard and stat starts from zero.</p>
            {current ? <p>{current.name} stays readable: pick it under Season on any stat screen.</p> : null}
          </div>
        }
        confirmLabel={`Start ${trimmed}`}
        pendingLabel="Starting…"
        pending={start.isPending}
        error={start.error ? describeError(start.error, "The season could not be started. Please try again.") : null}
        onConfirm={() => start.mutate()}
      />
    </form>
  );
}

/** A "YYYY-MM-DD" the date field holds (it is "" while being typed). */
function validDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
}
