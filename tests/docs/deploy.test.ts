// docs/deploy.md and deploy/ (issue #30): the unit starts what `npm run serve` runs, the page quotes the deploy
// files as they are, and every setting it tells you to write is one Flagline reads. The Caddyfiles themselves are
// run and validated by Caddy in tests/https/ (npm run test:https).
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, "utf8");
const page = read("docs/deploy.md");

/** A file's lines from its first one that is neither a comment nor blank: what the page quotes. */
function body(text: string): string {
  const lines = text.split("\n");
  return lines.slice(lines.findIndex((l) => l.trim() !== "" && !l.startsWith("#"))).join("\n");
}

describe("docs/deploy.md and deploy/", () => {
  it("deploy/flagline.service starts what `npm run serve` runs, node flags included", () => {
    const serve = (JSON.parse(read("package.json")) as { scripts: Record<string, string> }).scripts.serve!;
    const execStart = /^ExecStart=(.*)$/m.exec(read("deploy/flagline.service"))?.[1];
    expect(serve).toMatch(/^node /);
    expect(execStart).toBe(`/usr/bin/${serve}`);
  });

  it("quotes each Caddyfile as it is, after its header comments", () => {
    for (const name of readdirSync(`${root}deploy`).filter((n) => n.startsWith("Caddyfile."))) {
      expect(page, `deploy/${name}`).toContain("```\n" + body(read(`deploy/${name}`)) + "```");
    }
  });

  it("quotes the unit's [Service] section as it is, without its comments", () => {
    const unit = read("deploy/flagline.service");
    const section = unit.slice(unit.indexOf("[Service]"), unit.indexOf("\n[Install]"));
    const settings = section
      .split("\n")
      .filter((l) => l.trim() !== "" && !l.startsWith("#"))
      .join("\n");
    expect(page).toContain("```ini\n" + settings + "\n```");
  });

  it("every variable of its flagline.env is one the server reads", () => {
    const block = /```sh\n# \/etc\/flagline\/flagline\.env\n([\s\S]*?)```/.exec(page)?.[1];
    expect(block).toBeDefined();
    const names = [...block!.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(names).toEqual(expect.arrayContaining(["PUBLIC_URL", "TRUST_PROXY", "HOST", "PORT", "DATA_DIR"]));
    const sources = ["src/server/config.ts", "src/server/mail/config.ts"].map(read).join("\n");
    expect(names.filter((n) => !new RegExp(`env\\.${n}\\b|"${n}"`).test(sources))).toEqual([]);
  });
});
