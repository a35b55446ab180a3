import type { MetaDescriptor } from "@remix-run/node";

/**
 * The meta of a page that answered without its data (a 404 or another error shown by its error
 * boundary): the site's own (the root route's title and description), so every page has a <title>.
 */
export function siteMeta(matches: readonly { id: string; meta: MetaDescriptor[] }[]): MetaDescriptor[] {
  return matches.find((match) => match.id === "root")?.meta ?? [];
}
