import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Megaphone, Pin, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ANNOUNCEMENT_MAX } from "#domain/announcements";
import type { Announcement, AnnouncementsResponse, CreateAnnouncementInput } from "#domain/api/announcements";
import { apiFetch, isApiError } from "~/lib/api";
import { announcementsQuery } from "~/lib/queries";
import { teamKeys } from "~/lib/query-keys";
import { Panel } from "./app-page";
import { formatDateTime, formatDay } from "./format";
import { describeError, QueryState } from "./query-state";

/** POST /api/team/announcements (coaches). */
async function postAnnouncement(input: CreateAnnouncementInput): Promise<Announcement> {
  return (await apiFetch<{ announcement: Announcement }>("/api/team/announcements", { method: "POST", json: input }))
    .announcement;
}

/** DELETE /api/team/announcements/{id} (coaches). */
async function deleteAnnouncement(id: string): Promise<void> {
  await apiFetch(`/api/team/announcements/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/**
 * Team announcements (docs/product.md §14) on both dashboards: the coaches' messages to the team, pinned ones first.
 * A coach writes one here (optionally pinned on top until a day) and deletes any; players and the guardians acting
 * for them read. A player's dashboard shows nothing while the team has none.
 */
export function AnnouncementsPanel({ canPost, enabled = true }: { canPost: boolean; enabled?: boolean }) {
  const query = useQuery({ ...announcementsQuery(), enabled });
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: (_, id) => {
      queryClient.setQueryData<AnnouncementsResponse>(teamKeys.announcements(), (old) =>
        old ? { announcements: old.announcements.filter((a) => a.id !== id) } : old,
      );
      setNotice("The announcement was deleted.");
    },
  });

  if (!enabled || (!canPost && (query.data?.announcements.length ?? 0) === 0)) return null;
  return (
    <Panel title="Announcements" icon={<Megaphone className="size-5" />}>
      <div className="space-y-4">
        {canPost ? <Composer onPosted={() => setNotice("Posted: the team sees it on their dashboards.")} /> : null}
        {notice ? (
          <p role="status" className="text-sm font-semibold text-field-800">
            {notice}
          </p>
        ) : null}
        {remove.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {describeError(remove.error, "The announcement could not be deleted. Please try again.")}
          </p>
        ) : null}
        <QueryState
          query={query}
          loading="Loading the announcements..."
          errorTitle="Error loading the announcements"
          errorMessage="The announcements could not be loaded. Please try again."
          headingLevel={3}
        >
          {({ announcements }) =>
            announcements.length === 0 ? (
              <p className="text-sm text-stone-700">No announcements yet. What you post here reaches the whole team.</p>
            ) : (
              <ul className="divide-y divide-stone-200">
                {announcements.map((a) => (
                  <li key={a.id} className={a.pinned ? "border-l-4 border-amber-500 py-3 pl-3" : "py-3 pl-4"}>
                    <AnnouncementText announcement={a} />
                    <div className="mt-1 flex flex-wrap items-center justify-between gap-2 text-sm text-stone-600">
                      <AnnouncementByline announcement={a} />
                      {canPost ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 rounded-lg px-1.5 py-1 font-semibold text-red-800 hover:bg-red-50"
                          aria-label={`Delete the announcement of ${formatDateTime(a.createdAt)}`}
                          disabled={remove.isPending}
                          onClick={() => {
                            setNotice(null);
                            remove.mutate(a.id);
                          }}
                        >
                          <Trash2 aria-hidden="true" className="size-4" /> Delete
                        </button>
                      ) : null}
                    </div>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </div>
    </Panel>
  );
}

/** An announcement's pinned mark and message (the dashboards' panel, and the teams' news on /family). */
export function AnnouncementText({ announcement: a }: { announcement: Announcement }) {
  return (
    <>
      {a.pinned && a.pinnedUntil ? (
        <p className="mb-1 inline-flex items-center gap-1 text-xs font-bold text-amber-900 uppercase">
          <Pin aria-hidden="true" className="size-3.5" /> Pinned until {formatDay(a.pinnedUntil)}
        </p>
      ) : null}
      <p className="break-words whitespace-pre-line text-stone-900">{a.body}</p>
    </>
  );
}

/** Who posted it and when. */
export function AnnouncementByline({ announcement: a }: { announcement: Announcement }) {
  return (
    <p>
      {a.authorName} · <time dateTime={a.createdAt}>{formatDateTime(a.createdAt)}</time>
    </p>
  );
}

/** The coach's form: the message, and an optional day to keep it pinned on top through. */
function Composer({ onPosted }: { onPosted: () => void }) {
  const ids = useId();
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const [pin, setPin] = useState(false);
  const [pinnedUntil, setPinnedUntil] = useState("");
  const [missing, setMissing] = useState<{ body?: string; pinnedUntil?: string }>({});
  const post = useMutation({
    mutationFn: postAnnouncement,
    onSuccess: async () => {
      setBody("");
      setPin(false);
      setPinnedUntil("");
      onPosted();
      await queryClient.invalidateQueries({ queryKey: teamKeys.announcements() });
    },
  });
  const serverField = (field: string) => (isApiError(post.error, 400) ? (post.error.fields[field] ?? null) : null);
  const bodyError = missing.body ?? serverField("body");
  const pinError = missing.pinnedUntil ?? serverField("pinnedUntil");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors = {
      ...(body.trim() === "" ? { body: "Write the announcement." } : {}),
      ...(pin && pinnedUntil === "" ? { pinnedUntil: "Pick the day to keep it pinned until." } : {}),
    };
    setMissing(errors);
    if (errors.body || errors.pinnedUntil) return;
    post.mutate({ body, pinnedUntil: pin ? pinnedUntil : null });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <label className="block">
        <span className="label">New announcement</span>
        <textarea
          className="input min-h-24"
          value={body}
          maxLength={ANNOUNCEMENT_MAX}
          aria-invalid={bodyError ? true : undefined}
          aria-describedby={`${ids}-count${bodyError ? ` ${ids}-error` : ""}`}
          placeholder="No practice Thursday: the field is closed."
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <p id={`${ids}-count`} className="text-xs text-stone-600">
        {body.length} / {ANNOUNCEMENT_MAX} characters. Everyone on the team sees it, guardians included, and gets it by
        email if they chose to.
      </p>
      {bodyError ? (
        <p id={`${ids}-error`} className="text-sm font-medium text-red-700">
          {bodyError}
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-3">
        <label className="inline-flex items-center gap-2 text-sm font-semibold text-stone-800">
          <input type="checkbox" checked={pin} onChange={(e) => setPin(e.target.checked)} />
          Pin to the top until
        </label>
        {pin ? (
          <label className="block">
            <span className="sr-only">Pinned until</span>
            <input
              type="date"
              className="input"
              value={pinnedUntil}
              aria-invalid={pinError ? true : undefined}
              aria-describedby={pinError ? `${ids}-pin-error` : undefined}
              onChange={(e) => setPinnedUntil(e.target.value)}
            />
          </label>
        ) : null}
        <button type="submit" className="btn btn-primary" disabled={post.isPending}>
          <Megaphone aria-hidden="true" className="size-4" />
          {post.isPending ? "Posting…" : "Post to the team"}
        </button>
      </div>
      {pinError ? (
        <p id={`${ids}-pin-error`} className="text-sm font-medium text-red-700">
          {pinError}
        </p>
      ) : null}
      {post.isError && !bodyError && !pinError ? (
        <p role="alert" className="text-sm text-red-800">
          {describeError(post.error, "The announcement could not be posted. Please try again.")}
        </p>
      ) : null}
    </form>
  );
}
