// ESLint 9 flat config. Besides the usual recommended sets it enforces the import boundaries of
// docs/architecture.md ("Shape"): web -> domain, server -> domain, domain imports neither, and web never imports
// server code (types the web needs come from the domain's schemas).
import { readdirSync } from "node:fs";
import { builtinModules } from "node:module";
import js from "@eslint/js";
import { defineConfig, globalIgnores } from "eslint/config";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

// The boundary patterns are regular expressions on the import specifier, because no-restricted-imports sees the
// specifier as written, not the file it resolves to. A specifier is "local" when it is relative ("./", "../"),
// goes through tsconfig's baseUrl ("src/..."), the web alias ("~/" is src/web), a package.json import alias
// ("#domain/", "#server/", "#tests/"), or is absolute. A local
// specifier with a path segment named `server` (or `web`) is treated as reaching src/server (or src/web), however
// many "../" it takes, so "../server/x" from src/domain and "../../server/db/index" from src/web/app are both
// caught. The price: do not name a folder `server` inside src/web, nor `server` or `web` inside src/domain.
const LOCAL = String.raw`^(?:\.|src/|~/|/|#)(?:.*/)?`;

/** Any local import of src/server. */
const SERVER_ANY = `${LOCAL}server(?:/|$)`;
/** Any local import of src/web, by path or through the "~/" alias. */
const WEB_ANY = String.raw`(?:${LOCAL}web(?:/|$)|^~(?:/|$))`;

/** Any import of the test tree: relative ("../../tests/..."), through tsconfig's baseUrl ("tests/...") or absolute. */
const TESTS_ANY = String.raw`(?:${LOCAL}tests(?:/|$)|^tests(?:/|$))`;
const TESTS_MESSAGE =
  "Production code under src/ must not import test code (tests/): test support lives there so the server and the web never ship it.";

/** Node built-ins by bare name ("fs", "fs/promises", ...); "node:*" is matched separately. */
const NODE_BUILTINS = `^(?:${builtinModules.filter((m) => !m.startsWith("_")).join("|")})$`;

/** Frameworks and I/O libraries the pure domain must not depend on (and their subpaths). */
const DOMAIN_FORBIDDEN_PACKAGES = String.raw`^(?:react|react-dom|react-router|@react-router/.*|@tanstack/.*|hono|@hono/.*|kysely|better-sqlite3|pg|better-auth|pino|sharp|@aws-sdk/.*|dexie)(?:/.*)?$`;

const DOMAIN_MESSAGE =
  "src/domain holds pure rules shared by web and server (docs/architecture.md): no server or web code, no React, no database, no I/O.";
const WEB_SERVER_MESSAGE =
  "src/web must not import server code (docs/architecture.md). Types come from the schemas in src/domain.";

/**
 * no-restricted-imports only sees static imports and re-exports; this catches `import("...")` too. esquery's
 * regex literals cannot contain "/", so it is written as \x2F.
 */
const dynamicImportOf = (regex, message) => ({
  selector: `ImportExpression[source.value=/${regex.replaceAll("/", String.raw`\x2F`)}/i]`,
  message,
});

/** What every web file is held to: no server code, not even types. */
const WEB_SERVER_PATTERNS = [{ regex: SERVER_ANY, message: WEB_SERVER_MESSAGE }];
const WEB_SERVER_DYNAMIC = [dynamicImportOf(SERVER_ANY, WEB_SERVER_MESSAGE)];

// Inside src/web (docs/architecture.md): app/ (routes, shell, root, guards) may import anything of the web app; a
// feature (features/<name>/) imports itself, lib/ (API client, session, query keys and queries) and ui/ (shared
// components), never another feature nor app/; lib/ and ui/ import neither features nor app/. A rule block per
// feature folder, so each one knows which names are "other". The price: do not name a folder inside a feature
// after another feature, or `app` or `features`.
const WEB_FEATURES = readdirSync(new URL("./src/web/features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** src/web/app by any local path; src/server/app is the server rule's business. */
const WEB_APP = `^(?!(?:.*/)?server/app(?:[./]|$))${LOCAL.slice(1)}app(?:/|$)`;
const WEB_APP_MESSAGE =
  "Only src/web/app (routes, shell, root) imports the app shell. Shared code lives in src/web/lib (data, session) or src/web/ui (components).";
const FEATURE_MESSAGE =
  "A feature imports only itself, src/web/lib and src/web/ui. Move what two features share to src/web/lib (data) or src/web/ui (components).";

/** Another feature than `own`, through "~/features/x", ".../features/x" or a sibling "../x". */
function otherFeaturePatterns(own) {
  const others = WEB_FEATURES.filter((name) => name !== own).map(escapeRegex);
  const notOwn = own === null ? "" : `(?!${escapeRegex(own)}(?:/|$))`;
  return [
    `${LOCAL}features/${notOwn}`,
    ...(own !== null && others.length > 0 ? [String.raw`^(?:\.\./)+(?:${others.join("|")})(?:/|$)`] : []),
  ];
}

/** The web rules for a file of feature `own` (null: lib/ or ui/, which may import no feature at all). */
const webInnerBoundary = (own) => {
  const inner = [
    ...otherFeaturePatterns(own).map((regex) => ({ regex, message: FEATURE_MESSAGE })),
    { regex: WEB_APP, message: WEB_APP_MESSAGE },
  ];
  return {
    "no-restricted-imports": ["error", { patterns: [...WEB_SERVER_PATTERNS, ...inner] }],
    "no-restricted-syntax": [
      "error",
      ...WEB_SERVER_DYNAMIC,
      ...inner.map(({ regex, message }) => dynamicImportOf(regex, message)),
    ],
  };
};

const domainBoundary = (withIo) => ({
  "no-restricted-imports": [
    "error",
    {
      patterns: [
        { regex: SERVER_ANY, message: DOMAIN_MESSAGE },
        { regex: WEB_ANY, message: DOMAIN_MESSAGE },
        ...(withIo
          ? [
              { regex: "^node:", message: DOMAIN_MESSAGE },
              { regex: NODE_BUILTINS, message: DOMAIN_MESSAGE },
              { regex: DOMAIN_FORBIDDEN_PACKAGES, message: DOMAIN_MESSAGE },
            ]
          : []),
      ],
    },
  ],
  "no-restricted-syntax": [
    "error",
    dynamicImportOf(SERVER_ANY, DOMAIN_MESSAGE),
    dynamicImportOf(WEB_ANY, DOMAIN_MESSAGE),
  ],
});

// SQL is written only in src/server/db/ (docs/architecture.md "Boundaries"; migrations are inside it): elsewhere in
// the server no Kysely query is built, neither with the query builder's entry points nor with the sql template tag
// and its helpers. The rest of the server calls db/ functions. Test files (*.test.ts and tests/) and scripts/ are
// not held to it: they arrange and inspect rows the product never writes or reads that way (old row shapes, broken
// counters for the integrity check, what exactly was stored), and moving those into db/ would ship test code.
// `with` also names Array.prototype.with: outside db/, write a copy with a spread or map instead.
const KYSELY_BUILDERS = [
  "selectFrom",
  "insertInto",
  "updateTable",
  "deleteFrom",
  "replaceInto",
  "mergeInto",
  "with",
  "withRecursive",
  "selectNoFrom",
];
const SQL_MESSAGE =
  "SQL is written only in src/server/db/ (docs/architecture.md): add or reuse a function there and call it.";
const SQL_OUTSIDE_DB = [
  {
    selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(?:${KYSELY_BUILDERS.join("|")})$/]`,
    message: SQL_MESSAGE,
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: SQL_MESSAGE },
  { selector: "CallExpression[callee.object.name=/^(?:sql|CompiledQuery)$/]", message: SQL_MESSAGE },
];

export default defineConfig([
  globalIgnores([
    "build/",
    "dist/",
    "backups/",
    "coverage/",
    ".react-router/",
    "test-results/",
    "playwright-report/",
    "data*/",
  ]),

  {
    files: ["**/*.{js,mjs,cjs,ts,mts,cts,tsx}"],
    extends: [js.configs.recommended],
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
  },
  {
    files: ["**/*.{ts,mts,cts,tsx}"],
    extends: [tseslint.configs.recommended],
    // Type-aware rules: the project service gives each file the types tsconfig.json sees.
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      // A promise nobody awaits or catches loses its error (an unhandled rejection kills the server).
      "@typescript-eslint/no-floating-promises": "error",
      // JSX handlers may return promises (React ignores the value); elsewhere a promise where void is expected is a bug.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { attributes: false } }],
      "@typescript-eslint/await-thenable": "error",
    },
  },

  // Where code runs decides its globals. Domain code runs in both, so it gets neither.
  {
    files: ["src/server/**", "tests/**", "bench/**", "scripts/**", "*.{js,mjs,cjs,ts,mts,cts}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/web/**"],
    languageOptions: { globals: globals.browser },
  },
  // Imported by the generated service worker (vite.config.ts workbox.importScripts).
  {
    files: ["public/push-sw.js"],
    languageOptions: { globals: globals.serviceworker },
  },

  {
    files: ["src/web/**/*.{ts,tsx}"],
    extends: [reactHooks.configs.flat.recommended],
  },

  // Boundaries. Production domain code: nothing from server or web, no frameworks, no I/O.
  {
    files: ["src/domain/**/*.{ts,tsx,js}"],
    ignores: ["src/domain/**/*.test.{ts,tsx}"],
    rules: domainBoundary(true),
  },
  // Domain tests may use Node (fs, the ESLint API...), but still not server or web code.
  {
    files: ["src/domain/**/*.test.{ts,tsx}"],
    rules: domainBoundary(false),
  },
  // Web: no server code.
  {
    files: ["src/web/**/*.{ts,tsx,js}"],
    rules: {
      "no-restricted-imports": ["error", { patterns: WEB_SERVER_PATTERNS }],
      "no-restricted-syntax": ["error", ...WEB_SERVER_DYNAMIC],
      // With verbatimModuleSyntax, `import { type X } from "m"` still emits `import {} from "m"`, which loads "m" at
      // run time; only `import type` is erased.
      "@typescript-eslint/no-import-type-side-effects": "error",
    },
  },
  // Web features, lib/ and ui/: see WEB_FEATURES above.
  {
    files: ["src/web/lib/**/*.{ts,tsx,js}", "src/web/ui/**/*.{ts,tsx,js}"],
    rules: webInnerBoundary(null),
  },
  ...WEB_FEATURES.map((name) => ({
    files: [`src/web/features/${name}/**/*.{ts,tsx,js}`],
    rules: webInnerBoundary(name),
  })),
  // Production code under src/ never imports tests/ (its tests, *.test.ts next to the modules, may). A rule of its
  // own name, so it adds to the no-restricted-imports boundaries above instead of replacing their options.
  {
    files: ["src/**/*.{ts,tsx,mts,cts}"],
    ignores: ["src/**/*.test.{ts,tsx}"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        { patterns: [{ regex: TESTS_ANY, message: TESTS_MESSAGE }] },
      ],
    },
  },
  // SQL only in src/server/db/ (see SQL_OUTSIDE_DB). The only no-restricted-syntax block for src/server: a later
  // block setting that rule for these files would replace these options, so add to this list instead.
  {
    files: ["src/server/**/*.{ts,tsx,mts,cts}"],
    ignores: ["src/server/db/**", "src/server/**/*.test.{ts,tsx}"],
    rules: { "no-restricted-syntax": ["error", ...SQL_OUTSIDE_DB] },
  },
  // realtime/ and storage/ sit below the HTTP layer: they name Services and Viewer from src/server/services.ts, never
  // import http/ (docs/architecture.md "Shape"). Their tests may drive the app through HTTP.
  {
    files: ["src/server/realtime/**/*.{ts,tsx}", "src/server/storage/**/*.{ts,tsx}"],
    ignores: ["src/server/**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: `${LOCAL}http(?:/|$)`,
              message:
                "realtime/ and storage/ do not import the HTTP layer: take Services and Viewer from src/server/services.ts, and leave requests to http/ and routes/.",
            },
          ],
        },
      ],
    },
  },
  // Test code reads JSON answers loosely on purpose: the assertions are the types.
  {
    files: ["**/*.test.{ts,tsx}", "tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
