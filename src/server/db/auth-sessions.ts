import type { Kysely } from "kysely";
import { prepared } from "./prepared.js";
import type { DB } from "./schema.js";

/*
 * Better Auth's session rows as the quick session check reads them (auth/session-check.ts, decision 0045): the
 * session of a token and its user's email, in one prepared read. Better Auth itself writes and refreshes them.
 */

export interface SessionOfToken {
  sessionId: string;
  userId: string;
  email: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

const sessionRow = prepared((db, p: { token: string }) =>
  db
    .selectFrom("session as s")
    .innerJoin("user as u", "u.id", "s.userId")
    .select(["s.id", "s.userId", "s.expiresAt", "u.email"])
    .where("s.token", "=", p.token),
);

/** The session whose token this is, with its user (none when either is gone). */
export async function sessionOfToken(db: Kysely<DB>, token: string): Promise<SessionOfToken | null> {
  const [row] = await sessionRow(db, { token });
  if (!row) return null;
  // ISO text on SQLite, a Date on PostgreSQL (migration 001).
  const expiresAt = new Date(row.expiresAt).getTime();
  return { sessionId: row.id, userId: row.userId, email: row.email, expiresAt };
}
