/*
 * Reading and writing column values the same way everywhere: stored files as URLs, JSON string lists (a
 * profile's positions, a play's tags) and the effective position of a profile row.
 */
import type { LooseEventCount } from "#domain/football-stats.js";
import { effectivePosition } from "#domain/positions.js";
import { SNAP_KINDS, type SnapDetail } from "#domain/snaps.js";

/** URL of a stored file as the API serves it. */
export function fileUrl(fileId: string | null | undefined): string | null {
  return fileId ? `/api/files/${fileId}` : null;
}

/** Parses a JSON list of strings held in a text column; throws when it is not one. */
export function parseStringList(text: string | null | undefined): string[] {
  if (text === null || text === undefined || text === "") return [];
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) {
    throw new TypeError("not a JSON list of strings");
  }
  return value;
}

/** A list column that does not hold a JSON list of strings reads as an empty list rather than failing the read. */
export function stringListOrEmpty(text: string | null | undefined): string[] {
  try {
    return parseStringList(text);
  } catch {
    return [];
  }
}

/** A list of strings as its text column holds it. */
export function serializeStringList(list: readonly string[]): string {
  return JSON.stringify(list);
}

/**
 * The effective position (docs/product.md §3) of a profile row, which decides each event's weight. A damaged positions
 * list falls back to the primary position (docs/product.md §8: one bad profile breaks nothing).
 */
export function positionOfRow(r: { primary_position: string | null; positions: string }): string {
  return effectivePosition({ primaryPosition: r.primary_position, positions: stringListOrEmpty(r.positions) });
}

/** A nullable integer column (PostgreSQL may hand back a string for a count or sum) as a number or null. */
/** A COUNT or SUM as either engine returns it (pg: a string; null for no rows) as a number. */
export function countOf(value: unknown): number {
  return Number(value ?? 0);
}

export function numberOrNull(value: number | string | null): number | null {
  return value === null ? null : Number(value);
}

const SNAP_KIND_SET: ReadonlySet<string> = new Set(SNAP_KINDS);

/**
 * A stored snap's detail, or null when the text is not one (written by hand, or by a version that knew other
 * kinds): one damaged snap leaves the rest of a line or an analysis standing (docs/product.md §8).
 */
export function parseSnapDetail(text: string): SnapDetail | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null) return null;
    const kind = (value as { kind?: unknown }).kind;
    return typeof kind === "string" && SNAP_KIND_SET.has(kind) ? (value as SnapDetail) : null;
  } catch {
    return null;
  }
}

/** A grouped row of events logged on their own (count and yard sums come back as strings from PostgreSQL). */
interface LooseRow {
  event_type: string;
  n: number | string;
  yards: number | string | null;
  with_yards: number | string;
}

/** The domain's LooseEventCount (domain/football-stats.ts) of a grouped row. */
export function looseCount(r: LooseRow): LooseEventCount {
  return { eventType: r.event_type, count: Number(r.n), yards: Number(r.yards ?? 0), withYards: Number(r.with_yards) };
}
