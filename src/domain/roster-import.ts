/**
 * docs/product.md §11: the roster a coach imports, read from a CSV file (with a header row) or from cells pasted
 * out of a spreadsheet (tab-separated, with or without a header). Columns: name, jersey, primary position, other
 * positions. Every row is checked with the same schema the server checks again, so the preview's row errors are
 * the import's errors. Pure: no I/O.
 */
import Papa from "papaparse";
import { POSITIONS, type PositionKey } from "./positions.js";
import { jerseyTakenMessage, rosterPlayerInputSchema, type RosterPlayerInput } from "./api/roster.js";

export type ImportField = "fullName" | "jerseyNumber" | "primaryPosition" | "positions";

export interface ImportRow {
  /** The line of the text the row starts on (1-based), as a spreadsheet numbers it. */
  line: number;
  /** The cells as written. */
  cells: Record<ImportField, string>;
  /** The player to add, or null when the row has errors. */
  player: RosterPlayerInput | null;
  errors: Partial<Record<ImportField, string>>;
  /** The name cell as written when it was read last name first ("Okafor, Jordan" → "Jordan Okafor"). */
  writtenName: string | null;
  /** A player already on the roster this row likely is (same name, or same jersey number), or null. */
  duplicate: { player: ExistingPlayer; by: "name" | "jersey" } | null;
}

/** A player already on the team, as the import compares rows with them. */
export interface ExistingPlayer {
  id: string;
  fullName: string;
  jerseyNumber: number | null;
}

export interface ImportPreview {
  rows: ImportRow[];
  /** The players to add (rows not already on the roster) when no row has an error; else empty (all or nothing). */
  players: RosterPlayerInput[];
  errorCount: number;
  /** Rows that are likely players already on the roster: the coach skips or updates each. */
  duplicateCount: number;
  /** Why nothing can be imported from this text at all (characters lost to a wrong encoding), or null. */
  problem: string | null;
}

const HEADERS: Record<string, ImportField> = {
  name: "fullName",
  fullname: "fullName",
  player: "fullName",
  playername: "fullName",
  jersey: "jerseyNumber",
  jerseynumber: "jerseyNumber",
  number: "jerseyNumber",
  no: "jerseyNumber",
  "#": "jerseyNumber",
  position: "primaryPosition",
  primaryposition: "primaryPosition",
  primary: "primaryPosition",
  pos: "primaryPosition",
  otherpositions: "positions",
  positions: "positions",
  others: "positions",
  alsoplays: "positions",
};

const DEFAULT_ORDER: ImportField[] = ["fullName", "jerseyNumber", "primaryPosition", "positions"];

const POSITION_WORDS = new Map<string, PositionKey>([
  ...POSITIONS.map((p) => [p.key, p.key] as [string, PositionKey]),
  ...POSITIONS.map((p) => [squash(p.name), p.key] as [string, PositionKey]),
  ["c", "center"],
  ["s", "safety"],
  ["rush", "rusher"],
  ["slotreceiver", "slot"],
  ["receiver", "wr"],
]);

function squash(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9#]/g, "");
}

/** A position key from its key, name or short form ("QB", "Wide Receiver", "S"), or null. */
export function parsePosition(text: string): PositionKey | null {
  return POSITION_WORDS.get(squash(text)) ?? null;
}

/** The delimiters a roster may use: tab (cells pasted from a spreadsheet), comma, semicolon (Excel in much of Europe), bar. */
const DELIMITERS = ["\t", ",", ";", "|"];

/**
 * Splits text into rows of cells with papaparse (RFC 4180 quoting; the delimiter is detected: tab when the first
 * line has one, else the one that splits the rows most consistently, among those that read every quoted cell
 * whole). Each row keeps the line it starts on.
 */
export function splitRecords(text: string): { line: number; cells: string[] }[] {
  const first = text.split(/\r\n|\r|\n/).find((l) => l.trim() !== "") ?? "";
  if (first.includes("\t")) return readRecords(text, "\t").records;
  const guessed = readRecords(text, "");
  if (!guessed.brokenQuotes) return guessed.records;
  // papaparse's guess counts delimiters inside quotes too: rows of uneven length whose quoted cells hold a ';' were
  // read as ';'-separated, every quote then out of place. The first delimiter that reads the quotes whole wins.
  for (const delimiter of DELIMITERS) {
    const read = readRecords(text, delimiter);
    if (!read.brokenQuotes) return read.records;
  }
  return guessed.records;
}

/** The non-empty rows of `text` split on `delimiter` ("" to let papaparse guess), and whether a quote was malformed. */
function readRecords(text: string, delimiter: string) {
  const records: { line: number; cells: string[] }[] = [];
  let brokenQuotes = false;
  let from = 0;
  let line = 1;
  let counted = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    delimitersToGuess: DELIMITERS,
    skipEmptyLines: "greedy",
    step: ({ data, meta, errors }) => {
      if (errors.some((e) => e.type === "Quotes")) brokenQuotes = true;
      while (from < text.length && /\s/.test(text[from]!)) from++;
      for (; counted < from; counted++) {
        const ch = text[counted];
        if (ch === "\n" || (ch === "\r" && text[counted + 1] !== "\n")) line++;
      }
      records.push({ line, cells: data });
      from = meta.cursor;
    },
  });
  return { records: records.filter((r) => r.cells.some((c) => c.trim() !== "")), brokenQuotes };
}

/**
 * The text of a chosen file's bytes: UTF-8 (with or without a byte order mark, as Google Sheets and Excel's
 * "CSV UTF-8" write it) when the bytes are valid UTF-8, else Windows-1252 (Excel's default "CSV" on Windows).
 */
export function decodeRosterBytes(bytes: Uint8Array): { text: string; encoding: "utf-8" | "windows-1252" } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    return { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
  }
}

/** Shown instead of a preview when the text holds U+FFFD: characters already lost before Flagline read them. */
export const UNREADABLE_TEXT =
  "Some characters in this roster could not be read (they show as �). In Excel, save it with “CSV UTF-8” and choose the file again, or paste the cells straight from the spreadsheet.";

const NAME_SUFFIXES = new Set(["jr", "sr", "ii", "iii", "iv", "v"]);

/**
 * A name written last name first ("Okafor, Jordan") as it is said ("Jordan Okafor"); null when it is not one
 * ("Lopez Jr., Sam" turns round too, "Sam Lopez, Jr." does not).
 */
export function lastNameFirst(name: string): string | null {
  const parts = name.split(",");
  if (parts.length !== 2) return null;
  const [last, first] = parts.map((p) => p.trim()) as [string, string];
  if (last === "" || first === "" || NAME_SUFFIXES.has(squash(first))) return null;
  return `${first} ${last}`;
}

/** The columns a header row names, or null when the first row is a player (no cell is a known heading). */
function headerColumns(cells: readonly string[]): (ImportField | null)[] | null {
  const columns = cells.map((c) => HEADERS[squash(c)] ?? null);
  return columns.includes("fullName") ? columns : null;
}

function positionsOf(text: string): { keys: PositionKey[]; unknown: string | null } {
  const keys: PositionKey[] = [];
  for (const piece of text.split(/[,;/|+]/)) {
    if (piece.trim() === "") continue;
    const whole = parsePosition(piece);
    const words = whole ? [whole] : piece.trim().split(/\s+/).map(parsePosition);
    if (words.some((w) => w === null)) return { keys, unknown: piece.trim() };
    for (const w of words) if (w && !keys.includes(w)) keys.push(w);
  }
  return { keys, unknown: null };
}

function notAPosition(text: string): string {
  return `“${text}” is not one of the ten positions.`;
}

function readRow(line: number, cells: Record<ImportField, string>): ImportRow {
  const errors: ImportRow["errors"] = {};
  const turned = lastNameFirst(cells.fullName);
  const primaryText = cells.primaryPosition.trim();
  const primary = primaryText === "" ? undefined : (parsePosition(primaryText) ?? primaryText);
  const others = positionsOf(cells.positions);
  if (others.unknown !== null) errors.positions = notAPosition(others.unknown);
  const jersey = cells.jerseyNumber.trim().replace(/^#/, "");
  const parsed = rosterPlayerInputSchema.safeParse({
    fullName: turned ?? cells.fullName,
    jerseyNumber: jersey,
    primaryPosition: primary,
    positions: others.keys,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ImportField;
      if (errors[field]) continue;
      errors[field] = field === "primaryPosition" && primaryText !== "" ? notAPosition(primaryText) : issue.message;
    }
  }
  const ok = parsed.success && Object.keys(errors).length === 0;
  return {
    line,
    cells,
    player: ok ? parsed.data : null,
    errors,
    writtenName: turned === null ? null : cells.fullName,
    duplicate: null,
  };
}

/** Names compared the way a coach reads them: case, accents' composition and spacing do not matter. */
function sameName(name: string): string {
  return name.normalize("NFC").toLocaleLowerCase().replace(/\s+/g, " ").trim();
}

/**
 * Reads pasted or uploaded roster text into rows with their errors. A row naming a player already on the team
 * (same name), or wearing a number one of them wears, is marked as that player's likely duplicate: it is not
 * added, and the coach may update that player from it instead. A number an earlier row uses is an error, as is a
 * number another player wears than the one the row names.
 */
export function parseRosterText(text: string, roster: readonly ExistingPlayer[] = []): ImportPreview {
  const clean = text.replace(/^\uFEFF/, "");
  if (clean.includes("\uFFFD")) {
    return { rows: [], players: [], errorCount: 0, duplicateCount: 0, problem: UNREADABLE_TEXT };
  }
  const records = splitRecords(clean);
  const header = records.length > 0 ? headerColumns(records[0]!.cells) : null;
  const columns = header ?? DEFAULT_ORDER;
  const body = header ? records.slice(1) : records;
  const byName = new Map(roster.map((p) => [sameName(p.fullName), p]));
  const byNumber = new Map(roster.flatMap((p) => (p.jerseyNumber === null ? [] : [[p.jerseyNumber, p] as const])));
  const seen = new Map<number, number>();
  const rows = body.map(({ line, cells }) => {
    const byField: Record<ImportField, string> = { fullName: "", jerseyNumber: "", primaryPosition: "", positions: "" };
    cells.forEach((value, i) => {
      const field = columns[i];
      if (field) byField[field] = byField[field] ? `${byField[field]}, ${value.trim()}` : value.trim();
    });
    const row = readRow(line, byField);
    if (!row.player) return row;
    const named = byName.get(sameName(row.player.fullName));
    const number = row.player.jerseyNumber;
    const holder = number === null ? undefined : byNumber.get(number);
    if (named) row.duplicate = { player: named, by: "name" };
    else if (holder) row.duplicate = { player: holder, by: "jersey" };
    if (number !== null) {
      const earlier = seen.get(number);
      if (holder !== undefined && holder !== row.duplicate?.player) {
        row.errors.jerseyNumber = jerseyTakenMessage(number, holder.fullName);
      } else if (earlier !== undefined) row.errors.jerseyNumber = `#${number} is also on line ${earlier}.`;
      else seen.set(number, line);
      if (row.errors.jerseyNumber) {
        row.player = null;
        row.duplicate = null;
      }
    }
    return row;
  });
  const errorCount = rows.filter((r) => r.player === null).length;
  const fresh = rows.filter((r) => r.duplicate === null);
  return {
    rows,
    players: errorCount === 0 ? fresh.map((r) => r.player!) : [],
    errorCount,
    duplicateCount: rows.length - fresh.length,
    problem: null,
  };
}
