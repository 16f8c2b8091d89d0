import { clsx } from "clsx";
import { formatDateTime } from "~/ui/format";
import type { FeedbackDto } from "#domain/api/player";

/**
 * One piece of coach feedback: its category, who wrote it and when (in the viewer's zone), and the text.
 * `readState` adds the badge each side needs: the player sees "New" on what they have not read yet, the coach
 * sees whether the player has read it.
 */
export function FeedbackItem({ item, readState }: { item: FeedbackDto; readState: "player" | "coach" }) {
  const unread = !item.read;
  return (
    <article
      aria-label={`${item.category} feedback from ${item.coachName}`}
      className={clsx(
        "rounded-xl border px-4 py-3 text-sm",
        unread && readState === "player" ? "border-accent-400 bg-accent-100/40" : "border-stone-200 bg-white",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-field-100 px-2 py-0.5 text-xs font-semibold text-field-900">
            {item.category}
          </span>
          {readState === "player" && unread ? (
            <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-bold text-white">New</span>
          ) : null}
          {readState === "coach" ? (
            <span
              className={clsx(
                "rounded-full px-2 py-0.5 text-xs font-semibold",
                unread ? "bg-stone-200 text-stone-800" : "bg-field-700 text-white",
              )}
            >
              {unread ? "Not read yet" : "Read"}
            </span>
          ) : null}
        </span>
        <span className="text-stone-600">
          {item.coachName} · <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
        </span>
      </div>
      <p className="mt-2 break-words whitespace-pre-line text-stone-800">{item.body}</p>
    </article>
  );
}
