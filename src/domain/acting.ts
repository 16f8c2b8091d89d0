/**
 * A guardian's request for a child names the child in this header (docs/product.md §13, decision 0034); the live
 * stream, which cannot send headers, in this query parameter. A module of its own: every screen's API client
 * imports it.
 */
export const CHILD_HEADER = "X-Flagline-Child";
export const CHILD_QUERY = "child";
