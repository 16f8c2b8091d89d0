// Proves the web-internal import boundaries of eslint.config.js (docs/architecture.md: app/, lib/, ui/, features/)
// catch what they should and nothing more, by linting small snippets under made-up file paths with ESLint's
// Node API, as src/domain/boundaries.test.ts does for the domain, server and web layers.
import { readdirSync } from "node:fs";
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

const BOUNDARY_RULES = new Set(["no-restricted-imports", "no-restricted-syntax"]);

/** The boundary rules a snippet breaks, when it is linted as if it were `filePath`. */
async function boundaryViolations(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const _keep = 1;\n`, { filePath });
  if (!result) throw new Error("no lint result");
  const fatal = result.messages.filter((m) => m.fatal || m.ruleId === null);
  expect(fatal, "the snippet must parse and the file must not be ignored").toEqual([]);
  return result.messages.filter((m) => m.ruleId !== null && BOUNDARY_RULES.has(m.ruleId)).map((m) => m.ruleId!);
}

const features = readdirSync(new URL("./features/", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe("a feature imports neither another feature nor the app shell", () => {
  const file = "src/web/features/roster/roster-page.tsx";

  it("knows the real feature folders", () => {
    expect(features).toEqual(expect.arrayContaining(["roster", "player-detail", "logger", "live"]));
  });

  it.each([
    'import { PlayerHeading } from "../player-detail/player-heading";',
    'import { EventLogger } from "../logger";',
    'export { useTeamLiveUpdates } from "../live";',
    'import { x } from "~/features/player-detail/api";',
    'import { x } from "~/features/logger";',
    'import { x } from "../../features/logger/queries";',
    'import { x } from "src/web/features/logger/queries";',
    'import { RequireRole } from "~/app/guards";',
    'import { x } from "../../app/root";',
    'import routes from "../../app/routes";',
    'import { x } from "src/web/app/shell/top-nav";',
  ])("%s is reported", async (code) => {
    expect(await boundaryViolations(code, file)).toContain("no-restricted-imports");
  });

  it.each([
    'export const load = () => import("../player-detail/player-detail-page");',
    'export const load = () => import("~/features/logger");',
    'export const load = () => import("~/app/root");',
  ])("a dynamic %s is reported", async (code) => {
    expect(await boundaryViolations(code, file)).toEqual(["no-restricted-syntax"]);
  });

  it("every feature folder is held to it, nested files too", async () => {
    for (const name of features) {
      const other = features.find((f) => f !== name)!;
      expect(
        await boundaryViolations(`import { x } from "../${other}/x";`, `src/web/features/${name}/x.ts`),
        name,
      ).toEqual(["no-restricted-imports"]);
      expect(await boundaryViolations(`import { x } from "~/app/x";`, `src/web/features/${name}/x.ts`), name).toEqual([
        "no-restricted-imports",
      ]);
    }
    expect(
      await boundaryViolations('import { x } from "../../logger/x";', "src/web/features/roster/parts/x.ts"),
    ).toEqual(["no-restricted-imports"]);
  });

  it("still may not import server code", async () => {
    expect(await boundaryViolations('import { db } from "../../../server/db";', file)).toEqual([
      "no-restricted-imports",
    ]);
  });

  it.each([
    'import { rosterSort } from "./roster-sort";',
    'import { x } from "./parts/x";',
    'import { x } from "~/features/roster/roster-sort";',
    'import { apiFetch } from "~/lib/api";',
    'import { teamKeys } from "~/lib/query-keys";',
    'import { Panel } from "~/ui/app-page";',
    'import type { TeamPlayersResponse } from "../../../domain/api/team";',
    'import { render } from "../../../../tests/web/render";',
    'import { searchPlayers } from "#domain/player-search";',
    'import { useQuery } from "@tanstack/react-query";',
    'export const load = () => import("./roster-csv");',
  ])("%s is allowed", async (code) => {
    expect(await boundaryViolations(code, file)).toEqual([]);
  });
});

describe("lib/ and ui/ import no feature and not the app shell", () => {
  it.each([
    ["src/web/lib/queries.ts", 'import { x } from "../features/roster/roster-sort";'],
    ["src/web/lib/queries.ts", 'import { x } from "~/features/live";'],
    ["src/web/lib/queries.ts", 'import { x } from "../app/root";'],
    ["src/web/ui/player-heading.tsx", 'import { x } from "~/features/player-detail/detail-sections";'],
    ["src/web/ui/player-heading.tsx", 'import { x } from "~/app/guards";'],
  ])("%s: %s is reported", async (filePath, code) => {
    expect(await boundaryViolations(code, filePath)).toContain("no-restricted-imports");
  });

  it.each([
    ["src/web/lib/queries.ts", 'import { apiFetch } from "./api";'],
    ["src/web/ui/player-heading.tsx", 'import { formatJersey } from "./format";'],
    ["src/web/ui/form-errors.ts", 'import { isApiError } from "~/lib/api";'],
    ["src/web/ui/query-state.tsx", 'import { AppPage } from "./app-page";'],
  ])("%s: %s is allowed", async (filePath, code) => {
    expect(await boundaryViolations(code, filePath)).toEqual([]);
  });
});

describe("app/ composes everything", () => {
  it.each([
    'import { RosterPage } from "~/features/roster/roster-page";',
    'import { useTeamLiveUpdates } from "~/features/live";',
    'import { useSession } from "~/lib/session-context";',
    'import { FullPageSpinner } from "~/ui/spinner";',
    'import { TopNav } from "./shell/top-nav";',
  ])("%s is allowed", async (code) => {
    expect(await boundaryViolations(code, "src/web/app/root.tsx")).toEqual([]);
  });
});
