/*
 * Test utility: a real SMTP server (smtp-server) on 127.0.0.1, collecting every message it is sent, parsed by
 * mailparser. The app talks to it through nodemailer as it would to any mail server. Not used by the server.
 */
import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  /** The Message-ID header as sent ("<…@…>"), or null. */
  messageId: string | null;
  /** Every header as written on the wire (unfolded), by lower-case name; a repeated one keeps its last value. */
  headers: Record<string, string>;
}

export interface SmtpPeer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Each recipient refused (opts.refuse), once per refusal. */
  refused: string[];
  /** The first message (already received or still to come) matching `match`; fails after `timeoutMs`. */
  waitFor(match: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function addresses(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((a: { value?: { address?: string }[] }) => (a.value ?? []).map((v) => v.address ?? ""));
}

/** An SMTP reply refusing a recipient: 550 (permanent: the sender gives up) or 451 (try again later). */
export interface SmtpRefusal {
  code: number;
  message: string;
}

/**
 * Starts the peer on `port` (0: any free port). `acceptAfterMs`: each message is taken in whole, then answered
 * (and recorded) only after this long, as a slow mail server would: a sender killed meanwhile never hears the 250.
 * `refuse`: the reply to a recipient it refuses (RCPT TO), or null to take it; `refused` counts the refusals.
 */
export async function startSmtpPeer(
  port = 0,
  opts: { acceptAfterMs?: number; refuse?: (recipient: string) => SmtpRefusal | null } = {},
): Promise<SmtpPeer> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const refused: string[] = [];
  const server = new SMTPServer({
    // Plain SMTP on loopback: no STARTTLS (its certificate would be self-signed) and no login.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    // close() ends open connections after this grace, as a mail server that stops would: by default smtp-server
    // waits 30 s for them, and a sender's pooled connection (mail/outbox-sender.ts) stays open until it idles out
    // (15 s), so each close() of a peer the e2e server had mailed took that long.
    closeTimeout: 200,
    onRcptTo(address, _session, callback) {
      const refusal = opts.refuse?.(address.address) ?? null;
      if (!refusal) return callback();
      refused.push(address.address);
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          if (opts.acceptAfterMs) await new Promise((resolve) => setTimeout(resolve, opts.acceptAfterMs));
          messages.push({
            to: addresses(mail.to),
            from: addresses(mail.from)[0] ?? "",
            replyTo: addresses(mail.replyTo)[0] ?? null,
            subject: mail.subject ?? "",
            text: mail.text ?? "",
            messageId: mail.messageId ?? null,
            headers: Object.fromEntries(
              mail.headerLines.map((h) => [
                h.key,
                h.line
                  .slice(h.line.indexOf(":") + 1)
                  .replace(/\r?\n[ \t]+/g, " ")
                  .trim(),
              ]),
            ),
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    messages,
    refused,
    waitFor(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no such mail within ${timeoutMs} ms; received: ${JSON.stringify(messages)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a message's text. */
export function linkIn(mail: ReceivedMail): URL {
  const found = /https?:\/\/\S+/.exec(mail.text);
  if (!found) throw new Error(`no link in: ${mail.text}`);
  return new URL(found[0]);
}
