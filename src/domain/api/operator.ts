/**
 * The operator page (docs/product.md §2 "Operator"): what the accounts in OPERATOR_EMAILS are shown. Response
 * schemas shared by the server routes and the web.
 */
import { z } from "../zod.js";

export const contactMessageSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  createdAt: z.string(),
  /** When an operator marked it handled; null: not yet. */
  handledAt: z.string().nullable(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** GET /api/operator/messages: newest first, at most OPERATOR_MESSAGE_LIMIT. */
export const OPERATOR_MESSAGE_LIMIT = 200;
export const operatorMessagesResponseSchema = z.object({
  messages: z.array(contactMessageSchema),
  unhandled: z.number().int(),
});
export type OperatorMessagesResponse = z.infer<typeof operatorMessagesResponseSchema>;

const operatorTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  coaches: z.number().int(),
  players: z.number().int(),
  sessions: z.number().int(),
  events: z.number().int(),
  /** The newest event, snap or session of the team; null: nothing logged yet. */
  lastActivityAt: z.string().nullable(),
});
export type OperatorTeam = z.infer<typeof operatorTeamSchema>;

/** GET /api/operator/teams: most recently active first, never-active teams last (newest first). */
export const operatorTeamsResponseSchema = z.object({ teams: z.array(operatorTeamSchema) });
export type OperatorTeamsResponse = z.infer<typeof operatorTeamsResponseSchema>;

const windowCounts = z.object({ last7Days: z.number().int(), last30Days: z.number().int() });

/** GET /api/operator/usage: totals over the whole instance. */
export const operatorUsageResponseSchema = z.object({
  accounts: z.number().int(),
  teams: z.number().int(),
  events: windowCounts,
  snaps: windowCounts,
  /** Bytes, when the engine tells it cheaply; null otherwise. */
  databaseBytes: z.number().nullable(),
  engine: z.enum(["sqlite", "postgres"]),
});
export type OperatorUsageResponse = z.infer<typeof operatorUsageResponseSchema>;
