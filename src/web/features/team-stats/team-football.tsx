import { useId } from "react";
import type { TeamFootball as TeamFootballLine } from "#domain/api/team";
import { Stat } from "~/ui/app-page";
import { formatCount, plural } from "~/ui/format";
import { EmptyState } from "~/ui/query-state";
import { FootballLines, Missing, YARDS_NOT_LOGGED } from "~/ui/stat-lines";

/**
 * The team's football line (docs/product.md §10): every snap of the season plus the plays logged on their own.
 * Touchdowns are counted once (a touchdown pass is the team's one touchdown, not the passer's and the catcher's
 * two) and total yards are passing plus rushing: receiving yards are the same yards seen from the catch, shown in
 * their own table and never added.
 */
export function TeamFootball({ football }: { football: TeamFootballLine }) {
  const id = useId();
  const noYardsYet = football.line.completions === 0 && football.line.carries === 0;
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-xl font-bold text-stone-900">
          Football
        </h2>
        <p className="mt-1 text-sm text-stone-700">
          Every snap of the season, plus plays logged on their own. A touchdown pass is one touchdown; total yards are
          passing plus rushing.
        </p>
      </div>
      <FootballLines
        stat={football}
        empty={
          <EmptyState title="No football stats yet" headingLevel={3}>
            The team's passing, receiving, rushing and defense lines appear here once snaps or plays are logged.
          </EmptyState>
        }
      />
      {football.groups.length > 0 ? (
        <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
          <Stat
            label="Total touchdowns"
            value={formatCount(football.touchdowns)}
            note="Passing, rushing and defensive, each once"
          />
          <Stat
            label="Total yards"
            value={
              football.totalYards === null ? (
                <Missing reason={noYardsYet ? "No completions or carries yet" : YARDS_NOT_LOGGED} />
              ) : (
                formatCount(football.totalYards)
              )
            }
            note="Passing plus rushing"
          />
          <Stat label="Turnovers" value={formatCount(football.turnovers)} note="Interceptions thrown" />
          <Stat
            label="Penalties"
            value={formatCount(football.penalties)}
            note={`${plural(football.penaltyYards, "yard")} against us`}
          />
          <Stat label="Snaps logged" value={formatCount(football.snaps)} />
        </div>
      ) : null}
    </section>
  );
}
