import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Download, Printer } from "lucide-react";
import { Link } from "react-router";
import type { ParticipationResponse } from "#domain/api/participation";
import { periodLabel } from "#domain/league-rules";
import { participationQuery } from "~/lib/queries";
import { AppPageHeader, Panel } from "~/ui/app-page";
import { formatDay } from "~/ui/format";
import { QueryState } from "~/ui/query-state";
import { ScrollRegion } from "~/ui/scroll-region";
import { boxScorePath } from "./game-bits";

/** Printing the report: the table only, on white, without the site's chrome or the page's buttons. */
const PRINT_CSS = `
@media print {
  header, footer, nav, [data-print="hide"] { display: none !important; }
  html, body { background: #fff !important; }
  [data-print="participation"] .card { box-shadow: none; }
  [data-print="participation"] [role="region"] { overflow: visible !important; }
}
`;

const csvPath = (sessionId: string) => `/api/team/sessions/${encodeURIComponent(sessionId)}/participation.csv`;

/**
 * /coach/games/{id}/participation: a game's playing time for the league (docs/product.md §12 "Playing time"):
 * each player's snaps per half or quarter and in the game, those below the league's minimum marked in words. Print
 * and Download CSV.
 */
export function ParticipationPage({ sessionId }: { sessionId: string }) {
  const report = useQuery(participationQuery(sessionId));
  const session = report.data?.session;
  return (
    <div className="space-y-8" data-print="participation">
      <style>{PRINT_CSS}</style>
      <Link
        to={boxScorePath("coach", sessionId)}
        data-print="hide"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-field-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Box score
      </Link>
      <AppPageHeader
        eyebrow={session ? formatDay(session.date) : null}
        title={session?.opponent ? `Participation: vs ${session.opponent}` : "Participation"}
        actions={
          <div className="flex flex-wrap gap-3" data-print="hide">
            <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
              <Printer aria-hidden="true" className="size-4" />
              Print
            </button>
            <a className="btn btn-secondary" href={csvPath(sessionId)} download>
              <Download aria-hidden="true" className="size-4" />
              Download CSV
            </a>
          </div>
        }
      />
      <QueryState
        query={report}
        loading="Loading the participation report..."
        errorTitle="Error loading the participation report"
        errorMessage="The participation report could not be loaded. Please try again."
      >
        {(data) => <ParticipationTable report={data} />}
      </QueryState>
    </div>
  );
}

function ParticipationTable({ report }: { report: ParticipationResponse }) {
  const { rules, periods } = report;
  const minimum = rules.minSnapsPerPeriod;
  const periodNames = Array.from({ length: periods }, (_, i) => periodLabel(i + 1, rules));
  return (
    <Panel title="Snaps played">
      <p className="mb-3 text-sm text-stone-700">
        {minimum === null
          ? "Counted from the lineups logged with each snap. Your league rules set no minimum."
          : `Counted from the lineups logged with each snap. Minimum: ${minimum} per ${rules.periodKind}.`}
      </p>
      <ScrollRegion label="Participation table">
        <table className="w-full min-w-[28rem] text-sm">
          <caption className="sr-only">Snaps played per player</caption>
          <thead className="border-b border-stone-200 text-stone-700">
            <tr>
              <th scope="col" className="py-2 pr-3 text-left font-semibold">
                Player
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Jersey
              </th>
              {periodNames.map((name) => (
                <th key={name} scope="col" className="px-2 py-2 text-right font-semibold">
                  {name}
                </th>
              ))}
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Total
              </th>
              {minimum !== null ? (
                <th scope="col" className="py-2 pl-2 text-left font-semibold">
                  Minimum
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {report.players.map((p) => (
              <tr key={p.playerId} className="border-b border-stone-100">
                <th scope="row" className="py-2 pr-3 text-left font-semibold text-stone-900">
                  {p.fullName}
                </th>
                <td className="px-2 py-2 text-right tabular-nums">
                  {p.jerseyNumber === null ? "—" : `#${p.jerseyNumber}`}
                </td>
                {p.byPeriod.map((n, i) => (
                  <td key={i} className="px-2 py-2 text-right tabular-nums">
                    {n}
                  </td>
                ))}
                <td className="px-2 py-2 text-right font-semibold tabular-nums">{p.total}</td>
                {minimum !== null ? (
                  <td className="py-2 pl-2">
                    {p.belowMinimum ? (
                      <span className="font-semibold text-red-800">Below minimum</span>
                    ) : (
                      <span className="text-stone-700">Met</span>
                    )}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </Panel>
  );
}
