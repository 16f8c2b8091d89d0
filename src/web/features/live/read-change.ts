/**
 * Reads a `change` message of GET /api/team/stream (decision 0016) with this version's schema. A chunk of its own,
 * loaded when the first message arrives (decision 0021): the schema pulls in zod and the API's response schemas,
 * which no signed-in screen needs to draw.
 */
import { liveChangeSchema, type LiveChange } from "#domain/api/live";

/** The change a message's data holds; null when this version cannot read it. */
export function readChange(data: unknown): LiveChange | null {
  if (typeof data !== "string") return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const change = liveChangeSchema.safeParse(json);
  return change.success ? change.data : null;
}
