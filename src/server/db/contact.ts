import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { nowIso } from "./dialect.js";
import type { DB } from "./schema.js";

/** Stores a message from the public contact form. Returns its id. */
export async function saveContactMessage(
  db: Kysely<DB>,
  m: { name: string; email: string; message: string; ip?: string | null },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto("contact_messages")
    .values({ id, name: m.name, email: m.email, message: m.message, ip: m.ip ?? null, created_at: nowIso() })
    .execute();
  return id;
}
