/**
 * The child a guardian is acting for in this tab (docs/product.md §13, decision 0034): every API request then names
 * the child (X-Flagline-Child; the live stream `?child=`), and the server answers it as the child's. Kept in
 * sessionStorage, so a reload stays with the child and another tab is the guardian's own; signing in or out
 * forgets it. The SPA fallback's start script reads the same key, so its early reads name the child too.
 */
import { CHILD_HEADER, CHILD_QUERY } from "#domain/acting";

export const ACTING_CHILD_KEY = "flagline.child";

let current: string | null | undefined;

function storage(): Storage | null {
  try {
    return typeof sessionStorage === "undefined" ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The child this tab acts for, or null. */
export function actingChild(): string | null {
  if (current === undefined) current = storage()?.getItem(ACTING_CHILD_KEY) ?? null;
  return current;
}

/** Starts (an id) or ends (null) acting for a child in this tab. The caller clears what was read before. */
export function setActingChild(id: string | null): void {
  current = id;
  const store = storage();
  if (!store) return;
  if (id === null) store.removeItem(ACTING_CHILD_KEY);
  else store.setItem(ACTING_CHILD_KEY, id);
}

/** The headers that name the child, added to every API request while acting. */
export function childHeaders(headers: Headers): void {
  const child = actingChild();
  if (child !== null) headers.set(CHILD_HEADER, child);
}

/** An address with the child named (an EventSource cannot send headers). */
export function withChildQuery(url: string): string {
  const child = actingChild();
  if (child === null) return url;
  return `${url}${url.includes("?") ? "&" : "?"}${CHILD_QUERY}=${encodeURIComponent(child)}`;
}
