/**
 * Team announcements (docs/product.md §14): a coach's message to the whole team, guardians included, optionally
 * pinned on top until a day. GET /api/team/announcements, POST (coaches), DELETE …/{id} (coaches).
 */
import { z } from "../zod.js";
import { ANNOUNCEMENT_MAX } from "../announcements.js";
import { isCalendarDay } from "../schedule.js";
import { isoDaySchema, isoTimeSchema } from "./common.js";

export const createAnnouncementSchema = z.object({
  body: z
    .string({ error: "Write the announcement." })
    .trim()
    .min(1, { error: "Write the announcement." })
    .max(ANNOUNCEMENT_MAX, { error: `An announcement must be at most ${ANNOUNCEMENT_MAX} characters.` }),
  /** Kept on top of the list through this day (the team's calendar day); null or left out: not pinned. */
  pinnedUntil: z
    .string({ error: "Pin until must be a day." })
    .refine(isCalendarDay, { error: "Pin until must be a real day, written YYYY-MM-DD." })
    .nullable()
    .optional()
    .describe("Calendar day, YYYY-MM-DD"),
});
export type CreateAnnouncementInput = z.input<typeof createAnnouncementSchema>;

const announcementSchema = z.object({
  id: z.string(),
  body: z.string(),
  /** The coach who posted it, by name as it was then. */
  authorName: z.string(),
  createdAt: isoTimeSchema,
  pinnedUntil: isoDaySchema.nullable(),
  /** Pinned and the day has not passed (in the team's zone). */
  pinned: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const announcementsResponseSchema = z.object({ announcements: z.array(announcementSchema) });
export type AnnouncementsResponse = z.infer<typeof announcementsResponseSchema>;

export const announcementResponseSchema = z.object({ announcement: announcementSchema });
