import { useMutation } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { FormMessage } from "~/ui/form-field";
import { plural } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { MAX_IMPORT_ROWS, type RosterEntry } from "#domain/api/roster";
import { positionName } from "#domain/positions";
import { parseRosterText, type ImportField, type ImportRow } from "#domain/roster-import";
import { importPlayers } from "./api";

const EXAMPLE = "name,jersey,position,other positions\nSam Lopez,12,QB,WR\nRiley Runner,7,RB,";
const COLUMNS: { field: ImportField; label: string }[] = [
  { field: "fullName", label: "Name" },
  { field: "jerseyNumber", label: "Jersey" },
  { field: "primaryPosition", label: "Position" },
  { field: "positions", label: "Other positions" },
];

function shown(row: ImportRow, field: ImportField): string {
  const p = row.player;
  if (!p) return row.cells[field];
  if (field === "fullName") return p.fullName;
  if (field === "jerseyNumber") return p.jerseyNumber === null ? "—" : `#${p.jerseyNumber}`;
  if (field === "primaryPosition") return positionName(p.primaryPosition);
  return p.positions.map(positionName).join(", ");
}

/**
 * Import many players at once (docs/product.md §11): a CSV file with a header row, or cells pasted from a
 * spreadsheet. Every row is checked in the preview; the import adds all of them, or none while a row has an error.
 */
export function ImportDialog({
  open,
  onOpenChange,
  roster,
  onImported,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roster: readonly RosterEntry[];
  onImported: (players: RosterEntry[]) => void;
}) {
  const id = useId();
  const [text, setText] = useState("");
  const [fileError, setFileError] = useState<string | null>(null);
  const taken = useMemo(
    () => new Map(roster.flatMap((p) => (p.jerseyNumber === null ? [] : [[p.jerseyNumber, p.fullName] as const]))),
    [roster],
  );
  const preview = useMemo(() => parseRosterText(text, taken), [text, taken]);
  const tooMany = preview.rows.length > MAX_IMPORT_ROWS;

  const run = useMutation({
    mutationFn: () => importPlayers(preview.players),
    onSuccess: (players) => {
      setText("");
      onImported(players);
    },
  });

  const readFile = async (file: File | undefined) => {
    setFileError(null);
    if (!file) return;
    if (file.size > 200_000) {
      setFileError("That file is too large for a roster. Choose a CSV of at most 200 KB.");
      return;
    }
    setText(await file.text());
  };

  return (
    <SheetDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) run.reset();
        onOpenChange(next);
      }}
      size="3xl"
    >
      <SheetHeader title="Import players" />
      <p className="mt-1 text-sm text-stone-700">
        Columns: name, jersey, primary position, other positions. Use a CSV file with a header row, or paste cells
        copied from a spreadsheet.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-paste`} className="label">
            Paste the roster
          </label>
          <textarea
            id={`${id}-paste`}
            className="input min-h-28 font-mono text-sm"
            placeholder={EXAMPLE}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-file`} className="btn btn-secondary cursor-pointer">
            <Upload aria-hidden="true" className="size-4" /> Choose a CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/plain"
            className="sr-only"
            onChange={(event) => void readFile(event.target.files?.[0])}
          />
        </div>
      </div>
      {fileError ? <FormMessage tone="error">{fileError}</FormMessage> : null}

      {preview.rows.length > 0 ? (
        <section aria-labelledby={`${id}-preview`} className="mt-5">
          <h3 id={`${id}-preview`} className="font-bold text-stone-900">
            Preview: {plural(preview.rows.length, "player")}
            {preview.errorCount > 0 ? `, ${plural(preview.errorCount, "row")} to fix` : ""}
          </h3>
          <div className="mt-2 max-h-72 overflow-y-auto rounded-xl border border-stone-200">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-stone-100">
                <tr>
                  <th scope="col" className="px-2 py-1.5 text-left font-semibold text-stone-700">
                    Line
                  </th>
                  {COLUMNS.map((c) => (
                    <th key={c.field} scope="col" className="px-2 py-1.5 text-left font-semibold text-stone-700">
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr
                    key={row.line}
                    className={row.player ? "border-t border-stone-100" : "border-t border-red-100 bg-red-50"}
                  >
                    <td className="px-2 py-1.5 tabular-nums text-stone-600">{row.line}</td>
                    {COLUMNS.map((c) => (
                      <td key={c.field} className="px-2 py-1.5 align-top">
                        <span>{shown(row, c.field)}</span>
                        {row.errors[c.field] ? (
                          <span className="block text-xs font-semibold text-red-800">{row.errors[c.field]}</span>
                        ) : null}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ) : null}

      {tooMany ? (
        <FormMessage tone="error">{`Import at most ${MAX_IMPORT_ROWS} players at a time.`}</FormMessage>
      ) : null}
      {run.isError ? (
        <div className="mt-4">
          <FormMessage tone="error">
            {describeError(run.error, "The players could not be imported. Please try again.")}
          </FormMessage>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap items-center justify-end gap-3">
        {preview.errorCount > 0 ? (
          <p className="mr-auto text-sm text-stone-700">
            Fix the rows marked in red, then import. Nothing is added until then.
          </p>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-field"
          disabled={preview.players.length === 0 || tooMany || run.isPending}
          onClick={() => run.mutate()}
        >
          {run.isPending ? "Importing…" : `Import ${plural(preview.players.length, "player")}`}
        </button>
      </div>
    </SheetDialog>
  );
}
