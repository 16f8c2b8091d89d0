import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { afterAll, describe, expect, it } from "vitest";
import {
  PLAYWRIGHT_CHROMIUM_ARGS,
  PLAYWRIGHT_DISABLED_FEATURES,
  UNUSED_BROWSER_UI_FEATURES,
} from "./chromium-flags.ts";

/* The suites' Chromium command line (chromium-flags.ts, docs/testing.md "Chromium's own work"). */

const dir = mkdtempSync(join(tmpdir(), "flagline-chromium-flags-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The arguments Playwright gives a browser it launches with `args`: a stand-in executable writes them down. */
async function commandLineOf(args: string[]): Promise<string[]> {
  const out = join(dir, `args-${Math.random().toString(36).slice(2)}.txt`);
  const fake = join(dir, "fake-chromium.sh");
  writeFileSync(fake, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > "$ARGS_OUT"\nexit 1\n`);
  chmodSync(fake, 0o755);
  await chromium
    .launch({ executablePath: fake, args, env: { ...process.env, ARGS_OUT: out }, timeout: 20_000 })
    .then((b) => b.close())
    .catch(() => undefined);
  return readFileSync(out, "utf8").split("\n").filter(Boolean);
}

const featuresOf = (line: string[]) => line.filter((a) => a.startsWith("--disable-features="));

describe("the suites' Chromium flags", () => {
  it("mirror the installed Playwright's own disabled features, so the one flag Chromium honours keeps them", async () => {
    const own = featuresOf(await commandLineOf([]));
    expect(own, "Playwright passes one --disable-features").toHaveLength(1);
    expect(own[0]!.slice("--disable-features=".length).split(",")).toEqual([...PLAYWRIGHT_DISABLED_FEATURES]);
  });

  it("end with a single list that holds Playwright's features and the unused browser UI", async () => {
    const flags = featuresOf(await commandLineOf(PLAYWRIGHT_CHROMIUM_ARGS));
    // Chromium reads only the last one: it must carry everything.
    const last = flags.at(-1)!.slice("--disable-features=".length).split(",");
    expect(last).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_UI_FEATURES]));
  });

  it("open a window without the omnibox popup's WebUI renderer", { timeout: 60_000 }, async () => {
    const executablePath = process.env.CHROME_PATH || "/usr/bin/chromium";
    const browserUi = async (args: string[]) => {
      const browser = await chromium.launch({ executablePath, args });
      try {
        const page = await (await browser.newContext()).newPage();
        await page.goto("data:text/html,<h1>hi</h1>");
        const cdp = await browser.newBrowserCDPSession();
        const { targetInfos } = await cdp.send("Target.getTargets", { filter: [{}] });
        return targetInfos.filter((t) => t.url.startsWith("chrome://omnibox-popup")).map((t) => t.url);
      } finally {
        await browser.close();
      }
    };
    // Without the flag the popup is there, so the check below can fail.
    expect(await browserUi(PLAYWRIGHT_CHROMIUM_ARGS.filter((a) => !a.startsWith("--disable-features=")))).not.toEqual(
      [],
    );
    expect(await browserUi(PLAYWRIGHT_CHROMIUM_ARGS)).toEqual([]);
  });
});
