import { LandPlot, Layers, Trash2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { LeagueDetail } from "#domain/api/leagues";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league";
import { Panel } from "~/ui/app-page";
import { FormOutcome, InputField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { addDivision, addField, deleteDivision, deleteField } from "./api";
import { leftover, useLeagueWrite } from "./use-league-write";

/** A league's divisions (docs/product.md §17): name, age cutoff and roster lock; a division without teams goes. */
export function DivisionsPanel({ league }: { league: LeagueDetail }) {
  const [name, setName] = useState("");
  const [ageCutoff, setAgeCutoff] = useState("");
  const [rosterLock, setRosterLock] = useState("");
  const add = useLeagueWrite(
    league.id,
    (input: Parameters<typeof addDivision>[1]) => addDivision(league.id, input),
    () => {
      setName("");
      setAgeCutoff("");
      setRosterLock("");
    },
  );
  const remove = useLeagueWrite(league.id, deleteDivision);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutation.mutate({ name: name.trim(), ageCutoff: ageCutoff || null, rosterLock: rosterLock || null });
  };
  return (
    <Panel title="Divisions" icon={<Layers className="size-5" />}>
      {league.divisions.length === 0 ? (
        <p>No divisions yet: add one (for example 10U) before teams can join.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {league.divisions.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-semibold text-stone-900">{d.name}</p>
                <p className="text-sm text-stone-600">
                  {d.ageCutoff ? `Born on or after ${formatDay(d.ageCutoff)}` : "No age cutoff"}
                  {d.rosterLock ? ` · Rosters lock ${formatDay(d.rosterLock)}` : ""}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary py-2"
                aria-label={`Delete division ${d.name}`}
                disabled={remove.mutation.isPending}
                onClick={() => remove.mutation.mutate(d.id)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormOutcome
        error={
          remove.mutation.error ? describeError(remove.mutation.error, "The division could not be deleted.") : null
        }
        notice={null}
      />
      <form className="mt-4 grid gap-3 sm:grid-cols-3" onSubmit={submit} noValidate>
        <InputField
          label="Division name"
          value={name}
          maxLength={L.divisionNameMax}
          error={add.fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <InputField
          label="Age cutoff"
          hint="Born on or after this day"
          type="date"
          value={ageCutoff}
          error={add.fields.ageCutoff}
          onChange={(e) => setAgeCutoff(e.target.value)}
        />
        <InputField
          label="Roster lock"
          type="date"
          value={rosterLock}
          error={add.fields.rosterLock}
          onChange={(e) => setRosterLock(e.target.value)}
        />
        <div className="sm:col-span-3">
          <button type="submit" className="btn btn-primary" disabled={add.mutation.isPending}>
            Add division
          </button>
          <FormOutcome
            error={leftover(add.mutation.error, add.fields, "The division could not be added.")}
            notice={null}
          />
        </div>
      </form>
    </Panel>
  );
}

/** The league's fields: a park, its address and its sub-fields. */
export function FieldsPanel({ league }: { league: LeagueDetail }) {
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const [subFields, setSubFields] = useState("");
  const add = useLeagueWrite(
    league.id,
    (input: Parameters<typeof addField>[1]) => addField(league.id, input),
    () => {
      setName("");
      setAddress("");
      setSubFields("");
    },
  );
  const remove = useLeagueWrite(league.id, deleteField);
  return (
    <Panel title="Fields" icon={<LandPlot className="size-5" />}>
      {league.fields.length === 0 ? (
        <p>No fields yet.</p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {league.fields.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div>
                <p className="font-semibold text-stone-900">{f.name}</p>
                <p className="text-sm text-stone-600">
                  {f.address ?? "No address"}
                  {f.subFields.length > 0 ? ` · Fields ${f.subFields.join(", ")}` : ""}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-secondary py-2"
                aria-label={`Delete field ${f.name}`}
                disabled={remove.mutation.isPending}
                onClick={() => remove.mutation.mutate(f.id)}
              >
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
      <FormOutcome
        error={remove.mutation.error ? describeError(remove.mutation.error, "The field could not be deleted.") : null}
        notice={null}
      />
      <form
        className="mt-4 grid gap-3 sm:grid-cols-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const names = subFields
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== "");
          add.mutation.mutate({ name: name.trim(), address: address.trim() || null, subFields: names });
        }}
      >
        <InputField
          label="Field name"
          value={name}
          maxLength={L.fieldNameMax}
          error={add.fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <InputField
          label="Address"
          value={address}
          maxLength={L.addressMax}
          error={add.fields.address}
          onChange={(e) => setAddress(e.target.value)}
        />
        <InputField
          label="Sub-fields"
          hint="Played at the same time, comma-separated (A, B)"
          value={subFields}
          error={add.fields.subFields}
          onChange={(e) => setSubFields(e.target.value)}
        />
        <div className="sm:col-span-3">
          <button type="submit" className="btn btn-primary" disabled={add.mutation.isPending}>
            Add field
          </button>
          <FormOutcome
            error={leftover(add.mutation.error, add.fields, "The field could not be added.")}
            notice={null}
          />
        </div>
      </form>
    </Panel>
  );
}
