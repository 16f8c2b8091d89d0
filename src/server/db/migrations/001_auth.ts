import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/**
 * Better Auth 1.7's core tables (user, session, account, verification) and its database rate limiter's table,
 * exactly as its own `getMigrations` would create them for the Kysely adapter on each engine: camelCase
 * columns; dates are `date` (ISO text) on SQLite and `timestamptz` on PostgreSQL; booleans are integer on
 * SQLite and boolean on PostgreSQL. The auth integration test checks that Better Auth finds nothing to add.
 */
export function authMigration(engine: Engine): Migration {
  const pg = engine === "postgres";
  const date = pg ? "timestamptz" : "date";
  const boolean = pg ? "boolean" : "integer";
  // Better Auth gives the timestamp columns it fills itself a database default on PostgreSQL only.
  const defaultNow = (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    pg ? col.defaultTo(sql`CURRENT_TIMESTAMP`) : col;

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("user")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull().unique())
        .addColumn("emailVerified", boolean, (c) => c.notNull())
        .addColumn("image", "text")
        .addColumn("createdAt", date, (c) => defaultNow(c).notNull())
        .addColumn("updatedAt", date, (c) => defaultNow(c).notNull())
        .execute();

      await db.schema
        .createTable("session")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("expiresAt", date, (c) => c.notNull())
        .addColumn("token", "text", (c) => c.notNull().unique())
        .addColumn("createdAt", date, (c) => defaultNow(c).notNull())
        .addColumn("updatedAt", date, (c) => c.notNull())
        .addColumn("ipAddress", "text")
        .addColumn("userAgent", "text")
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .execute();

      await db.schema
        .createTable("account")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("accountId", "text", (c) => c.notNull())
        .addColumn("providerId", "text", (c) => c.notNull())
        .addColumn("userId", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
        .addColumn("accessToken", "text")
        .addColumn("refreshToken", "text")
        .addColumn("idToken", "text")
        .addColumn("accessTokenExpiresAt", date)
        .addColumn("refreshTokenExpiresAt", date)
        .addColumn("scope", "text")
        .addColumn("password", "text")
        .addColumn("createdAt", date, (c) => defaultNow(c).notNull())
        .addColumn("updatedAt", date, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("verification")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("identifier", "text", (c) => c.notNull())
        .addColumn("value", "text", (c) => c.notNull())
        .addColumn("expiresAt", date, (c) => c.notNull())
        .addColumn("createdAt", date, (c) => defaultNow(c).notNull())
        .addColumn("updatedAt", date, (c) => defaultNow(c).notNull())
        .execute();

      await db.schema
        .createTable("rateLimit")
        .addColumn("id", "text", (c) => c.notNull().primaryKey())
        .addColumn("key", "text", (c) => c.notNull().unique())
        .addColumn("count", "integer", (c) => c.notNull())
        .addColumn("lastRequest", "bigint", (c) => c.notNull())
        .execute();

      // Index names are Better Auth's: it looks them up by name.
      await db.schema.createIndex("session_userId_idx").on("session").column("userId").execute();
      await db.schema.createIndex("account_userId_idx").on("account").column("userId").execute();
      await db.schema.createIndex("verification_identifier_idx").on("verification").column("identifier").execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ["rateLimit", "verification", "account", "session", "user"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
