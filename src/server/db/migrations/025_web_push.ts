import type { Kysely, Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * Web Push (docs/product.md §16, issue #30, decision 0035).
 *
 * - `push_subscriptions`: one row per device a person turned notifications on for: the push service's endpoint
 *   (unique: a browser has one per origin) and its keys (RFC 8291: the device's P-256 public key and auth secret).
 *   Gone with the account, or when the push service answers 404/410 for it.
 * - `push_preferences`: which notifications a person wants (no row: all of them).
 * - `push_outbox`: one row per device and notification, sent by each server's push sender as mail_outbox is by the
 *   mail sender (the same claims, decision 0028): keyed `<notification key>:<subscription id>`.
 * - `push_notices`: the key of each notification fanned out, so a notification found again (a second server, the
 *   next change of the game) is not fanned out twice, even to a device added since.
 */
export function webPushMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("push_subscriptions")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("endpoint", "text", (c) => c.notNull().unique())
        .addColumn("p256dh", "text", (c) => c.notNull())
        .addColumn("auth", "text", (c) => c.notNull())
        .addColumn("device", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_sent_at", "text")
        .execute();
      await db.schema.createIndex("push_subscriptions_user").on("push_subscriptions").column("user_id").execute();

      await db.schema
        .createTable("push_preferences")
        .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
        .addColumn("game_start", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("scores", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("game_final", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("schedule", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("announcements", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("push_outbox")
        .addColumn("id", "text", (c) => c.primaryKey())
        .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
        .addColumn("kind", "text", (c) => c.notNull())
        .addColumn("subscription_id", "text", (c) =>
          c.notNull().references("push_subscriptions.id").onDelete("cascade"),
        )
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("urgency", "text", (c) => c.notNull())
        .addColumn("ttl_seconds", "integer", (c) => c.notNull())
        .addColumn("topic", "text")
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
      await db.schema
        .createIndex("push_outbox_pending")
        .on("push_outbox")
        .columns(["sent_at", "failed_at", "not_before", "id"])
        .execute();
      await db.schema
        .createIndex("push_outbox_expiring")
        .on("push_outbox")
        .columns(["sent_at", "failed_at", "expires_at"])
        .execute();
      await db.schema.createIndex("push_outbox_subscription").on("push_outbox").column("subscription_id").execute();

      await db.schema
        .createTable("push_notices")
        .addColumn("key", "text", (c) => c.primaryKey())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("push_notices").execute();
      await db.schema.dropTable("push_outbox").execute();
      await db.schema.dropTable("push_preferences").execute();
      await db.schema.dropTable("push_subscriptions").execute();
    },
  };
}
