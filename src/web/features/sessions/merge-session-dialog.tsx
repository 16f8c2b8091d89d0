import { useQuery } from "@tanstack/react-query";
import { Dialog } from "radix-ui";
import { useState } from "react";
import type { TeamSessionSummary } from "#domain/api/team";
import { sessionLabel } from "#domain/reads";
import { mergePreviewQuery } from "~/lib/queries";
import { FormMessage, SelectField } from "~/ui/form-field";
import { formatDay } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { mergeLines } from "./words";

/**
 * Merges a session into another of the same kind (a game into a game, a practice into a practice): the coach picks
 * the session to keep, reads the preview (what moves, players marked in both), then confirms.
 */
export function MergeSessionDialog({
  session,
  sessions,
  onOpenChange,
  merge,
}: {
  session: TeamSessionSummary | null;
  sessions: readonly TeamSessionSummary[];
  onOpenChange: (open: boolean) => void;
  merge: (source: TeamSessionSummary, target: TeamSessionSummary) => Promise<void>;
}) {
  return (
    <SheetDialog open={session !== null} onOpenChange={onOpenChange} size="lg">
      <SheetHeader title={session ? `Merge ${sessionLabel(session, formatDay)}` : "Merge"} />
      <Dialog.Description className="mt-1 text-sm text-stone-700">
        Its logged plays, snaps and attendance move into the session you keep, and this one is deleted.
      </Dialog.Description>
      {session ? <MergeForm key={session.id} source={session} sessions={sessions} merge={merge} /> : null}
    </SheetDialog>
  );
}

function MergeForm({
  source,
  sessions,
  merge,
}: {
  source: TeamSessionSummary;
  sessions: readonly TeamSessionSummary[];
  merge: (source: TeamSessionSummary, target: TeamSessionSummary) => Promise<void>;
}) {
  const candidates = sessions.filter((s) => s.kind === source.kind && s.id !== source.id);
  const [intoId, setIntoId] = useState("");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useQuery({ ...mergePreviewQuery(source.id, intoId), enabled: intoId !== "" });
  const target = candidates.find((s) => s.id === intoId);

  if (candidates.length === 0) {
    return (
      <p className="mt-5 text-stone-700">
        There is no other {source.kind} to merge into. A game merges only into a game, and a practice only into a
        practice.
      </p>
    );
  }

  const confirm = async () => {
    if (!target) return;
    setPending(true);
    setError(null);
    try {
      await merge(source, target);
    } catch (e) {
      setError(describeError(e, "The sessions could not be merged. Please try again."));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="mt-5 space-y-4">
      <SelectField
        label="Merge into"
        hint={`Only ${source.kind === "game" ? "games" : "practices"} are offered.`}
        value={intoId}
        onChange={(e) => setIntoId(e.target.value)}
      >
        <option value="">Choose the session to keep</option>
        {candidates.map((s) => (
          <option key={s.id} value={s.id}>
            {sessionLabel(s, formatDay)}
          </option>
        ))}
      </SelectField>
      {intoId === "" ? null : (
        <section aria-label="Merge preview" aria-live="polite" className="rounded-xl bg-stone-50 p-4 text-stone-800">
          {preview.data ? (
            <div className="space-y-1">
              {mergeLines(preview.data.merge).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          ) : preview.isError ? (
            <p className="font-medium text-red-800">
              {describeError(preview.error, "The merge could not be previewed. Please try again.")}
            </p>
          ) : (
            <p>Reading what moves…</p>
          )}
        </section>
      )}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <button
        type="button"
        className="btn btn-field h-11 w-full"
        disabled={!preview.data || pending}
        onClick={() => void confirm()}
      >
        {pending ? "Merging…" : "Merge sessions"}
      </button>
    </div>
  );
}
