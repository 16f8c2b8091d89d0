import { macMatches, useMac } from "../auth/signed-tokens.js";
import { MAIL_KINDS, type MailKind } from "#domain/reminders.js";

/*
 * The signed links in reminder mail (docs/product.md §12, issue #29): an answer link (per person, per event) and an
 * unsubscribe link (per person, per kind of mail). Each token is `<payload, base64url>.<MAC>`, the MAC an
 * HMAC-SHA256 of the payload under a key derived from AUTH_SECRET for this use alone (auth/signed-tokens.ts),
 * compared in constant time.
 * Nothing is stored: the token says whose link it is and what it is about; without the server's secret none can be
 * made. An answer link stops working when its event ends: the route checks the event's current end, so a moved
 * event's link lives exactly as long as the event. An unsubscribe link never expires (a mail provider's one-click
 * unsubscribe may come months later).
 */

function sign(authSecret: string, use: string, parts: readonly string[]): string {
  const payload = Buffer.from(parts.join("\n"), "utf8").toString("base64url");
  const mac = useMac(authSecret, use, payload).toString("base64url");
  return `${payload}.${mac}`;
}

const TOKEN_SHAPE = /^([A-Za-z0-9_-]{1,540})\.([A-Za-z0-9_-]{43})$/;

function verify(authSecret: string, use: string, token: string, count: number): string[] | null {
  const match = TOKEN_SHAPE.exec(token);
  if (!match) return null;
  if (!macMatches(Buffer.from(match[2]!, "base64url"), useMac(authSecret, use, match[1]!))) return null;
  const parts = Buffer.from(match[1]!, "base64url").toString("utf8").split("\n");
  return parts.length === count && parts.every((p) => p.length > 0) ? parts : null;
}

export function answerToken(authSecret: string, eventId: string, userId: string): string {
  return sign(authSecret, "answer link", [eventId, userId]);
}

/** The event and person of a genuine answer token; null for anything else. */
export function readAnswerToken(authSecret: string, token: string): { eventId: string; userId: string } | null {
  const parts = verify(authSecret, "answer link", token, 2);
  return parts ? { eventId: parts[0]!, userId: parts[1]! } : null;
}

export function unsubscribeToken(authSecret: string, userId: string, kind: MailKind): string {
  return sign(authSecret, "unsubscribe link", [userId, kind]);
}

export function readUnsubscribeToken(authSecret: string, token: string): { userId: string; kind: MailKind } | null {
  const parts = verify(authSecret, "unsubscribe link", token, 2);
  if (!parts || !(MAIL_KINDS as readonly string[]).includes(parts[1]!)) return null;
  return { userId: parts[0]!, kind: parts[1] as MailKind };
}

/** The web page that answers from a reminder (the web builds it at /answer/:token). */
export function answerPageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/answer/${token}`;
}

/** The web page a reader opens from a mail's unsubscribe line (the web builds it at /unsubscribe/:token). */
export function unsubscribePageUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/unsubscribe/${token}`;
}

/** The RFC 8058 one-click address: mail providers POST `List-Unsubscribe=One-Click` to it. */
function oneClickUnsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/api/unsubscribe/${token}`;
}

/** The headers every mail to a person about `kind` carries (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(publicUrl: string, token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${oneClickUnsubscribeUrl(publicUrl, token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
