/** docs/product.md §3: the ten positions, their display names and groups. */
export const POSITIONS = [
  { key: "qb", name: "Quarterback", group: "offense" },
  { key: "wr", name: "Wide Receiver", group: "offense" },
  { key: "slot", name: "Slot Receiver", group: "offense" },
  { key: "rb", name: "Running Back", group: "offense" },
  { key: "te", name: "Tight End", group: "offense" },
  { key: "center", name: "Center", group: "offense" },
  { key: "cb", name: "Cornerback", group: "defense" },
  { key: "safety", name: "Safety", group: "defense" },
  { key: "lb", name: "Linebacker", group: "defense" },
  { key: "rusher", name: "Pass Rusher", group: "defense" },
] as const;

export type PositionKey = (typeof POSITIONS)[number]["key"];
export type PositionGroup = "offense" | "defense" | "other";

export const POSITION_KEYS = POSITIONS.map((p) => p.key) as unknown as readonly [PositionKey, ...PositionKey[]];

const byKey = new Map<string, (typeof POSITIONS)[number]>(POSITIONS.map((p) => [p.key, p]));

export function isPositionKey(value: unknown): value is PositionKey {
  return typeof value === "string" && byKey.has(value);
}

/** The fields of a users document that say where a player plays. */
export interface PositionFields {
  primaryPosition?: string | null;
  positions?: readonly (string | null | undefined)[] | null;
  position?: string | null;
}

function present(value: string | null | undefined): value is string {
  return typeof value === "string" && value.trim() !== "";
}

/**
 * docs/product.md §3: primaryPosition, else the first of positions, else position, lowercased, else "unknown".
 */
export function effectivePosition(user: PositionFields | null | undefined): string {
  if (!user) return "unknown";
  const first = user.positions?.[0];
  const chosen = present(user.primaryPosition)
    ? user.primaryPosition
    : present(first)
      ? first
      : present(user.position)
        ? user.position
        : null;
  return chosen === null ? "unknown" : chosen.trim().toLowerCase();
}

/** docs/product.md §3: offense or defense for the ten positions, other for anything else. */
export function positionGroup(position: string | null | undefined): PositionGroup {
  if (!position) return "other";
  return byKey.get(position)?.group ?? "other";
}

/** Display name of a position key; unknown keys read as "Unknown". */
export function positionName(position: string | null | undefined): string {
  if (!position) return "Unknown";
  return byKey.get(position)?.name ?? "Unknown";
}

export const POSITION_GROUP_LABELS: Record<PositionGroup, string> = {
  offense: "Offense",
  defense: "Defense",
  other: "Other",
};
