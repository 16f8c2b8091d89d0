import { teamChangeSchema } from "#domain/api/logger.js";
import type { MemoryTeamHub, Revocation } from "./hub.js";

/**
 * What one server process tells the others of a change or a revocation, over PostgreSQL NOTIFY (pg-hub.ts) or the
 * cluster's IPC channel (cluster-hub.ts): team id, kind, time and maybe a session id, never team data.
 */
export interface RelayedMessage {
  /** The process that published it (it ignores its own). */
  origin: string;
  teamId?: string;
  change?: unknown;
  revoke?: Revocation;
}

/**
 * Delivers a message relayed from another process to this process's hub, after checking its shape (a relay is a
 * trust boundary of sorts: a malformed message is dropped, never thrown). False when it was not one to deliver.
 */
export function deliverRelayed(local: MemoryTeamHub, message: unknown): boolean {
  if (!message || typeof message !== "object") return false;
  const parsed = message as {
    teamId?: unknown;
    change?: unknown;
    revoke?: { userId?: unknown; sessionId?: unknown; viewerOnly?: unknown };
  };
  const revoke = parsed.revoke;
  if (revoke && typeof revoke.userId === "string") {
    const sessionId = typeof revoke.sessionId === "string" ? revoke.sessionId : undefined;
    local.revoke({
      userId: revoke.userId,
      ...(sessionId ? { sessionId } : {}),
      ...(revoke.viewerOnly === true ? { viewerOnly: true } : {}),
    });
    return true;
  }
  if (typeof parsed.teamId !== "string") return false;
  const change = teamChangeSchema.safeParse(parsed.change);
  if (!change.success) return false;
  const { sessionId, framesFollow } = parsed.change as { sessionId?: unknown; framesFollow?: unknown };
  local.publish(parsed.teamId, {
    ...change.data,
    ...(typeof sessionId === "string" ? { sessionId } : {}),
    ...(framesFollow === true ? { framesFollow: true } : {}),
  });
  return true;
}
