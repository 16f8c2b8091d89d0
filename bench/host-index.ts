import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";
import { pageFunctions } from "lighthouse/core/lib/page-functions.js";

/**
 * The host's CPU speed as Lighthouse measures it (its benchmarkIndex: higher is faster; docs/lighthouse.md records
 * it beside every score), so a bench figure can be compared across hosts (issue #34). Measured the way Lighthouse
 * does, in Chromium (CHROME_PATH or /usr/bin/chromium, headless), median of three; where no Chromium is installed,
 * the same function in Node, which reads lower (about 0.6 of Chromium's figure on this machine) and is labelled so.
 */
export interface HostIndex {
  index: number;
  runs: number[];
  engine: "chromium" | "node";
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function hostCpuIndex(): Promise<HostIndex> {
  const executablePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (existsSync(executablePath)) {
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: ["--no-sandbox", "--disable-background-networking"],
    });
    try {
      const page = await browser.newPage();
      const source = pageFunctions.computeBenchmarkIndex.toString();
      const runs: number[] = [];
      for (let i = 0; i < 3; i += 1) runs.push(Math.round(await page.evaluate(`(${source})()`)));
      return { index: median(runs), runs, engine: "chromium" };
    } finally {
      await browser.close();
    }
  }
  const runs = [0, 1, 2].map(() => Math.round(pageFunctions.computeBenchmarkIndex()));
  return { index: median(runs), runs, engine: "node" };
}

export function describeHostIndex(h: HostIndex | undefined): string {
  if (!h) return "not measured";
  return `${h.index.toLocaleString("en-US")} (Lighthouse's benchmarkIndex in ${h.engine === "chromium" ? "Chromium" : "Node, not Chromium: reads lower"}; runs ${h.runs.join(", ")})`;
}
