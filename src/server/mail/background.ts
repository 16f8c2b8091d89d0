import type { Services } from "../services.js";
import { createOutboxSender, type OutboxSender } from "./outbox-sender.js";
import { runDigestTick } from "./digest.js";
import { REMINDER_TICK_MS, runReminderTick } from "./reminders.js";

/*
 * The mail work every server process runs beside its requests (server.ts starts it, its close() stops it before
 * the database closes): the outbox sender (with mail set up) and the reminder tick. Both are safe to run on every
 * server at once (decision 0028). Tests run them by hand instead: createOutboxSender(…).runOnce(),
 * runReminderTick(…) and runDigestTick(…) with their own clock.
 */

export interface MailBackground {
  sender: OutboxSender | null;
  stop(): Promise<void>;
}

export function startMailBackground(services: Services): MailBackground {
  const { database, config, log } = services;
  const sender = config.mail ? createOutboxSender({ db: database.db, mail: config.mail, log }) : null;
  sender?.start();
  let stopped = false;
  let ticking: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped || ticking) return;
    const now = new Date();
    ticking = runReminderTick({ db: database.db, config, log, now })
      .then(async (done) => {
        const digests = await runDigestTick({ db: database.db, config, log, now });
        if (done.mails + digests > 0) sender?.wake();
      })
      .catch((err: unknown) => log.error({ err }, "reminder tick failed"))
      .finally(() => {
        ticking = null;
      });
  };
  const timer = setInterval(tick, REMINDER_TICK_MS);
  timer.unref();
  tick();
  return {
    sender,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await ticking;
      await sender?.stop();
    },
  };
}
