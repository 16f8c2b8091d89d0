import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Archive, ArchiveRestore, BookOpen, ImageOff, Pencil, Plus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { formatDateTime } from "~/ui/format";
import { describeError, EmptyState, QueryState } from "~/ui/query-state";
import type { PlayDto } from "#domain/api/plays";
import { TEAM_ROOT_KEY } from "~/lib/query-keys";
import { playsQuery } from "~/lib/queries";
import { removeDiagram, setArchived } from "./api";
import { PlayFormDialog } from "./play-form-dialog";
import { SideBadge, TagChips } from "./play-bits";

type Notice = { tone: "success" | "error"; text: string };

/** The playbook: every current play (and the archived ones on request), with adding, editing and archiving. */
export function PlaysTab() {
  const ids = useId();
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const query = useQuery(playsQuery(showArchived));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<PlayDto | "new" | null>(null);
  const [removingDiagram, setRemovingDiagram] = useState<PlayDto | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** Back to the button that opened a dialog, or to the list's heading when that button is gone. */
  const restoreFocus = (event: Event) => {
    event.preventDefault();
    if (trigger.current?.isConnected) trigger.current.focus();
    else headingRef.current?.focus();
  };

  const archive = useMutation({
    mutationFn: ({ play, archived }: { play: PlayDto; archived: boolean }) => setArchived(play.id, archived),
    onMutate: () => setNotice(null),
    onSuccess: async (play, { archived }) => {
      await queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      setNotice({
        tone: "success",
        text: archived
          ? `${play.name} was archived. It no longer shows in the logger's play picker; events tagged with it keep it.`
          : `${play.name} is back in the playbook.`,
      });
      // An archived play leaves the list unless archived plays are shown: continue from the list's heading.
      if (archived && !showArchived) headingRef.current?.focus();
    },
    onError: (error, { play, archived }) =>
      setNotice({
        tone: "error",
        text: `${play.name} could not be ${archived ? "archived" : "brought back"}: ${describeError(error, "please try again.")}`,
      }),
  });

  const dropDiagram = useMutation({
    mutationFn: (play: PlayDto) => removeDiagram(play.id),
    onSuccess: async (_, play) => {
      await queryClient.invalidateQueries({ queryKey: TEAM_ROOT_KEY });
      setNotice({ tone: "success", text: `The diagram of ${play.name} was removed.` });
      setRemovingDiagram(null);
    },
  });

  const plays = query.data?.plays;

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id={`${ids}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="text-xl font-bold text-stone-900 outline-none"
        >
          Plays{plays ? ` (${plays.length})` : ""}
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold text-stone-800">
            <input
              type="checkbox"
              className="size-4 accent-field-700"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
            />
            Show archived
          </label>
          <button
            type="button"
            className="btn btn-primary"
            onClick={(event) => {
              trigger.current = event.currentTarget;
              setNotice(null);
              setEditing("new");
            }}
          >
            <Plus aria-hidden="true" className="size-4" /> New play
          </button>
        </div>
      </div>

      <div role="status" className="empty:hidden">
        {notice ? (
          <p
            className={clsx(
              "rounded-lg border px-4 py-3 text-sm font-medium",
              notice.tone === "success"
                ? "border-field-300 bg-field-50 text-field-900"
                : "border-red-300 bg-red-50 text-red-800",
            )}
          >
            {notice.text}
          </p>
        ) : null}
      </div>

      <QueryState
        query={query}
        loading="Loading the plays..."
        errorTitle="Error loading the plays"
        errorMessage="The playbook could not be loaded. Please try again."
        headingLevel={3}
      >
        {({ plays }) =>
          plays.length === 0 ? (
            <EmptyState
              title={showArchived ? "No plays yet" : "No current plays"}
              icon={<BookOpen className="size-8" />}
            >
              <p>
                Add the plays you run with <strong>New play</strong>. Then pick one in the Event Logger as you log a
                snap, and the Analysis tab shows what each play produces.
              </p>
            </EmptyState>
          ) : (
            <ul className="grid items-start gap-4 md:grid-cols-2" aria-label="Plays">
              {plays.map((play) => (
                <PlayCard
                  key={play.id}
                  play={play}
                  busy={archive.isPending && archive.variables.play.id === play.id}
                  onEdit={(el) => {
                    trigger.current = el;
                    setNotice(null);
                    setEditing(play);
                  }}
                  onArchive={(el, archived) => {
                    if (archive.isPending) return;
                    trigger.current = el;
                    archive.mutate({ play, archived });
                  }}
                  onRemoveDiagram={(el) => {
                    trigger.current = el;
                    dropDiagram.reset();
                    setNotice(null);
                    setRemovingDiagram(play);
                  }}
                />
              ))}
            </ul>
          )
        }
      </QueryState>

      <PlayFormDialog
        open={editing !== null}
        play={editing === "new" ? null : editing}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        onSaved={(play, created) => {
          setEditing(null);
          setNotice({
            tone: "success",
            text: created ? `${play.name} was added to the playbook.` : `${play.name} was saved.`,
          });
        }}
        onCloseAutoFocus={restoreFocus}
      />

      <ConfirmDialog
        open={removingDiagram !== null}
        onOpenChange={(open) => {
          if (!open) setRemovingDiagram(null);
        }}
        title={removingDiagram ? `Remove the diagram of ${removingDiagram.name}?` : ""}
        description={
          <p>
            The image is deleted. The play, its notes and its tagged events stay. You can upload a new diagram at any
            time.
          </p>
        }
        confirmLabel="Remove diagram"
        pendingLabel="Removing…"
        pending={dropDiagram.isPending}
        error={
          dropDiagram.isError
            ? describeError(dropDiagram.error, "The diagram could not be removed. Please try again.")
            : null
        }
        onConfirm={() => {
          if (removingDiagram) dropDiagram.mutate(removingDiagram);
        }}
        onCloseAutoFocus={restoreFocus}
      />
    </section>
  );
}

function PlayCard({
  play,
  busy,
  onEdit,
  onArchive,
  onRemoveDiagram,
}: {
  play: PlayDto;
  busy: boolean;
  onEdit: (trigger: HTMLElement) => void;
  onArchive: (trigger: HTMLElement, archived: boolean) => void;
  onRemoveDiagram: (trigger: HTMLElement) => void;
}) {
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className={clsx("card flex flex-col gap-3 p-5", play.archived && "bg-stone-50")}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 text-lg font-bold break-words text-stone-900">
          {play.name}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <SideBadge side={play.side} />
          {play.archived ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-stone-700 px-2 py-0.5 text-xs font-semibold text-white">
              <Archive aria-hidden="true" className="size-3.5" /> Archived
            </span>
          ) : null}
        </div>
      </div>

      {play.diagramUrl ? (
        <img
          src={play.diagramUrl}
          alt={`Diagram of ${play.name}`}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full rounded-lg border border-stone-200 bg-stone-100 object-contain"
        />
      ) : null}

      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-semibold text-stone-600">Formation</dt>
        <dd className="text-stone-900">{play.formation || <span className="text-stone-600">None given</span>}</dd>
        <dt className="font-semibold text-stone-600">Last used</dt>
        <dd className="text-stone-900">
          {play.lastUsedAt ? (
            <time dateTime={play.lastUsedAt}>{formatDateTime(play.lastUsedAt)}</time>
          ) : (
            <span className="text-stone-600">Not used yet</span>
          )}
        </dd>
      </dl>

      {play.tags.length > 0 ? <TagChips tags={play.tags} label={`Tags of ${play.name}`} /> : null}
      {play.notes ? <p className="line-clamp-4 text-sm whitespace-pre-line text-stone-700">{play.notes}</p> : null}

      <div className="mt-auto flex flex-wrap gap-2 border-t border-stone-100 pt-3">
        <button
          type="button"
          className="btn btn-secondary py-2"
          aria-label={`Edit ${play.name}`}
          onClick={(e) => onEdit(e.currentTarget)}
        >
          <Pencil aria-hidden="true" className="size-4" /> Edit
        </button>
        <button
          type="button"
          className="btn btn-secondary py-2"
          aria-label={`${play.archived ? "Unarchive" : "Archive"} ${play.name}`}
          aria-disabled={busy || undefined}
          onClick={(e) => onArchive(e.currentTarget, !play.archived)}
        >
          {play.archived ? (
            <ArchiveRestore aria-hidden="true" className="size-4" />
          ) : (
            <Archive aria-hidden="true" className="size-4" />
          )}
          {busy ? (play.archived ? "Unarchiving…" : "Archiving…") : play.archived ? "Unarchive" : "Archive"}
        </button>
        {play.diagramUrl ? (
          <button
            type="button"
            className="btn py-2 text-red-800 hover:bg-red-50"
            aria-label={`Remove the diagram of ${play.name}`}
            onClick={(e) => onRemoveDiagram(e.currentTarget)}
          >
            <ImageOff aria-hidden="true" className="size-4" /> Remove diagram
          </button>
        ) : null}
      </div>
    </li>
  );
}
