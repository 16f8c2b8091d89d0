import { clsx } from "clsx";
import { AlertTriangle, Check, CloudOff, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { describeOutboxItem } from "./describe";
import type { OutboxItem } from "./outbox";

/**
 * The header's word on what has not reached the server yet ("3 snaps, attendance, new game waiting to send";
 * role="status": changes are announced politely), with why when it is waiting: no connection, or a session that
 * needs signing in again.
 */
export function SyncBadge({
  waiting,
  failed,
  offline,
  syncing,
  loaded,
}: {
  /** What waits, in words (outbox.ts waitingWords); null when everything is sent. */
  waiting: string | null;
  failed: number;
  offline: boolean;
  syncing: boolean;
  loaded: boolean;
}) {
  const pending = waiting === null ? 0 : 1;
  const Icon = pending === 0 ? Check : offline ? CloudOff : RefreshCw;
  return (
    <div role="status" className="flex flex-col items-end gap-1 text-sm font-bold">
      {loaded ? (
        <span
          className={clsx(
            "inline-flex items-center gap-1.5 rounded-full px-3 py-1.5",
            pending === 0
              ? "bg-field-100 text-field-900"
              : offline
                ? "bg-stone-800 text-white"
                : "bg-accent-200 text-stone-950",
          )}
        >
          <Icon
            aria-hidden="true"
            className={clsx("size-4", pending > 0 && syncing && "animate-spin motion-reduce:animate-none")}
          />
          {waiting === null ? "All sent" : `${waiting} waiting to send`}
          {pending > 0 && offline ? <span className="font-semibold"> · offline</span> : null}
        </span>
      ) : null}
      {failed > 0 ? (
        <span className="inline-flex items-center gap-1 text-red-800">
          <AlertTriangle aria-hidden="true" className="size-4" />
          {failed} not saved
        </span>
      ) : null}
    </div>
  );
}

/** The session needs signing in again before the outbox can be sent. */
export function SignInAgain({ reason, waiting }: { reason: string; waiting: string }) {
  return (
    <div role="alert" className="rounded-xl border border-accent-400 bg-accent-100 px-4 py-3 text-sm text-stone-900">
      <p className="font-semibold">
        Waiting to be sent: {waiting}. {reason}
      </p>
      <p className="mt-1">
        They are kept on this phone.{" "}
        <Link to="/login?next=%2Fcoach%2Flog" className="font-bold text-field-800 underline">
          Sign in again
        </Link>{" "}
        and they are sent.
      </p>
    </div>
  );
}

/**
 * The server answered but is not taking changes right now (a 503: its disk is full, its database is out of reach):
 * its reason, and that nothing is lost. The outbox tries again by itself.
 */
export function ServerHolding({ reason, waiting }: { reason: string; waiting: string }) {
  return (
    <div role="status" className="rounded-xl border border-stone-300 bg-stone-100 px-4 py-3 text-sm text-stone-900">
      <p className="font-semibold">
        Waiting to be sent: {waiting}. {reason}
      </p>
      <p className="mt-1">They are kept on this phone and sent as soon as the server takes them.</p>
    </div>
  );
}

/** Refused changes that are not on screen elsewhere (deletes, other sessions' events and marks). */
export function FailedItems({
  items,
  onDiscard,
}: {
  items: readonly OutboxItem[];
  onDiscard: (item: OutboxItem) => void;
}) {
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Changes the server refused"
      className="rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900"
    >
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.seq} className="flex items-start gap-2">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <p className="min-w-0 flex-1">
              <span className="font-semibold">{describeOutboxItem(item)}</span> was not saved: {item.error}
            </p>
            <button
              type="button"
              onClick={() => onDiscard(item)}
              className="shrink-0 rounded-md px-2 py-1 font-semibold underline hover:bg-red-100"
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
