/**
 * The one zod every shared schema is built with. Jitless: zod 4 otherwise probes for `new Function` when an object
 * schema is defined, which the app's CSP (no 'unsafe-eval') refuses and reports as a violation on every page.
 * Importing z from here, not from "zod", guarantees the setting is in force before the first schema exists,
 * whichever module loads first, and costs the public pages nothing until a schema is actually needed.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
