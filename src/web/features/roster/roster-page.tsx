import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, FileUp, UserMinus, UserPlus, Users } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { apiFetch, isApiError } from "~/lib/api";
import { useCurrentUser } from "~/lib/session-context";
import { StatusNotice } from "~/ui/form-field";
import { AppPageHeader, NoTeamPanel } from "~/ui/app-page";
import { usePickedSeason } from "~/lib/season-param";
import { SeasonPicker } from "~/ui/season-picker";
import { attendanceOf, NO_ATTENDANCE_YET } from "~/ui/attendance";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { downloadText } from "~/ui/download";
import { plural } from "~/ui/format";
import { PlayerAvatar, PositionBadge } from "~/ui/position-badge";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { SortHeader } from "~/ui/sort-header";
import { TeamCodeCard } from "~/ui/team-code";
import type { PlayerSummaryDto, TeamPlayersResponse } from "#domain/api/team";
import { TEAM_ROOT_KEY, teamKeys } from "~/lib/query-keys";
import { ROSTER_COLUMNS, rosterCsv, rosterFileName, rosterRow, type RosterColumnKey } from "./roster-csv";
import { DEFAULT_ROSTER_SORT, nextSort, sortRoster } from "./roster-sort";
import { teamPlayersQuery, teamRosterQuery } from "~/lib/queries";
import { RosterAttention } from "./roster-attention";
import { ClaimState, ConsentState, EditButton, FamilyButton, useRosterTools } from "./roster-tools";

const RETURN_TO = "/coach/team-roster";
const NUMERIC: ReadonlySet<RosterColumnKey> = new Set(["attendance", "score", "ranking"]);

/** /coach/team-roster: the team's players in a sortable table, with CSV export and removal. */
export function RosterPage() {
  const me = useCurrentUser();
  const team = me.team;
  const queryClient = useQueryClient();
  const seasons = usePickedSeason();
  // The player detail opens on the season the roster shows.
  const seasonSearch = seasons.season ? `?${new URLSearchParams({ season: seasons.season })}` : "";
  const query = useQuery({ ...teamPlayersQuery(seasons.season), enabled: team !== null });
  const rosterQuery = useQuery({ ...teamRosterQuery(), enabled: team !== null });
  const roster = rosterQuery.data?.players;
  const entries = useMemo(() => new Map((roster ?? []).map((p) => [p.id, p])), [roster]);
  const privacy = useMemo(
    () => new Map((rosterQuery.data?.privacy ?? []).map((p) => [p.playerId, p])),
    [rosterQuery.data],
  );
  const unclaimed = (player: PlayerSummaryDto) => entries.get(player.id)?.claimed === false;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
  const [sort, setSort] = useState(DEFAULT_ROSTER_SORT);
  const [removing, setRemoving] = useState<PlayerSummaryDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const tools = useRosterTools(roster, refresh, setNotice);
  const removeTrigger = useRef<HTMLElement | null>(null);
  const removed = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const players = query.data?.players;
  const sorted = useMemo(() => (players ? sortRoster(players, sort) : []), [players, sort]);
  // The very texts on screen; the export is made from them, so the file always matches the table.
  const rows = useMemo(() => sorted.map((p) => rosterRow(p)), [sorted]);

  const remove = useMutation({
    mutationFn: async (player: PlayerSummaryDto) => {
      try {
        await apiFetch(`/api/team/players/${encodeURIComponent(player.id)}`, { method: "DELETE" });
      } catch (error) {
        // Already gone (another coach removed them): the outcome the coach asked for.
        if (!isApiError(error, 404)) throw error;
      }
    },
    onSuccess: (_, player) => {
      queryClient.setQueryData<TeamPlayersResponse>(teamKeys.players(seasons.season), (old) =>
        old ? { players: old.players.filter((p) => p.id !== player.id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      removed.current = true;
      setNotice(
        unclaimed(player)
          ? `${player.name} was removed from the team. Their invite link no longer works.`
          : `${player.name} was removed from the team. Their stats stay on their account.`,
      );
      setRemoving(null);
    },
  });

  const askToRemove = (player: PlayerSummaryDto, trigger: HTMLElement) => {
    removeTrigger.current = trigger;
    removed.current = false;
    remove.reset();
    setNotice(null);
    setRemoving(player);
  };

  const exportCsv = () => downloadText(rosterCsv(rows), rosterFileName(team?.name), "text/csv");

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={team?.name}
        title="Team Roster"
        lead="Your players with their attendance, performance score and last activity. Add them yourself and send each an invite link, or let them join with the team code."
        actions={
          team ? (
            <>
              <button type="button" className="btn btn-field" onClick={tools.add}>
                <UserPlus aria-hidden="true" className="size-4" /> Add player
              </button>
              <button type="button" className="btn btn-secondary" onClick={tools.startImport}>
                <FileUp aria-hidden="true" className="size-4" /> Import
              </button>
              <button type="button" className="btn btn-secondary" onClick={exportCsv} disabled={rows.length === 0}>
                <Download aria-hidden="true" className="size-4" /> Export CSV
              </button>
            </>
          ) : null
        }
      />
      {team ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}

      {team ? <TeamCodeCard code={team.code} /> : null}

      {!team ? (
        <NoTeamPanel />
      ) : (
        <section aria-labelledby="players-title" className="space-y-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2
              id="players-title"
              ref={headingRef}
              tabIndex={-1}
              className="text-xl font-bold text-stone-900 outline-none"
            >
              Players{players ? ` (${players.length})` : ""}
            </h2>
            {players && players.length > 0 ? (
              <p className="text-sm text-stone-700">Select a column heading to sort by it.</p>
            ) : null}
          </div>

          <StatusNotice notice={notice} />
          {roster ? <RosterAttention roster={roster} onChanged={refresh} /> : null}

          <QueryState
            query={query}
            loading="Loading the roster..."
            errorTitle="Error loading the roster"
            errorMessage="The roster could not be loaded. Please try again."
          >
            {() =>
              sorted.length === 0 ? (
                <EmptyState title="No players yet" icon={<Users className="size-8" />}>
                  Add your players or import a roster, then send each their invite link. Players who sign up with the
                  team code above appear here once you confirm them.
                </EmptyState>
              ) : (
                <div
                  role="region"
                  aria-label="Roster table"
                  tabIndex={0}
                  className="relative overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm"
                >
                  <table className="w-full min-w-[56rem] text-sm">
                    <caption className="sr-only">
                      The team's players, sorted by{" "}
                      {ROSTER_COLUMNS.find((c) => c.key === sort.column)?.label.toLowerCase()},{" "}
                      {sort.direction === "asc" ? "ascending" : "descending"}. {plural(sorted.length, "player")}.
                      {sorted.some((p) => attendanceOf(p) === null) ? ` Attendance — means: ${NO_ATTENDANCE_YET}.` : ""}
                    </caption>
                    <thead className="border-b border-stone-200 bg-stone-100">
                      <tr>
                        {ROSTER_COLUMNS.map((column) => (
                          <SortHeader
                            key={column.key}
                            label={column.label}
                            active={sort.column === column.key}
                            direction={sort.direction}
                            align={NUMERIC.has(column.key) ? "right" : "left"}
                            onSort={() => setSort((current) => nextSort(current, column.key))}
                          />
                        ))}
                        <th scope="col" className="px-3 py-2 text-right font-semibold text-stone-700">
                          <span className="sr-only">Actions</span>
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {sorted.map((player, i) => {
                        const row = rows[i]!;
                        return (
                          <tr key={player.id} className="border-b border-stone-100 last:border-0 hover:bg-stone-50">
                            <th scope="row" className="px-3 py-2 text-left font-semibold">
                              <Link
                                to={`/coach/player-detail/${encodeURIComponent(player.id)}${seasonSearch}`}
                                state={{ player, returnTo: `${RETURN_TO}${seasonSearch}` }}
                                className="inline-flex items-center gap-2 text-field-800 underline-offset-2 hover:underline"
                              >
                                <PlayerAvatar position={player.position} photoUrl={player.photoUrl} size="sm" />
                                <span>{row.name}</span>
                              </Link>
                              <ClaimState entry={entries.get(player.id)} onInvite={tools.invite} />
                              <ConsentState privacy={privacy.get(player.id)} />
                            </th>
                            <td className="px-3 py-2 tabular-nums">{row.jersey}</td>
                            <td className="px-3 py-2">
                              <PositionBadge position={player.position} />
                            </td>
                            <td className="px-3 py-2 text-right tabular-nums">{row.attendance}</td>
                            <td className="px-3 py-2 text-right font-semibold tabular-nums">{row.score}</td>
                            <td className="px-3 py-2 text-right tabular-nums">{row.ranking}</td>
                            <td className="px-3 py-2 whitespace-nowrap">
                              {player.lastActive ? (
                                <time dateTime={player.lastActive}>{row.lastActive}</time>
                              ) : (
                                row.lastActive
                              )}
                            </td>
                            <td className="px-2 py-2 text-right whitespace-nowrap">
                              <FamilyButton entry={entries.get(player.id)} onFamily={tools.family} />
                              <EditButton entry={entries.get(player.id)} onEdit={tools.edit} />
                              <button
                                type="button"
                                className="inline-flex items-center gap-1 rounded-lg p-1.5 font-semibold text-red-800 hover:bg-red-50"
                                aria-label={`Remove ${player.name}`}
                                title="Remove from the team"
                                onClick={(event) => askToRemove(player, event.currentTarget)}
                              >
                                <UserMinus aria-hidden="true" className="size-4" />
                              </button>
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                </div>
              )
            }
          </QueryState>
        </section>
      )}

      {tools.dialogs}

      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing ? `Remove ${removing.name} from the team?` : ""}
        description={
          removing && unclaimed(removing) ? (
            // A place nobody has claimed has no account to keep anything, and no way back in with the team code.
            <>
              <p>
                They leave your roster, leaderboard and team stats. Nobody has claimed this place yet, so its invite
                link stops working.
              </p>
              <p className="mt-2">To have them on the team again, add them again.</p>
            </>
          ) : (
            <>
              <p>
                They leave your roster, leaderboard and team stats. Their account and the stats logged for them stay on
                their account.
              </p>
              <p className="mt-2">They can rejoin later with the team code.</p>
            </>
          )
        }
        confirmLabel="Remove player"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={
          remove.isError ? describeError(remove.error, "The player could not be removed. Please try again.") : null
        }
        onConfirm={() => {
          if (removing) remove.mutate(removing);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          // The removed player's row is gone: continue from the list's heading. Cancelled: back to the button.
          if (removed.current) headingRef.current?.focus();
          else removeTrigger.current?.focus();
        }}
      />
    </div>
  );
}
