import { clsx } from "clsx";
import { Link } from "react-router";
import type { PublicLeague } from "#domain/api/leagues";

export type StandingRow = PublicLeague["divisions"][number]["standings"][number];

/** A league team's public page (docs/product.md §17). */
function publicTeamPath(leagueId: string, teamId: string): string {
  return `/league/${encodeURIComponent(leagueId)}/teams/${encodeURIComponent(teamId)}`;
}

/**
 * A division's standings as the public pages show them (docs/product.md §17): rank, team, W-L-T, winning percentage,
 * points, difference, streak and the last five. Each team's name links to its public page when `leagueId` is given;
 * `currentTeamId`'s row is highlighted, marked aria-current and not linked (it is the page the reader is on).
 * Named by its `caption`, or by the element `labelledBy` names.
 */
export function StandingsTable({
  standings,
  teamName,
  caption,
  labelledBy,
  leagueId,
  currentTeamId,
}: {
  standings: readonly StandingRow[];
  /** Each team's name by its id. */
  teamName: ReadonlyMap<string, string>;
  caption?: string;
  labelledBy?: string;
  leagueId?: string;
  currentTeamId?: string;
}) {
  return (
    <div className="card overflow-x-auto">
      <table className="w-full text-left text-sm" aria-labelledby={labelledBy}>
        {caption !== undefined ? (
          <caption className="pb-2 text-left text-lg font-bold text-stone-900">{caption}</caption>
        ) : null}
        <thead className="text-stone-600">
          <tr>
            <th scope="col" className="py-1 pr-2">
              #
            </th>
            <th scope="col" className="py-1 pr-2">
              Team
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              W
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              L
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              T
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Pct
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              PF
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              PA
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Diff
            </th>
            <th scope="col" className="py-1 pr-2">
              Streak
            </th>
            <th scope="col" className="py-1">
              Last 5
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-200 tabular-nums">
          {standings.map((row) => {
            const current = row.teamId === currentTeamId;
            const name = teamName.get(row.teamId);
            return (
              <tr
                key={row.teamId}
                aria-current={current ? "true" : undefined}
                className={clsx(current && "bg-field-50")}
              >
                <td className="py-1 pr-2">{row.rank}</td>
                <th scope="row" className="py-1 pr-2 font-semibold text-stone-900">
                  {leagueId !== undefined && !current ? (
                    <Link className="text-field-800 underline" to={publicTeamPath(leagueId, row.teamId)}>
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </th>
                <td className="py-1 pr-2 text-right">{row.wins}</td>
                <td className="py-1 pr-2 text-right">{row.losses}</td>
                <td className="py-1 pr-2 text-right">{row.ties}</td>
                <td className="py-1 pr-2 text-right">{row.winPct.toFixed(3).replace(/^0/, "")}</td>
                <td className="py-1 pr-2 text-right">{row.pointsFor}</td>
                <td className="py-1 pr-2 text-right">{row.pointsAgainst}</td>
                <td className="py-1 pr-2 text-right">{row.difference > 0 ? `+${row.difference}` : row.difference}</td>
                <td className="py-1 pr-2">{row.streak || "—"}</td>
                <td className="py-1">{row.last5.length > 0 ? row.last5.join(" ") : "—"}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {standings.length === 0 ? <p className="text-sm text-stone-600">No teams yet.</p> : null}
    </div>
  );
}
