/*
 * Test-only stand-in for @better-auth/utils/password (what Better Auth hashes passwords with): the same
 * `salt:key` scrypt format, at a cost (N = 1024) small enough that the integration suites' hundreds of sign-ups
 * and sign-ins do not dominate the run. Loaded only by vitest's workers (vitest.config.ts, execArgv); the server
 * and the e2e suite use Better Auth's own cost.
 */
import { randomBytes, scrypt } from "node:crypto";

const config = { N: 1024, r: 16, p: 1, dkLen: 64 };

function generateKey(password, salt) {
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      config.dkLen,
      { N: config.N, r: config.r, p: config.p, maxmem: 128 * config.N * config.r * 2 },
      (err, key) => {
        if (err) reject(err);
        else resolve(key);
      },
    );
  });
}

export async function hashPassword(password) {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${(await generateKey(password, salt)).toString("hex")}`;
}

export async function verifyPassword(hash, password) {
  const [salt, key] = hash.split(":");
  if (!salt || !key) throw new Error("Invalid password hash");
  return (await generateKey(password, salt)).toString("hex") === key;
}
