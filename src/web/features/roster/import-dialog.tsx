import { useMutation } from "@tanstack/react-query";
import { Upload } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { FormMessage } from "~/ui/form-field";
import { plural } from "~/ui/format";
import { describeError } from "~/ui/query-state";
import { SheetDialog, SheetHeader } from "~/ui/sheet-dialog";
import { MAX_IMPORT_ROWS, type RosterEntry } from "#domain/api/roster";
import { positionName } from "#domain/positions";
import { decodeRosterBytes, parseRosterText, type ImportField, type ImportRow } from "#domain/roster-import";
import { importPlayers, updatePlayer } from "./api";

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

/** A chosen file's bytes (FileReader: every browser we support has it, and so does the test DOM). */
function fileBytes(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsArrayBuffer(file);
  });
}

/** The import button's words: what it will do, counted the way the preview counts. */
function importLabel(add: number, update: number): string {
  if (add === 0 && update === 0) return "Nothing to import";
  if (add === 0) return `Update ${plural(update, "player")}`;
  return `Import ${plural(add, "player")}${update > 0 ? `, update ${update}` : ""}`;
}

/** A row that is likely a player already on the roster: skip it (the default) or update that player from it. */
function DuplicateChoice({
  row,
  update,
  onChange,
}: {
  row: ImportRow;
  update: boolean;
  onChange: (update: boolean) => void;
}) {
  const { player, by } = row.duplicate!;
  const who = player.jerseyNumber === null ? player.fullName : `${player.fullName} (#${player.jerseyNumber})`;
  return (
    <label className="block text-xs text-stone-700">
      <span className="block font-semibold text-amber-900">
        {by === "name" ? `Same name as ${who}` : `Same number as ${who}`}
      </span>
      <select
        className="input mt-1 py-1 text-xs"
        aria-label={`Line ${row.line}: ${row.player!.fullName}`}
        value={update ? "update" : "skip"}
        onChange={(event) => onChange(event.target.value === "update")}
      >
        <option value="skip">Skip this row</option>
        <option value="update">{`Update ${player.fullName}`}</option>
      </select>
    </label>
  );
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
  /** The lines of rows already on the roster that the coach chose to update from (the others are skipped). */
  const [updates, setUpdates] = useState<ReadonlySet<number>>(new Set());
  const preview = useMemo(() => parseRosterText(text, roster), [text, roster]);
  const tooMany = preview.rows.length > MAX_IMPORT_ROWS;
  const toUpdate = preview.rows.filter((r) => r.duplicate && r.player && updates.has(r.line));
  const toAdd = preview.rows.length - preview.duplicateCount;
  const blocked = preview.errorCount > 0 || tooMany || preview.problem !== null;

  const reset = () => {
    setText("");
    setFileError(null);
    setUpdates(new Set());
  };
  const close = () => {
    reset();
    run.reset();
    onOpenChange(false);
  };

  const run = useMutation({
    mutationFn: async () => {
      const updated = [];
      for (const row of toUpdate) updated.push(await updatePlayer(row.duplicate!.player.id, row.player!));
      const added = preview.players.length > 0 ? await importPlayers(preview.players) : [];
      return [...added, ...updated];
    },
    onSuccess: (players) => {
      reset();
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
    setUpdates(new Set());
    try {
      setText(decodeRosterBytes(await fileBytes(file)).text);
    } catch {
      setFileError("That file could not be read. Choose it again, or paste the cells instead.");
    }
  };

  return (
    <SheetDialog
      open={open}
      onOpenChange={(next) => {
        if (next) onOpenChange(true);
        else close();
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
            onChange={(event) => {
              setUpdates(new Set());
              setText(event.target.value);
            }}
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
      {preview.problem ? <FormMessage tone="error">{preview.problem}</FormMessage> : null}

      {preview.rows.length > 0 ? (
        <section aria-labelledby={`${id}-preview`} className="mt-5">
          <h3 id={`${id}-preview`} className="font-bold text-stone-900">
            Preview: {plural(preview.rows.length, "player")}
            {preview.errorCount > 0 ? `, ${plural(preview.errorCount, "row")} to fix` : ""}
            {preview.duplicateCount > 0 ? `, ${preview.duplicateCount} already on the roster` : ""}
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
                  <th scope="col" className="px-2 py-1.5 text-left font-semibold text-stone-700">
                    Already on the roster?
                  </th>
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
                        {c.field === "fullName" && row.writtenName && row.player ? (
                          <span className="block text-xs text-stone-600">{`Written “${row.writtenName}”`}</span>
                        ) : null}
                        {row.errors[c.field] ? (
                          <span className="block text-xs font-semibold text-red-800">{row.errors[c.field]}</span>
                        ) : null}
                      </td>
                    ))}
                    <td className="px-2 py-1.5 align-top">
                      {row.duplicate && row.player ? (
                        <DuplicateChoice
                          row={row}
                          update={updates.has(row.line)}
                          onChange={(update) =>
                            setUpdates((now) => {
                              const next = new Set(now);
                              if (update) next.add(row.line);
                              else next.delete(row.line);
                              return next;
                            })
                          }
                        />
                      ) : null}
                    </td>
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
        <button type="button" className="btn btn-secondary" onClick={close}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-field"
          disabled={blocked || toAdd + toUpdate.length === 0 || run.isPending}
          onClick={() => run.mutate()}
        >
          {run.isPending ? "Importing…" : importLabel(toAdd, toUpdate.length)}
        </button>
      </div>
    </SheetDialog>
  );
}
