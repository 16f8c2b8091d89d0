import { expressionBuilder, type Expression } from "kysely";
import type { DB } from "./schema.js";

/**
 * Whether the player a column names has a sign-in of their own (a credential account), as an SQL condition: a child
 * who signs in answers for themselves, so their guardians are neither reminded for them nor may act for them beyond
 * reading (docs/product.md §13). Used inside the queries of guardians.ts and reminders.ts.
 */
export function hasOwnSignIn(player: Expression<string>) {
  const eb = expressionBuilder<DB, never>();
  return eb.exists(
    eb
      .selectFrom("account as a")
      .select("a.id")
      .where("a.userId", "=", player)
      .where("a.providerId", "=", "credential"),
  );
}
