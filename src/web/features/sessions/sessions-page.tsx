import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarDays, GitMerge, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { TeamSessionSummary } from "#domain/api/team";
import { sessionLabel } from "#domain/reads";
import { seasonSessionsQuery } from "~/lib/queries";
import { usePickedSeason } from "~/lib/season-param";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { useCurrentUser } from "~/lib/session-context";
import { AppPageHeader, NoTeamPanel, Panel } from "~/ui/app-page";
import { StatusNotice } from "~/ui/form-field";
import { formatDay, plural } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import { SeasonPicker } from "~/ui/season-picker";
import { deleteSession, mergeSession, updateSession, type SessionPatch } from "./api";
import { DeleteSessionDialog } from "./delete-session-dialog";
import { MergeSessionDialog } from "./merge-session-dialog";
import { SessionEditDialog } from "./session-edit-dialog";

/**
 * /coach/games/sessions (`Practices & games`, docs/product.md §2): every session of the team, newest first, with
 * its counts, each of which can be edited, merged into another of its kind, or deleted after reading what the
 * delete removes. Reached from the games list and from the logger's session picker.
 */
export function SessionsPage() {
  const me = useCurrentUser();
  const hasTeam = me.team !== null;
  // One season's sessions (a merge stays within a season): the current one unless the address picks another.
  const seasons = usePickedSeason();
  const seasonId = seasons.season ?? seasons.currentSeasonId;
  const sessions = useQuery({
    ...seasonSessionsQuery(seasons.season, seasons.currentSeasonId),
    enabled: hasTeam && seasonId !== null,
  });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TeamSessionSummary | null>(null);
  const [merging, setMerging] = useState<TeamSessionSummary | null>(null);
  const [deleting, setDeleting] = useState<TeamSessionSummary | null>(null);
  const [deletePending, setDeletePending] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });

  const save = async (id: string, patch: SessionPatch) => {
    const saved = await updateSession(id, patch);
    setEditing(null);
    setNotice(`Saved: ${sessionLabel(saved, formatDay)}.`);
    await refresh();
  };

  const merge = async (source: TeamSessionSummary, target: TeamSessionSummary) => {
    await mergeSession(source.id, target.id);
    setMerging(null);
    setNotice(`${sessionLabel(source, formatDay)} was merged into ${sessionLabel(target, formatDay)}.`);
    await refresh();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeletePending(true);
    setDeleteError(null);
    try {
      await deleteSession(deleting.id);
      setNotice(`${sessionLabel(deleting, formatDay)} was deleted.`);
      setDeleting(null);
      await refresh();
    } catch (error) {
      setDeleteError(describeError(error, "The session could not be deleted. Please try again."));
    } finally {
      setDeletePending(false);
    }
  };

  return (
    <div className="space-y-8">
      <AppPageHeader
        eyebrow={me.team?.name}
        title="Practices & games"
        lead="Every session of the season, newest first. Fix a date or an opponent, merge a session started twice, or delete one."
        actions={
          <Link to="/coach/games" className="btn btn-secondary">
            Games
          </Link>
        }
      />
      {hasTeam ? <SeasonPicker value={seasons} className="max-w-xs" /> : null}
      <StatusNotice notice={notice} />
      {!hasTeam ? (
        <NoTeamPanel />
      ) : (
        <QueryState
          query={sessions}
          loading="Loading sessions..."
          errorTitle="Error loading sessions"
          errorMessage="The team's sessions could not be loaded. Please try again."
        >
          {(data) =>
            data.sessions.length === 0 ? (
              <EmptyState title="No sessions yet" icon={<CalendarDays className="size-8" />} headingLevel={2}>
                Start a practice or a game in the Event Logger; it shows here to edit, merge or delete.
              </EmptyState>
            ) : (
              <Panel title="Sessions" icon={<CalendarDays className="size-5" />}>
                <ul className="divide-y divide-stone-100">
                  {data.sessions.map((s) => (
                    <SessionRow
                      key={s.id}
                      session={s}
                      onEdit={() => setEditing(s)}
                      onMerge={() => setMerging(s)}
                      onDelete={() => {
                        setDeleteError(null);
                        setDeleting(s);
                      }}
                    />
                  ))}
                </ul>
              </Panel>
            )
          }
        </QueryState>
      )}
      <SessionEditDialog session={editing} onOpenChange={(open) => (open ? null : setEditing(null))} save={save} />
      <MergeSessionDialog
        session={merging}
        sessions={sessions.data?.sessions ?? []}
        onOpenChange={(open) => (open ? null : setMerging(null))}
        merge={merge}
      />
      <DeleteSessionDialog
        session={deleting}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        onConfirm={() => void confirmDelete()}
        pending={deletePending}
        error={deleteError}
      />
    </div>
  );
}

function SessionRow({
  session: s,
  onEdit,
  onMerge,
  onDelete,
}: {
  session: TeamSessionSummary;
  onEdit: () => void;
  onMerge: () => void;
  onDelete: () => void;
}) {
  const label = sessionLabel(s, formatDay);
  const counts = [
    plural(s.eventCount, "logged play"),
    s.attendanceCount > 0 ? `${s.presentCount} of ${s.attendanceCount} marked present` : "No attendance taken",
  ];
  const button = "btn btn-secondary h-10 px-3 text-sm";
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <p className="font-semibold text-stone-900">{label}</p>
        <p className="text-sm text-stone-600">{[s.location, ...counts].filter(Boolean).join(" · ")}</p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={button} onClick={onEdit} aria-label={`Edit ${label}`}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit
        </button>
        <button type="button" className={button} onClick={onMerge} aria-label={`Merge ${label}`}>
          <GitMerge aria-hidden="true" className="size-4" />
          Merge
        </button>
        <button type="button" className={button} onClick={onDelete} aria-label={`Delete ${label}`}>
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </button>
      </div>
    </li>
  );
}
