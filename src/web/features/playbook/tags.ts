import { nameKey } from "#domain/api/plays";

/**
 * "red zone, Quick ,,quick" -> ["red zone", "Quick"]: split on commas, trimmed, empty pieces and repeats in
 * another case dropped (the first spelling stays, as the server keeps it).
 */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const piece of text.split(",")) {
    const tag = piece.trim();
    if (tag === "") continue;
    const key = nameKey(tag);
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/** The input's text for a play's tags. */
export function tagsText(tags: readonly string[]): string {
  return tags.join(", ");
}
