import { useQuery } from "@tanstack/react-query";
import { Settings2 } from "lucide-react";
import { useState } from "react";
import type { LeagueDetail } from "#domain/api/leagues";
import { LEAGUE_LIMITS as L } from "#domain/leagues/league";
import { leagueQuery } from "./queries";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { CopyButton } from "~/ui/copy-button";
import { FormOutcome, InputField } from "~/ui/form-field";
import { describeError, QueryState } from "~/ui/query-state";
import { updateLeague } from "./api";
import { LeagueAdminsPanel } from "./league-admins-panel";
import { BracketPanel } from "./league-bracket";
import { CalendarPanel } from "./league-calendar";
import { EligibilityPanel } from "./league-eligibility";
import { SchedulePanel } from "./league-schedule";
import { DivisionsPanel, FieldsPanel } from "./league-setup";
import { TeamsPanel } from "./league-teams";
import { useLeagueWrite } from "./use-league-write";

/** /leagues/:id (docs/product.md §17): a league as its admins run it. */
export function LeagueAdminPage({ leagueId }: { leagueId: string }) {
  const league = useQuery(leagueQuery(leagueId));
  return (
    <QueryState
      query={league}
      loading="Loading the league..."
      errorTitle="League unavailable"
      errorMessage="This league could not be loaded."
    >
      {(data) => <LeagueAdmin league={data} />}
    </QueryState>
  );
}

function LeagueAdmin({ league }: { league: LeagueDetail }) {
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={league.role === "owner" ? "You run this league" : "You help run this league"}
        title={league.name}
        lead={`Times are ${league.timeZone}.`}
        actions={
          <a className="btn btn-secondary" href={`/league/${encodeURIComponent(league.id)}`}>
            Public page
          </a>
        }
      />
      <section aria-label="League code" className="card flex flex-wrap items-center gap-3">
        <p>
          League code: <strong className="font-mono text-lg tracking-widest">{league.joinCode}</strong>
        </p>
        <CopyButton text={league.joinCode} label="Copy the league code" />
        <p className="text-sm text-stone-600">Head coaches enter it under Leagues to join a division.</p>
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <DivisionsPanel league={league} />
        <FieldsPanel league={league} />
      </div>
      <TeamsPanel league={league} />
      <EligibilityPanel leagueId={league.id} />
      <CalendarPanel league={league} />
      <RulesPanel league={league} />
      <SchedulePanel league={league} />
      <BracketPanel league={league} />
      <LeagueAdminsPanel league={league} />
    </div>
  );
}

/** The schedule's rule the generator follows: the rest a team has between two games on one day. */
function RulesPanel({ league }: { league: LeagueDetail }) {
  const [rest, setRest] = useState(String(league.minRestMinutes));
  const [notice, setNotice] = useState<string | null>(null);
  const save = useLeagueWrite(
    league.id,
    (minRestMinutes: number) => updateLeague(league.id, { minRestMinutes }),
    () => setNotice("Saved."),
  );
  return (
    <Panel title="Rest between games" icon={<Settings2 className="size-5" />}>
      <form
        className="flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setNotice(null);
          save.mutation.mutate(Number(rest));
        }}
      >
        <InputField
          label="Minutes of rest between a team's games on one day"
          type="number"
          inputMode="numeric"
          min={0}
          max={L.minRestMax}
          value={rest}
          error={save.fields.minRestMinutes}
          onChange={(e) => setRest(e.target.value)}
        />
        <button type="submit" className="btn btn-secondary" disabled={save.mutation.isPending}>
          Save
        </button>
      </form>
      <FormOutcome
        error={
          save.mutation.error && !save.fields.minRestMinutes ? describeError(save.mutation.error, "Not saved.") : null
        }
        notice={notice}
      />
    </Panel>
  );
}
