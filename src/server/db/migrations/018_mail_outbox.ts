import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Reminders and the durable mail outbox (docs/product.md §12, issue #29; decision 0028).
 *
 * - mail_outbox: every message the server means to send, written before it is sent (a request or the reminder
 *   tick only inserts rows; each server's sender claims and sends them). `idempotency_key` is unique: enqueuing
 *   the same key twice is a no-op on both engines, so every server's reminder tick may enqueue the same reminder.
 *   `headers` is JSON (List-Unsubscribe and its RFC 8058 companion). `not_before` delays a row (a retry's back-off);
 *   `claimed_by`/`claimed_until` is a server's claim, which expires, so a killed server's rows are taken up again.
 *   `sent_at` once the SMTP server accepted it; `failed_at` when it is given up (expired or refused for good);
 *   `expires_at`: a reminder not sent by then (its event ended) is dropped, not sent late. `user_id`: whose mail it
 *   is; deleting the account deletes its rows, sent or not (cascade). Rows sent or given up are deleted after 30
 *   days (mail/outbox-sender.ts).
 * - team_reminder_settings: a team's reminder times and its weekly digest's (weekday 0 Monday … 6 Sunday, HH:MM;
 *   null weekday: no digest); no row means the defaults (domain/reminders.ts).
 * - mail_preferences: which mails a person gets; no row means all of them.
 * - reminder_notice_keys: without mail, the reminders become notices, each once: the key a mail would have had.
 */
export function mailOutboxMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("mail_outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("user_id", "text", (c) => c.references("user.id").onDelete("cascade"))
        .addColumn("recipient", "text", (c) => c.notNull())
        .addColumn("subject", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("headers", "text", (c) => c.notNull())
        .addColumn("not_before", "text", (c) => c.notNull())
        .addColumn("expires_at", "text")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", "text")
        .addColumn("claimed_by", "text")
        .addColumn("claimed_until", "text")
        .addColumn("sent_at", "text")
        .addColumn("failed_at", "text")
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      // The sender's read: rows neither sent nor given up, by when they may go.
      await db.schema
        .createIndex("mail_outbox_pending")
        .on("mail_outbox")
        .columns(["sent_at", "failed_at", "not_before"])
        .execute();

      await db.schema
        .createTable("team_reminder_settings")
        .addColumn("team_id", "text", (c) => c.primaryKey().references("teams.id").onDelete("cascade"))
        .addColumn("first_days_before", "integer")
        .addColumn("first_time", "text")
        .addColumn("second_time", "text")
        .addColumn("coach_warning", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("digest_weekday", "integer")
        .addColumn("digest_time", "text")
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("mail_preferences")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("reminders", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("changes", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("digest", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("reminder_notice_keys")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("reminder_notice_keys").execute();
      await db.schema.dropTable("mail_preferences").execute();
      await db.schema.dropTable("team_reminder_settings").execute();
      await db.schema.dropTable("mail_outbox").execute();
    },
  };
}
