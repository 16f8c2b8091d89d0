import type { PositionKey } from "#domain/positions";

/**
 * One colour per position (docs/product.md §2: each search row shows the position's colour). Each is used as the fill
 * behind a white icon or white text, so every one keeps at least 4.5:1 contrast with white (WCAG AA for
 * text); position-colors.test.ts checks it.
 */
export const POSITION_COLORS: Readonly<Record<PositionKey | "other", string>> = {
  qb: "#b91c1c",
  wr: "#c2410c",
  slot: "#a16207",
  rb: "#15803d",
  te: "#0f766e",
  center: "#4d7c0f",
  cb: "#1d4ed8",
  safety: "#6d28d9",
  lb: "#0369a1",
  rusher: "#be185d",
  other: "#57534e",
};

export function positionColor(position: string | null | undefined): string {
  if (position && Object.hasOwn(POSITION_COLORS, position)) return POSITION_COLORS[position as PositionKey];
  return POSITION_COLORS.other;
}

/** WCAG 2 relative luminance of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const [r, g, b] = [match[1], match[2], match[3]].map((part) => {
    const c = parseInt(part as string, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
