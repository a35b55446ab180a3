/**
 * React and React DOM are built into a file of their own that imports nothing (server/vite/siteChunk.ts),
 * and the page's start-up script runs it in a task of its own before the rest (app/components/pageScripts.tsx):
 * evaluating the framework, then the site's code, are two tasks on a phone's main thread instead of one
 * long one. Its name is shared here so the build and the start-up script agree on it.
 */
export const FRAMEWORK_CHUNK = "framework";

/** Whether a built file's address is the framework's file (`/assets/framework-<hash>.js`). */
export function isFrameworkFile(href: string): boolean {
  return new RegExp(`/${FRAMEWORK_CHUNK}-[\\w-]+\\.js$`).test(href);
}
