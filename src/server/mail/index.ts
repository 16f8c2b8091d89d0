import nodemailer from "nodemailer";
import type { Logger } from "../logger.js";
import type { MailConfig } from "./config.js";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/**
 * Sends mail through SMTP_URL (one connection per message: nothing stays open between sends). A message is
 * always sent in the background: the request that caused it answers at once, whether the SMTP server is slow,
 * down, or refuses the address, so an answer never tells whether an account exists. A failure is logged.
 */
export interface Mailer {
  readonly contactTo: string | null;
  send(message: MailMessage, what: string): void;
  /** Resolves when every message sent so far has been handed over or has failed (tests, shutdown). */
  idle(): Promise<void>;
}

/** How long one send may wait on the SMTP server at each step before it is given up (and logged). */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(config: MailConfig, log: Logger): Mailer {
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const pending = new Set<Promise<void>>();
  return {
    contactTo: config.contactTo,
    send(message, what) {
      const sending = transport
        .sendMail({ from: config.from, ...message })
        .then(
          () => log.info({ mail: what }, "mail sent"),
          (err: unknown) => log.warn({ err, mail: what }, "mail could not be sent"),
        )
        .finally(() => pending.delete(sending));
      pending.add(sending);
    },
    async idle() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}
