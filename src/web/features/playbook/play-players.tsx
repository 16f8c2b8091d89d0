import { Link } from "react-router";
import { formatCount, formatScore } from "~/ui/format";
import { PositionBadge } from "~/ui/position-badge";
import type { PlayAnalysisPlayer } from "#domain/api/plays";

export type CreditGroup = "passing" | "receiving" | "rushing" | "defense";

/** The credit groups some player of the play has numbers in, in reading order (a defensive play shows Defense only). */
export function creditGroups(players: readonly PlayAnalysisPlayer[]): CreditGroup[] {
  const has: Record<CreditGroup, (p: PlayAnalysisPlayer) => boolean> = {
    passing: (p) => p.attempts > 0 || p.passingYards !== 0,
    receiving: (p) => p.catches > 0 || p.receivingYards !== 0,
    rushing: (p) => p.carries > 0 || p.rushingYards !== 0,
    defense: (p) => p.defensivePlays > 0,
  };
  return (["passing", "receiving", "rushing", "defense"] as const).filter((g) => players.some(has[g]));
}

interface Column {
  key: string;
  /** What the header shows, and its full name for screen readers. */
  label: string;
  title: string;
  cell: (p: PlayAnalysisPlayer) => string;
}

const COLUMNS: Record<CreditGroup, Column[]> = {
  passing: [
    {
      key: "cmp",
      label: "C/ATT",
      title: "Completions of passes thrown",
      cell: (p) => (p.attempts > 0 ? `${formatCount(p.completions)}/${formatCount(p.attempts)}` : ""),
    },
    { key: "passYds", label: "Pass yds", title: "Passing yards", cell: (p) => yardsCell(p.attempts, p.passingYards) },
  ],
  receiving: [
    { key: "rec", label: "Rec", title: "Catches", cell: (p) => countCell(p.catches) },
    {
      key: "recYds",
      label: "Rec yds",
      title: "Receiving yards",
      cell: (p) => yardsCell(p.catches, p.receivingYards),
    },
  ],
  rushing: [
    { key: "car", label: "Car", title: "Carries", cell: (p) => countCell(p.carries) },
    { key: "rushYds", label: "Rush yds", title: "Rushing yards", cell: (p) => yardsCell(p.carries, p.rushingYards) },
  ],
  defense: [
    {
      key: "def",
      label: "Def",
      title: "Defensive plays: flag pulls, sacks, interceptions, passes defended and stops",
      cell: (p) => countCell(p.defensivePlays),
    },
  ],
};

/** Blank rather than 0 for a player with nothing in the group, so each row reads as what the player did. */
function countCell(n: number): string {
  return n > 0 ? formatCount(n) : "";
}

function yardsCell(plays: number, yards: number): string {
  return plays > 0 || yards !== 0 ? formatCount(yards) : "";
}

const RETURN_TO = "/coach/playbook-analysis";

/**
 * The players credited on a play: what each did as a passer, receiver, runner or defender (from the play's snaps
 * and the events logged on their own), their tagged events and their points. The play's yards are the passing +
 * rushing yards; the receiving yards are the same yards seen from the catch, and the note under the table says so.
 */
export function PlayPlayersTable({ players }: { players: PlayAnalysisPlayer[] }) {
  const groups = creditGroups(players);
  const columns = groups.flatMap((g) => COLUMNS[g]);
  const th = "px-1.5 py-1.5 sm:px-3 text-right font-semibold whitespace-nowrap";
  const td = "px-1.5 py-1.5 sm:px-3 text-right tabular-nums";
  return (
    <>
      <div
        role="region"
        aria-label="Players involved table"
        tabIndex={0}
        className="mt-2 overflow-x-auto rounded-xl border border-stone-200"
      >
        <table className="w-full text-[0.8125rem] sm:text-sm">
          <thead className="bg-stone-100 text-stone-700">
            <tr>
              <th scope="col" className="px-1.5 py-1.5 sm:px-3 text-left font-semibold">
                Player
              </th>
              {columns.map((c) => (
                <th key={c.key} scope="col" className={th}>
                  <abbr title={c.title} className="no-underline">
                    {c.label}
                  </abbr>
                </th>
              ))}
              <th scope="col" className={th}>
                Events
              </th>
              <th scope="col" className={th}>
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => (
              <tr key={p.playerId} className="border-t border-stone-100">
                <th scope="row" className="px-1.5 py-1.5 sm:px-3 text-left font-semibold">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Link
                      to={`/coach/player-detail/${encodeURIComponent(p.playerId)}`}
                      state={{ returnTo: RETURN_TO }}
                      className="text-field-800 underline-offset-2 hover:underline"
                    >
                      {p.name}
                    </Link>
                    <PositionBadge position={p.position} />
                  </span>
                </th>
                {columns.map((c) => (
                  <td key={c.key} className={td}>
                    {c.cell(p)}
                  </td>
                ))}
                <td className={td}>{formatCount(p.events)}</td>
                <td className={`${td} font-bold`}>{formatScore(p.points)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {groups.includes("passing") || groups.includes("rushing") || groups.includes("receiving") ? (
        <p className="mt-2 text-sm text-stone-700">
          The play&apos;s yards are the passing yards plus the rushing yards. Receiving yards are the same yards as the
          passes caught, seen from the catch, so they are not added again.
        </p>
      ) : null}
    </>
  );
}
