import { sql, type Kysely, type Migration } from "kysely";
import type { Engine } from "../dialect.js";

/*
 * The game owns its period (decision 0022, docs/product.md §10): session_periods holds when each period after the
 * first started (the first runs from the start), one row per session and period. Changing the period is a write
 * every open screen hears, and a new snap's period is read from these rows at the snap's time (domain/periods.ts).
 * Filled for the sessions logged so far from their snaps: a period's start is its first snap's time.
 */
export function sessionPeriodsMigration(_engine: Engine): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("session_periods")
        .addColumn("session_id", "text", (c) => c.notNull().references("team_sessions.id").onDelete("cascade"))
        .addColumn("period", "integer", (c) => c.notNull())
        .addColumn("started_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("session_periods_pk", ["session_id", "period"])
        .execute();
      await sql`insert into session_periods (session_id, period, started_at)
        select session_id, period, min(occurred_at) from snaps where period > 1
        group by session_id, period`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("session_periods").execute();
    },
  };
}
