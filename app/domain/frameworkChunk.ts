/**
 * React and React DOM are built into a file of their own that imports nothing (server/vite/siteChunk.ts):
 * the framework changes only with a release of it, so the browser's copy outlives changes to the site's
 * own code. Its name is shared here so the build and the budget test agree on it.
 */
export const FRAMEWORK_CHUNK = "framework";

/** Whether a built file's address is the framework's file (`/assets/framework-<hash>.js`). */
export function isFrameworkFile(href: string): boolean {
  return new RegExp(`/${FRAMEWORK_CHUNK}-[\\w-]+\\.js$`).test(href);
}
