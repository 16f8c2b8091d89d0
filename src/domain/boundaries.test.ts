// Proves the import-boundary rules of eslint.config.js (docs/architecture.md "Shape") catch what they should and
// nothing more, by linting small snippets under made-up file paths with ESLint's Node API.
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: fileURLToPath(new URL("../../eslint.config.js", import.meta.url)),
    // The snippets are linted as files that do not exist, which the type-aware rules cannot type; the boundaries
    // need no types.
    overrideConfig: {
      files: ["**/*.{ts,tsx}"],
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        "@typescript-eslint/no-floating-promises": "off",
        "@typescript-eslint/no-misused-promises": "off",
        "@typescript-eslint/await-thenable": "off",
      },
    },
  });
});

const BOUNDARY_RULES = new Set([
  "no-restricted-imports",
  "no-restricted-syntax",
  "@typescript-eslint/no-import-type-side-effects",
  "@typescript-eslint/no-restricted-imports",
]);

/** The boundary rules a snippet breaks, when it is linted as if it were `filePath`. */
async function boundaryViolations(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  if (!result) throw new Error("no lint result");
  const fatal = result.messages.filter((m) => m.fatal || m.ruleId === null);
  expect(fatal, "the snippet must parse and the file must not be ignored").toEqual([]);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId!);
}

describe("src/domain imports neither server nor web, nor frameworks or I/O", () => {
  const file = "src/domain/example.ts";

  it.each([
    'import { x } from "../server/x";',
    'import { db } from "../server/db/index.js";',
    'import type { AppType } from "../server/app";',
    'export { x } from "../server/x";',
    'export * from "../server/routes/events";',
    'import { x } from "src/server/x";',
    'import { x } from "#server/x.js";',
    'import { Button } from "../web/ui/button";',
    'import { Button } from "~/ui/button";',
    'import React from "react";',
    'import { useState } from "react";',
    'import { jsx } from "react/jsx-runtime";',
    'import { Hono } from "hono";',
    'import { cors } from "hono/cors";',
    'import { Kysely } from "kysely";',
    'import Database from "better-sqlite3";',
    'import pg from "pg";',
    'import { readFile } from "node:fs";',
    'import { readFile } from "node:fs/promises";',
    'import path from "node:path";',
    'import net from "node:net";',
    'import http from "node:http";',
    'import fs from "fs";',
    'import { join } from "path";',
  ])("%s is reported", async (code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, file)).toContain("no-restricted-imports");
  });

  it.each([
    'export const load = () => import("../server/db");',
    'export const load = () => import("../web/app/root");',
  ])("a dynamic %s is reported", async (code) => {
    expect(await boundaryViolations(code, file)).toEqual(["no-restricted-syntax"]);
  });

  it("a nested domain file is held to the same rules", async () => {
    expect(
      await boundaryViolations(
        'import { x } from "../../server/x";\nexport const y = x;\n',
        "src/domain/rules/example.ts",
      ),
    ).toEqual(["no-restricted-imports"]);
  });

  it("domain code may import domain code and zod", async () => {
    const code = [
      'import { z } from "zod";',
      'import { performanceScore } from "./scoring.js";',
      'import type { PositionKey } from "./positions";',
      "export const all = [z, performanceScore];",
      "export type P = PositionKey;",
    ].join("\n");
    expect(await boundaryViolations(code, file)).toEqual([]);
  });

  it("a similar-looking name is not a server import", async () => {
    expect(await boundaryViolations('import { x } from "./server-time";\nexport const y = x;\n', file)).toEqual([]);
  });

  it("domain tests may use Node, but still not server code", async () => {
    const test = "src/domain/example.test.ts";
    expect(
      await boundaryViolations('import { readFileSync } from "node:fs";\nexport const r = readFileSync;\n', test),
    ).toEqual([]);
    expect(await boundaryViolations('import { x } from "../server/x";\nexport const y = x;\n', test)).toEqual([
      "no-restricted-imports",
    ]);
  });
});

describe("src/web never imports server code", () => {
  const file = "src/web/features/roster/api.ts";
  const appFile = "src/web/app/root.tsx";

  it.each<[string, string]>([
    [appFile, 'import { db } from "../../server/db/index";'],
    [appFile, 'import { db } from "../../server/db";'],
    [file, 'import { db } from "../../../server/db/index.js";'],
    [file, 'import type { Db } from "../../../server/db";'],
    [file, 'export { events } from "../../../server/routes/events";'],
    [file, 'import { createApp } from "../../../server/app";'],
    [file, 'import * as server from "../../../server/app.js";'],
    [file, 'import { x } from "src/server/x";'],
    [file, 'import { x } from "~/../server/x";'],
  ])("%s: %s is reported", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toContain("no-restricted-imports");
  });

  it("a dynamic import of server code is reported", async () => {
    expect(await boundaryViolations('export const load = () => import("../../server/db");', appFile)).toEqual([
      "no-restricted-syntax",
    ]);
  });

  it.each([
    'import type { AppType } from "../../../server/app";',
    'import type { AppType } from "../../../server/app.js";',
    'export type { AppType } from "../../../server/app";',
    'import type { Viewer } from "#server/http/context.js";',
    'import { db } from "#server/db/index";',
  ])("even a type-only import of server code is reported: %s", async (code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, file)).toContain("no-restricted-imports");
  });

  it.each([
    [appFile, 'import { performanceScore } from "../../domain/scoring";'],
    [file, 'import { searchPlayers } from "../../../domain/player-search.js";'],
    [file, 'import { Button } from "~/ui/button";'],
    [file, 'import { hc } from "hono/client";'],
    [file, 'import { useQuery } from "@tanstack/react-query";'],
  ])("%s: %s is allowed", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toEqual([]);
  });
});

describe("production code under src/ never imports tests/", () => {
  it.each<[string, string]>([
    ["src/server/routes/team.ts", 'import { createTestApp } from "../../../tests/server/support/test-client.js";'],
    ["src/server/db/summaries.ts", 'import { seedProfile } from "../../../tests/server/support/test-database.js";'],
    ["src/server/app.ts", 'export { AUTHZ } from "../../tests/server/security/endpoints.js";'],
    ["src/server/app.ts", 'import { x } from "tests/server/support/x";'],
    ["src/server/app.ts", 'import { createTestApp } from "#tests/server/support/test-client.js";'],
    ["src/domain/scoring.ts", 'import { x } from "../../tests/support/x";'],
    ["src/web/features/roster/roster-page.tsx", 'import { render } from "../../../../tests/web/render";'],
    ["src/web/ui/button.tsx", 'import type { Fixture } from "../../../tests/web/api-fixtures";'],
  ])("%s: %s is reported", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toContain(
      "@typescript-eslint/no-restricted-imports",
    );
  });

  it.each<[string, string]>([
    ["src/server/routes/team.test.ts", 'import { createTestApp } from "../../../tests/server/support/test-client.js";'],
    ["src/server/db/analytics.test.ts", 'import { rng } from "../../../tests/server/support/analytics-world.js";'],
    ["src/web/features/roster/roster-page.test.tsx", 'import { render } from "../../../../tests/web/render";'],
    ["tests/server/security/fixtures.ts", 'import { createTestApp } from "../support/test-client.js";'],
    ["src/server/routes/team.ts", 'import { latest } from "./contests.js";'],
    ["src/server/routes/team.ts", 'import { x } from "../db/tests-of-time.js";'],
  ])("%s: %s is allowed", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toEqual([]);
  });
});

describe("src/server may import the domain", () => {
  it("is not restricted", async () => {
    const code =
      'import { buildPlayerSummary } from "../../domain/player-summary.js";\nimport { readFile } from "node:fs/promises";\nexport const x = [buildPlayerSummary, readFile];\n';
    expect(await boundaryViolations(code, "src/server/routes/players.ts")).toEqual([]);
  });
});

describe("SQL is written only in src/server/db/", () => {
  const builders = [
    'export const q = (db) => db.selectFrom("teams").selectAll().execute();',
    'export const q = (db) => db.insertInto("teams").values({ id: "t" }).execute();',
    'export const q = (db) => db.updateTable("teams").set({ name: "x" }).execute();',
    'export const q = (db) => db.deleteFrom("teams").execute();',
    'export const q = (db) => db.replaceInto("teams").values({ id: "t" }).execute();',
    'export const q = (db) => db.with("t", (w) => w.selectFrom("teams").selectAll()).selectFrom("t").execute();',
    'export const q = (db) => db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();',
    'import { sql } from "kysely";\nexport const q = (db) => sql`select 1`.execute(db);',
    'import { sql } from "kysely";\nexport const q = (db) => sql<{ n: number }>`select 1 as n`.execute(db);',
    'import { sql } from "kysely";\nexport const q = (name) => sql.ref(name);',
    'import { CompiledQuery } from "kysely";\nexport const q = (db) => db.executeQuery(CompiledQuery.raw("select 1"));',
  ];

  it.each(
    [
      "src/server/routes/team.ts",
      "src/server/realtime/team-feed.ts",
      "src/server/demo/seed.ts",
      "src/server/app.ts",
    ].flatMap((filePath) => builders.map((code) => [filePath, code] as const)),
  )("%s: %s is reported", async (filePath, code) => {
    expect(await boundaryViolations(code, filePath)).toContain("no-restricted-syntax");
  });

  it.each(
    [
      "src/server/db/teams.ts",
      "src/server/db/tallies/tallies.ts",
      "src/server/db/migrations/099_example.ts",
      // Tests arrange and inspect rows the product never writes that way (eslint.config.js, SQL_OUTSIDE_DB).
      "src/server/routes/team.test.ts",
      "tests/server/support/example.ts",
    ].flatMap((filePath) => builders.map((code) => [filePath, code] as const)),
  )("%s: %s is allowed", async (filePath, code) => {
    expect(await boundaryViolations(code, filePath)).toEqual([]);
  });

  it("a server module calling db/ functions, or naming Kysely types, is allowed", async () => {
    const code =
      'import type { Kysely } from "kysely";\nimport { getTeam } from "../db/teams.js";\nexport const q = (db: Kysely<unknown>) => getTeam(db as never, "t");\n';
    expect(await boundaryViolations(code, "src/server/routes/team.ts")).toEqual([]);
  });
});

describe("realtime/ and storage/ do not import the HTTP layer", () => {
  it.each<[string, string]>([
    ["src/server/realtime/team-feed.ts", 'import type { Services } from "../http/context.js";'],
    ["src/server/realtime/viewer-cache.ts", 'import { getViewer } from "../http/viewer.js";'],
    ["src/server/storage/pixel-budget.ts", 'import type { Services } from "#server/http/context.js";'],
    ["src/server/storage/s3.ts", 'import { ApiError } from "../http/errors.js";'],
  ])("%s: %s is reported", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toContain("no-restricted-imports");
  });

  it.each<[string, string]>([
    ["src/server/realtime/team-feed.ts", 'import type { Services } from "../services.js";'],
    ["src/server/storage/disk.ts", 'import http from "node:http";'],
    [
      "src/server/storage/pixel-budget.test.ts",
      'import { TOO_MANY_PIXELS_THIS_MINUTE } from "../http/image-upload.js";',
    ],
    ["src/server/routes/team.ts", 'import { coachOnly } from "../http/viewer.js";'],
  ])("%s: %s is allowed", async (filePath, code) => {
    expect(await boundaryViolations(`${code}\nexport const _keep = 1;\n`, filePath)).toEqual([]);
  });
});
