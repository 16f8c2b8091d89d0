import { useQuery } from "@tanstack/react-query";
import { Activity, Users } from "lucide-react";
import type { OperatorUsageResponse } from "#domain/api/operator";
import { operatorTeamsQuery, operatorUsageQuery } from "~/lib/queries";
import { AppPageHeader, Panel, Stat } from "~/ui/app-page";
import { formatCount, formatDateTime } from "~/ui/format";
import { EmptyState, QueryState } from "~/ui/query-state";
import { MessagesPanel } from "./messages-panel";

/**
 * /operator (docs/product.md §2 "Operator"): for the accounts in OPERATOR_EMAILS. The contact form's messages,
 * usage totals and every team with its size and last activity.
 */
export function OperatorPage() {
  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow="Operator"
        title="Operator"
        lead="Contact messages, usage and the teams on this Flagline."
      />
      <MessagesPanel />
      <UsageSection />
      <TeamsPanel />
    </div>
  );
}

function formatBytes(bytes: number | null): string | null {
  if (bytes === null) return null;
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${formatCount(Math.ceil(bytes / 1024))} KB`;
}

function UsageSection() {
  const query = useQuery(operatorUsageQuery());
  return (
    <section aria-labelledby="usage-title" className="space-y-4">
      <h2 id="usage-title" className="flex items-center gap-2 text-xl font-bold text-stone-900">
        <Activity aria-hidden="true" className="size-5 text-field-700" /> Usage
      </h2>
      <QueryState
        query={query}
        loading="Loading the usage..."
        errorTitle="Error loading the usage"
        errorMessage="The usage totals could not be loaded. Please try again."
      >
        {(u: OperatorUsageResponse) => (
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Stat label="Accounts" value={formatCount(u.accounts)} />
            <Stat label="Teams" value={formatCount(u.teams)} />
            <Stat
              label="Database"
              value={formatBytes(u.databaseBytes)}
              note={u.engine === "postgres" ? "PostgreSQL" : "SQLite"}
            />
            <Stat
              label="Events, last 7 days"
              value={formatCount(u.events.last7Days)}
              note={`${formatCount(u.events.last30Days)} in the last 30 days`}
            />
            <Stat
              label="Snaps, last 7 days"
              value={formatCount(u.snaps.last7Days)}
              note={`${formatCount(u.snaps.last30Days)} in the last 30 days`}
            />
          </div>
        )}
      </QueryState>
    </section>
  );
}

function TeamsPanel() {
  const query = useQuery(operatorTeamsQuery());
  return (
    <Panel title="Teams" icon={<Users className="size-5" />}>
      <QueryState
        query={query}
        loading="Loading the teams..."
        errorTitle="Error loading the teams"
        errorMessage="The teams could not be loaded. Please try again."
      >
        {(data) =>
          data.teams.length === 0 ? (
            <EmptyState title="No teams yet">A team appears here once its head coach signs up.</EmptyState>
          ) : (
            <div className="-mx-2 overflow-x-auto">
              <table className="w-full min-w-[40rem] text-left text-sm">
                <thead className="text-stone-600">
                  <tr>
                    {["Team", "Created", "Coaches", "Players", "Sessions", "Events", "Last activity"].map((h) => (
                      <th key={h} scope="col" className="px-2 py-2 font-semibold">
                        {h}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {data.teams.map((t) => (
                    <tr key={t.id}>
                      <th scope="row" className="px-2 py-2 font-semibold text-stone-900">
                        {t.name}
                      </th>
                      <td className="px-2 py-2">{formatDateTime(t.createdAt)}</td>
                      <td className="px-2 py-2 tabular-nums">{formatCount(t.coaches)}</td>
                      <td className="px-2 py-2 tabular-nums">{formatCount(t.players)}</td>
                      <td className="px-2 py-2 tabular-nums">{formatCount(t.sessions)}</td>
                      <td className="px-2 py-2 tabular-nums">{formatCount(t.events)}</td>
                      <td className="px-2 py-2">
                        {t.lastActivityAt ? formatDateTime(t.lastActivityAt) : "Nothing yet"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryState>
    </Panel>
  );
}
