/**
 * docs/product.md §11: the roster a coach imports, read from a CSV file (with a header row) or from cells pasted
 * out of a spreadsheet (tab-separated, with or without a header). Columns: name, jersey, primary position, other
 * positions. Every row is checked with the same schema the server checks again, so the preview's row errors are
 * the import's errors. Pure: no I/O.
 */
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
}

export interface ImportPreview {
  rows: ImportRow[];
  /** Every row's player when no row has an error; else empty (an import is all or nothing). */
  players: RosterPlayerInput[];
  errorCount: number;
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

/** Splits text into rows of cells (RFC 4180 quoting: quoted cells may hold the delimiter, quotes and line breaks). */
export function splitRecords(text: string, delimiter: string): { line: number; cells: string[] }[] {
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = "";
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRecord = () => {
    cells.push(cell);
    records.push({ line: start, cells });
    cells = [];
    cell = "";
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n") line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === "") {
      quoted = true;
      cell = "";
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (cell !== "" || cells.length > 0) endRecord();
  return records.filter((r) => r.cells.some((c) => c.trim() !== ""));
}

/** Tab when the first line has one (cells pasted from a spreadsheet), semicolon for a semicolon CSV, else comma. */
function delimiterOf(text: string): string {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  if (first.includes("\t")) return "\t";
  if (first.includes(";") && !first.includes(",")) return ";";
  return ",";
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
  const primaryText = cells.primaryPosition.trim();
  const primary = primaryText === "" ? undefined : (parsePosition(primaryText) ?? primaryText);
  const others = positionsOf(cells.positions);
  if (others.unknown !== null) errors.positions = notAPosition(others.unknown);
  const jersey = cells.jerseyNumber.trim().replace(/^#/, "");
  const parsed = rosterPlayerInputSchema.safeParse({
    fullName: cells.fullName,
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
  return { line, cells, player: ok ? parsed.data : null, errors };
}

/**
 * Reads pasted or uploaded roster text into rows with their errors. `taken` maps the jersey numbers already on
 * the team to their player's name; a row using one of them, or a number an earlier row uses, is an error.
 */
export function parseRosterText(text: string, taken: ReadonlyMap<number, string> = new Map()): ImportPreview {
  const clean = text.replace(/^\uFEFF/, "");
  const records = splitRecords(clean, delimiterOf(clean));
  const header = records.length > 0 ? headerColumns(records[0]!.cells) : null;
  const columns = header ?? DEFAULT_ORDER;
  const body = header ? records.slice(1) : records;
  const seen = new Map<number, number>();
  const rows = body.map(({ line, cells }) => {
    const byField: Record<ImportField, string> = { fullName: "", jerseyNumber: "", primaryPosition: "", positions: "" };
    cells.forEach((value, i) => {
      const field = columns[i];
      if (field) byField[field] = byField[field] ? `${byField[field]}, ${value.trim()}` : value.trim();
    });
    const row = readRow(line, byField);
    const number = row.player?.jerseyNumber;
    if (row.player && number !== null && number !== undefined) {
      const holder = taken.get(number);
      const earlier = seen.get(number);
      if (holder !== undefined) row.errors.jerseyNumber = jerseyTakenMessage(number, holder);
      else if (earlier !== undefined) row.errors.jerseyNumber = `#${number} is also on line ${earlier}.`;
      else seen.set(number, line);
      if (row.errors.jerseyNumber) row.player = null;
    }
    return row;
  });
  const errorCount = rows.filter((r) => r.player === null).length;
  return { rows, players: errorCount === 0 ? rows.map((r) => r.player!) : [], errorCount };
}
