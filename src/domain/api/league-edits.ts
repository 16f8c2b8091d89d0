/**
 * Editing a league's schedule by hand (docs/product.md §17, issue #31): moving, swapping, adding, cancelling a game
 * and switching home and away, checked for conflicts before anything is saved. The rules are in
 * ../leagues/edits.ts.
 */
import { z } from "../zod.js";
import { LEAGUE_EDITS_MAX } from "../leagues/edits.js";
import { countSchema } from "./common.js";
import { daySchema, gameMinutesSchema, wallTimeSchema } from "./leagues.js";

const idSchema = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .min(1, { error: `${label} is required.` })
    .max(100, { error: `${label} is not one of this league's.` });

const placeShape = {
  fieldId: idSchema("The field"),
  subField: z.string({ error: "The sub-field must be text." }).max(20, { error: "No such sub-field." }),
  date: daySchema("The day"),
  startTime: wallTimeSchema,
  durationMinutes: gameMinutesSchema,
};

const editSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({ kind: z.literal("move"), gameId: idSchema("The game"), ...placeShape }),
    z.object({ kind: z.literal("swap"), gameId: idSchema("The game"), otherGameId: idSchema("The other game") }),
    z.object({
      kind: z.literal("add"),
      divisionId: idSchema("The division"),
      homeTeamId: idSchema("The home team"),
      awayTeamId: idSchema("The away team"),
      ...placeShape,
    }),
    z.object({ kind: z.literal("cancel"), gameId: idSchema("The game") }),
    z.object({ kind: z.literal("flip"), gameId: idSchema("The game") }),
  ],
  { error: "Each change is a move, swap, add, cancel or flip." },
);
export type ScheduleEdit = z.infer<typeof editSchema>;

export const scheduleEditsSchema = z.object({
  edits: z
    .array(editSchema, { error: "List the changes." })
    .min(1, { error: "List at least one change." })
    .max(LEAGUE_EDITS_MAX, { error: `At most ${LEAGUE_EDITS_MAX} changes at once.` }),
  /** true: only check; nothing is saved. */
  dryRun: z.boolean({ error: "dryRun must be true or false." }).default(false),
});
export type ScheduleEditsInput = z.input<typeof scheduleEditsSchema>;

export const scheduleEditsResponseSchema = z.object({
  saved: z.boolean(),
  /** What would be wrong with the schedule after the changes, in the admin's words. */
  conflicts: z.array(z.string()),
  /** Of those, the ones the changes would cause (a change that causes one is not saved). */
  introduced: z.array(z.string()),
  /** Team schedule entries written or changed (a published schedule's changes go to the teams at once). */
  teamEvents: countSchema,
});
export type ScheduleEditsResult = z.infer<typeof scheduleEditsResponseSchema>;
