import { useMutation } from "@tanstack/react-query";
import { Check, Merge, UserCheck, X } from "lucide-react";
import { useState } from "react";
import { ConfirmDialog } from "~/ui/confirm-dialog";
import { FormMessage } from "~/ui/form-field";
import { formatDateTime } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import type { RosterEntry } from "#domain/api/roster";
import { positionName } from "#domain/positions";
import { decideMembership, decideRequest, mergeIntoPlace } from "./api";

/** What a player asked to change, as the coach reads it: "#12 · Cornerback". */
function requestText(request: NonNullable<RosterEntry["request"]>): string {
  const parts: string[] = [];
  if (request.jerseyNumber !== null) parts.push(`#${request.jerseyNumber}`);
  if (request.primaryPosition !== null) parts.push(positionName(request.primaryPosition));
  return parts.join(" · ");
}

function currentText(player: RosterEntry): string {
  const number = player.jerseyNumber === null ? "no number" : `#${player.jerseyNumber}`;
  return `${number} · ${positionName(player.primaryPosition)}`;
}

/** A name as people compare them: case, accents and spacing aside. */
function nameKey(name: string): string {
  return name.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * The places the coach added that nobody has claimed and that look like this waiting sign-up (docs/product.md §11):
 * the same name, or the number they wear or asked for. The coach decides whether it is the same person.
 */
function matchingPlaces(waiting: RosterEntry, roster: readonly RosterEntry[]): RosterEntry[] {
  const numbers = [waiting.jerseyNumber, waiting.request?.jerseyNumber ?? null].filter((n) => n !== null);
  return roster.filter(
    (row) =>
      row.id !== waiting.id &&
      row.confirmed &&
      !row.claimed &&
      (nameKey(row.fullName) === nameKey(waiting.fullName) ||
        (row.jerseyNumber !== null && numbers.includes(row.jerseyNumber))),
  );
}

function placeText(row: RosterEntry): string {
  return row.jerseyNumber === null ? row.fullName : `${row.fullName} #${row.jerseyNumber}`;
}

/**
 * The roster's to-do list (docs/product.md §11), above the table: players who joined with the team code and wait
 * for the coach (Confirm / Decline), and players' jersey or position requests (Approve / Decline).
 */
export function RosterAttention({ roster, onChanged }: { roster: readonly RosterEntry[]; onChanged: () => void }) {
  const waiting = roster.filter((p) => !p.confirmed);
  const requests = roster.filter((p) => p.confirmed && p.request !== null);
  const membership = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "confirm" | "decline" }) => decideMembership(id, decision),
    onSuccess: onChanged,
  });
  const request = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "approve" | "decline" }) => decideRequest(id, decision),
    onSuccess: onChanged,
  });
  const [merging, setMerging] = useState<{ waiting: RosterEntry; place: RosterEntry } | null>(null);
  const merge = useMutation({
    mutationFn: ({ waiting, place }: { waiting: RosterEntry; place: RosterEntry }) =>
      mergeIntoPlace(waiting.id, place.id),
    onSuccess: () => {
      setMerging(null);
      onChanged();
    },
  });
  if (waiting.length === 0 && requests.length === 0) return null;
  const busy = membership.isPending || request.isPending || merge.isPending;
  const failed = membership.error ?? request.error;

  return (
    <section
      aria-labelledby="attention-title"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 shadow-sm"
    >
      <h2 id="attention-title" className="text-lg font-bold text-stone-900">
        Waiting for you
      </h2>
      {failed ? (
        <FormMessage tone="error">{describeError(failed, "That did not work. Please try again.")}</FormMessage>
      ) : null}
      <ul className="mt-2 divide-y divide-amber-200">
        {waiting.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
            <UserCheck aria-hidden="true" className="size-5 text-amber-800" />
            <p className="mr-auto text-sm text-stone-900">
              <span className="font-semibold">{p.fullName}</span> joined with the team code ({currentText(p)}
              {p.request ? `, asks for ${requestText(p.request)}` : ""}).
            </p>
            <button
              type="button"
              className="btn btn-field py-1.5"
              disabled={busy}
              aria-label={`Confirm ${p.fullName}`}
              onClick={() => membership.mutate({ id: p.id, decision: "confirm" })}
            >
              <Check aria-hidden="true" className="size-4" /> Confirm
            </button>
            <button
              type="button"
              className="btn btn-secondary py-1.5"
              disabled={busy}
              aria-label={`Decline ${p.fullName}`}
              onClick={() => membership.mutate({ id: p.id, decision: "decline" })}
            >
              <X aria-hidden="true" className="size-4" /> Decline
            </button>
            {matchingPlaces(p, roster).map((place) => (
              <p key={place.id} className="flex w-full flex-wrap items-center gap-3 pl-8 text-sm text-stone-800">
                <span className="mr-auto">Matches the roster's {placeText(place)} — merge?</span>
                <button
                  type="button"
                  className="btn btn-secondary py-1.5"
                  disabled={busy}
                  aria-label={`Merge ${p.fullName} into the roster's ${placeText(place)}`}
                  onClick={() => {
                    merge.reset();
                    setMerging({ waiting: p, place });
                  }}
                >
                  <Merge aria-hidden="true" className="size-4" /> Merge
                </button>
              </p>
            ))}
          </li>
        ))}
        {requests.map((p) => (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-2">
            <p className="mr-auto text-sm text-stone-900">
              <span className="font-semibold">{p.fullName}</span> ({currentText(p)}) asks for {requestText(p.request!)}
              <span className="text-stone-600"> · {formatDateTime(p.request!.requestedAt)}</span>
            </p>
            <button
              type="button"
              className="btn btn-field py-1.5"
              disabled={busy}
              aria-label={`Approve ${p.fullName}'s request`}
              onClick={() => request.mutate({ id: p.id, decision: "approve" })}
            >
              <Check aria-hidden="true" className="size-4" /> Approve
            </button>
            <button
              type="button"
              className="btn btn-secondary py-1.5"
              disabled={busy}
              aria-label={`Decline ${p.fullName}'s request`}
              onClick={() => request.mutate({ id: p.id, decision: "decline" })}
            >
              <X aria-hidden="true" className="size-4" /> Decline
            </button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={merging !== null}
        onOpenChange={(open) => {
          if (!open) setMerging(null);
        }}
        title={merging ? `Merge ${merging.waiting.fullName} into the roster's ${placeText(merging.place)}?` : ""}
        description={
          <>
            <p>
              Their account takes this place: the plays, snaps and attendance logged for it stay, and its name, number
              and position stay as you set them. They sign in as before.
            </p>
            <p className="mt-2">The place's invite link stops working. This cannot be undone.</p>
          </>
        }
        confirmLabel="Merge"
        pendingLabel="Merging…"
        pending={merge.isPending}
        error={merge.isError ? describeError(merge.error, "They could not be merged. Please try again.") : null}
        onConfirm={() => {
          if (merging) merge.mutate(merging);
        }}
      />
    </section>
  );
}
