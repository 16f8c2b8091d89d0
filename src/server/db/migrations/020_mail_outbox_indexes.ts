import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * The outbox's reads in a burst (issue #29: 15,000 reminders due at one minute beside the saturday scenario). The
 * sender's claim picks the due rows "by not_before, then id": with the id in the index it reads its 20 rows in
 * that order instead of sorting every unsent row that shares the same not_before. Expiring (each pass) looked at
 * every unsent row for its expires_at; it gets an index of its own. With the claim's own change
 * (db/mail-outbox.ts claimMailBatch) a claim of 20 among 15,000 due rows went from 9 ms to under 1 ms.
 */
export function mailOutboxIndexesMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex("mail_outbox_pending").execute();
      await db.schema
        .createIndex("mail_outbox_pending")
        .on("mail_outbox")
        .columns(["sent_at", "failed_at", "not_before", "id"])
        .execute();
      await db.schema
        .createIndex("mail_outbox_expiring")
        .on("mail_outbox")
        .columns(["sent_at", "failed_at", "expires_at"])
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex("mail_outbox_expiring").execute();
      await db.schema.dropIndex("mail_outbox_pending").execute();
      await db.schema
        .createIndex("mail_outbox_pending")
        .on("mail_outbox")
        .columns(["sent_at", "failed_at", "not_before"])
        .execute();
    },
  };
}
