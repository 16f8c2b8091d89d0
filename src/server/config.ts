import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  publicUrl: string;
  logLevel: string;
  /** Where the built web app lives (build/client). */
  webRoot: string;
  /** Sign-in and sign-up attempts allowed per client IP per minute. */
  authRateLimit: number;
  /** Contact messages allowed per client IP per hour. */
  contactRateLimit: number;
  /** Trust X-Forwarded-For / X-Forwarded-Proto from a reverse proxy in front of Flagline. */
  trustProxy: boolean;
}

function intFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative whole number, got "${raw}"`);
  return value;
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
  return {
    port,
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl,
    authSecret: authSecret(env, dataDir),
    publicUrl,
    logLevel: env.LOG_LEVEL || "info",
    webRoot: resolve(env.WEB_ROOT || "build/client"),
    authRateLimit: intFromEnv(env, "AUTH_RATE_LIMIT", 10),
    contactRateLimit: intFromEnv(env, "CONTACT_RATE_LIMIT", 5),
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
  };
}
