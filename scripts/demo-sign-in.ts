import type { Page } from "@playwright/test";

/**
 * Signs a demo account in from `page`, one of the app's pages (its CSP allows fetch to our origin), so the session
 * cookie lands in that browser's jar, and writes the role hint cookie as the app does when it signs in
 * (src/web/lib/role-hint.ts, decision 0014): the measured browser holds what a signed-in phone holds. Used by
 * `npm run lighthouse` and `npm run trace:first-load`.
 */
export async function signInDemo(page: Page, email: string): Promise<void> {
  const status = await page.evaluate(
    async (body) => {
      const res = await fetch("/api/session", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const role = res.ok ? ((await res.json()) as { user?: { role?: string } }).user?.role : undefined;
      if (role) document.cookie = `flagline-role=${role}; Path=/; SameSite=Lax`;
      return res.status;
    },
    { email, password: "flagline-demo" },
  );
  if (status !== 200) throw new Error(`signing in ${email}: ${status}`);
}
