import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import webpush from "web-push";

/*
 * Web Push's settings (decision 0035): the VAPID key pair that signs every push request (RFC 8292), who the push
 * services may contact about them, and which push endpoints besides the public https ones the server may post to.
 */

export interface PushConfig {
  /** The application server key browsers subscribe with: an uncompressed P-256 point, base64url. */
  publicKey: string;
  /** Its private half, base64url. Never leaves the server. */
  privateKey: string;
  /** VAPID `sub`: a mailto: or https: address the push services may write to. */
  subject: string;
  /** PUSH_ENDPOINT_ORIGINS: origins allowed as push endpoints although not public https (a LAN push service, tests). */
  endpointOrigins: string[];
}

/** A key pair is two base64url strings: the 65-byte public point and the 32-byte private scalar. */
function checkKeys(publicKey: string, privateKey: string): void {
  const bytes = (s: string) => (/^[A-Za-z0-9_-]+$/.test(s) ? Buffer.from(s, "base64url").length : -1);
  if (bytes(publicKey) !== 65 || bytes(privateKey) !== 32) {
    throw new Error(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be a P-256 key pair in base64url (npx web-push generate-vapid-keys)",
    );
  }
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set; otherwise a pair made on first start and kept in DATA_DIR. */
function vapidKeys(env: NodeJS.ProcessEnv, dataDir: string): { publicKey: string; privateKey: string } {
  const publicKey = env.VAPID_PUBLIC_KEY?.trim();
  const privateKey = env.VAPID_PRIVATE_KEY?.trim();
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey) throw new Error("Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither");
    checkKeys(publicKey, privateKey);
    return { publicKey, privateKey };
  }
  const file = join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
    checkKeys(kept.publicKey, kept.privateKey);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  const made = webpush.generateVAPIDKeys();
  writeFileSync(file, JSON.stringify({ publicKey: made.publicKey, privateKey: made.privateKey }) + "\n", {
    mode: 0o600,
  });
  return made;
}

/**
 * VAPID_SUBJECT; else MAIL_FROM's address; else PUBLIC_URL when it is https and not localhost; else a mailto: of
 * this server's name.
 */
function vapidSubject(env: NodeJS.ProcessEnv, publicUrl: string, mailFrom: string | null): string {
  const set = env.VAPID_SUBJECT?.trim();
  if (set) {
    if (!/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(set)) {
      throw new Error(`VAPID_SUBJECT must be a mailto: or https: address, got "${set}"`);
    }
    return set;
  }
  const address = mailFrom ? (/<([^<>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim() : "";
  if (/^[^\s@]+@[^\s@]+$/.test(address)) return `mailto:${address}`;
  const host = new URL(publicUrl).hostname;
  // Apple's push service refuses a localhost subject (web-push warns of it on every send).
  const local = host === "localhost" || host.endsWith(".localhost");
  if (publicUrl.startsWith("https://") && !local) return publicUrl;
  return `mailto:flagline@${local ? "localhost.localdomain" : host}`;
}

function endpointOrigins(env: NodeJS.ProcessEnv): string[] {
  const origins = (env.PUSH_ENDPOINT_ORIGINS ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of origins) {
    let url: URL | null = null;
    try {
      url = new URL(origin);
    } catch {
      // reported below
    }
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== "/" || url.search) {
      throw new Error(`PUSH_ENDPOINT_ORIGINS must be http(s) origins separated by commas, got "${origin}"`);
    }
  }
  return origins;
}

export function pushConfigFromEnv(
  env: NodeJS.ProcessEnv,
  o: { dataDir: string; publicUrl: string; mailFrom: string | null },
): PushConfig {
  return {
    ...vapidKeys(env, o.dataDir),
    subject: vapidSubject(env, o.publicUrl, o.mailFrom),
    endpointOrigins: endpointOrigins(env),
  };
}
