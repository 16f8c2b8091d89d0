/** What the mail module needs from the environment: where to send through, and from and to whom. */
export interface MailConfig {
  /** SMTP_URL: smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://host:465. */
  smtpUrl: string;
  /** MAIL_FROM: the sender of every message, "Flagline <noreply@example.org>" or a bare address. */
  from: string;
  /** CONTACT_TO: where the contact form's messages go; null keeps them in the database only. */
  contactTo: string | null;
}

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** A bare address, or "Name <address>". */
function isMailbox(value: string): boolean {
  const named = /^[^<>]*<([^<>]+)>$/.exec(value);
  return ADDRESS.test(named ? named[1]!.trim() : value);
}

/**
 * SMTP_URL, MAIL_FROM and CONTACT_TO: all unset means no mail (null); a wrong or missing value throws at start
 * with a message naming the variable.
 */
export function mailConfigFromEnv(env: NodeJS.ProcessEnv): MailConfig | null {
  const smtpUrl = env.SMTP_URL?.trim() || "";
  const from = env.MAIL_FROM?.trim() || "";
  const contactTo = env.CONTACT_TO?.trim() || "";
  if (!smtpUrl) {
    if (from || contactTo) throw new Error("MAIL_FROM and CONTACT_TO need SMTP_URL: set it, or unset them");
    return null;
  }
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new Error("SMTP_URL is not a URL (smtp://user:password@host:587 or smtps://host:465)");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    // The URL itself is not repeated: it may hold the SMTP password.
    throw new Error("SMTP_URL must start with smtp:// or smtps:// (smtp://user:password@host:587)");
  }
  if (!url.hostname) throw new Error("SMTP_URL has no host name");
  if (!from) throw new Error("SMTP_URL is set but MAIL_FROM is not: set the sender address, e.g. noreply@example.org");
  if (!isMailbox(from)) throw new Error(`MAIL_FROM is not an email address: "${from}"`);
  if (contactTo && !ADDRESS.test(contactTo)) throw new Error(`CONTACT_TO is not an email address: "${contactTo}"`);
  return { smtpUrl, from, contactTo: contactTo || null };
}
