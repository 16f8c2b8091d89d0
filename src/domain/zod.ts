/**
 * The one zod every shared schema is built with. Jitless: zod 4 otherwise probes for `new Function` when an object
 * schema is defined, which the app's CSP (no 'unsafe-eval') refuses and reports as a violation on every page.
 * Importing z from here, not from "zod", guarantees the setting is in force before the first schema exists,
 * whichever module loads first, and costs the public pages nothing until a schema is actually needed.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };

/** The message a PATCH body with none of its fields gets (a 400, not a 200 that changes nothing). */
export const NOTHING_TO_CHANGE = "Send at least one field to change.";

/** For PATCH bodies: at least one field present. The issue sits at the root, so the API reports it under "_". */
export function hasSomeField(value: Record<string, unknown>): boolean {
  return Object.values(value).some((field) => field !== undefined);
}
