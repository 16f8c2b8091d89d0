import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ScheduleEdit, ScheduleEditsResult } from "#domain/api/league-edits";
import type { LeagueDetail, LeagueGame } from "#domain/api/leagues";
import { fieldLabel } from "#domain/leagues/league";
import { leagueKeys } from "~/lib/query-keys";
import { FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { formatDay, plural } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { editSchedule } from "./api";

/** What the dialog changes: one game of the schedule, or a new one. */
export type EditTarget = { kind: "game"; game: LeagueGame } | { kind: "add" };

interface Place {
  fieldId: string;
  subField: string;
  date: string;
  startTime: string;
  durationMinutes: number;
}

const placeOf = (g: Place): Place => ({
  fieldId: g.fieldId,
  subField: g.subField,
  date: g.date,
  startTime: g.startTime,
  durationMinutes: g.durationMinutes,
});

/**
 * Changing the league's schedule by hand (docs/product.md §17): move a game to another field, day or time, swap its
 * place with another game's, switch home and away, cancel it, or add a game. Every change is checked as it is
 * typed: the conflicts it would cause show before saving, and a change that causes one cannot be saved. Once the
 * schedule is published, a saved change goes to both teams at once.
 */
export function ScheduleEditDialog({
  league,
  games,
  target,
  onClose,
  onSaved,
}: {
  league: LeagueDetail;
  games: LeagueGame[];
  target: EditTarget | null;
  onClose: () => void;
  onSaved: (message: string) => Promise<unknown>;
}) {
  return (
    <SheetDialog open={target !== null} onOpenChange={(open) => (open ? undefined : onClose())} size="lg">
      {target ? (
        <EditForm
          key={target.kind === "game" ? target.game.id : "add"}
          league={league}
          games={games}
          target={target}
          onSaved={onSaved}
        />
      ) : null}
    </SheetDialog>
  );
}

function EditForm({
  league,
  games,
  target,
  onSaved,
}: {
  league: LeagueDetail;
  games: LeagueGame[];
  target: EditTarget;
  onSaved: (message: string) => Promise<unknown>;
}) {
  const teamName = new Map(league.teams.map((t) => [t.id, t.name]));
  const fieldName = new Map(league.fields.map((f) => [f.id, f.name]));
  const title = (g: LeagueGame) => `${teamName.get(g.homeTeamId)} v ${teamName.get(g.awayTeamId)}`;
  const game = target.kind === "game" ? target.game : null;
  const firstField = league.fields[0];
  const [place, setPlace] = useState<Place>(
    game
      ? placeOf(game)
      : {
          fieldId: firstField?.id ?? "",
          subField: firstField?.subFields[0] ?? "",
          date: league.gameDays[0] ?? "",
          startTime: league.timeSlots[0]?.startTime ?? "09:00",
          durationMinutes: league.timeSlots[0]?.durationMinutes ?? 60,
        },
  );
  const [swapWith, setSwapWith] = useState("");
  const [divisionId, setDivisionId] = useState(league.divisions[0]?.id ?? "");
  const inDivision = league.teams.filter((t) => t.divisionId === divisionId);
  const [home, setHome] = useState(inDivision[0]?.id ?? "");
  const [away, setAway] = useState(inDivision[1]?.id ?? "");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const field = league.fields.find((f) => f.id === place.fieldId);

  const moved = game !== null && JSON.stringify(placeOf(game)) !== JSON.stringify(place);
  const edit: ScheduleEdit | null = game
    ? swapWith
      ? { kind: "swap", gameId: game.id, otherGameId: swapWith }
      : moved
        ? { kind: "move", gameId: game.id, ...place }
        : null
    : home && away && divisionId
      ? { kind: "add", divisionId, homeTeamId: home, awayTeamId: away, ...place }
      : null;

  // The change as it stands, checked on the server (nothing saved) whenever it changes.
  const check = useQuery({
    queryKey: [...leagueKeys.games(league.id), "check", edit],
    queryFn: () => editSchedule(league.id, { edits: [edit!], dryRun: true }),
    enabled: edit !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const save = useMutation({
    mutationFn: (edits: ScheduleEdit[]) => editSchedule(league.id, { edits }),
    onSuccess: (result: ScheduleEditsResult, edits) => {
      const what = {
        move: "Game moved",
        swap: "Games swapped",
        add: "Game added",
        cancel: "Game cancelled",
        flip: "Home and away switched",
      }[edits[0]!.kind];
      return onSaved(
        result.teamEvents > 0
          ? `${what}: ${plural(result.teamEvents, "team schedule entry", "team schedule entries")} written, and the teams told.`
          : `${what}.`,
      );
    },
  });
  const checked = edit !== null && !check.isPlaceholderData ? check.data : undefined;
  const introduced = checked?.introduced ?? [];

  return (
    <form
      className="mt-1 space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (edit) save.mutate([edit]);
      }}
    >
      <SheetHeader title={game ? `Change ${title(game)}` : "Add a game"} />
      {game ? (
        <p className="text-sm text-stone-700">
          Now: {formatDay(game.date)} at {game.startTime},{" "}
          {fieldLabel(fieldName.get(game.fieldId) ?? "", game.subField)}.
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="Division" value={divisionId} onChange={(e) => setDivisionId(e.target.value)}>
            {league.divisions.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Home" value={home} onChange={(e) => setHome(e.target.value)}>
            {inDivision.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Away" value={away} onChange={(e) => setAway(e.target.value)}>
            {inDivision.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </SelectField>
        </div>
      )}
      <fieldset disabled={swapWith !== ""} className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">Field and time</legend>
        <SelectField
          label="Field"
          value={place.fieldId}
          onChange={(e) => {
            const next = league.fields.find((f) => f.id === e.target.value);
            setPlace({ ...place, fieldId: e.target.value, subField: next?.subFields[0] ?? "" });
          }}
        >
          {league.fields.map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </SelectField>
        {field && field.subFields.length > 0 ? (
          <SelectField
            label="Sub-field"
            value={place.subField}
            onChange={(e) => setPlace({ ...place, subField: e.target.value })}
          >
            {field.subFields.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </SelectField>
        ) : null}
        <InputField
          label="Day"
          type="date"
          required
          value={place.date}
          onChange={(e) => setPlace({ ...place, date: e.target.value })}
        />
        <InputField
          label="Start"
          type="time"
          required
          value={place.startTime}
          onChange={(e) => setPlace({ ...place, startTime: e.target.value })}
        />
        <InputField
          label="Length (minutes)"
          type="number"
          min={20}
          max={240}
          required
          value={place.durationMinutes}
          onChange={(e) => setPlace({ ...place, durationMinutes: Number(e.target.value) })}
        />
      </fieldset>
      {game ? (
        <SelectField label="Or swap its place with" value={swapWith} onChange={(e) => setSwapWith(e.target.value)}>
          <option value="">No swap</option>
          {games
            .filter((g) => g.id !== game.id && g.status !== "cancelled")
            .map((g) => (
              <option key={g.id} value={g.id}>
                {title(g)}: {g.date} {g.startTime}, {fieldLabel(fieldName.get(g.fieldId) ?? "", g.subField)}
              </option>
            ))}
        </SelectField>
      ) : null}
      <CheckOutcome
        edit={edit}
        checking={check.isFetching}
        error={check.error}
        introduced={introduced}
        checked={!!checked}
      />
      <FormOutcome
        error={save.error ? describeError(save.error, "The change could not be saved.") : null}
        notice={null}
      />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          className="btn btn-primary"
          disabled={edit === null || !checked || introduced.length > 0 || save.isPending}
        >
          {save.isPending ? "Saving…" : game ? "Save change" : "Add game"}
        </button>
        {game ? (
          <>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={save.isPending}
              onClick={() => save.mutate([{ kind: "flip", gameId: game.id }])}
            >
              Switch home and away
            </button>
            {confirmCancel ? (
              <button
                type="button"
                className="btn bg-red-700 text-white hover:bg-red-800"
                disabled={save.isPending}
                onClick={() => save.mutate([{ kind: "cancel", gameId: game.id }])}
              >
                Yes, cancel {title(game)}
              </button>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setConfirmCancel(true)}>
                Cancel this game
              </button>
            )}
          </>
        ) : null}
      </div>
    </form>
  );
}

function CheckOutcome({
  edit,
  checking,
  error,
  introduced,
  checked,
}: {
  edit: ScheduleEdit | null;
  checking: boolean;
  error: Error | null;
  introduced: string[];
  checked: boolean;
}) {
  if (edit === null) return <p className="text-sm text-stone-600">Change the field, day or time to check it.</p>;
  if (error) return <FormOutcome error={describeError(error, "The change could not be checked.")} notice={null} />;
  if (!checked || checking) return <p className="text-sm text-stone-600">Checking for conflicts…</p>;
  if (introduced.length === 0)
    return (
      <p role="status" className="text-sm font-medium text-emerald-800">
        No conflicts: this change can be saved.
      </p>
    );
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
      <p className="font-semibold">This change would cause {plural(introduced.length, "conflict")}:</p>
      <ul className="mt-1 list-disc pl-5">
        {introduced.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
    </div>
  );
}
