import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Trophy, UsersRound } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league";
import { isApiError } from "~/lib/api";
import { leagueKeys } from "~/lib/query-keys";
import { myLeaguesQuery } from "./queries";
import { useCurrentUser } from "~/lib/session-context";
import { knownZones, viewerZone } from "~/lib/time-zones";
import { AppPageHeader, FormCard, Panel } from "~/ui/app-page";
import { FormOutcome, InputField, SelectField } from "~/ui/form-field";
import { plural } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { createLeague, findLeagueByCode, joinLeague, type LeagueByCode } from "./api";
import { TeamEligibilityPanel } from "./league-eligibility";
import { TeamLeagueGamesPanel } from "./team-league-games";

const ROLE_LABELS = { owner: "You run it", co_admin: "You help run it", member: "Your team plays in it" } as const;

/**
 * /leagues (docs/product.md §17): the leagues the signed-in account runs or whose team plays in one, making a
 * league, and (for a head coach) joining one with its code.
 */
export function LeaguesPage() {
  const user = useCurrentUser();
  const leagues = useQuery(myLeaguesQuery());
  return (
    <div className="space-y-8">
      <AppPageHeader
        title="Leagues"
        lead="One schedule for every team of a league: made once by its organiser, in each team's schedule at once."
      />
      <Panel title="Your leagues" icon={<Trophy className="size-5" />}>
        <QueryState
          query={leagues}
          loading="Loading your leagues..."
          errorTitle="Leagues unavailable"
          errorMessage="Your leagues could not be loaded."
        >
          {({ leagues: list }) =>
            list.length === 0 ? (
              <EmptyState title="No leagues yet">
                Make one below, or join one with the code its organiser gave you.
              </EmptyState>
            ) : (
              <ul className="divide-y divide-stone-200">
                {list.map((league) => (
                  <li key={league.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <div>
                      <Link
                        className="font-semibold text-field-800 underline-offset-2 hover:underline"
                        // A member team's coach sees the public page, which the server answers (not the app).
                        reloadDocument={league.role === "member"}
                        to={league.role === "member" ? `/league/${league.id}` : `/leagues/${league.id}`}
                      >
                        {league.name}
                      </Link>
                      <p className="text-sm text-stone-600">
                        {ROLE_LABELS[league.role]} · {plural(league.teams, "team")}
                      </p>
                    </div>
                    <a className="btn btn-secondary" href={`/league/${encodeURIComponent(league.id)}`}>
                      Public page
                    </a>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Panel>
      {user.role === "coach" ? <TeamLeagueGamesPanel /> : null}
      {user.role === "coach" ? <TeamEligibilityPanel /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <NewLeagueForm />
        {user.role === "coach" && user.coachRole === "head" ? <JoinLeagueForm /> : null}
      </div>
    </div>
  );
}

function NewLeagueForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const zones = useMemo(() => knownZones(), []);
  const [name, setName] = useState("");
  const [timeZone, setTimeZone] = useState(viewerZone() ?? "UTC");
  const make = useMutation({
    mutationFn: createLeague,
    onSuccess: async (league) => {
      queryClient.setQueryData(leagueKeys.detail(league.id), league);
      await queryClient.invalidateQueries({ queryKey: leagueKeys.mine() });
      await navigate(`/leagues/${league.id}`);
    },
  });
  const fields = isApiError(make.error, 400) ? make.error.fields : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    make.mutate({ name: name.trim(), timeZone: timeZone.trim() });
  };
  return (
    <FormCard
      title="Make a league"
      icon={<Trophy aria-hidden="true" className="size-5 text-field-700" />}
      lead="You run it: divisions, teams, fields and the schedule."
    >
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <InputField
          label="League name"
          value={name}
          maxLength={L.nameMax}
          error={fields.name}
          onChange={(e) => setName(e.target.value)}
        />
        <InputField
          label="League's time zone"
          hint="Every game's day and time are in this zone. Type to search."
          list="league-time-zones"
          autoComplete="off"
          value={timeZone}
          error={fields.timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
        />
        <datalist id="league-time-zones">
          {zones.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        <button type="submit" className="btn btn-primary" disabled={make.isPending}>
          {make.isPending ? "Making…" : "Make the league"}
        </button>
        <FormOutcome
          error={
            make.error && Object.keys(fields).length === 0
              ? describeError(make.error, "The league could not be made.")
              : null
          }
          notice={null}
        />
      </form>
    </FormCard>
  );
}

function JoinLeagueForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [found, setFound] = useState<LeagueByCode | null>(null);
  const [divisionId, setDivisionId] = useState("");
  const [notice, setNotice] = useState<string | null>(null);
  const lookup = useMutation({
    mutationFn: findLeagueByCode,
    onMutate: () => {
      setFound(null);
      setNotice(null);
    },
    onSuccess: (league) => {
      setFound(league);
      setDivisionId(league.divisions[0]?.id ?? "");
    },
  });
  const join = useMutation({
    mutationFn: () => joinLeague(code, divisionId),
    onSuccess: (mine) => {
      queryClient.setQueryData(leagueKeys.mine(), mine);
      const division = found?.divisions.find((d) => d.id === divisionId)?.name ?? "";
      setNotice(
        `Your team is in ${found?.name}, ${division}. Its games reach your schedule when the organiser publishes them.`,
      );
      setFound(null);
      setCode("");
    },
  });
  const lookupError = lookup.error ? describeError(lookup.error, "That code could not be checked.") : null;
  const joinFields = isApiError(join.error) ? join.error.fields : {};
  return (
    <FormCard
      title="Join a league"
      icon={<UsersRound aria-hidden="true" className="size-5 text-field-700" />}
      lead="Your team keeps its roster, stats and seasons: the league only places it."
    >
      <form
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() !== "") lookup.mutate(code);
        }}
      >
        <InputField
          label="League code"
          autoComplete="off"
          value={code}
          error={lookupError ?? joinFields.code}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={lookup.isPending || code.trim() === ""}>
          {lookup.isPending ? "Checking…" : "Find the league"}
        </button>
      </form>
      {found ? (
        <form
          className="mt-6 space-y-4 border-t border-stone-200 pt-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            join.mutate();
          }}
        >
          <p className="font-semibold text-stone-900">{found.name}</p>
          {found.divisions.length === 0 ? (
            <p>This league has no divisions yet. Ask its organiser to add yours.</p>
          ) : (
            <>
              <SelectField
                label="Division"
                value={divisionId}
                error={joinFields.divisionId}
                onChange={(e) => setDivisionId(e.target.value)}
              >
                {found.divisions.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                  </option>
                ))}
              </SelectField>
              <button type="submit" className="btn btn-primary" disabled={join.isPending}>
                {join.isPending ? "Joining…" : "Join this division"}
              </button>
            </>
          )}
          <FormOutcome
            error={
              join.error && Object.keys(joinFields).length === 0
                ? describeError(join.error, "Your team could not join.")
                : null
            }
            notice={null}
          />
        </form>
      ) : null}
      <FormOutcome error={null} notice={notice} />
    </FormCard>
  );
}
