import type { Services } from "../services.js";
import { createOutboxSender, type OutboxSender } from "./outbox-sender.js";
import { runDigestTick } from "./digest.js";
import { REMINDER_TICK_MS, runReminderTick } from "./reminders.js";
import { RETENTION_TICK_MS, runRetentionTick } from "./retention.js";

/*
 * The mail work every server process runs beside its requests (server.ts starts it, its close() stops it before
 * the database closes): the outbox sender (with mail set up), the reminder tick and the retention job. Both are safe to run on every
 * server at once (decision 0028). Tests run them by hand instead: createOutboxSender(…).runOnce(),
 * runReminderTick(…) and runDigestTick(…) with their own clock.
 */

export interface MailBackground {
  sender: OutboxSender | null;
  stop(): Promise<void>;
}

/** `senderPollMs`: how often the sender looks for rows nobody rang about (its default, 5 s, unless a test sets it). */
export function startMailBackground(services: Services, opts: { senderPollMs?: number } = {}): MailBackground {
  const { database, config, log } = services;
  const sender = config.mail ? createOutboxSender({ db: database.db, mail: config.mail, log }) : null;
  sender?.start(opts.senderPollMs);
  if (sender) services.mailOutbox.answer(() => sender.wake());
  let stopped = false;
  let ticking: Promise<unknown> | null = null;
  const tick = () => {
    if (stopped || ticking) return;
    const now = new Date();
    ticking = runReminderTick({ db: database.db, config, log, now })
      .then(async (done) => {
        const digests = await runDigestTick({ db: database.db, config, log, now });
        if (done.mails + digests > 0) sender?.wake();
        if (done.pushes > 0) services.push.wake();
      })
      .catch((err: unknown) => log.error({ err }, "reminder tick failed"))
      .finally(() => {
        ticking = null;
      });
  };
  const timer = setInterval(tick, REMINDER_TICK_MS);
  timer.unref();
  tick();
  // The retention job (mail/retention.ts): hourly on each server, and once a few minutes after start, not at once,
  // so a restart loop cannot run it back to back.
  let retaining: Promise<unknown> | null = null;
  const retain = () => {
    if (stopped || retaining) return;
    const { files, hub } = services;
    retaining = runRetentionTick({ db: database.db, config, files, hub, log, now: new Date() })
      .then((done) => {
        if (done.told > 0) sender?.wake();
      })
      .catch((err: unknown) => log.error({ err }, "retention job failed"))
      .finally(() => {
        retaining = null;
      });
  };
  const retentionTimer = setInterval(retain, RETENTION_TICK_MS);
  retentionTimer.unref();
  const firstRetention = setTimeout(retain, 5 * 60_000);
  firstRetention.unref();
  return {
    sender,
    async stop() {
      stopped = true;
      services.mailOutbox.answer(null);
      clearInterval(timer);
      clearInterval(retentionTimer);
      clearTimeout(firstRetention);
      await ticking;
      await retaining;
      await sender?.stop();
    },
  };
}
