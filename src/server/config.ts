import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { mailConfigFromEnv, type MailConfig } from "./mail/config.js";
import { pushConfigFromEnv, type PushConfig } from "./push/config.js";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  publicUrl: string;
  /**
   * Host names (lower case, no port) a request may be addressed to; any other Host gets 421 (http/host-guard.ts).
   * PUBLIC_URL's host when it is set, else localhost, the loopback addresses and this machine's name; plus ALLOWED_HOSTS.
   */
  allowedHosts: string[];
  /** Any IP address is an allowed Host too: only when PUBLIC_URL is unset (the LAN address people type). */
  allowIpHosts: boolean;
  logLevel: string;
  /** Where the built web app lives (build/client). */
  webRoot: string;
  /** Sign-in and sign-up attempts allowed per client IP per minute. */
  authRateLimit: number;
  /** Contact messages allowed per client IP per hour. */
  contactRateLimit: number;
  /**
   * How many reverse proxies in front of Flagline to trust (TRUST_PROXY; 0: none). The client address is the
   * entry that many places from the right of X-Forwarded-For: the one the outermost trusted proxy added.
   */
  trustProxy: number;
  /** Where uploaded files go (STORAGE): DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** OPERATOR_EMAILS: the accounts (lower case) that may open /operator (contact messages, teams, usage). */
  operatorEmails: string[];
  /** SMTP_URL, MAIL_FROM, CONTACT_TO (mail/config.ts); null: no mail is sent. */
  mail: MailConfig | null;
  /**
   * PROCESSES: server processes sharing the port (cluster.ts, decision 0024); 1, the default, runs the server in
   * this process alone.
   */
  processes: number;
  /**
   * RETENTION_DAYS (default 730): a child who left their team, or whose team has been inactive, this many days ago
   * has their personal data erased by the retention job (mail/retention.ts), after a notice to their guardians.
   */
  retentionDays: number;
  /** Web Push (push/config.ts): the VAPID keys, in DATA_DIR or VAPID_*; the endpoints allowed. */
  push: PushConfig;
  /** The server's own backups of the embedded database (backup/schedule.ts, decision 0041); unset: none. */
  backups?: BackupConfig;
  /**
   * METRICS_TOKEN: GET /metrics answers whoever sends it as a Bearer token (http/metrics.ts, decision 0040); unset,
   * only a client on this machine that no proxy forwarded.
   */
  metricsToken?: string;
}

interface BackupConfig {
  /** BACKUP_EVERY (`30m`, `6h`, `1d`) in milliseconds; null (unset): the server takes none. */
  everyMs: number | null;
  /** BACKUP_KEEP (default 7): the server's own backups kept; older ones are deleted after each new one. */
  keep: number;
  /** BACKUP_DIR (default DATA_DIR/backups): where the server and `npm run backup` write backups. */
  dir: string;
}

/** PROCESSES above this is refused as a typo. */
const MAX_PROCESSES = 64;

/** The shortest RETENTION_DAYS accepted: shorter would erase a child's data before a season is over. */
const MIN_RETENTION_DAYS = 30;

function retentionDays(env: NodeJS.ProcessEnv): number {
  const raw = env.RETENTION_DAYS?.trim();
  if (raw === undefined || raw === "") return 730;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_RETENTION_DAYS || value > 36_500)
    throw new Error(`RETENTION_DAYS must be a whole number of days from ${MIN_RETENTION_DAYS} to 36500, got "${raw}"`);
  return value;
}

function processCount(env: NodeJS.ProcessEnv): number {
  const raw = env.PROCESSES?.trim();
  if (raw === undefined || raw === "") return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_PROCESSES)
    throw new Error(`PROCESSES must be a whole number from 1 to ${MAX_PROCESSES}, got "${env.PROCESSES}"`);
  return value;
}

export type StorageConfig =
  | { kind: "disk" }
  | {
      kind: "s3";
      bucket: string;
      region: string;
      /** S3_ENDPOINT: an S3-compatible service (path-style requests); unset for AWS S3. */
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
    };

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative whole number, got "${raw}"`);
  return value;
}

/** TRUST_PROXY: unset, "", "0" or "false" trust no proxy; "true" one; a whole number N that many hops. */
function trustProxyHops(env: NodeJS.ProcessEnv): number {
  const raw = env.TRUST_PROXY?.trim().toLowerCase();
  if (raw === undefined || raw === "" || raw === "false") return 0;
  if (raw === "true") return 1;
  if (!/^\d{1,2}$/.test(raw)) {
    throw new Error(
      `TRUST_PROXY must be true, false or the number of proxies in front of Flagline, got "${env.TRUST_PROXY}"`,
    );
  }
  return Number(raw);
}

/** The shortest METRICS_TOKEN accepted: a scrape token is a password that never needs typing. */
const MIN_METRICS_TOKEN = 16;

/** METRICS_TOKEN, as the config's `metricsToken` when set. */
function metricsToken(env: NodeJS.ProcessEnv): { metricsToken?: string } {
  const token = env.METRICS_TOKEN?.trim();
  if (!token) return {};
  if (token.length < MIN_METRICS_TOKEN || /\s/.test(token))
    throw new Error(`METRICS_TOKEN must be at least ${MIN_METRICS_TOKEN} characters, without spaces`);
  return { metricsToken: token };
}

/** AUTH_SECRET when set; otherwise a secret made on first start and kept in DATA_DIR so sessions survive restarts. */
function authSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.AUTH_SECRET) {
    if (env.AUTH_SECRET.length < 32) throw new Error("AUTH_SECRET must be at least 32 characters");
    return env.AUTH_SECRET;
  }
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/**
 * The Host names Flagline answers to. With PUBLIC_URL: its host only. Without: localhost, the loopback addresses
 * and this machine's own name (name and name.local); IP addresses are allowed separately (allowIpHosts). A DNS
 * rebinding attack always arrives under the attacker's domain name, never under these. ALLOWED_HOSTS (comma
 * separated) adds names either way, e.g. a LAN DNS name or a second domain.
 */
function allowedHosts(env: NodeJS.ProcessEnv, publicUrl: string): string[] {
  const extra = (env.ALLOWED_HOSTS ?? "")
    .split(",")
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  if (env.PUBLIC_URL) return [new URL(publicUrl).hostname, ...extra];
  const machine = hostname().toLowerCase();
  return ["localhost", "127.0.0.1", "[::1]", ...(machine ? [machine, `${machine}.local`] : []), ...extra];
}

/** OPERATOR_EMAILS: comma-separated email addresses, compared in lower case; unset or empty: no operator. */
function operatorEmails(env: NodeJS.ProcessEnv): string[] {
  const emails = (env.OPERATOR_EMAILS ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const bad = emails.find((e) => !/^[^\s@]+@[^\s@]+$/.test(e));
  if (bad !== undefined) throw new Error(`OPERATOR_EMAILS must be email addresses separated by commas, got "${bad}"`);
  return [...new Set(emails)];
}

/** STORAGE=disk (default) or STORAGE=s3 with S3_BUCKET, S3_REGION, S3_ENDPOINT and the two keys. */
export function storageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE || "disk").toLowerCase();
  if (kind === "disk") return { kind: "disk" };
  if (kind !== "s3") throw new Error(`STORAGE must be disk or s3, got "${env.STORAGE}"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error("STORAGE=s3 needs S3_BUCKET");
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint) {
    try {
      new URL(endpoint);
    } catch {
      throw new Error(`S3_ENDPOINT is not a URL: "${endpoint}"`);
    }
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (!accessKeyId !== !secretAccessKey) {
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS credential chain");
  }
  return {
    kind: "s3",
    bucket,
    region: env.S3_REGION?.trim() || "us-east-1",
    ...(endpoint ? { endpoint } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
  };
}

const BACKUP_UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** BACKUP_DIR, else DATA_DIR/backups: shared with `npm run backup`, which reads no other configuration. */
export function backupDir(env: NodeJS.ProcessEnv, dataDir: string): string {
  return resolve(env.BACKUP_DIR?.trim() || join(dataDir, "backups"));
}

/** BACKUP_EVERY: a whole number of minutes, hours or days (`30m`, `6h`, `1d`), from 1 minute to 7 days. */
function backupConfig(env: NodeJS.ProcessEnv, dataDir: string): BackupConfig {
  const raw = env.BACKUP_EVERY?.trim().toLowerCase();
  let everyMs: number | null = null;
  if (raw) {
    const m = /^(\d{1,6})\s*([mhd])$/.exec(raw);
    everyMs = m ? Number(m[1]) * BACKUP_UNITS[m[2]!]! : NaN;
    if (!(everyMs >= BACKUP_UNITS.m! && everyMs <= 7 * BACKUP_UNITS.d!))
      throw new Error(`BACKUP_EVERY must be minutes, hours or days from 1m to 7d, like 30m, 6h or 1d; got "${raw}"`);
  }
  const keep = intFromEnv(env, "BACKUP_KEEP", 7);
  if (keep < 1) throw new Error(`BACKUP_KEEP must be at least 1, got "${env.BACKUP_KEEP}"`);
  return { everyMs, keep, dir: backupDir(env, dataDir) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intFromEnv(env, "PORT", 3000);
  const dataDir = resolve(env.DATA_DIR || "./data");
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error("DATABASE_URL must be a postgres:// URL (leave it unset for the embedded SQLite database)");
  }
  const publicUrl = (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, "");
  try {
    new URL(publicUrl);
  } catch {
    throw new Error(`PUBLIC_URL is not a URL: "${publicUrl}"`);
  }
  const mail = mailConfigFromEnv(env);
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl,
    authSecret: authSecret(env, dataDir),
    publicUrl,
    allowedHosts: allowedHosts(env, publicUrl),
    allowIpHosts: !env.PUBLIC_URL,
    logLevel: env.LOG_LEVEL || "info",
    webRoot: resolve(env.WEB_ROOT || "build/client"),
    authRateLimit: intFromEnv(env, "AUTH_RATE_LIMIT", 10),
    contactRateLimit: intFromEnv(env, "CONTACT_RATE_LIMIT", 5),
    trustProxy: trustProxyHops(env),
    storage: storageConfig(env),
    operatorEmails: operatorEmails(env),
    mail,
    processes: processCount(env),
    retentionDays: retentionDays(env),
    push: pushConfigFromEnv(env, { dataDir, publicUrl, mailFrom: mail?.from ?? null }),
    backups: backupConfig(env, dataDir),
    ...metricsToken(env),
  };
}
