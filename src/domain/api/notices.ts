/**
 * Notices (docs/product.md §11): GET /api/me/notices and POST /api/me/notices/read. The signed-in screens take
 * their words from domain/notices.ts (zod-free, decision 0021).
 */
import { z } from "../zod.js";
import { NOTICE_KINDS } from "../notices.js";
import { isoTimeSchema } from "./common.js";

const noticeSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  kind: z.enum(NOTICE_KINDS),
  params: z.object({
    teamName: z.string(),
    jerseyNumber: z.number().int().nullable().optional(),
    position: z.string().nullable().optional(),
    playerName: z.string().optional(),
    eventId: z.string().optional(),
    eventKind: z.enum(["game", "practice"]).optional(),
    eventDate: z.string().optional(),
    eventTime: z.string().optional(),
    opponent: z.string().nullable().optional(),
    going: z.number().int().optional(),
    minPlayers: z.number().int().optional(),
    change: z.string().optional(),
  }),
  createdAt: isoTimeSchema,
  readAt: isoTimeSchema.nullable(),
});

export const noticesResponseSchema = z.object({
  notices: z.array(noticeSchema),
  unread: z.number().int().min(0),
});

/** Mark read: the ids given (at most 100), or every notice of the caller with `all`. */
export const markNoticesReadSchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(200)).min(1).max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const markNoticesReadResponseSchema = z.object({ marked: z.number().int().min(0) });

export type NoticeDto = z.infer<typeof noticeSchema>;
export type NoticesResponse = z.infer<typeof noticesResponseSchema>;
export type MarkNoticesReadResponse = z.infer<typeof markNoticesReadResponseSchema>;
