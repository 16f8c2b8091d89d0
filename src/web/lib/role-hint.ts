/**
 * The role hint (docs/product.md §2, home page; decision 0014): a cookie readable by the page's script, holding
 * only the signed-in user's role ("coach" or "player"), never anything secret. The prerendered public pages' boot
 * script reads it before the first paint, so a signed-in visitor's home page leads with "Go to your dashboard"
 * without waiting for the app or the session check. It is written whenever the session check answers signed in,
 * and cleared when it answers signed out (sign-out included); the boot script clears a stale one.
 * The attribute it mirrors on <html> is what app.css reads.
 */
import type { Role } from "./session";

/** Read by the boot script in src/web/prerender/defer-hydration.ts: keep the two in step. */
export const ROLE_HINT_COOKIE = "flagline-role";
export const ROLE_HINT_ATTRIBUTE = "data-signed-in";
/** As long as a session lasts (docs/product.md §4). */
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Writes (or, for null, clears) the hint cookie and the <html> attribute. */
export function writeRoleHint(role: Role | null): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = role
    ? `${ROLE_HINT_COOKIE}=${role}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure}`
    : `${ROLE_HINT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  if (role) document.documentElement.setAttribute(ROLE_HINT_ATTRIBUTE, role);
  else document.documentElement.removeAttribute(ROLE_HINT_ATTRIBUTE);
}
