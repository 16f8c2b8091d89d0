const SITE = "Flagline";

/** The title and description of one page, in the shape a route's `meta` export returns. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} · ${SITE}` }, { name: "description", content: description }];
}
