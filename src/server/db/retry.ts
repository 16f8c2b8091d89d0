const RETRYABLE_PG_CODES = new Set(["40P01", "40001"]);

/**
 * Runs a whole transaction again when PostgreSQL aborted it as a deadlock victim (or a serialization failure).
 * The writer's batches, undos, attendance changes and session deletes (and other app servers' writers) lock
 * players' counter rows in different orders, so a deadlock is expected under load, not a bug. The rolled-back
 * attempt left nothing behind and each of these writes is idempotent, so running it again is safe.
 * SQLite runs one transaction at a time and never gets here.
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (attempt >= attempts || typeof code !== "string" || !RETRYABLE_PG_CODES.has(code)) throw error;
      // Jittered backoff so the two victims of one deadlock do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}
