/** Where the session sends people: each role's landing page, and which `next` paths are safe to follow. */
import type { Role } from "./session";

export function dashboardPath(role: Role): string {
  if (role === "guardian") return "/family";
  return role === "coach" ? "/coach/dashboard" : "/player/dashboard";
}

/**
 * A `next` value is followed only when it is a path on this site: it starts with one "/" (so "//evil.example"
 * and "/\evil.example", which browsers treat as another host, are refused), holds no control characters, and
 * is not the login or signup page itself.
 */
export function safeNextPath(next: string | null | undefined): string | null {
  if (typeof next !== "string" || next === "") return null;
  if (!next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return null;
  const path = next.split(/[?#]/, 1)[0];
  if (path === "/login" || path === "/signup") return null;
  return next;
}

/**
 * Where to go after signing in: the asked-for path when it is safe and meant for this role (a player sent on
 * to a coach page would only bounce to "/"), else the role's dashboard.
 */
export function afterLoginPath(role: Role, next: string | null | undefined): string {
  const path = safeNextPath(next);
  if (path === null) return dashboardPath(role);
  const otherAreas = role === "coach" ? ["/player"] : role === "player" ? ["/coach"] : ["/player", "/coach"];
  for (const otherArea of otherAreas) {
    if (path === otherArea || path.startsWith(`${otherArea}/`) || path.startsWith(`${otherArea}?`)) {
      return dashboardPath(role);
    }
  }
  return path;
}

/** The login URL that brings the user back to `path` afterwards. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

/** Paths behind a role guard (/player/*, /coach/*, /family): nothing of them shows until the session check answers. */
export function isGuardedPath(pathname: string): boolean {
  return /^\/(player|coach|family)(\/|$)/.test(pathname);
}
