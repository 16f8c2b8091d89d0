// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROLE_HINT_ATTRIBUTE, ROLE_HINT_COOKIE, writeRoleHint } from "~/lib/role-hint";
import { BOOT_SCRIPT } from "./defer-hydration";

/*
 * A signed-in visitor on a prerendered public page (docs/product.md §2, home): the boot script reads the role hint
 * cookie the app wrote and marks <html> before the page paints, without waiting for the session check; the check
 * then confirms the role, or (signed out elsewhere) takes the hint away. app.css shows the home page's
 * "Go to your dashboard" for the marked role and the sign-up calls to action otherwise.
 */

const html = document.documentElement;

function session(answer: { signedIn: boolean; role: string | null } | "offline") {
  let release!: () => void;
  const answered = new Promise<void>((r) => (release = r));
  vi.stubGlobal("fetch", async () => {
    await answered;
    if (answer === "offline") throw new TypeError("Failed to fetch");
    return new Response(JSON.stringify({ ...answer, operator: false }), { status: 200 });
  });
  return { release };
}

afterEach(() => {
  vi.unstubAllGlobals();
  writeRoleHint(null);
  html.removeAttribute("data-visitor");
});

describe("the role hint", () => {
  it("the app writes the role into a cookie and onto <html>, and clears both when signed out", () => {
    writeRoleHint("coach");
    expect(document.cookie).toContain(`${ROLE_HINT_COOKIE}=coach`);
    expect(html.getAttribute(ROLE_HINT_ATTRIBUTE)).toBe("coach");
    writeRoleHint(null);
    expect(document.cookie).not.toContain(ROLE_HINT_COOKIE);
    expect(html.hasAttribute(ROLE_HINT_ATTRIBUTE)).toBe(false);
  });

  it("the boot script marks a signed-in page at once, before the session check answers; the check's role wins", async () => {
    writeRoleHint("player");
    html.removeAttribute(ROLE_HINT_ATTRIBUTE);
    // Someone else signed in on this browser since the hint was written: the server says coach.
    const check = session({ signedIn: true, role: "coach" });
    new Function(BOOT_SCRIPT)();
    expect(html.getAttribute(ROLE_HINT_ATTRIBUTE)).toBe("player");
    check.release();
    await vi.waitFor(() => expect(html.getAttribute(ROLE_HINT_ATTRIBUTE)).toBe("coach"));
    expect(html.hasAttribute("data-visitor")).toBe(false);
  });

  it("a stale hint (the session ended elsewhere) is taken away when the check says nobody is signed in", async () => {
    writeRoleHint("coach");
    html.removeAttribute(ROLE_HINT_ATTRIBUTE);
    const check = session({ signedIn: false, role: null });
    new Function(BOOT_SCRIPT)();
    expect(html.getAttribute(ROLE_HINT_ATTRIBUTE)).toBe("coach");
    check.release();
    await vi.waitFor(() => expect(html.hasAttribute("data-visitor")).toBe(true));
    expect(html.hasAttribute(ROLE_HINT_ATTRIBUTE)).toBe(false);
    expect(document.cookie).not.toContain(ROLE_HINT_COOKIE);
  });

  it("without a hint, a visitor's page is never marked signed in", async () => {
    const check = session("offline");
    new Function(BOOT_SCRIPT)();
    expect(html.hasAttribute(ROLE_HINT_ATTRIBUTE)).toBe(false);
    check.release();
    await vi.waitFor(() => expect(html.hasAttribute("data-visitor")).toBe(true));
    expect(html.hasAttribute(ROLE_HINT_ATTRIBUTE)).toBe(false);
  });
});
