/**
 * Team announcements (docs/product.md §14): their limits and messages. Free of zod, so the dashboards that show
 * and post announcements draw without it (decision 0021); domain/api/announcements.ts builds the schemas on these.
 */

export const ANNOUNCEMENT_MAX = 2000;
/** How many announcements the list shows (pinned ones first, then the newest). */
export const ANNOUNCEMENT_LIST_LIMIT = 20;
export const PIN_IN_PAST = "Pick today or a later day to pin until.";
