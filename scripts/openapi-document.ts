/*
 * Writes the API's OpenAPI document, as GET /api/openapi.json serves it, to a file: the app is built over a fresh
 * SQLite test database in a temporary folder, and the document is asked for without a network.
 * Usage: tsx scripts/openapi-document.ts [out-file] (default build/openapi.json).
 */
import "@hono/zod-openapi";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { testEngines } from "#tests/server/support/test-database.js";
import { createTestApp, TEST_ORIGIN } from "#tests/server/support/test-client.js";

const out = path.resolve(process.argv[2] ?? "build/openapi.json");
const database = await testEngines()[0]!.create();
try {
  const { app } = createTestApp(database);
  const res = await app.request("/api/openapi.json", { headers: { host: new URL(TEST_ORIGIN).host } });
  if (res.status !== 200) throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
  const document: unknown = await res.json();
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`wrote ${path.relative(process.cwd(), out)}`);
} finally {
  await database.cleanup();
}
