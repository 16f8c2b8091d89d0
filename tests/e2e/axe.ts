import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe on a page, run in the page itself (docs/testing.md, "Chromium's own work").
 *
 * By default @axe-core/playwright runs axe in each frame and then opens a blank page in the same browser context to
 * merge the frames' results there: a new renderer, axe's 550 KB injected once more, and the page closed again, for
 * every scan. Flagline's pages load no cross-origin frame (their CSP's default-src is 'self'), so axe's own `run`
 * over the page and its same-origin frames sees the same nodes. On the two-core machine a public page's scan took
 * 2.1-2.6 s the default way and 1.7-2.1 s this way.
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true);
}

/** The rules of WCAG 2.1 levels A and AA. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** The page's (or `include`'s) serious and critical WCAG 2.1 A/AA violations, one "rule: where" line each. */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = axeOf(page).withTags(WCAG_21_AA);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
